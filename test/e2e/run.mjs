// @ts-check
// `npm run test:e2e`: the browser journeys in Debian's chromium driven by playwright-core,
// against the site started on its own port with fresh local state and the demo seed. Screenshots of the
// main pages at 390 and 1280 px go to test/e2e/screenshots/ (ignored by git).
// Exits non-zero on any failure; the last line is `N passed, N failed`.
//
// Environment: PORT (default 8801; the backup rehearsal's second site takes PORT + 1, or E2E_RESTORE_PORT), E2E_ONLY (a substring of journey names, or several joined by `|`),
// E2E_SCREENSHOTS=0 to skip them.
import { chromium } from 'playwright-core';
import { backupJourneys } from './backup-journeys.mjs';
import { journeys, takeScreenshots } from './journeys.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH, keepAwake, startSite } from './server.mjs';

const port = Number(process.env.PORT ?? 8801);
const only = process.env.E2E_ONLY;
const JOURNEY_TIMEOUT_MS = 120_000;

let passed = 0;
let failed = 0;
let site;
let browser;
/** @type {(() => Promise<void>) | undefined} */
let stopKeepingAwake;

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

try {
  const started = Date.now();
  site = await startSite({ port, label: 'e2e' });
  console.log(`site up on ${site.base} with fresh state in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Background work the journeys start (the daily cron's mails and backup) must not leave a
  // journey's request held by wrangler dev (see keepAwake).
  stopKeepingAwake = keepAwake([site.base]);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const state = {};
  // The backup rehearsal last: it starts a second site (on PORT + 1, or E2E_RESTORE_PORT) and
  // restores the first one's backup into it (docs/operations.md#rehearsed-by-the-tests).
  for (const journey of [...journeys, ...backupJourneys]) {
    if (only && !only.split('|').some((part) => journey.name.includes(part))) continue;
    const t = Date.now();
    if (journey.needs && !state[journey.needs]) {
      failed++;
      console.log(`✗ ${journey.name}\n    not run: it needs the ad published by the publishing journey`);
      continue;
    }
    try {
      await withTimeout(
        journey.run({ browser, base: site.base, state, stateDir: site.stateDir }),
        journey.timeoutMs ?? JOURNEY_TIMEOUT_MS,
        journey.name,
      );
      passed++;
      console.log(`✓ ${journey.name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    } catch (/** @type {any} */ err) {
      failed++;
      const down = !(await site.alive());
      const lines = (
        down
          ? `the site stopped answering; wrangler said:\n${site.logs().slice(-1500)}`
          : String(err.message ?? err)
      ).split('\n');
      const shown = lines
        .slice(0, 12)
        .concat(lines.length > 12 ? [`… (${lines.length - 12} more lines)`] : []);
      console.log(
        `✗ ${journey.name} (${((Date.now() - t) / 1000).toFixed(1)} s)\n    ${shown.join('\n    ')}`,
      );
    }
  }
  if (process.env.E2E_SCREENSHOTS !== '0' && !only) {
    try {
      const files = await withTimeout(
        takeScreenshots({ browser, base: site.base, state }),
        240_000,
        'screenshots',
      );
      passed++;
      console.log(`✓ screenshots: ${files.length} pages written to test/e2e/screenshots/`);
    } catch (/** @type {any} */ err) {
      failed++;
      console.log(`✗ screenshots\n    ${err.message}`);
    }
  }
} catch (/** @type {any} */ err) {
  failed++;
  console.log(`✗ the run could not start: ${err.stack ?? err}`);
} finally {
  await stopKeepingAwake?.();
  await browser?.close().catch(() => {});
  await site?.stop().catch(() => {});
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
