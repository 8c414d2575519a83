// @ts-check
// `npm run bench`: one command, one report. Starts the site as `npm start` does (React's production
// build) on its own port with fresh state and the demo seed, then measures in the same run:
//  - throughput, p50/p99 latency and errors at 20 connections (autocannon, ≈10 s each) for a static
//    asset, `/`, a listing, an ad page and a search, and each page's ratio to the static asset
//    (target: the listing ≥ 0.5), and signed in (a local session): the listing and the ad page
//    (targets ≥ 0.3) and the account menu's `/api/cont` (≥ 0.5);
//  - the gzipped JS (sum of the page's <script src> bundles, target ≤ 15 KB) and HTML of each public page;
//  - the worker bundle size, gzipped (`wrangler deploy --dry-run --outdir`; target < 600 KiB as
//    wrangler reports it), and its startup time (a cold workerd's first response, minus an empty
//    worker's);
//  - the search and photo figures of test/bench/search.mjs and photos.mjs, when those exist;
//  - backup and restore at 20 000 ads and 60 000 photos (test/bench/backup.mjs, in workerd);
//  - per file of the hostile image corpus (photo-hostile.mjs), its answer, peak memory above idle
//    and time to refuse (targets: within 96 MB and under 1 s), and the legitimate maxima accepted.
// Prints one table, saves JSON to test/bench/results/latest.json. Failing a target is reported, not
// hidden: the exit code is non-zero only when the bench itself broke.
//  - the move-in import of 20,000 ads and 300 photos (import.mjs) into its own empty site on PORT + 2.
//  - the operators' console (console.mjs) at 20,000 ads, 2,000 reports and 5,000 people
//    (`npm run seed:large`'s set) in its own site on PORT + 4: p50/p95 of the queue, the search and
//    a person's page (target p95 < 50 ms each).
// Environment: PORT (default 8806), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { root, startSite } from '../e2e/server.mjs';
import { localSessionCookie, signedInRows, signedInTargets } from './signed-in.mjs';

const port = Number(process.env.PORT ?? 8806);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const JS_BUDGET = 15 * 1024;
const LISTING_RATIO = 0.5;
const WORKER_BUDGET_KIB = 600;

const results = {
  date: new Date().toISOString(),
  machine: {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  },
  settings: { connections, seconds, react: 'production (--define process.env.NODE_ENV)' },
  load: [],
  pages: [],
  worker: null,
  search: null,
  photos: null,
  hostileImages: null,
  backup: null,
  import: null,
  console: null,
  targets: [],
};

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function table(rows, headers) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/**
 * Each request comes from its own client address (`CF-Connecting-IP`, which wrangler dev keeps when
 * the client sets it): the per-client rate limits (60 searches a minute…) would otherwise answer
 * most of a load test with 429s, and the table would measure refusals instead of pages.
 */
let clientSeq = 0;
const asNewClient = (req) => {
  clientSeq++;
  const address = `10.${(clientSeq >> 16) & 255}.${(clientSeq >> 8) & 255}.${clientSeq & 255}`;
  return { ...req, headers: { ...req.headers, 'cf-connecting-ip': address } };
};

async function load(name, url, extraHeaders = {}) {
  const headers = { accept: 'text/html', ...extraHeaders };
  const requests = [{ setupRequest: asNewClient }];
  // A short warm-up so the first compile and cold caches are not measured.
  await autocannon({ url, connections: 4, duration: 1, headers, requests });
  const r = await autocannon({ url, connections, duration: seconds, headers, requests });
  return {
    name,
    url: url.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''),
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
  };
}

/** gzipped size of a page's HTML and of the scripts it loads (<script src>, module or classic). */
async function pageWeight(base, name, path) {
  const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
  const html = await res.text();
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) =>
    m[1].replace(/&amp;/g, '&'),
  );
  let jsRaw = 0;
  let jsGzip = 0;
  const external = [];
  for (const src of scripts) {
    const url = new URL(src, base);
    if (url.origin !== base) {
      external.push(src);
      continue;
    }
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    jsRaw += body.length;
    jsGzip += gzipSync(body, { level: 9 }).length;
  }
  const htmlBytes = Buffer.from(html);
  return {
    name,
    path,
    status: res.status,
    scripts: scripts.length,
    external,
    jsBytes: jsRaw,
    jsGzipBytes: jsGzip,
    htmlBytes: htmlBytes.length,
    htmlGzipBytes: gzipSync(htmlBytes, { level: 9 }).length,
  };
}

/**
 * The Worker's startup, as a cold workerd sees it: from starting a runtime with the bundled modules
 * (the script and its wasm, as uploaded) to its first response, minus the same for an empty Worker
 * (the runtime's own start). Median of three. What remains is parsing and compiling the script and
 * the wasm and running its top level, the part Cloudflare reports as "startup time" and limits.
 * The probe has no bindings, so its answer is a 500: only the time counts.
 * @param {string} dir the `wrangler deploy --dry-run --outdir` directory
 */
async function workerStartup(dir) {
  const { Miniflare } = await import('miniflare');
  const quiet = {
    handleRuntimeStdio: (/** @type {any} */ out, /** @type {any} */ err) => {
      out.resume();
      err.resume();
    },
  };
  const modules = readdirSync(dir)
    .filter((f) => /\.(js|wasm|md)$/.test(f))
    .map((f) => ({
      type: f.endsWith('.wasm') ? 'CompiledWasm' : f.endsWith('.md') ? 'Text' : 'ESModule',
      path: join(dir, f),
    }))
    .sort((a, b) => Number(b.path.endsWith('index.js')) - Number(a.path.endsWith('index.js')));
  const config = { compatibilityDate: '2026-04-20', compatibilityFlags: ['nodejs_compat'], ...quiet };
  /** @param {any} options */
  const cold = async (options) => {
    const t = performance.now();
    const mf = new Miniflare({ ...config, ...options });
    const res = await mf.dispatchFetch('http://localhost/__startup-probe');
    await res.arrayBuffer();
    const ms = performance.now() - t;
    await mf.dispose();
    return ms;
  };
  const empty = { modules: true, script: 'export default { fetch() { return new Response("") } }' };
  const app = { modules, modulesRoot: dir };
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push({ empty: await cold(empty), app: await cold(app) });
  const median = (/** @type {number[]} */ xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const emptyMs = median(runs.map((r) => r.empty));
  const appMs = median(runs.map((r) => r.app));
  return {
    startupMs: Math.round(Math.max(0, appMs - emptyMs)),
    coldFirstResponseMs: Math.round(appMs),
    emptyWorkerMs: Math.round(emptyMs),
  };
}

async function workerBundle() {
  const out = mkdtempSync(join(tmpdir(), 'eradauti-bundle-'));
  try {
    const run = spawnSync(
      join(root, 'node_modules', '.bin', 'wrangler'),
      ['deploy', '--dry-run', '--outdir', out],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: 'false',
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          CI: 'true',
        },
        timeout: 180_000,
      },
    );
    if (run.status !== 0) return { error: (run.stderr || run.stdout).slice(-1500) };
    const files = [];
    const walk = (dir) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (!f.endsWith('.map') && !f.endsWith('.json')) files.push(p);
      }
    };
    walk(out);
    let raw = 0;
    let gz = 0;
    const parts = [];
    for (const f of files) {
      const body = readFileSync(f);
      const g = gzipSync(body, { level: 9 }).length;
      raw += body.length;
      gz += g;
      parts.push({ file: f.slice(out.length + 1), bytes: body.length, gzipBytes: g });
    }
    const reported = /Total Upload: ([^\n]+)/.exec(run.stdout + run.stderr)?.[1]?.trim();
    const wranglerGzipKiB = Number(/gzip: ([\d.]+) KiB/.exec(reported ?? '')?.[1] ?? Number.NaN);
    /** @type {Record<string, number> | { error: string }} */
    let startup;
    try {
      startup = await workerStartup(out);
    } catch (/** @type {any} */ err) {
      startup = { error: String(err.message ?? err).slice(0, 500) };
    }
    return {
      bytes: raw,
      gzipBytes: gz,
      wranglerReports: reported,
      wranglerGzipKiB,
      startup,
      files: parts.sort((a, b) => b.gzipBytes - a.gzipBytes),
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Figures of another issue's bench module (test/bench/search.mjs, photos.mjs), or why there are none. */
async function optional(file, fn, base, extra = {}) {
  const path = join(root, 'test', 'bench', file);
  if (!existsSync(path)) return { available: false, reason: `${file} not available` };
  try {
    const mod = await import(path);
    if (typeof mod[fn] !== 'function') return { available: false, reason: `${file} has no ${fn}()` };
    const t = Date.now();
    const out = await mod[fn]({ base, root, port, ...extra });
    return { available: true, seconds: (Date.now() - t) / 1000, result: out };
  } catch (/** @type {any} */ err) {
    return { available: false, reason: `${fn}() failed: ${err.stack ?? err}` };
  }
}

function printOptional(title, figures) {
  console.log(`\n${title}`);
  if (!figures.available) {
    console.log(`  not available: ${figures.reason}`);
    return;
  }
  const rows = figures.result?.rows;
  if (Array.isArray(rows) && rows.length && typeof rows[0] === 'object') {
    const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    console.log(
      table(
        rows.map((r) => headers.map((h) => r[h] ?? '')),
        headers,
      ),
    );
  } else {
    console.log(JSON.stringify(figures.result, null, 2));
  }
  for (const note of figures.result?.notes ?? []) console.log(`  ${note}`);
}

let site;
let broke = false;
try {
  site = await startSite({ port, label: 'bench' });
  const base = site.base;

  // Public pages and the ad to measure: the first ad listed under imobiliare.
  const listingHtml = await (await fetch(`${base}/anunturi/imobiliare`)).text();
  const adPath = /href="(\/anunt\/[^"?#]+-\d+)"/.exec(listingHtml)?.[1] ?? null;
  const staticAsset = '/logo.svg';

  console.log(`site up on ${base}; load: ${connections} connections × ${seconds} s each`);
  // Anonymous visitors get public pages from the edge page cache (src/page-cache.ts); the rows marked
  // "rendered" carry a Clerk `__client_uat` cookie, which bypasses that cache (as a signed-in person
  // does) while still verifying as signed out: every request renders the page and queries D1.
  const RENDER = { cookie: '__client_uat=1' };
  /** @type {[name: string, path: string, headers?: Record<string, string>, expect?: { notFound?: boolean }][]} */
  const targets = [
    ['static asset', staticAsset],
    ['home', '/'],
    ['listing', '/anunturi/imobiliare'],
    ['ad page', adPath],
    ['search', '/cautare?q=apartament'],
    ['home, rendered', '/', RENDER],
    ['listing, rendered', '/anunturi/imobiliare', RENDER],
    ['ad page, rendered', adPath, RENDER],
    ['search, rendered', '/cautare?q=apartament', RENDER],
    // The floors under the rendered rows: a page rendered without D1 (the 404 page: shell, React,
    // middleware) and one whose only D1 work is one statement that finds nothing. Their difference
    // is what one D1 call costs in `wrangler dev`'s local simulator on this machine.
    ['404 page, rendered (no D1)', '/pagina-care-nu-exista', RENDER, { notFound: true }],
    ['search, no match, rendered (2 D1 calls: search, spelling lookup)', '/cautare?q=zzzqqxx', RENDER],
    // A signed-in person (a local session, verified by Clerk's middleware on every request): always
    // rendered fresh, their person looked up in D1 (test/bench/signed-in.mjs).
    ...signedInRows(await localSessionCookie(base), '/anunturi/imobiliare', adPath),
  ];
  for (const [name, path, headers, expect] of targets) {
    if (!path) {
      results.load.push({ name, url: null, error: 'no ad is listed under /anunturi/imobiliare' });
      continue;
    }
    results.load.push({ ...(await load(name, `${base}${path}`, headers)), ...expect });
    console.log(`  measured ${name}`);
  }
  const staticRps = results.load[0].requestsPerSecond || 1;
  for (const r of results.load)
    if (r.requestsPerSecond !== undefined) r.ratioToStatic = +(r.requestsPerSecond / staticRps).toFixed(2);

  const pages = [
    ['home', '/'],
    ['listing', '/anunturi/imobiliare'],
    ['ad page', adPath],
    ['search', '/cautare?q=apartament'],
    ['categories', '/anunturi'],
    ['static page', '/static-page/taxi-radauti'],
  ];
  const authorPath = adPath
    ? /href="(\/anunturi\/de\/[^"?#]+)"/.exec(await (await fetch(`${base}${adPath}`)).text())?.[1]
    : null;
  if (authorPath) pages.push(['author', authorPath]);
  for (const [name, path] of pages) if (path) results.pages.push(await pageWeight(base, name, path));

  console.log('  bundling the worker (wrangler deploy --dry-run)');
  results.worker = await workerBundle();

  results.search = await optional('search.mjs', 'benchSearch', base);
  results.photos = await optional('photos.mjs', 'benchPhotos', base);
  results.hostileImages = await optional('photo-hostile.mjs', 'benchHostileImages', base);
  console.log('  backup and restore of 20 000 ads and 60 000 photos (test/bench/backup.mjs)');
  results.backup = await optional('backup.mjs', 'benchBackup', base);
} catch (/** @type {any} */ err) {
  broke = true;
  console.error(`the bench broke: ${err.stack ?? err}`);
} finally {
  await site?.stop().catch(() => {});
}

// The move-in's import (test/bench/import.mjs): its own empty site on PORT + 2 (+ 3 for its inspector),
// once the site above is stopped, so the two never share the machine.
results.import = await optional('import.mjs', 'benchImport', null, { port: port + 2 });
for (const t of results.import?.result?.targets ?? [])
  results.targets.push({ ...t, target: `import: ${t.target}` });

// The operators' console at the county's size (test/bench/console.mjs): its own site on PORT + 4
// (+ 5 for its inspector), seeded with the large set, after the others stopped.
console.log("  the operators' console at 20,000 ads (test/bench/console.mjs)");
results.console = await optional('console.mjs', 'benchConsole', null);
for (const t of results.console?.result?.targets ?? [])
  results.targets.push({ ...t, target: `console: ${t.target}` });

// Targets: reported, never hidden.
const listing = results.load.find((r) => r.name === 'listing');
if (listing?.ratioToStatic !== undefined)
  results.targets.push({
    target: `listing throughput ≥ ${LISTING_RATIO} × static`,
    value: listing.ratioToStatic,
    pass: listing.ratioToStatic >= LISTING_RATIO,
  });
const rendered = results.load.find((r) => r.name === 'listing, rendered');
if (rendered?.ratioToStatic !== undefined)
  results.targets.push({
    target: `listing, rendered (edge cache bypassed) ≥ ${LISTING_RATIO} × static`,
    value: rendered.ratioToStatic,
    pass: rendered.ratioToStatic >= LISTING_RATIO,
  });
results.targets.push(...signedInTargets(results.load));
if (results.worker && !results.worker.error) {
  const w = results.worker;
  const gzipKiB = Number.isFinite(w.wranglerGzipKiB) ? w.wranglerGzipKiB : w.gzipBytes / 1024;
  results.targets.push({
    target: `worker < ${WORKER_BUDGET_KIB} KiB gzip (as wrangler uploads it)`,
    value: `${gzipKiB.toFixed(1)} KiB`,
    pass: gzipKiB < WORKER_BUDGET_KIB,
  });
  if (w.startup && 'startupMs' in w.startup)
    results.targets.push({
      target: 'worker startup measured (cold workerd, minus an empty worker)',
      value: `${w.startup.startupMs} ms`,
      pass: true,
    });
}
for (const t of results.search?.result?.targets ?? [])
  results.targets.push({ ...t, target: `search: ${t.target}` });
for (const t of results.hostileImages?.result?.targets ?? [])
  results.targets.push({ ...t, target: `hostile images: ${t.target}` });
for (const t of results.backup?.result?.targets ?? [])
  results.targets.push({ ...t, target: `backup: ${t.target}` });
for (const p of results.pages)
  results.targets.push({
    target: `${p.name}: JS ≤ 15 KB gzip`,
    value: kb(p.jsGzipBytes),
    pass: p.jsGzipBytes <= JS_BUDGET,
  });
for (const r of results.load)
  if (r.errors || (r.non2xx && !r.notFound))
    results.targets.push({
      target: `${r.name}: no errors under load`,
      value: `${r.errors} errors, ${r.non2xx} non-2xx`,
      pass: false,
    });

console.log(
  `\neRădăuți bench — ${results.date}\nmachine: ${results.machine.cpu}, ${results.machine.cores} cores, ${results.machine.memoryGb} GB, Node ${results.machine.node}`,
);
console.log(
  `\nLoad (autocannon, ${connections} connections, ${seconds} s each, wrangler dev local, production React)`,
);
console.log(
  table(
    results.load.map((r) =>
      r.error
        ? [r.name, '-', '-', '-', '-', '-', r.error]
        : [r.name, r.requestsPerSecond, r.p50Ms, r.p99Ms, r.errors, r.non2xx, r.ratioToStatic, r.url],
    ),
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', '× static', 'url'],
  ),
);
console.log('\nPage weight (gzip -9)');
console.log(
  table(
    results.pages.map((p) => [
      p.name,
      p.status,
      p.scripts,
      kb(p.jsGzipBytes),
      kb(p.htmlGzipBytes),
      kb(p.htmlBytes),
      p.path,
    ]),
    ['page', 'status', 'scripts', 'JS gzip', 'HTML gzip', 'HTML raw', 'path'],
  ),
);
if (results.worker) {
  console.log('\nWorker bundle (as `npm run deploy` bundles it: wrangler deploy --dry-run)');
  if (results.worker.error) console.log(`  failed: ${results.worker.error}`);
  else
    console.log(
      `  ${kb(results.worker.bytes)} raw, ${kb(results.worker.gzipBytes)} gzip (wrangler: ${results.worker.wranglerReports ?? 'n/a'}); largest: ${results.worker.files
        .slice(0, 4)
        .map((f) => `${f.file} ${kb(f.gzipBytes)}`)
        .join(', ')}`,
    );
  const st = results.worker.startup;
  if (st && 'startupMs' in st)
    console.log(
      `  startup: ${st.startupMs} ms (cold workerd to first response ${st.coldFirstResponseMs} ms, an empty worker ${st.emptyWorkerMs} ms; median of 3)`,
    );
  else if (st) console.log(`  startup: not measured (${st.error})`);
}
if (results.search) printOptional('Search (benchSearch)', results.search);
if (results.photos) printOptional('Photos (benchPhotos)', results.photos);
if (results.import) printOptional('Move-in import: 20,000 ads and 300 photos (benchImport)', results.import);
if (results.hostileImages)
  printOptional(
    'Hostile images: answer, peak memory above idle, time to answer (benchHostileImages)',
    results.hostileImages,
  );
if (results.backup) printOptional('Backup and restore (benchBackup)', results.backup);
if (results.console)
  printOptional(
    "Operators' console at 20,000 ads, 2,000 reports, 5,000 people: sequential requests (benchConsole)",
    results.console,
  );
console.log('\nTargets');
console.log(
  table(
    results.targets.map((t) => [t.pass ? 'met' : 'MISSED', t.target, t.value]),
    ['', 'target', 'value'],
  ),
);

mkdirSync(join(root, 'test', 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'test', 'bench', 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nsaved test/bench/results/latest.json');
process.exit(broke ? 1 : 0);
