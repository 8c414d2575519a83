// The importer against a real local site (wrangler dev on IMPORT_PORT, its own state folder): a dry run
// that changes nothing, a run killed halfway and resumed, a second run that changes nothing, every
// old URL kind over HTTP, the live --pg reader against a real PostgreSQL, and --clerk against a local
// stand-in of Clerk's Backend API. Run by test/import/run.mjs.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadFixture } from './make-dump.mjs';
import { makeFixturePhotos } from './make-photos.mjs';
import { startPostgres } from './pg.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const PORT = Number(process.env.IMPORT_PORT ?? 9601);
const PG_PORT = PORT + 6;
const CLERK_PORT = PORT + 7;
process.env.PORT = String(PORT);
const SITE = `http://127.0.0.1:${PORT}`;
const DUMP = join(here, 'fixture', 'old-site.dump.sql');
const NOW = '2026-11-20T12:00:00Z';
const state = mkdtempSync(join(tmpdir(), 'import-site-'));
const photos = join(state, 'uploads');
let wrangler;

const { ensureDevVars, migrateLocal, startWrangler } = await import('../../src/tools/start.mjs');
const { siteClient } = await import('../../src/tools/lib/site-client.mjs');

/** Runs the importer as the operator would; resolves with its exit code and output. */
function runImport(args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(root, 'src/tools/import.mjs'), '--site', SITE, '--now', NOW, ...args],
      {
        env: { ...process.env, ...opts.env },
      },
    );
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
      if (opts.killWhen?.test(out) && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => resolve({ code, signal, out }));
  });
}

const DUMP_ARGS = ['--dump', DUMP, '--photos', photos, '--map-category', '18=8'];
let client;
/** Rows and stored originals (variants are made by visits, not by the import). */
const fingerprint = async () => {
  const f = await client.postJson('/__admin/import/fingerprint', {});
  return { ...f, objects: f.objects.filter((o) => o.includes('/original.webp')) };
};
const get = (path) => fetch(`${SITE}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });

before(async () => {
  ensureDevVars();
  await makeFixturePhotos(photos);
  migrateLocal(['--persist-to', join(state, 'wrangler')]);
  wrangler = startWrangler('ignore', ['--persist-to', join(state, 'wrangler')]);
  const start = Date.now();
  while (Date.now() - start < 90_000) {
    try {
      if ((await fetch(`${SITE}/favicon.svg`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  client = siteClient({ site: SITE });
});

after(() => {
  wrangler?.kill('SIGINT');
  rmSync(state, { recursive: true, force: true });
});

test('refuses a remote site without a token, and a cut-off dump before writing anything', async () => {
  const remote = await runImport(['--dump', DUMP, '--photos', photos, '--site', 'https://eradauti.example'], {
    env: { ADMIN_API_TOKEN: '' },
  });
  assert.equal(remote.code, 2);
  assert.match(remote.out, /refusing to talk to https:\/\/eradauti\.example without a token/);
  const empty = await fingerprint();
  const cut = join(state, 'cut.sql');
  const text = readFileSync(DUMP, 'utf8');
  (await import('node:fs')).writeFileSync(cut, text.slice(0, text.indexOf('\n205\t') + 1));
  const r = await runImport(['--dump', cut, '--photos', photos, '--map-category', '18=8']);
  assert.equal(r.code, 2);
  assert.match(r.out, /cut short/);
  assert.deepEqual(await fingerprint(), empty);
});

test('a dry run writes nothing and reports every decision', async () => {
  const empty = await fingerprint();
  const report = join(state, 'dry.md');
  const r = await runImport(['--dump', DUMP, '--photos', photos, '--dry-run', '--report', report]);
  assert.equal(r.code, 0, r.out);
  assert.deepEqual(await fingerprint(), empty);
  const md = readFileSync(report, 'utf8');
  for (const expected of [
    '| User | 8 | 526 | email: not an e-mail address |',
    '| ana.popescu@example.com | 3 | 2 |',
    '| User | 4 | sunați seara |',
    '| Post | 110 | nr. 12 |',
    '| 106 | descriere 5999/5000 |', // measured after the editor's trim
    '| 108 | titlu 209/100 |',
    '| 1005 | 103 | 103-1005-lipsa.jpg |',
    '| 18 | categorie-necunoscuta | **UNMAPPED** |',
    'Unmapped categories (stop the real run; decide with `--map-category OLD=NEW`): 18',
    '| 21 | matrimoniale | retired (410) |',
    'Ads by old status: ACTIVE 23, EXPIRED_WARNING_SENT 1, EXPIRED 1',
    'Passwords: argon2id 1, reset 2, argon2i 1, clerk 2, none 1',
    '/anunt/imobiliare/Apartament-2-camere-ultracentral-Radauti-101',
  ])
    assert.ok(md.includes(expected), `report lacks ${expected}\n${md}`);
  // Without --map-category a real run stops at the unmapped category, before writing.
  const refused = await runImport(['--dump', DUMP, '--photos', photos]);
  assert.equal(refused.code, 2);
  assert.match(refused.out, /old categories without a v3 category: 18/);
  assert.deepEqual(await fingerprint(), empty);
});

let complete;
test('a run killed halfway is finished by the next; a second complete run changes nothing', async () => {
  const killed = await runImport(DUMP_ARGS, { killWhen: /photos: [1-9]\/7/ });
  assert.equal(killed.signal, 'SIGKILL', killed.out);
  const partial = await fingerprint();
  const resumed = await runImport(DUMP_ARGS);
  assert.equal(resumed.code, 0, resumed.out);
  complete = await fingerprint();
  assert.notDeepEqual(complete, partial);
  assert.equal(complete.tables.users.rows, 6);
  assert.equal(complete.tables.posts.rows, 23);
  assert.equal(complete.tables.photos.rows, 4);
  assert.equal(complete.objects.length, 4);
  assert.match(resumed.out, /1 missing, 1 damaged/);
  // The imported ads' words joined the search's spelling candidates (the resumed run drains them all).
  assert.match(resumed.out, /search: the words of [1-9]\d* ads added to the spelling candidates/);
  const again = await runImport(DUMP_ARGS);
  assert.equal(again.code, 0, again.out);
  assert.match(again.out, /people: 0 written, 6 already there/);
  assert.match(again.out, /ads: 0 written, 24 already there/);
  assert.deepEqual(await fingerprint(), complete);
});

test('old addresses: 200 or one 301 to the v3 address, 410 for what was not carried over', async () => {
  /** @type {[string, number, string?][]} */
  const cases = [
    [
      '/anunt/imobiliare/Apartament-2-camere-ultracentral-Radauti-101',
      301,
      '/anunt/imobiliare/apartament-2-camere-ultracentral-radauti-101',
    ],
    ['/anunt/imobiliare/apartament-2-camere-ultracentral-radauti-101', 200],
    ['/anunt/servicii/Ofer-servicii-and-reparatii-euro-ieftine-106', 404], // banned author: not public
    ['/anunt/matrimoniale/Caut-prietena-pentru-plimbari-105', 410],
    ['/anunt/diverse/Bicicleta-veche-de-oras-104', 410],
    ['/anunturi/pierderi', 301, '/anunturi/diverse'],
    ['/anunturi/electronice-electrocasnice', 301, '/anunturi/electronice'],
    ['/anunturi/electronice-electrocasnice-17', 301, '/anunturi/electronice'],
    ['/anunturi/diverse-16/pagina-2', 301, '/anunturi/diverse'],
    ['/anunturi/pierderi/pagina-99', 301, '/anunturi/diverse'],
    ['/anunturi/matrimoniale', 410],
    ['/anunturi/matrimoniale-21/pagina-2', 410],
    ['/anunturi/diverse-16/Obiect-diverse-numarul-3-203', 301, '/anunt/diverse/obiect-diverse-numarul-3-203'],
    ['/anunturi/matrimoniale-21/Caut-prietena-pentru-plimbari-105', 301],
    ['/anunturi/diverse-16/Bicicleta-veche-de-oras-104', 410],
    ['/anunturi/de/ana-popescu-2', 301, '/anunturi/de/ana-popescu-ionescu-3'],
    ['/anunturi/de/ana-popescu-2/pagina-2', 301, '/anunturi/de/ana-popescu-ionescu-3/pagina-2'],
    ['/anunturi/de/administrator-vechi-1', 200],
    ['/api/poze/1002/101-1002-rotita.webp', 301, '/api/poze/1002/'],
    ['/api/poze/responsive/1001/101-1001-Living.webp', 301, '/api/poze/responsive/1001/'],
    ['/foto-radauti/large-1001-living.jpg', 301, '/api/poze/1001/'],
    ['/cautare?posts%5Bquery%5D=apartament&posts%5Bpage%5D=2', 301, '/cautare?q=apartament'],
    ['/cautare?query=casa', 301, '/cautare?q=casa'],
    ['/api/posts', 410],
    ['/logo.png', 301, '/logo-200.png'],
    ['/logo.webp', 301, '/logo-200.png'],
  ];
  for (const [path, status, to] of cases) {
    const res = await get(path);
    assert.equal(res.status, status, `${path} → ${res.status}`);
    if (to)
      assert.ok(
        (res.headers.get('location') ?? '').replace(SITE, '').startsWith(String(to)),
        `${path} → ${res.headers.get('location')}`,
      );
    if (status === 301) {
      const next = await get(res.headers.get('location'));
      assert.ok([200, 410, 404].includes(next.status) && next.status !== 301, `${path}: one hop only`);
    }
  }
  // The retired ad's v2 address leads to its page, which answers 410.
  assert.equal((await get('/anunt/diverse/caut-prietena-pentru-plimbari-105')).status, 410);
  // The main photo is the newest, stored upright (EXIF orientation 6: 400×300 stored → 300×400 shown).
  const html = await (await get('/anunt/imobiliare/apartament-2-camere-ultracentral-radauti-101')).text();
  const first = /\/api\/poze\/(?:responsive\/)?(\d+)\//.exec(html);
  assert.equal(first?.[1], '1002');
  const photo = await fetch(`${SITE}${(await get('/api/poze/1002/x.webp')).headers.get('location')}`);
  assert.equal(photo.headers.get('content-type'), 'image/webp');
  const bytes = new Uint8Array(await photo.arrayBuffer());
  // VP8/VP8L/VP8X canvas size from the RIFF header.
  const view = Buffer.from(bytes);
  const chunk = view.toString('ascii', 12, 16);
  const [w, h] =
    chunk === 'VP8X'
      ? [1 + view.readUIntLE(24, 3), 1 + view.readUIntLE(27, 3)]
      : chunk === 'VP8L'
        ? [1 + (view.readUInt32LE(21) & 0x3fff), 1 + ((view.readUInt32LE(21) >> 14) & 0x3fff)]
        : [view.readUInt16LE(26) & 0x3fff, view.readUInt16LE(28) & 0x3fff];
  assert.deepEqual([w, h], [300, 400]);
  // A typo of a word only an imported ad has finds it, as it would an ad published in the editor.
  const typo = await (await get('/cautare?q=ultracentrla')).text();
  assert.ok(typo.includes('apartament-2-camere-ultracentral-radauti-101'), 'the typo search finds ad 101');
  // Promotions and the old "last changed" order: the front-page promotion is on the home page.
  assert.equal((await get('/')).status, 200);
});

test('--pg reads a live PostgreSQL in one snapshot and finds the import complete', async () => {
  const pg = startPostgres(PG_PORT);
  try {
    loadFixture(pg);
    const report = join(state, 'pg.md');
    const r = await runImport([
      '--pg',
      pg.url,
      '--photos',
      photos,
      '--map-category',
      '18=8',
      '--report',
      report,
    ]);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /read 7 people, 25 ads, 7 photos, 9 categories/);
    assert.match(r.out, /people: 0 written, 6 already there/);
    assert.deepEqual(await fingerprint(), complete);
  } finally {
    pg.stop();
  }
});

test('--clerk creates the verified accounts with external_id and the old argon2 digests, once', async () => {
  const users = [];
  const requests = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    requests.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url.startsWith('/v1/users')) {
      // Clerk's GET /v1/users answers an array; /v1/users/count the total of the same filter.
      const ids = new URL(req.url, 'http://x').searchParams.getAll('external_id');
      const data = users.filter((u) => ids.includes(u.external_id)).map(({ input, ...u }) => u);
      if (req.url.startsWith('/v1/users/count'))
        return res.end(JSON.stringify({ object: 'total_count', total_count: data.length }));
      return res.end(JSON.stringify(data));
    }
    if (req.method === 'POST' && req.url === '/v1/users') {
      const input = JSON.parse(body);
      const user = {
        object: 'user',
        id: `user_${users.length + 1}`,
        external_id: input.external_id,
        email_addresses: [],
      };
      users.push({ ...user, input });
      return res.end(JSON.stringify(user));
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise((r) => server.listen({ port: CLERK_PORT, host: '127.0.0.1' }, () => r(undefined)));
  try {
    const env = { CLERK_SECRET_KEY: 'sk_test_stand_in', CLERK_API_URL: `http://127.0.0.1:${CLERK_PORT}` };
    const r = await runImport([...DUMP_ARGS, '--clerk'], { env });
    assert.equal(r.code, 0, r.out);
    assert.ok(requests.every((q) => q.auth === 'Bearer sk_test_stand_in'));
    const byId = Object.fromEntries(users.map((u) => [u.external_id, u.input]));
    // USER and SUPERADMIN only: 4 never activated; 2 was merged into 3.
    assert.deepEqual(Object.keys(byId).sort(), ['1', '3', '5', '6', '7']);
    assert.equal(byId['1'].password_hasher, 'argon2id');
    assert.match(byId['1'].password_digest, /^\$argon2id\$v=19\$m=65536,t=2,p=1\$/);
    assert.equal(byId['3'].password_hasher, 'argon2i');
    assert.deepEqual(byId['3'].email_address, ['ana.popescu@example.com']);
    assert.equal(byId['6'].skip_password_requirement, true);
    assert.equal(byId['6'].password_digest, undefined);
    const again = await runImport([...DUMP_ARGS, '--clerk'], { env });
    assert.equal(again.code, 0, again.out);
    assert.equal(users.length, 5);
  } finally {
    server.close();
  }
});
