// @ts-check
// The move-in's benchmark (docs/move-in.md#figures): a generated dump of 20,000 ads, 10,000 people and
// a sample of 300 photos (photo-like JPEGs of at most 1280 px, as the old site keeps them) imported by
// `src/tools/import.mjs` into a fresh, empty local site (wrangler dev with its own state). Measures:
//  - the time of the rows (reading the dump, people, ads, the spelling step) and of the photos;
//  - the CPU time per photo of the importer (and its pipeline threads) and of the site's workerd
//    process (/proc/<pid>/stat), which does not depend on what else the machine is running;
//  - the importer's peak resident memory and the site's workerd process: at rest, its peak during the
//    run (sampled every 100 ms) and the peak above rest;
//  - the extrapolation to the 60,000 photos of the real site.
// `export async function benchImport({ port })` returns the figures (`npm run bench` calls it after its
// own site stopped); run directly, `node test/bench/import.mjs [ads] [photos]` prints them.
// Environment: PORT (default 8808; PORT + 1 is the inspector the isolate sampler speaks to), IMPORT_CONCURRENCY (the importer's
// --concurrency), IMPORT_PIPELINE (the importer's --pipeline).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const TICK_MS = 10; // /proc/<pid>/stat counts CPU time in clock ticks of 10 ms (USER_HZ 100)
const DAY = 86_400_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (x, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

/** The processes under `pid` (itself included), from /proc. */
function descendants(pid) {
  const parent = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), {
        ppid: Number(fields[1]),
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      });
    } catch {}
  }
  const mine = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, { ppid }] of parent)
      if (mine.has(ppid) && !mine.has(p)) {
        mine.add(p);
        grew = true;
      }
  }
  return [...mine].map((p) => ({ pid: p, comm: parent.get(p)?.comm ?? '' }));
}

/** CPU time (ms, user + system, threads included) and resident memory (MB) of one process. */
function usage(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return {
      cpuMs: (Number(f[11]) + Number(f[12])) * TICK_MS,
      rssMb: kb('VmRSS') / 1024,
      hwmMb: kb('VmHWM') / 1024,
    };
  } catch {
    return null;
  }
}

/**
 * The Worker isolate's own memory through wrangler dev's inspector (the V8 inspector protocol of its
 * workerd): `Runtime.getHeapUsage` every 100 ms — the JS heap in use (`usedSize`) and the backing
 * stores outside it (`backingStorageSize`: ArrayBuffers, among them the codecs' WebAssembly memories,
 * and external strings). WebAssembly memories are NOT in `backingStorageSize` (checked: a 50 MB
 * `WebAssembly.Memory` leaves it unchanged, a 30 MB ArrayBuffer adds 30 MB), so the sampler also
 * installs, through `Runtime.evaluate` in the Worker's context, a counter on `WebAssembly.Instance`
 * and `WebAssembly.Memory.prototype.grow` (the codecs instantiate a fresh instance per call and
 * emscripten grows its memory from JS): the bytes of every codec memory not yet collected, and their
 * peak, measured at each instantiation and each growth, i.e. inside the requests too. Dropped codec
 * instances stay allocated until V8 collects them (with no pressure that is late: hundreds of MB of
 * garbage memories locally), so every fifth sample first forces a full collection
 * (`HeapProfiler.collectGarbage`) and sums what is still reachable: JS heap + backing stores + wasm
 * memories. The Worker's figure is the peak of that sum plus the largest single codec memory seen (one
 * call running synchronously between two samples) — an upper bound of what it needs.
 * Returns `stop()` with the peaks (MB), or null when no inspector answers.
 */
async function isolateSampler(inspectorPort, log) {
  const { default: WebSocket } = await import('ws');
  /** @type {string | undefined} */
  let url;
  for (let tries = 0; tries < 50 && !url; tries++) {
    try {
      const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
      url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
    } catch {}
    if (!url) await sleep(200);
  }
  if (!url) {
    log(`no inspector target on port ${inspectorPort}`);
    return null;
  }
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  /** @type {Map<number, (r: any) => void>} */
  const waiting = new Map();
  /** @type {number | null} */
  let contextId = null;
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    if (msg.method === 'Runtime.executionContextCreated') contextId = msg.params.context.id;
    if (msg.id && waiting.has(msg.id)) {
      waiting.get(msg.id)?.(msg);
      waiting.delete(msg.id);
    }
  });
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const n = ++id;
      waiting.set(n, resolve);
      ws.send(JSON.stringify({ id: n, method, params }));
      setTimeout(() => {
        if (waiting.delete(n)) resolve({ error: { message: 'timeout' } });
      }, 5000);
    });
  await call('Runtime.enable');
  for (let tries = 0; tries < 50 && contextId === null; tries++) await sleep(100);
  const patched = contextId
    ? /** @type {any} */ (
        await call('Runtime.evaluate', { contextId, expression: WASM_COUNTER, returnByValue: true })
      )
    : null;
  if (!patched?.result?.result?.value) log(`wasm counter not installed: ${JSON.stringify(patched)}`);
  const wasmNow = async () => {
    if (!contextId) return null;
    const r = /** @type {any} */ (
      await call('Runtime.evaluate', {
        contextId,
        expression: 'globalThis.__benchWasm?.()',
        returnByValue: true,
      })
    );
    return r?.result?.result?.value ?? null;
  };
  const MB = 2 ** 20;
  const wasm = { liveMB: 0, peakMB: 0, instances: 0, grows: 0, largestMB: 0 };
  const peak = { usedMB: 0, totalMB: 0, backingMB: 0, sumMB: 0, samples: 0, errors: 0 };
  /** @type {any} */
  let first = null;
  let busy = false;
  let phase = 'rest';
  /** @type {Record<string, number>} */
  const phasePeak = {};
  let ticks = 0;
  /** Every fifth sample first forces a full collection: what is left is what the isolate still reaches. */
  const reach = { peakMB: 0, samples: 0, heapMB: 0, wasmMB: 0 };
  const take = async () => {
    if (busy) return;
    busy = true;
    if (ticks++ % 5 === 0 && contextId) {
      await call('HeapProfiler.collectGarbage');
      await sleep(30); // the FinalizationRegistry's clean-up runs as a task after the collection
      const h = /** @type {any} */ (await call('Runtime.getHeapUsage'));
      const w = await wasmNow();
      if (h.result && w) {
        const heapMB = (h.result.usedSize + (h.result.backingStorageSize ?? 0)) / MB;
        reach.samples++;
        if (heapMB + w.live / MB > reach.peakMB) {
          reach.peakMB = heapMB + w.live / MB;
          reach.heapMB = heapMB;
          reach.wasmMB = w.live / MB;
        }
      }
    }
    const r = /** @type {any} */ (await call('Runtime.getHeapUsage'));
    busy = false;
    if (r.error || !r.result) {
      if (!peak.errors++) log(`Runtime.getHeapUsage: ${JSON.stringify(r.error ?? r)}`);
      return;
    }
    first ??= r.result;
    const used = r.result.usedSize / MB;
    const backing = (r.result.backingStorageSize ?? 0) / MB;
    peak.samples++;
    peak.usedMB = Math.max(peak.usedMB, used);
    peak.totalMB = Math.max(peak.totalMB, r.result.totalSize / MB);
    peak.backingMB = Math.max(peak.backingMB, backing);
    peak.sumMB = Math.max(peak.sumMB, used + backing);
    phasePeak[phase] = Math.max(phasePeak[phase] ?? 0, used + backing);
    const w = await wasmNow();
    if (w) {
      wasm.liveMB = w.live / MB;
      wasm.peakMB = Math.max(wasm.peakMB, w.peak / MB);
      wasm.instances = w.instances;
      wasm.grows = w.grows;
      wasm.largestMB = w.largest / MB;
      wasmByPhase[phase] = Math.max(wasmByPhase[phase] ?? 0, w.peak / MB);
    }
  };
  /** @type {Record<string, number>} */
  const wasmByPhase = {};
  await take();
  const rest = first
    ? { usedMB: round(first.usedSize / MB), backingMB: round((first.backingStorageSize ?? 0) / MB) }
    : null;
  const timer = setInterval(take, 100);
  return {
    /** @param {string} name */
    phase(name) {
      phase = name;
    },
    async stop() {
      clearInterval(timer);
      await take();
      ws.close();
      return {
        rest,
        fields: first ? Object.keys(first) : [],
        samples: peak.samples,
        errors: peak.errors,
        peakUsedMB: round(peak.usedMB),
        peakHeapTotalMB: round(peak.totalMB),
        peakBackingStoreMB: round(peak.backingMB),
        peakHeapAndBackingMB: round(peak.sumMB),
        wasm: {
          counted: !!patched?.result?.result?.value,
          instances: wasm.instances,
          grows: wasm.grows,
          largestMB: round(wasm.largestMB),
          notYetCollectedPeakMB: round(wasm.peakMB),
        },
        reachable: {
          samples: reach.samples,
          peakMB: round(reach.peakMB),
          heapAndBackingMB: round(reach.heapMB),
          wasmMB: round(reach.wasmMB),
        },
        peakMB: round(reach.peakMB + wasm.largestMB),
        wasmPeakByPhaseMB: Object.fromEntries(Object.entries(wasmByPhase).map(([k, v]) => [k, round(v)])),
        peakByPhaseMB: Object.fromEntries(Object.entries(phasePeak).map(([k, v]) => [k, round(v)])),
      };
    },
  };
}

/** Evaluated in the Worker's context: counts the bytes of the WebAssembly memories not yet collected. */
const WASM_COUNTER = `(() => {
  if (globalThis.__benchWasm) return true;
  const Instance = WebAssembly.Instance;
  const grow = WebAssembly.Memory.prototype.grow;
  // Sizes by token, dropped by the finalizer: no WeakRef.deref(), which would keep its target alive.
  const sizes = new Map();
  const tokens = new WeakMap();
  const gone = new FinalizationRegistry((token) => sizes.delete(token));
  let peak = 0, instances = 0, grows = 0, largest = 0, next = 0;
  const sum = () => {
    let n = 0;
    for (const v of sizes.values()) n += v;
    if (n > peak) peak = n;
    return n;
  };
  const track = (m) => {
    if (!(m instanceof WebAssembly.Memory)) return;
    let token = tokens.get(m);
    if (token === undefined) {
      token = ++next;
      tokens.set(m, token);
      gone.register(m, token);
    }
    const bytes = m.buffer.byteLength;
    sizes.set(token, bytes);
    if (bytes > largest) largest = bytes;
  };
  function Counted(module, imports) {
    const instance = new Instance(module, imports);
    instances++;
    for (const v of Object.values(instance.exports)) track(v);
    for (const ns of Object.values(imports ?? {})) for (const v of Object.values(ns ?? {})) track(v);
    sum();
    return instance;
  }
  Counted.prototype = Instance.prototype;
  WebAssembly.Instance = Counted;
  WebAssembly.Memory.prototype.grow = function (delta) {
    const r = grow.call(this, delta);
    grows++;
    track(this);
    sum();
    return r;
  };
  globalThis.__benchWasm = () => ({ live: sum(), peak, instances, grows, largest, count: sizes.size });
  return true;
})()`;

/** The old site's dump: `ads` ads of `people` people in the seven mapped categories, `photos` images. */
function makeDump(file, { ads, people, photos, now }) {
  const esc = (s) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
  const ts = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
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
      `${i}\t${ts(now - 400 * DAY)}\t${ts(now - (i % 300) * DAY)}\t\\N\tPersoana ${i}\tp${i}@example.com\tCHANGEME\t07${String(40000000 + i).padStart(8, '0')}\tf\t\\N\tUSER`,
    );
  lines.push('\\.', '');
  lines.push(
    'COPY public."Post" (id, title, slug, body, status, price, currency, phone, "categoryId", "userId", "createdAt", "updatedAt", "expiresAt", "promotionLevel") FROM stdin;',
  );
  const cats = [15, 16, 17, 19, 20, 22, 23];
  const words = ['apartament', 'garsonieră', 'bicicletă', 'mașină', 'frigider', 'canapea', 'teren', 'casă'];
  for (let i = 1; i <= ads; i++) {
    const changed = now - (i % 700) * DAY;
    const body = esc(
      `${words[i % words.length]} numărul ${i} din Rădăuți.\nStare foarte bună, preț negociabil.\t${'Descriere lungă, cu detalii. '.repeat(20)}`,
    );
    lines.push(
      `${i}\tVând ${words[i % words.length]} numărul ${i}\tVand-${i}\t${body}\t${i % 3 ? 'ACTIVE' : 'EXPIRED'}\t${i * 10}\tRON\t\\N\t${cats[i % cats.length]}\t${1 + (i % people)}\t${ts(changed - DAY)}\t${ts(changed)}\t${ts(changed)}\t0`,
    );
  }
  lines.push('\\.', '');
  lines.push(
    'COPY public."Image" (id, "fileName", width, height, "postId", "userId", "createdAt", "updatedAt") FROM stdin;',
  );
  const names = [];
  for (let i = 1; i <= photos; i++) {
    // Recent ads (imported with their content), up to five photos each.
    const postId = ads - Math.floor((i - 1) / 5) * 3;
    const name = `${postId}-${i}-poza.jpg`;
    names.push(name);
    lines.push(
      `${i}\t${name}\t1280\t960\t${postId}\t${1 + (postId % people)}\t${ts(now - i * 1000)}\t${ts(now - i * 1000)}`,
    );
  }
  lines.push('\\.', '', '--', '-- PostgreSQL database dump complete', '--', '');
  writeFileSync(file, lines.join('\n'));
  return names;
}

/**
 * @param {{ port?: number, ads?: number, photos?: number, concurrency?: string, pipeline?: string,
 *   log?: (line: string) => void }} [opts]
 */
export async function benchImport(opts = {}) {
  const port = opts.port ?? Number(process.env.PORT ?? 8808);
  const ads = opts.ads ?? 20_000;
  const photoCount = opts.photos ?? 300;
  const people = Math.ceil(ads / 2);
  const log = opts.log ?? ((line) => console.error(`[bench:import] ${line}`));
  const site = `http://127.0.0.1:${port}`;
  process.env.PORT = String(port);
  const { ensureDevVars, startWrangler } = await import('../../src/tools/start.mjs');
  const { photoOf } = await import('./photo-memory.mjs');

  const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
  const now = Date.UTC(2026, 10, 20);
  const dump = join(dir, 'bench.sql');
  const names = makeDump(dump, { ads, people, photos: photoCount, now });
  const photoDir = join(dir, 'uploads');
  mkdirSync(photoDir);
  const sizes = [
    [1280, 960],
    [1280, 853],
    [960, 1280],
    [1024, 768],
    [800, 600],
    [1280, 720],
  ];
  const samples = await Promise.all(sizes.map(([w, h]) => photoOf('jpeg', w, h)));
  for (const [i, name] of names.entries()) writeFileSync(join(photoDir, name), samples[i % samples.length]);
  const photoBytes = names.reduce((n, _, i) => n + samples[i % samples.length].length, 0);

  ensureDevVars();
  const migrated = spawnSync(
    join(root, 'node_modules', '.bin', 'wrangler'),
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', join(dir, 'state')],
    { cwd: root, env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' }, encoding: 'utf8' },
  );
  if (migrated.status !== 0) throw new Error(`migrations failed:\n${migrated.stdout}${migrated.stderr}`);
  const wrangler = startWrangler('ignore', [
    '--persist-to',
    join(dir, 'state'),
    '--inspector-port',
    String(port + 1),
  ]);
  /** @type {ReturnType<typeof spawn> | null} */
  let child = null;
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`the site did not answer on ${site}`);
      try {
        if ((await fetch(`${site}/favicon.svg`)).ok) break;
      } catch {}
      await sleep(300);
    }
    // wrangler dev runs two workerd processes: its proxy on the site's port and the Worker itself.
    const workerds = descendants(/** @type {number} */ (wrangler.pid))
      .filter((p) => p.comm === 'workerd')
      .map((p) => p.pid);
    if (!workerds.length) throw new Error('no workerd process under wrangler');
    // At rest: the site answering, nothing imported yet.
    await fetch(`${site}/`);
    await sleep(1000);
    const rest = new Map(workerds.map((pid) => [pid, usage(pid)]));
    const isolate = await isolateSampler(port + 1, log);

    const started = Date.now();
    const args = [
      join(root, 'src/tools/import.mjs'),
      '--dump',
      dump,
      '--photos',
      photoDir,
      '--site',
      site,
      '--report',
      join(dir, 'report.md'),
      '--now',
      new Date(now).toISOString(),
    ];
    const concurrency = opts.concurrency ?? process.env.IMPORT_CONCURRENCY;
    if (concurrency) args.push('--concurrency', concurrency);
    const pipeline = opts.pipeline ?? process.env.IMPORT_PIPELINE;
    if (pipeline) args.push('--pipeline', pipeline);
    child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: root });
    const importer = /** @type {number} */ (child.pid);

    /** CPU at the start and end of the photo phase, of both processes. */
    const marks =
      /** @type {Record<string, { at: number, workerd: Map<number, any>, importer: any }>} */ ({});
    const mark = (name) => {
      if (!marks[name])
        marks[name] = {
          at: Date.now(),
          workerd: new Map(workerds.map((pid) => [pid, usage(pid)])),
          importer: usage(importer),
        };
    };
    let importerPeak = 0;
    const workerdPeak = new Map(workerds.map((pid) => [pid, rest.get(pid)?.rssMb ?? 0]));
    const sample = () => {
      for (const pid of workerds) {
        const w = usage(pid);
        if (w) workerdPeak.set(pid, Math.max(workerdPeak.get(pid) ?? 0, w.rssMb));
      }
      const i = usage(importer);
      if (i) importerPeak = Math.max(importerPeak, i.hwmMb);
    };
    const sampler = setInterval(sample, 100);
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
      const phases = [...String(d).matchAll(/\[import\] (\w+): 0\//g)];
      if (phases.length) isolate?.phase(phases[phases.length - 1][1]);
      for (const phase of ['ads', 'photos']) {
        if (new RegExp(`\\[import\\] ${phase}: 0/`).test(err)) mark(`${phase}Start`);
        if (new RegExp(`\\[import\\] ${phase}: (\\d+)/\\1 `).test(err)) mark(`${phase}End`);
      }
      const lines = String(d).trim().split('\n');
      for (const line of lines)
        if (/\] (read|people|ads|photos|done)/.test(line) && /100%|read|done/.test(line)) log(line.trim());
    });
    const code = await new Promise((r) => child?.on('exit', r));
    clearInterval(sampler);
    const heap = (await isolate?.stop()) ?? null;
    const totalSeconds = (Date.now() - started) / 1000;
    if (code !== 0) throw new Error(`the importer failed (${code}):\n${err.slice(-3000)}`);
    // The runbook's "daily job once" after the import: its time over the imported ads.
    let dailyJobSeconds = null;
    try {
      const t0 = Date.now();
      const daily = await fetch(`${site}/__scheduled?cron=17+3+*+*+*`, {
        signal: AbortSignal.timeout(300_000),
      });
      await daily.text();
      if (daily.ok) dailyJobSeconds = round((Date.now() - t0) / 1000);
    } catch {}
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    const phase = (name) => Number(new RegExp(`\\| ${name} \\| ([\\d.]+) \\|`).exec(report)?.[1] ?? 0);
    const written = Number(/Written (\d+), already there/.exec(report)?.[1] ?? 0);
    const rowsSeconds = phase('read') + phase('people') + phase('ads') + phase('spelling');
    const photosSeconds = phase('photos');
    const photosPerSecond = written / photosSeconds;
    const s = marks.photosStart;
    const e = marks.photosEnd;
    const spent = (a, b) => (a && b ? b.cpuMs - a.cpuMs : 0);
    // The Worker's process is the workerd that worked hardest during the photos.
    const byWork = workerds
      .map((pid) => ({ pid, cpuMs: spent(s?.workerd.get(pid), e?.workerd.get(pid)) }))
      .sort((a, b) => b.cpuMs - a.cpuMs);
    const worker = byWork[0].pid;
    const restOf = (pid) => rest.get(pid)?.rssMb ?? 0;
    const perPhoto = (ms) => (written ? round(ms / written, 0) : null);
    const adsCpu = (who) => {
      const a = marks.adsStart;
      const b = marks.adsEnd;
      if (!a || !b) return null;
      if (who === 'importer') return round(spent(a.importer, b.importer) / 1000);
      return round(spent(a.workerd.get(who), b.workerd.get(who)) / 1000);
    };
    const figures = {
      ads,
      people,
      photos: photoCount,
      photosWritten: written,
      photoMegabytes: round(photoBytes / 2 ** 20),
      pipeline: /pipeline: (\w+)/.exec(err)?.[1] ?? pipeline ?? 'default',
      totalSeconds: round(totalSeconds),
      rowsSeconds: round(rowsSeconds),
      rowPhases: {
        read: phase('read'),
        people: phase('people'),
        ads: phase('ads'),
        spelling: phase('spelling'),
      },
      adsCpuSeconds: {
        importer: adsCpu('importer'),
        worker: adsCpu(worker),
        proxy: byWork.slice(1).reduce((n, w) => n + (adsCpu(w.pid) ?? 0), 0),
      },
      photosSeconds,
      photosPerSecond: round(photosPerSecond, 2),
      cpuMsPerPhoto: {
        importer: perPhoto(spent(s?.importer, e?.importer)),
        worker: perPhoto(byWork[0].cpuMs),
        proxy: perPhoto(byWork.slice(1).reduce((n, w) => n + w.cpuMs, 0)),
      },
      importerPeakMB: Math.round(importerPeak),
      workerd: {
        restMB: Math.round(restOf(worker)),
        peakMB: Math.round(workerdPeak.get(worker) ?? 0),
        peakAboveRestMB: Math.round((workerdPeak.get(worker) ?? 0) - restOf(worker)),
        proxyPeakMB: Math.round(Math.max(0, ...byWork.slice(1).map((w) => workerdPeak.get(w.pid) ?? 0))),
      },
      dailyJobSeconds,
      isolate: heap,
      hoursFor60000Photos: round(60000 / photosPerSecond / 3600, 2),
      loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    };
    const targets = [
      {
        target: `rows of ${ads} ads under 2 minutes`,
        value: `${figures.rowsSeconds} s`,
        pass: rowsSeconds < 120,
      },
      {
        target: 'photos at least 5 a second',
        value: `${figures.photosPerSecond}/s`,
        pass: photosPerSecond >= 5,
      },
      {
        target: 'Worker heap < 128 MB (isolate: JS heap + ArrayBuffers + codec wasm memories, peak)',
        value: heap
          ? `${heap.peakMB} MB (reachable after a full GC ${heap.reachable.peakMB} MB: JS heap + ArrayBuffers ${heap.reachable.heapAndBackingMB} MB, codec wasm ${heap.reachable.wasmMB} MB; + the largest codec memory ${heap.wasm.largestMB} MB in flight; without forced GC: heap ${heap.peakHeapAndBackingMB} MB, wasm not yet collected ${heap.wasm.notYetCollectedPeakMB} MB)`
          : 'no inspector',
        pass: !!heap && heap.reachable.samples > 0 && heap.wasm.counted && heap.peakMB < 128,
      },
    ];
    return { ...figures, targets };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    wrangler.kill('SIGINT');
    await new Promise((r) => {
      const t = setTimeout(() => {
        wrangler.kill('SIGKILL');
        r(undefined);
      }, 10_000);
      wrangler.once('exit', () => {
        clearTimeout(t);
        r(undefined);
      });
    });
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [ads, photos] = process.argv.slice(2).map(Number);
  const out = await benchImport({ ads: ads || undefined, photos: photos || undefined });
  console.log(JSON.stringify(out, null, 2));
}
