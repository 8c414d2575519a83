// @ts-check
// `npm start`: a working local site from a fresh clone, with no network.
//  1. .dev.vars with a local session-signing key pair (local sign-in), made once;
//  2. local D1 migrated (wrangler d1 migrations apply --local);
//  3. wrangler dev on 127.0.0.1:8787 (or PORT) with React's production build, SITE_URL set to that
//     address so mails link to it;
//  4. once it answers, the demo data is seeded through the worker (idempotent), unless `--empty`
//     (`npm start -- --empty`: migrated but without demo data, for rehearsing the import).
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.PORT ?? 8787);
const host = '127.0.0.1';
const base = `http://${host}:${port}`;
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const wrangler = join(root, 'node_modules', '.bin', 'wrangler');

/** A local RSA key pair for the offline sign-in, and fake Clerk keys that point nowhere. */
export function ensureDevVars(file = join(root, '.dev.vars')) {
  let existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  // The HMAC key of the links in mails (unsubscribe, one-click renewal); added to older .dev.vars too.
  if (!/^SIGNING_SECRET=/m.test(existing)) {
    existing = `${existing}${existing && !existing.endsWith('\n') ? '\n' : ''}SIGNING_SECRET="${randomBytes(32).toString('base64url')}"\n`;
    writeFileSync(file, existing);
  }
  // The bearer token of the machine-to-machine routes under /__admin (src/auth/admin-token.ts), which
  // the importer and the backup tools read from here for a local site (src/tools/lib/site-client.mjs).
  if (!/^ADMIN_API_TOKEN=/m.test(existing)) {
    existing = `${existing}${existing && !existing.endsWith('\n') ? '\n' : ''}ADMIN_API_TOKEN="${randomBytes(32).toString('base64url')}"\n`;
    writeFileSync(file, existing);
  }
  if (/^LOCAL_SIGNING_KEY=/m.test(existing)) return false;
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const oneLine = (pem) => pem.trim().replace(/\n/g, '\\n');
  const lines = [
    '# Made by `npm start` for local development only. Never use these values in production.',
    `LOCAL_SIGNING_KEY="${oneLine(keys.privateKey)}"`,
    `CLERK_JWT_KEY="${oneLine(keys.publicKey)}"`,
  ];
  writeFileSync(file, `${existing}${existing && !existing.endsWith('\n') ? '\n' : ''}${lines.join('\n')}\n`);
  return true;
}

/** `extraArgs`: e.g. `['--persist-to', dir]` for a test run's own state (same as given to wrangler dev). */
export function migrateLocal(extraArgs = []) {
  const r = spawnSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', ...extraArgs], {
    cwd: root,
    env: { ...env, CI: 'true' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (r.status !== 0) throw new Error('applying local D1 migrations failed');
}

/**
 * The same without blocking this process (a test runner starting a second site while its browser
 * and polling go on); resolves when applied, rejects with wrangler's last output.
 */
export function migrateLocalInBackground(extraArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', ...extraArgs], {
      cwd: root,
      env: { ...env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`applying local D1 migrations failed:\n${out.slice(-2000)}`)),
    );
  });
}

async function waitForServer(timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(`${base}/favicon.svg`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the site did not answer on ${base} within ${timeoutMs / 1000} s`);
}

/** Seeds the demo ads and photos through the worker's local-only seed endpoint. */
export async function seed(site = base) {
  const dir = join(root, 'content', 'demo-photos');
  const form = new FormData();
  if (existsSync(dir)) {
    for (const name of readdirSync(dir)
      .filter((f) => f.endsWith('.jpg'))
      .sort()) {
      form.append('photos', new Blob([readFileSync(join(dir, name))], { type: 'image/jpeg' }), name);
    }
  }
  const res = await fetch(`${site}/__dev/seed`, { method: 'POST', body: form, headers: { origin: site } });
  const text = await res.text();
  if (res.status === 404) return;
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${text.slice(0, 500)}`);
  console.log(`[start] ${text.trim()}`);
}

/**
 * The `--var SITE_URL:…` that makes mails, feeds and exports link to the address the site really runs
 * on (`PORT` honoured; wrangler.toml's own SITE_URL names the default port 8787). A SITE_URL given
 * in the environment (a tunnel, say) or already in `extraArgs` wins.
 * @param {string[]} extraArgs
 * @param {string} siteBase
 * @param {string | undefined} fromEnv
 */
export function siteUrlArgs(extraArgs, siteBase, fromEnv) {
  if (extraArgs.some((a) => a.startsWith('SITE_URL:'))) return [];
  return ['--var', `SITE_URL:${fromEnv || siteBase}`];
}

/**
 * `extraArgs`: e.g. `['--persist-to', dir, '--var', 'SITE_URL:http://…']` for test runs; `listen`: the
 * port (PORT by default; the backup rehearsal starts a second site on another one).
 * @param {import('node:child_process').StdioOptions} [stdio]
 * @param {string[]} [extraArgs]
 * @param {number} [listen]
 */
export function startWrangler(stdio = 'inherit', extraArgs = [], listen = port) {
  return spawn(
    wrangler,
    [
      'dev',
      '--ip',
      host,
      '--port',
      String(listen),
      '--define',
      'process.env.NODE_ENV:"production"',
      // The development tools (the demo seed, POST /__dev/*) are compiled in for the local site only:
      // wrangler.toml's DEV_TOOLS is false, so a deploy leaves them out (docs/architecture.md#worker-size).
      '--define',
      'DEV_TOOLS:true',
      '--log-level',
      'warn',
      // Crons run by hand: `curl '<site>/__scheduled?cron=17+3+*+*+*'` (with static assets, the
      // `/cdn-cgi/handler/scheduled` path answers "exception" here and never reaches the worker).
      '--test-scheduled',
      ...siteUrlArgs(extraArgs, base, process.env.SITE_URL),
      ...extraArgs,
    ],
    { cwd: root, env, stdio },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const empty = process.argv.includes('--empty');
  if (ensureDevVars()) console.log('[start] made .dev.vars with a local sign-in key pair');
  migrateLocal();
  const child = startWrangler();
  const stop = () => child.kill('SIGINT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
  try {
    await waitForServer();
    if (empty) console.log('[start] --empty: baza de date este migrată, fără date demo');
    else await seed();
    console.log(`[start] eRădăuți rulează pe ${base}`);
  } catch (/** @type {any} */ err) {
    console.error(`[start] ${err.message}`);
  }
}
