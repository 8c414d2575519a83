import { defineConfig } from 'vitest/config';

// Tests of pure code and of the source itself, under plain Node: no Worker to load, so a file costs
// milliseconds instead of the ~2 s each workerd test file spends loading the app. Where a test goes:
// pure code (src/lib and anything else with no I/O and no bindings) in test/node/<area>/, run here;
// anything that needs env, D1, R2, the app or the fixtures in test/<feature>/, run in workerd
// (docs/testing.md#where-a-test-goes).
export default defineConfig({
  test: {
    include: ['test/conventions/**/*.test.ts', 'test/node/**/*.test.ts'],
    // The same budget as the workerd suite: the fast-check properties run long on a busy machine.
    testTimeout: 30_000,
  },
});
