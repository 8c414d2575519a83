// The backup benchmark runs in workerd like the tests, but only when asked:
// `npx vitest run -c test/bench/backup.vitest.config.ts` (BENCH_ADS, BENCH_PHOTOS; defaults 20 000 / 60 000).
import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config';

export default mergeConfig(
  base,
  defineConfig({
    test: { include: ['test/bench/backup.bench.test.ts'], exclude: [], testTimeout: 1_800_000 },
  }),
);
