// The backup benchmark runs in workerd like the tests, but only when asked:
// `npx vitest run -c test/bench/backup.vitest.config.ts`. Only this one file (mergeConfig would
// append to the suite's include list, so the test section is replaced instead).
import { defineConfig } from 'vitest/config';
import base from '../../vitest.config';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/bench/backup.bench.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 1_800_000,
  },
});
