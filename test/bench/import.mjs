// @ts-check
// The move-in's benchmark: a generated dump of 20,000 ads (5,000 people) and 300 photos imported into a
// fresh local site (wrangler dev on PORT, default 9602); prints the time of the rows and of the photos,
// the importer's peak memory and the Worker's (workerd's peak resident memory), and the extrapolation
// to 60,000 photos. `node test/bench/import.mjs [ads] [photos]`.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const ADS = Number(process.argv[2] ?? 20_000);
const PHOTOS = Number(process.argv[3] ?? 300);
process.env.PORT = process.env.PORT ?? '9602';
const SITE = `http://127.0.0.1:${process.env.PORT}`;
const { ensureDevVars, migrateLocal, startWrangler } = await import('../../src/tools/start.mjs');
const { jpeg } = await import('../import/make-photos.mjs');

const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
const esc = (s) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
const ts = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
const now = Date.UTC(2026, 10, 20);
const people = Math.ceil(ADS / 4);
const lines = ['--', '-- PostgreSQL database dump', '--', ''];
lines.push('COPY public."Category" (id, title, slug, description, "createdAt", "updatedAt") FROM stdin;');
for (const [id, slug] of [
  [15, 'auto-moto'],
  [16, 'diverse'],
  [17, 'electronice'],
  [19, 'imobiliare'],
  [20, 'locuri-de-munca'],
  [22, 'pierderi'],
  [23, 'servicii'],
])
  lines.push(`${id}\t${slug}\t${slug}\t\t2020-01-01 00:00:00\t2020-01-01 00:00:00`);
lines.push('\\.', '');
lines.push(
  'COPY public."User" (id, "createdAt", "updatedAt", "lastVisitAt", "fullName", email, "hashedPassword", phone, banned, "activationKey", role) FROM stdin;',
);
for (let i = 1; i <= people; i++)
  lines.push(
    `${i}\t${ts(now - 400 * 86400000)}\t${ts(now - (i % 300) * 86400000)}\t\\N\tPersoana ${i}\tp${i}@example.com\tCHANGEME\t07${String(40000000 + i).padStart(8, '0')}\tf\t\\N\tUSER`,
  );
lines.push('\\.', '');
lines.push(
  'COPY public."Post" (id, title, slug, body, status, price, currency, phone, "categoryId", "userId", "createdAt", "updatedAt", "expiresAt", "promotionLevel") FROM stdin;',
);
const cats = [15, 16, 17, 19, 20, 22, 23];
for (let i = 1; i <= ADS; i++) {
  const changed = now - (i % 700) * 86400000;
  const body = esc(
    `Anunț numărul ${i} din Rădăuți.\nStare foarte bună, preț negociabil.\t${'Descriere lungă. '.repeat(20)}`,
  );
  lines.push(
    `${i}\tAnunț de test numărul ${i}\tAnunt-${i}\t${body}\t${i % 3 ? 'ACTIVE' : 'EXPIRED'}\t${i * 10}\tRON\t\\N\t${cats[i % cats.length]}\t${1 + (i % people)}\t${ts(changed - 86400000)}\t${ts(changed)}\t${ts(changed)}\t0`,
  );
}
lines.push('\\.', '');
lines.push(
  'COPY public."Image" (id, "fileName", width, height, "postId", "userId", "createdAt", "updatedAt") FROM stdin;',
);
const photoDir = join(dir, 'uploads');
mkdirSync(photoDir);
const samples = [await jpeg(1280, 960, 20), await jpeg(1280, 853, 140), await jpeg(960, 1280, 260)];
for (let i = 1; i <= PHOTOS; i++) {
  const postId = ADS - (i % 200);
  const name = `${postId}-${i}-poza.jpg`;
  writeFileSync(join(photoDir, name), samples[i % samples.length]);
  lines.push(
    `${i}\t${name}\t1280\t960\t${postId}\t${1 + (postId % people)}\t${ts(now - i * 1000)}\t${ts(now - i * 1000)}`,
  );
}
lines.push('\\.', '', '--', '-- PostgreSQL database dump complete', '--', '');
const dump = join(dir, 'bench.sql');
writeFileSync(dump, lines.join('\n'));

ensureDevVars();
migrateLocal(['--persist-to', join(dir, 'state')]);
const wrangler = startWrangler('ignore', ['--persist-to', join(dir, 'state')]);
for (let t = Date.now(); Date.now() - t < 90_000; ) {
  try {
    if ((await fetch(`${SITE}/favicon.svg`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 300));
}

/** Peak resident memory of the workerd processes under wrangler, sampled every 200 ms (MB). */
let workerPeak = 0;
const sampler = setInterval(() => {
  try {
    const out = execFileSync('ps', ['-C', 'workerd', '-o', 'rss=']).toString();
    const rss = Math.max(0, ...out.split('\n').filter(Boolean).map(Number)) / 1024;
    workerPeak = Math.max(workerPeak, rss);
  } catch {}
}, 200);

const start = Date.now();
const child = spawn(
  '/usr/bin/time',
  [
    '-v',
    process.execPath,
    join(root, 'src/tools/import.mjs'),
    '--dump',
    dump,
    '--photos',
    photoDir,
    '--site',
    SITE,
    '--report',
    join(dir, 'report.md'),
    '--now',
    new Date(now).toISOString(),
  ],
  { stdio: ['ignore', 'inherit', 'pipe'] },
);
let err = '';
child.stderr.on('data', (d) => {
  err += d;
});
const code = await new Promise((r) => child.on('exit', r));
clearInterval(sampler);
wrangler.kill('SIGINT');
const total = (Date.now() - start) / 1000;
const report = readFileSync(join(dir, 'report.md'), 'utf8');
const phase = (name) => Number(new RegExp(`\\| ${name} \\| ([\\d.]+) \\|`).exec(report)?.[1] ?? 0);
const importerPeak = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(err)?.[1] ?? 0) / 1024;
const rows = phase('read') + phase('people') + phase('ads');
const photoRate = PHOTOS / phase('photos');
console.log(
  JSON.stringify(
    {
      code,
      ads: ADS,
      people,
      photos: PHOTOS,
      totalSeconds: total,
      rowsSeconds: rows,
      photosSeconds: phase('photos'),
      photosPerSecond: +photoRate.toFixed(2),
      importerPeakMB: Math.round(importerPeak),
      workerdPeakMB: Math.round(workerPeak),
      minutesFor60000Photos: Math.round(60000 / photoRate / 60),
    },
    null,
    2,
  ),
);
if (code !== 0) console.error(err.slice(-2000));
rmSync(dir, { recursive: true, force: true });
