// @ts-check
// The backup bench for `npm run bench` (docs/operations.md#backups): runs test/bench/backup.bench.test.ts
// in workerd (its own vitest config) and reads its `BACKUP_BENCH {...}` line: 20 000 ads and 60 000
// photo rows backed up (the tables job: one invocation), one photo part of 400 originals copied
// (measured; the 150 parts of 60 000 photos are extrapolated from it), the posts table read back and
// restored 200 rows a call. Also the peak resident memory of the whole vitest+workerd run, an upper
// bound of one invocation's (workerd holds the test runner too). Wall times in workerd advance only
// across I/O, so they bound the CPU time of each step from above.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../e2e/server.mjs';

const WORKER_MEMORY_MB = 128;

export async function benchBackup() {
  const run = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      'MAXRSS_KB %M',
      join(root, 'node_modules', '.bin', 'vitest'),
      'run',
      '-c',
      'test/bench/backup.vitest.config.ts',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      timeout: 1_800_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const out = `${run.stdout}\n${run.stderr}`;
  const line = /BACKUP_BENCH (\{.*\})/.exec(out)?.[1];
  if (!line) return { error: out.slice(-1500) };
  const r = JSON.parse(line);
  const maxRssMb = Number(/MAXRSS_KB (\d+)/.exec(out)?.[1] ?? 0) / 1024;
  return {
    ...r,
    photosExtrapolatedMs: r.photoPartMs * r.photoParts,
    maxRssMbWholeRun: Math.round(maxRssMb),
    targets: [
      {
        target:
          'tables job (one invocation) under 30 s wall (a queue invocation may use up to 15 min wall, 30 s CPU by default)',
        value: `${r.tablesJobMs} ms`,
        pass: r.tablesJobMs < 30_000,
      },
      {
        target: 'one photo part (400 originals, ~800 subrequests) under 30 s wall',
        value: `${r.photoPartMs} ms`,
        pass: r.photoPartMs < 30_000,
      },
      {
        target: `gzip NDJSON of every table well under the ${WORKER_MEMORY_MB} MB of an invocation`,
        value: `${(r.tablesGzipBytes / 2 ** 20).toFixed(1)} MB`,
        pass: r.tablesGzipBytes < 32 * 2 ** 20,
      },
    ],
  };
}
