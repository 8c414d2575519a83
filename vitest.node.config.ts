import { defineConfig } from 'vitest/config';

// Tests of pure code and of the source itself, under plain Node: no Worker to load, so a file costs
// milliseconds instead of the ~2 s each workerd test file spends loading the app.
export default defineConfig({
  test: {
    include: ['test/conventions/**/*.test.ts', 'test/node/**/*.test.ts'],
  },
});
