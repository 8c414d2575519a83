// @ts-check
// The backup bench for `npm run bench` (docs/operations.md#backups): runs test/bench/backup.bench.test.ts
// in workerd (its own vitest config) and reads its `BACKUP_BENCH {...}` line: 20 000 ads and 60 000
// photo rows backed up (the tables job: one invocation), one photo part of 400 originals copied
// (one invocation; the 150 parts of 60 000 photos are extrapolated from it), the posts table read back
// and restored 200 rows a call (one call = one request of `npm run restore`), and 400 photo originals
// of 200 KB restored one call each (extrapolated to 60 000).
//
// CPU and memory per invocation: while the run goes, this process samples every workerd process under
// it from /proc (utime+stime, VmRSS) every 100 ms; the test prints each step's wall-clock bounds, and
// the CPU workerd spent between them is the step's CPU time (one step runs at a time, nothing else
// runs in that workerd; D1 and R2 are served by the same workerd process locally, so their CPU is
// included: an upper bound of the Worker's own CPU). Memory: workerd's resident growth during the step
// over its resident size when the step began, an upper bound of the isolate heap the step adds (the
// isolate heap itself is not exposed to the test: no inspector on the vitest pool's workerd).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../e2e/server.mjs';

const WORKER_MEMORY_MB = 128;
/** CPU per queue invocation by default (configurable up to 5 min with limits.cpu_ms). */
const QUEUE_CPU_MS = 30_000;
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** @returns {Map<number, { ppid: number, comm: string, ticks: number }>} */
function processes() {
  const out = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const f = stat.slice(close + 2).split(' ');
      out.set(Number(d), { ppid: Number(f[1]), comm, ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone
    }
  }
  return out;
}

/** workerd processes descending from `pid`: their summed CPU ticks and resident kB. */
function workerdUnder(pid) {
  const all = processes();
  let ticks = 0;
  let rssKb = 0;
  for (const [p, info] of all) {
    if (!/workerd/.test(info.comm)) continue;
    let up = info.ppid;
    for (let i = 0; i < 20 && up > 1 && up !== pid; i++) up = all.get(up)?.ppid ?? 0;
    if (up !== pid) continue;
    ticks += info.ticks;
    try {
      rssKb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return { ticks, rssKb };
}

/**
 * @param {{ t: number, ticks: number, rssKb: number }[]} samples
 * @param {[number, number]} span
 */
function during(samples, [from, to]) {
  const before = samples.filter((s) => s.t <= from).at(-1) ?? samples[0];
  const after = samples.find((s) => s.t >= to) ?? samples.at(-1);
  const inside = samples.filter((s) => s.t >= before.t && s.t <= after.t);
  const peak = Math.max(...inside.map((s) => s.rssKb));
  return {
    wallMs: to - from,
    cpuMs: (after.ticks - before.ticks) * TICK_MS,
    rssAtStartMb: Math.round(before.rssKb / 1024),
    rssGrowthMb: Math.round(Math.max(0, peak - before.rssKb) / 1024),
  };
}

export async function benchBackup() {
  /** @type {{ t: number, ticks: number, rssKb: number }[]} */
  const samples = [];
  const child = spawn(
    '/usr/bin/time',
    [
      '-f',
      'MAXRSS_KB %M',
      join(root, 'node_modules', '.bin', 'vitest'),
      'run',
      '-c',
      'test/bench/backup.vitest.config.ts',
    ],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  child.stderr.on('data', (c) => {
    out += c;
  });
  const timer = setInterval(() => {
    if (child.pid) samples.push({ t: Date.now(), ...workerdUnder(child.pid) });
  }, 100);
  const killer = setTimeout(() => child.kill('SIGTERM'), 1_800_000);
  await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(timer);
  clearTimeout(killer);
  const line = /BACKUP_BENCH (\{.*\})/.exec(out)?.[1];
  if (!line) return { error: out.slice(-1500) };
  const r = JSON.parse(line);
  const maxRssMb = Number(/MAXRSS_KB (\d+)/.exec(out)?.[1] ?? 0) / 1024;
  /** @type {Record<string, ReturnType<typeof during>>} */
  const perStep = {};
  for (const [step, span] of Object.entries(r.steps ?? {})) perStep[step] = during(samples, span);
  const restoreCall = perStep.restorePosts && {
    wallMs: Math.round(perStep.restorePosts.wallMs / r.restoreCallsOf200),
    cpuMs: Math.round(perStep.restorePosts.cpuMs / r.restoreCallsOf200),
  };
  const restorePhotoCall = perStep.restorePhotos && {
    wallMs: Math.round((perStep.restorePhotos.wallMs / r.restorePhotoCalls) * 10) / 10,
    cpuMs: Math.round((perStep.restorePhotos.cpuMs / r.restorePhotoCalls) * 10) / 10,
  };
  const { steps: _steps, ...figures } = r;
  return {
    ...figures,
    photosExtrapolatedMs: r.photoPartMs * r.photoParts,
    restorePhotosExtrapolatedMs: Math.round((r.restorePhotosMs / r.restorePhotoCalls) * r.photos),
    perInvocation: { ...perStep, restoreCallOf200: restoreCall, restorePhotoCall },
    measuredHow:
      'wall from Date.now() in workerd; CPU = workerd process utime+stime (/proc, 10 ms ticks) between the bounds, D1/R2 included; memory = workerd resident growth during the step (upper bound of the isolate heap)',
    maxRssMbWholeRun: Math.round(maxRssMb),
    targets: [
      {
        target: `tables job (one invocation): CPU under ${QUEUE_CPU_MS / 1000} s (a queue invocation's default CPU limit)`,
        value: `${perStep.tablesJob?.cpuMs ?? '?'} ms CPU, ${r.tablesJobMs} ms wall`,
        pass: (perStep.tablesJob?.cpuMs ?? Number.POSITIVE_INFINITY) < QUEUE_CPU_MS,
      },
      {
        target: `one photo part (400 originals, ~800 subrequests): CPU under ${QUEUE_CPU_MS / 1000} s`,
        value: `${perStep.photoPart?.cpuMs ?? '?'} ms CPU, ${r.photoPartMs} ms wall`,
        pass: (perStep.photoPart?.cpuMs ?? Number.POSITIVE_INFINITY) < QUEUE_CPU_MS,
      },
      {
        target: "one restore call (200 rows): CPU under 30 s (a request's default CPU limit)",
        value: `${restoreCall?.cpuMs ?? '?'} ms CPU, ${restoreCall?.wallMs ?? '?'} ms wall`,
        pass: (restoreCall?.cpuMs ?? Number.POSITIVE_INFINITY) < 30_000,
      },
      {
        target: `one photo restore call (a ${Math.round(r.restorePhotoBytes / 1024)} KB original checked and stored): CPU under 30 s`,
        value: `${restorePhotoCall?.cpuMs ?? '?'} ms CPU, ${restorePhotoCall?.wallMs ?? '?'} ms wall`,
        pass: (restorePhotoCall?.cpuMs ?? Number.POSITIVE_INFINITY) < 30_000,
      },
      {
        target: `tables job: memory growth well under the ${WORKER_MEMORY_MB} MB of an isolate`,
        value: `${perStep.tablesJob?.rssGrowthMb ?? '?'} MB resident growth; gzip NDJSON ${(r.tablesGzipBytes / 2 ** 20).toFixed(1)} MB`,
        pass: (perStep.tablesJob?.rssGrowthMb ?? Number.POSITIVE_INFINITY) < WORKER_MEMORY_MB / 2,
      },
      {
        target: `photo part, rows and photos restore: workerd's growth (local R2 and D1 included) under the ${WORKER_MEMORY_MB} MB of an isolate`,
        value: `${perStep.photoPart?.rssGrowthMb ?? '?'} MB / ${perStep.restorePosts?.rssGrowthMb ?? '?'} MB / ${perStep.restorePhotos?.rssGrowthMb ?? '?'} MB`,
        pass:
          (perStep.photoPart?.rssGrowthMb ?? Number.POSITIVE_INFINITY) < WORKER_MEMORY_MB &&
          (perStep.restorePosts?.rssGrowthMb ?? Number.POSITIVE_INFINITY) < WORKER_MEMORY_MB &&
          (perStep.restorePhotos?.rssGrowthMb ?? Number.POSITIVE_INFINITY) < WORKER_MEMORY_MB,
      },
    ],
  };
}

// `node test/bench/backup.mjs`: this bench alone.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  console.log(JSON.stringify(await benchBackup(), null, 2));
}
