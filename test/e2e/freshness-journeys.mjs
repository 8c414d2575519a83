// @ts-check
// Browser journeys for freshness: the person who acted never sees a page older than their action
// (even with the prefetcher running), and two editor tabs on one ad end on a conflict page that
// loses nothing.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assert,
  clickAndWait,
  go,
  makeJpegs,
  openPage,
  PHONE,
  screenshot,
  sidewaysOverflow,
  signIn,
  submitAndWait,
} from './lib.mjs';

const SOLD_BANNER = /marcat ca v[âa]ndut [șş]i nu mai este activ/i;

function editorForm(page) {
  return page
    .locator('main form')
    .filter({ has: page.locator('[name=title]') })
    .first();
}

/** Publishes an ad through the editor (Imobiliare › Apartamente) and returns its id and path. */
async function publish(page, base, title) {
  await go(page, `${base}/posts/new`, { status: 200 });
  const form = editorForm(page);
  await form.locator('select[name=category]').selectOption('101');
  await form.locator('[name=title]').fill(title);
  await form
    .locator('[name=description]')
    .fill('Apartament luminos, etaj intermediar, renovat, aproape de centru și de școală.');
  await form.locator('[name=price]').fill('48000');
  await form.locator('select[name=currency]').selectOption('EUR');
  await form.locator('[name=phone]').fill('0744 123 456');
  const res = await submitAndWait(page, form.locator('button[type=submit]').last());
  assert(res && res.status() === 200, `publishing answered ${res?.status()}`);
  const path = new URL(page.url()).pathname;
  const id = Number(path.match(/-(\d+)$/)?.[1]);
  assert(id > 0, `publishing did not land on an ad page (${page.url()})`);
  return { id, path };
}

/** @type {import('./lib.mjs').Journey[]} */
export const freshnessJourneys = [
  {
    name: 'fresh: mark sold → the owner’s next view shows it sold, with the prefetcher running',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await signIn(page, base, `proaspat.${Date.now()}@example.ro`, 'Petra Proaspătă');
        const ad = await publish(page, base, 'Apartament 2 camere, vândut curând');
        // The owner's pages are private: no shared cache keeps them, the browser asks each time.
        const own = await go(page, `${base}${ad.path}`, { status: 200 });
        const cacheControl = own.headers()['cache-control'] ?? '';
        assert(!/public/.test(cacheControl), `the owner's ad page is sent as ${cacheControl}`);
        assert(!SOLD_BANNER.test(await page.locator('main').innerText()), 'the new ad already says sold');
        // "Anunțurile mele" links to the ad: let the prefetcher see the link (idle, hovered, scrolled).
        await go(page, `${base}/posts/mine`, { status: 200 });
        const link = page.locator(`main a[href="${ad.path}"]`).first();
        assert((await link.count()) > 0, '"Anunțurile mele" does not link to the new ad');
        await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
        await link.scrollIntoViewIfNeeded();
        await link.hover();
        await page.waitForTimeout(1500);
        const prefetched = await page.evaluate(() =>
          [...document.querySelectorAll('link[rel=prefetch]')].map(
            (l) => new URL(/** @type {HTMLLinkElement} */ (l).href).pathname,
          ),
        );
        assert(
          prefetched.length === 0,
          `pages were prefetched for a signed-in person: ${prefetched.join(', ')}`,
        );
        // Mark it sold from the list, then open the ad from the same page's link.
        const row = page.locator(`#anunt-${ad.id}`);
        const sold = row
          .locator('button')
          .filter({ hasText: /v[âa]ndut/i })
          .first();
        assert((await sold.count()) > 0, 'no "Marchează ca vândut" button on the ad’s row');
        await clickAndWait(page, sold);
        await clickAndWait(page, page.locator(`main a[href="${ad.path}"]`).first());
        assert(new URL(page.url()).pathname === ad.path, `the ad link went to ${page.url()}`);
        assert(
          SOLD_BANNER.test(await page.locator('main').innerText()),
          'right after marking it sold, the owner’s view of the ad does not say it is sold',
        );
        // Back and forward do not bring back the active copy either.
        await page.goBack({ waitUntil: 'load' });
        await page.goForward({ waitUntil: 'load' });
        assert(
          SOLD_BANNER.test(await page.locator('main').innerText()),
          'forward showed a stale copy of the ad',
        );
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'fresh: two editor tabs on one ad → conflict merge: my version keeps what I did not change, named before saving',
    async run({ browser, base }) {
      const { context, page: tabA, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await signIn(tabA, base, `doua.tab.${Date.now()}@example.ro`, 'Doru Două-Taburi');
        const ad = await publish(tabA, base, 'Apartament 3 camere, zona Bogdan Vodă');
        await go(tabA, `${base}/posts/edit/${ad.id}`, { status: 200 });
        const tabB = await context.newPage();
        await go(tabB, `${base}/posts/edit/${ad.id}`, { status: 200 });

        // Tab B: a new price, a new description and a photo, saved.
        const formB = editorForm(tabB);
        await formB.locator('[name=price]').fill('45500');
        const descriptionB =
          'Apartament luminos cu 3 camere, centrală proprie, termopane, parchet nou. Liber de la 1 decembrie.';
        await formB.locator('[name=description]').fill(descriptionB);
        const [file] = await makeJpegs(1, join(tmpdir(), `eradauti-e2e-fresh-${process.pid}`));
        await formB.locator('input[type=file]').first().setInputFiles(file);
        await tabB.waitForFunction(
          () => document.querySelectorAll('#photo-list input[name=photoIds]').length >= 1,
          null,
          { timeout: 30_000 },
        );
        const photoId = await tabB.locator('#photo-list input[name=photoIds]').first().getAttribute('value');
        const savedB = await submitAndWait(tabB, formB.locator('button[type=submit]').last());
        assert(savedB && savedB.status() === 200, `tab B's save answered ${savedB?.status()}`);

        // Tab A, opened before B saved: a new title and its own new price; the description untouched.
        const formA = editorForm(tabA);
        const titleA = 'Apartament 3 camere renovat, zona Bogdan Vodă';
        await formA.locator('[name=title]').fill(titleA);
        await formA.locator('[name=price]').fill('47000');
        const staleA = await submitAndWait(tabA, formA.locator('button[type=submit]').last());
        assert(staleA && staleA.status() === 409, `tab A's stale save answered ${staleA?.status()}, not 409`);
        const conflict = tabA.locator('#edit-conflict');
        const notice = await conflict.innerText();
        assert(
          /modificat între timp/.test(notice),
          'the conflict page does not say the ad changed meanwhile',
        );
        // Named before saving: the title and the price will change (prices formatted); the description stays B's.
        const rows = await conflict
          .locator('tbody tr')
          .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-field')));
        assert(rows.join(',') === 'Titlul,Prețul', `the fields that will change: ${rows.join(', ')}`);
        const priceRow = await conflict.locator('tr[data-field="Prețul"]').innerText();
        assert(
          /45\.500 (RON|€)/.test(priceRow) && /47\.000 (RON|€)/.test(priceRow),
          `price row: ${priceRow}`,
        );
        assert(
          /schimbat și în cealaltă salvare/.test(priceRow),
          `price row does not say both changed it: ${priceRow}`,
        );
        assert(
          /Rămân cum le-a salvat[^\n]*Descrierea/.test(notice),
          `the kept description is not named: ${notice}`,
        );
        assert(/1 fotografie/.test(notice), `the photo added elsewhere is not mentioned: ${notice}`);
        const again = editorForm(tabA);
        assert((await again.locator('[name=title]').inputValue()) === titleA, 'tab A’s title was lost');
        assert((await again.locator('[name=price]').inputValue()) === '47000', 'tab A’s price was lost');
        assert(
          (await again.locator('[name=description]').inputValue()) === descriptionB,
          'the merged form does not hold tab B’s description',
        );
        const ids = await tabA
          .locator('#photo-list input[name=photoIds]')
          .evaluateAll((els) => els.map((e) => e.value));
        assert(
          ids.includes(photoId),
          `tab B's photo ${photoId} is not in the conflict form (${ids.join(', ')})`,
        );
        assert(
          (await tabA.locator(`a[href="/posts/edit/${ad.id}"]`).count()) > 0,
          'no link to start again from the current version',
        );
        // At 390 px the table fits and breaks no word across lines.
        const overflow = await sidewaysOverflow(tabA, PHONE.width);
        assert(
          overflow.extra <= 1,
          `the conflict page is wider than 390 px: ${overflow.culprits.join(', ')}`,
        );
        const broken = await conflict.locator('table').evaluate((table) => {
          const out = [];
          const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of node.textContent.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, m.index);
              range.setEnd(node, m.index + m[0].length);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (lines.size > 1) out.push(m[0]);
            }
          }
          return out;
        });
        assert(broken.length === 0, `words broken across lines in the conflict table: ${broken.join(', ')}`);
        await conflict.scrollIntoViewIfNeeded();
        await screenshot(tabA, 'fresh-conflict-merge-390');

        // "Salvează varianta mea": A's title and price, B's description and photo.
        const over = await submitAndWait(
          tabA,
          again
            .locator('button[type=submit]')
            .filter({ hasText: /varianta mea/ })
            .first(),
        );
        assert(over && over.status() === 200, `saving my version answered ${over?.status()}`);
        assert((await tabA.locator('h1').innerText()).includes('renovat'), 'the saved title is not tab A’s');
        const page = await tabA.locator('main').innerText();
        assert(page.includes('47.000'), 'the saved price is not tab A’s');
        assert(page.includes('Liber de la 1 decembrie'), 'tab B’s description was lost');
        const photos = await tabA
          .locator('main img[src*="/api/poze"], main img[srcset*="/api/poze"]')
          .count();
        assert(photos >= 1, 'tab B’s photo was lost from the ad');
        const res = await fetch(`${base}/posts/edit/${ad.id}`, {
          headers: { cookie: (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ') },
        });
        const html = await res.text();
        assert(html.includes(`name="photoIds" value="${photoId}"`), 'tab B’s photo is no longer on the ad');
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
];
