// @ts-check
// The backup rehearsal (docs/operations.md#restore): the seeded site makes its nightly backup (its
// jobs started by hand), an operator downloads it from /moderare/stare in the browser, a second
// site started empty (`npm start -- --empty`, its own port and state) restores it with
// `npm run restore -- --file … --site …`, and the same ad pages, listings, searches and photos answer
// on both. Screenshots of /moderare/stare at 390 and 1280 px.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminTokenFor } from '../../src/tools/lib/site-client.mjs';
import { assert, DESKTOP, go, hrefs, openPage, operatorEmail, PHONE, screenshot, signIn } from './lib.mjs';
import { keepAwake, root, sleep, startSite } from './server.mjs';

const AD_HREF = /^\/anunt\/[^?#]+-\d+$/;
/** Each request of the journey's own polling: long enough for a busy site, short enough to retry. */
const POLL_TIMEOUT_MS = 15_000;
const DOWNLOAD_HREF = /^\/moderare\/stare\/copii\/[^/]+$/;

/**
 * Runs `npm run restore -- …` as an operator would; its exit code and output.
 * @param {string[]} args
 * @returns {Promise<{ code: number | null, out: string }>}
 */
function npmRestore(args) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'restore', '--', ...args], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/**
 * What a visitor sees of one ad page that must be the same on both sites (not its view count nor
 * its relative dates): title, fields, description, price, author, photo addresses.
 * @param {import('playwright-core').Page} page
 */
async function adFacts(page) {
  return page.evaluate(() => {
    const text = (/** @type {string} */ sel) =>
      (document.querySelector(sel)?.textContent ?? '').replace(/\s+/g, ' ').trim();
    return {
      title: text('.ad__title'),
      fields: text('.ad__fields'),
      description: text('.ad__description'),
      price: text('.ad__price'),
      author: text('.author-card__name'),
      photos: [...document.querySelectorAll('main img')]
        .map((img) => img.getAttribute('src') ?? '')
        .filter((src) => src.startsWith('/')),
    };
  });
}

/**
 * The ad addresses a listing or search page shows, in order.
 * @param {import('playwright-core').Page} page
 * @param {string} url
 */
async function adsOn(page, url) {
  await go(page, url, { status: 200 });
  return hrefs(page, AD_HREF);
}

/** @param {string} a @param {string} b @param {string} path */
async function sameBytes(a, b, path) {
  const [x, y] = await Promise.all([fetch(a + path), fetch(b + path)]);
  assert(x.status === 200, `${path} answers ${x.status} on the backed-up site`);
  assert(y.status === 200, `${path} answers ${y.status} on the restored site`);
  const [bx, by] = await Promise.all([x.arrayBuffer(), y.arrayBuffer()]);
  assert(
    Buffer.from(bx).equals(Buffer.from(by)),
    `${path} differs: ${bx.byteLength} bytes on the backed-up site, ${by.byteLength} on the restored one`,
  );
  return bx.byteLength;
}

/** @type {import('./lib.mjs').Journey[]} */
export const backupJourneys = [
  {
    name: 'backup rehearsal: the nightly backup → an operator downloads it → an empty second site restores it → the same ads, listings, searches and photos',
    timeoutMs: 300_000,
    async run({ browser, base }) {
      const restorePort = Number(process.env.E2E_RESTORE_PORT ?? Number(new URL(base).port) + 1);
      const began = Date.now();
      const phase = (/** @type {string} */ what) =>
        console.log(`    ${((Date.now() - began) / 1000).toFixed(1)} s: ${what}`);
      const stopKeepingAwake = keepAwake([base, `http://127.0.0.1:${restorePort}`]);
      const dir = mkdtempSync(join(tmpdir(), 'eradauti-rehearsal-'));
      /** @type {Awaited<ReturnType<typeof startSite>> | null} */
      let site2 = null;
      // The second site, empty like `npm start -- --empty`, on its own port and with its own state:
      // started now, so it migrates while the first one makes its backup.
      const starting = startSite({ port: restorePort, label: 'restore', empty: true }).then((s) => {
        site2 = s;
        return s;
      });
      starting.catch(() => {});
      const operator = await openPage(browser, { viewport: PHONE });
      // Two busy local sites on a shared machine: pages may take longer than the usual 30 s.
      operator.context.setDefaultNavigationTimeout(60_000);
      try {
        const { page } = operator;
        await signIn(page, base, await operatorEmail(page, base));
        await go(page, `${base}/moderare/stare`, { status: 200 });
        const before = new Set(await hrefs(page, DOWNLOAD_HREF));

        // The nightly backup's jobs, started as the daily job starts them (`startBackup`), through the
        // admin route; the daily cron itself is run by the mail journeys (docs/operations.md#rehearsed-by-the-tests).
        const admin = { authorization: `Bearer ${adminTokenFor(base)}` };
        const listed = async () => {
          const res = await fetch(`${base}/__admin/backups`, {
            headers: admin,
            signal: AbortSignal.timeout(POLL_TIMEOUT_MS),
          });
          const body = /** @type {{ backups: { name: string }[] }} */ (await res.json());
          return body.backups.map((b) => b.name);
        };
        const known = new Set(await listed());
        const started = await fetch(`${base}/__admin/backups`, { method: 'POST', headers: admin });
        assert(started.ok, `POST /__admin/backups answered ${started.status}`);
        // Finished when the admin listing (finished backups only: those with a manifest) has it.
        let startedName = '';
        const backupStarted = Date.now();
        while (!startedName && Date.now() - backupStarted < 120_000) {
          startedName = (await listed().catch(() => [])).find((n) => !known.has(n)) ?? '';
          if (!startedName) await sleep(500);
        }
        phase(`the backup finished (${((Date.now() - backupStarted) / 1000).toFixed(1)} s after it started)`);
        assert(startedName, 'the backup was not complete within two minutes');
        await go(page, `${base}/moderare/stare`, { status: 200 });
        const download = (await hrefs(page, DOWNLOAD_HREF)).find((h) => !before.has(h));
        assert(download, `backup ${startedName} is not on /moderare/stare although the admin listing has it`);
        const name = decodeURIComponent(/** @type {string} */ (download).split('/').pop() ?? '');
        const row = page
          .locator('table.status-backups tr')
          .filter({ has: page.locator(`a[href="${download}"]`) });
        const rowText = (await row.innerText()).replace(/\s+/g, ' ');
        assert(/\d+ (de )?anunțuri|1 anunț/.test(rowText), `the backup's row names no ads: ${rowText}`);
        assert(/fotografi/.test(rowText), `the backup's row names no photos: ${rowText}`);

        await screenshot(page, 'phone-moderare-stare');
        const wide = await openPage(browser, { viewport: DESKTOP });
        try {
          await wide.context.addCookies(await operator.context.cookies(base));
          await go(wide.page, `${base}/moderare/stare`, { status: 200 });
          await screenshot(wide.page, 'desktop-moderare-stare');
        } finally {
          await wide.context.close();
        }

        // The operator downloads it: a streamed attachment, the file the restore reads.
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.locator(`a[href="${download}"]`).click(),
        ]);
        const path = join(dir, file.suggestedFilename());
        await file.saveAs(path);
        assert(
          file.suggestedFilename() === `eradauti-${name}.backup`,
          `the download is named ${file.suggestedFilename()}`,
        );
        // Nobody else may: a visitor without a session is refused.
        const anonymous = await fetch(`${base}${download}`, { redirect: 'manual' });
        assert(anonymous.status !== 200, 'the backup downloads without signing in');

        phase('downloaded');
        site2 = await starting;
        phase('the empty second site is up');
        const visitor = await openPage(browser, { viewport: DESKTOP });
        visitor.context.setDefaultNavigationTimeout(60_000);
        // The pages are compared without their images: the restored site has only the originals and
        // would make every thumbnail again on demand, minutes of photo encoding on a busy machine.
        // The photos themselves are compared byte for byte below (sameBytes).
        await visitor.context.route('**/*', (route) =>
          route.request().resourceType() === 'image' ? route.abort() : route.continue(),
        );
        try {
          // With a query string: the edge page cache neither answers nor keeps it, so the home
          // page compared after the restore is not this empty one kept for PAGE_CACHE_SECONDS.
          const emptyHome = await adsOn(visitor.page, `${site2.base}/?inainte-de-restaurare`);
          assert(emptyHome.length === 0, `the empty site already lists ${emptyHome.length} ads`);

          phase('restoring');
          const restored = await npmRestore(['--file', path, '--site', site2.base]);
          assert(
            restored.code === 0,
            `npm run restore failed (${restored.code}):\n${restored.out.slice(-1500)}`,
          );
          assert(
            /restaurare terminată/.test(restored.out),
            `the restore did not say it finished:\n${restored.out}`,
          );
          // A second restore into the now full site is refused and writes nothing.
          const again = await npmRestore(['--file', path, '--site', site2.base]);
          assert(again.code !== 0, 'a second restore into the restored site was not refused');
          assert(/restore: /.test(again.out), `the refusal says nothing clear:\n${again.out.slice(-800)}`);

          phase('restored and a second restore refused');
          // Listings: the home page, every category on it, the whole list.
          const { page: v } = visitor;
          const home1 = await adsOn(v, `${base}/`);
          const home2 = await adsOn(v, `${site2.base}/`);
          assert(home1.length > 0, 'the seeded home page lists no ads');
          assert(
            JSON.stringify(home1) === JSON.stringify(home2),
            `the home pages list different ads:\n  ${home1.join(' ')}\n  ${home2.join(' ')}`,
          );
          await go(v, `${base}/`, { status: 200 });
          const categories = (await hrefs(v, /^\/anunturi\/[a-z-]+$/)).slice(0, 3);
          const listings = ['/anunturi', ...categories];
          /** @type {Set<string>} */
          const ads = new Set(home1);
          for (const listing of listings) {
            const a = await adsOn(v, `${base}${listing}`);
            const b = await adsOn(v, `${site2.base}${listing}`);
            assert(
              JSON.stringify(a) === JSON.stringify(b),
              `${listing} lists different ads on the two sites:\n  ${a.join(' ')}\n  ${b.join(' ')}`,
            );
            for (const h of a) ads.add(h);
          }

          phase('listings compared');
          // Ad pages and their photos.
          let photoBytes = 0;
          let photos = 0;
          const checked = [...ads].slice(0, 10);
          /** @type {string[]} */
          const words = [];
          for (const ad of checked) {
            await go(v, `${base}${ad}`, { status: 200 });
            const one = await adFacts(v);
            await go(v, `${site2.base}${ad}`, { status: 200 });
            const two = await adFacts(v);
            assert(one.title, `${ad} shows no title`);
            assert(
              JSON.stringify(one) === JSON.stringify(two),
              `${ad} differs:\n  ${JSON.stringify(one).slice(0, 400)}\n  ${JSON.stringify(two).slice(0, 400)}`,
            );
            for (const src of one.photos.slice(0, 1)) {
              photoBytes += await sameBytes(base, site2.base, src);
              photos++;
            }
            const word = one.title
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, '')
              .toLowerCase()
              .split(/[^a-z]+/)
              .find((w) => w.length >= 5);
            if (word && !words.includes(word)) words.push(word);
          }
          assert(photos > 0, 'none of the ads compared shows a photo');

          phase('ad pages and photos compared');
          // Searches: words of the titles (the restore rebuilt the search index).
          for (const word of words.slice(0, 4)) {
            const a = await adsOn(v, `${base}/cautare?q=${encodeURIComponent(word)}`);
            const b = await adsOn(v, `${site2.base}/cautare?q=${encodeURIComponent(word)}`);
            assert(a.length > 0, `searching "${word}" finds nothing on the backed-up site`);
            assert(JSON.stringify(a) === JSON.stringify(b), `searching "${word}" differs on the two sites`);
          }
          console.log(
            `    rehearsed ${name}: ${listings.length + 1} listings, ${checked.length} ad pages, ${photos} photos (${photoBytes} bytes), ${Math.min(words.length, 4)} searches the same on both sites`,
          );
        } finally {
          await visitor.context.close();
        }
      } finally {
        await operator.context.close();
        await stopKeepingAwake();
        await (site2 ?? (await starting.catch(() => null)))?.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
];
