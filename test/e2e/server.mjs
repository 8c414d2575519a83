// @ts-check
// Starts the site for a test run the way `npm start` does (ensureDevVars, migrateLocal, wrangler dev with
// React's production build, wait, seed), but on its own port and with its own fresh local D1/R2 state,
// so runs never mix with a developer's data or with a server on 8787. Loopback only; always stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * `empty`: migrated but not seeded, like `npm start -- --empty` (the backup rehearsal restores into one).
 * `inspectorPort`: wrangler's inspector (default port + 100).
 * @param {{ port: number, inspectorPort?: number, label?: string, keepState?: boolean, quiet?: boolean, empty?: boolean }} options
 * @returns {Promise<{ base: string, stateDir: string, stop: () => Promise<void>, alive: () => Promise<boolean>, logs: () => string }>}
 */
export async function startSite({
  port,
  inspectorPort = port + 100,
  label = 'site',
  keepState = false,
  quiet = true,
  empty = false,
}) {
  // start.mjs reads PORT when first imported (seed() posts to that port).
  process.env.PORT = String(port);
  const start = await import('../../src/tools/start.mjs');
  const base = `http://127.0.0.1:${port}`;
  await assertPortFree(base);
  const stateDir = mkdtempSync(join(tmpdir(), `eradauti-${label}-`));
  const persist = ['--persist-to', stateDir];
  start.ensureDevVars();
  // Not start.migrateLocal (spawnSync): the backup rehearsal starts its second site while its journey
  // goes on, and a synchronous spawn would stop the whole runner (browser, polling) for the minute
  // the migrations take on a busy machine.
  await start.migrateLocalInBackground(persist);
  const child = start.startWrangler(
    ['ignore', 'pipe', 'pipe'],
    // startWrangler passes --test-scheduled: `/__scheduled?cron=` runs a cron (mail and saved journeys).
    [
      ...persist,
      '--var',
      `SITE_URL:${base}`,
      // Ad statistics reach D1 within 2 s, so a journey sees its own view counted.
      '--var',
      'STATS_FLUSH_SECONDS:2',
      '--inspector-port',
      String(inspectorPort),
    ],
    port,
  );
  let log = '';
  const keep = (chunk) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
    if (!quiet) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });

  const stop = async () => {
    if (!exited) {
      child.kill('SIGINT');
      for (let i = 0; i < 100 && !exited; i++) await sleep(100);
      if (!exited) child.kill('SIGKILL');
      for (let i = 0; i < 20 && !exited; i++) await sleep(100);
    }
    if (!keepState) rmSync(stateDir, { recursive: true, force: true });
  };
  // Stop the server even when the runner is interrupted.
  const onSignal = async () => {
    await stop();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // And when the runner exits with a journey still running (past its time): wrangler then shuts
  // down on its own instead of keeping the port for the next run.
  process.once('exit', () => {
    if (!exited) child.kill('SIGINT');
  });

  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (exited) throw new Error(`wrangler dev exited early:\n${log.slice(-3000)}`);
      if (/Build failed/.test(log)) throw new Error(`the worker does not build:\n${log.slice(-3000)}`);
      if (Date.now() > deadline)
        throw new Error(
          `the site did not answer on ${base} within 120 s; wrangler said:\n${log.slice(-3000)}`,
        );
      try {
        const res = await fetch(`${base}/favicon.svg`);
        if (res.ok) break;
      } catch {
        // not up yet
      }
      await sleep(300);
    }
    // wrangler dev reloads the worker when a source file changes (others may be editing the tree):
    // a restart mid-seed answers 503, so try again a few times.
    for (let attempt = 1; !empty; attempt++) {
      try {
        await start.seed(base);
        break;
      } catch (/** @type {any} */ err) {
        if (attempt >= 4 || !/503|restarted/.test(String(err.message))) throw err;
        await sleep(3000);
      }
    }
  } catch (/** @type {any} */ err) {
    await stop();
    throw err;
  }
  const alive = async () => {
    if (exited) return false;
    try {
      return (await fetch(`${base}/favicon.svg`, { signal: AbortSignal.timeout(5000) })).ok;
    } catch {
      return false;
    }
  };
  return { base, stateDir, stop, alive, logs: () => log };
}

/**
 * wrangler dev (the local runtime, not the product) can hold a request that arrives while the
 * isolate is busy with a long invocation — the seed, a batch of the backup's queue — until the next
 * request reaches it: the held ones then all answer at once (measured: docs/operations.md, "Why the local site seemed to stop answering").
 * A light request to each site every second means none waits more than a second after the busy
 * invocation ends. Returns the function that stops it.
 * @param {string[]} bases
 */
export function keepAwake(bases) {
  let on = true;
  const loop = async (/** @type {string} */ base) => {
    while (on) {
      await fetch(`${base}/favicon.svg`, { signal: AbortSignal.timeout(3000) })
        .then((r) => r.arrayBuffer())
        .catch(() => {});
      await sleep(1000);
    }
  };
  const loops = bases.map(loop);
  return async () => {
    on = false;
    await Promise.all(loops);
  };
}

async function assertPortFree(base) {
  try {
    await fetch(`${base}/favicon.svg`, { signal: AbortSignal.timeout(1000) });
  } catch {
    return;
  }
  throw new Error(`something already answers on ${base}: choose another PORT`);
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** The browser of RECIPES.md: Debian's chromium, nothing may reach the outside. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
