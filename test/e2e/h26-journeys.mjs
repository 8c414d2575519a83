// Browser journeys for what a seller sees and how an ad travels: the ad statistics in "Anunțurile
// mele", sharing from the ad page (share sheet or plain links), and the signed-in header with an
// unread badge at 320, 360 and 390 px. Screenshots go to test/e2e/screenshots/.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assert,
  DESKTOP,
  go,
  openPage,
  PHONE,
  screenshot,
  sidewaysOverflow,
  signIn,
  submitAndWait,
} from './lib.mjs';

const SELLER = { email: 'maria.ionescu@example.ro', name: 'Maria Ionescu' };
/** Headless Chromium says "HeadlessChrome", which the statistics rightly ignore: a person's phone. */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

/** The seller's first published ad on "Anunțurile mele" (path and list id). */
async function sellersAd(page, base) {
  await go(page, `${base}/posts/mine?stare=active`, { status: 200 });
  const href = await page.locator('main .my-post__title a[href^="/anunt/"]').first().getAttribute('href');
  assert(href, 'the seller has no active ad');
  return href;
}

/** The [7 days, total] of one figure of the ad's row on "Anunțurile mele". */
async function figure(page, base, path, key) {
  await go(page, `${base}/posts/mine?stare=active`, { status: 200 });
  const row = page.locator('main li.my-post', { has: page.locator(`a[href="${path}"]`) });
  const cells = await row.locator(`tr[data-figure="${key}"] td`).allInnerTexts();
  assert(cells.length === 2, `no ${key} figures for ${path} on "Anunțurile mele"`);
  return cells.map((t) => Number(t.replace(/\./g, '')));
}

async function waitForFigure(page, base, path, key, expected) {
  const until = Date.now() + 25_000;
  let last;
  while (Date.now() < until) {
    last = await figure(page, base, path, key);
    if (last[1] >= expected) return last;
    await page.waitForTimeout(1000);
  }
  throw new Error(`${key} of ${path} stayed ${JSON.stringify(last)}, expected a total of ${expected}`);
}

async function visitor(browser, viewport = PHONE) {
  const context = await browser.newContext({
    viewport,
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
    userAgent: PHONE_UA,
    locale: 'ro-RO',
    timezoneId: 'Europe/Bucharest',
  });
  await context.route('**/*', (route) =>
    ['127.0.0.1', 'localhost'].includes(new URL(route.request().url()).hostname)
      ? route.continue()
      : route.abort(),
  );
  return { context, page: await context.newPage() };
}

export const h26Journeys = [
  {
    name: 'ad statistics: a visitor’s view and phone reveal show in "Anunțurile mele", once, not the owner’s own visits',
    async run({ browser, base }) {
      const seller = await openPage(browser, { viewport: PHONE });
      const anon = await visitor(browser);
      try {
        await signIn(seller.page, base, SELLER.email, SELLER.name);
        const path = await sellersAd(seller.page, base);
        const [, views0] = await figure(seller.page, base, path, 'views');
        const [, reveals0] = await figure(seller.page, base, path, 'reveals');
        // The owner's own visits count for nothing.
        await go(seller.page, `${base}${path}`, { status: 200 });
        // A visitor looks twice and reveals the phone twice: one view, one reveal.
        for (let i = 0; i < 2; i++) {
          await go(anon.page, `${base}${path}`, { status: 200 });
          const reveal = anon.page.locator('#contact a.contact__reveal');
          if ((await reveal.count()) > 0) {
            await reveal.click();
            await anon.page.locator('#contact a[href^="tel:"]').first().waitFor({ timeout: 10_000 });
          }
        }
        const views = await waitForFigure(seller.page, base, path, 'views', views0 + 1);
        assert(views[1] === views0 + 1, `views went from ${views0} to ${views[1]}, expected +1`);
        const reveals = await waitForFigure(seller.page, base, path, 'reveals', reveals0 + 1);
        assert(reveals[1] === reveals0 + 1, `reveals went from ${reveals0} to ${reveals[1]}, expected +1`);
        // The tabs say how many ads each holds.
        const tabs = await seller.page.locator('.my-posts__tabs').innerText();
        assert(
          /Toate\s*\d+/.test(tabs) && /Active\s*\d+/.test(tabs) && /Ciorne\s*\d+/.test(tabs),
          `tabs: ${tabs}`,
        );
        const overflow = await sidewaysOverflow(seller.page, PHONE.width);
        assert(
          overflow.extra <= 1,
          `"Anunțurile mele" is wider than 390 px: ${overflow.culprits.join(', ')}`,
        );
        await screenshot(seller.page, 'h26-my-posts-stats-390');
        // The owner's panel on the ad page shows the same figures.
        await go(seller.page, `${base}${path}`, { status: 200 });
        const panel = await seller.page.locator('.post-panel--owner tr[data-figure="views"]').innerText();
        assert(
          panel.includes(String(views[1])),
          `the owner panel says "${panel}", expected ${views[1]} views`,
        );
        await screenshot(seller.page, 'h26-owner-panel-390');
        const desk = await openPage(browser, { viewport: DESKTOP });
        try {
          await signIn(desk.page, base, SELLER.email, SELLER.name);
          await go(desk.page, `${base}/posts/mine`, { status: 200 });
          await screenshot(desk.page, 'h26-my-posts-stats-1280');
        } finally {
          await desk.context.close();
        }
        assert(seller.problems.length === 0, seller.problems.join('\n'));
      } finally {
        await seller.context.close();
        await anon.context.close();
      }
    },
  },
  {
    name: 'sharing an ad: plain WhatsApp, Facebook and copy links without a share sheet, the share sheet where there is one',
    async run({ browser, base }) {
      const plainPhone = await openPage(browser, { viewport: PHONE });
      const sheet = await openPage(browser, { viewport: PHONE });
      try {
        // A browser without a share sheet (as most desktop ones).
        await plainPhone.context.addInitScript(() => {
          delete Navigator.prototype.share;
        });
        await go(plainPhone.page, `${base}/anunturi`, { status: 200 });
        const path = await plainPhone.page.locator('main a[href^="/anunt/"]').first().getAttribute('href');
        assert(path, 'no ad on /anunturi');
        await go(plainPhone.page, `${base}${path}`, { status: 200 });
        const canonical = await plainPhone.page.locator('link[rel=canonical]').getAttribute('href');
        const box = plainPhone.page.locator('section.share');
        await box.scrollIntoViewIfNeeded();
        assert(await box.locator('.share__links').isVisible(), 'the share links are not shown');
        assert(
          !(await box.locator('.share__native').isVisible()),
          'a share button shows without navigator.share',
        );
        const links = await box.locator('.share__links a').evaluateAll((as) => as.map((a) => a.href));
        assert(links.length === 3, `share links: ${links.join(' ')}`);
        assert(
          links[0].startsWith('https://api.whatsapp.com/send?text=') &&
            links[0].includes(encodeURIComponent(canonical)),
          links[0],
        );
        assert(
          links[1] === `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`,
          links[1],
        );
        assert(links[2] === canonical, `copy link ${links[2]} is not ${canonical}`);
        await plainPhone.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
        await box.locator('.share__copy').click();
        await box.locator('.share__status').filter({ hasText: 'copiată' }).waitFor({ timeout: 5000 });
        const copied = await plainPhone.page.evaluate(() => navigator.clipboard.readText());
        assert(copied === canonical, `copied "${copied}"`);
        assert(plainPhone.page.url().endsWith(path), 'copying navigated away');
        await screenshot(plainPhone.page, 'h26-share-links-390');

        // A phone with a share sheet: one button, the sheet gets the canonical address.
        await sheet.context.addInitScript(() => {
          Object.defineProperty(navigator, 'share', {
            value: async (data) => {
              window.__shared = data;
            },
          });
        });
        await go(sheet.page, `${base}${path}`, { status: 200 });
        const native = sheet.page.locator('section.share .share__native');
        await native.waitFor({ state: 'visible', timeout: 5000 });
        assert(
          !(await sheet.page.locator('section.share .share__links').isVisible()),
          'links shown next to the share sheet',
        );
        await native.click();
        const shared = await sheet.page.evaluate(() => window.__shared);
        assert(shared?.url === canonical, `the share sheet got ${JSON.stringify(shared)}`);
        await sheet.page.locator('section.share').scrollIntoViewIfNeeded();
        await screenshot(sheet.page, 'h26-share-sheet-390');
        for (const p of [plainPhone, sheet]) assert(p.problems.length === 0, p.problems.join('\n'));
      } finally {
        await plainPhone.context.close();
        await sheet.context.close();
      }
    },
  },
  {
    name: 'signed-in header with an avatar slot and an unread badge fits at 320, 360 and 390 px',
    async run({ browser, base }) {
      const buyer = await openPage(browser, { viewport: PHONE });
      try {
        await signIn(buyer.page, base, `antet.${Date.now()}@example.ro`, 'Cumpărător Antet');
        const seller = await openPage(browser, { viewport: PHONE });
        let path;
        try {
          await signIn(seller.page, base, SELLER.email, SELLER.name);
          path = await sellersAd(seller.page, base);
        } finally {
          await seller.context.close();
        }
        await go(buyer.page, `${base}${path}`, { status: 200 });
        await buyer.page.locator('#mesaj summary').click();
        await buyer.page.locator('#mesaj textarea[name=text]').fill('Bună ziua, se mai poate vedea mâine?');
        await submitAndWait(buyer.page, buyer.page.locator('#mesaj button[type=submit]'));
      } finally {
        await buyer.context.close();
      }
      for (const width of [320, 360, 390]) {
        const viewport = { width, height: 740 };
        const s = await openPage(browser, { viewport });
        try {
          await signIn(s.page, base, SELLER.email, SELLER.name);
          await go(s.page, `${base}/`, { status: 200 });
          const badge = s.page.locator('#account-menu .account-menu__badge');
          await badge.waitFor({ state: 'visible', timeout: 10_000 });
          const overflow = await sidewaysOverflow(s.page, width);
          assert(overflow.extra <= 1, `header at ${width} px sticks out: ${overflow.culprits.join(', ')}`);
          // Logo, publish, saved and account on one row, each fully on screen.
          const boxes = await s.page.evaluate(() =>
            ['.logo', '.publish-link', '.saved-link', '#account-menu button', '.account-menu__badge'].map(
              (sel) => {
                const r = document.querySelector(sel)?.getBoundingClientRect();
                return r
                  ? { sel, left: r.left, right: r.right, top: r.top, bottom: r.bottom }
                  : { sel, missing: true };
              },
            ),
          );
          for (const b of boxes) {
            assert(!b.missing, `${b.sel} missing at ${width} px`);
            assert(
              b.left >= 0 && b.right <= width,
              `${b.sel} is cut off at ${width} px (${b.left}–${b.right})`,
            );
          }
          const tops = boxes.slice(0, 4).map((b) => b.top + (b.bottom - b.top) / 2);
          assert(
            Math.max(...tops) - Math.min(...tops) < 12,
            `the header wraps at ${width} px: ${JSON.stringify(boxes)}`,
          );
          await s.page.screenshot({
            path: `test/e2e/screenshots/h26-header-${width}.png`,
            clip: { x: 0, y: 0, width, height: 140 },
          });
          assert(s.problems.length === 0, s.problems.join('\n'));
        } finally {
          await s.context.close();
        }
      }
    },
  },
  {
    name: 'a message typed before signing in waits in the box after sign-in (no JavaScript)',
    async run({ browser, base }) {
      const anon = await openPage(browser, { viewport: PHONE, javaScript: false });
      try {
        await go(anon.page, `${base}/anunturi`, { status: 200 });
        const path = await anon.page.locator('main a[href^="/anunt/"]').first().getAttribute('href');
        assert(path, 'no ad on /anunturi');
        await go(anon.page, `${base}${path}`, { status: 200 });
        const typed = `Bună ziua, mai este disponibil? Pot trece mâine la 18:30. (${Date.now()})`;
        await anon.page.locator('#mesaj summary').click();
        await anon.page.locator('#mesaj textarea[name=text]').fill(typed);
        await screenshot(anon.page, 'h26-message-typed-anonymous-390');
        await submitAndWait(anon.page, anon.page.locator('#mesaj button[type=submit]'));
        // The sign-in page, then back to the ad's message box with the text in it.
        const url = new URL(anon.page.url());
        assert(url.pathname.includes('sign-in'), `typing anonymously led to ${anon.page.url()}`);
        assert(!anon.page.url().includes('disponibil'), 'the typed text travels in the address');
        const form = anon.page.locator('form:has(input[name=email])').first();
        await form.locator('input[name=email]').fill(`ciorna.${Date.now()}@example.ro`);
        const nameInput = form.locator('input[name=name]');
        if ((await nameInput.count()) > 0) await nameInput.first().fill('Ioana Cumpărătoare');
        await submitAndWait(anon.page, form.locator('button[type=submit]'));
        const after = new URL(anon.page.url());
        assert(
          /^\/mesaje\/anunt\/\d+$/.test(after.pathname),
          `after sign-in the browser is at ${anon.page.url()}`,
        );
        const box = anon.page.locator('main textarea[name=text]');
        const value = await box.inputValue();
        assert(value === typed, `the box holds "${value}", expected "${typed}"`);
        await screenshot(anon.page, 'h26-message-after-sign-in-390');
        // Sending it opens the conversation with exactly that message.
        await submitAndWait(anon.page, anon.page.locator('main form.message-form button[type=submit]'));
        assert(/^\/mesaje\/\d+$/.test(new URL(anon.page.url()).pathname), `sent to ${anon.page.url()}`);
        const shown = await anon.page.locator('main').innerText();
        assert(shown.includes('Pot trece mâine la 18:30.'), 'the conversation does not show the message');
        assert(anon.problems.length === 0, anon.problems.join('\n'));
      } finally {
        await anon.context.close();
      }
    },
  },
  {
    name: 'profile photo straight from a phone camera (4032×3024, 2.3 MB JPEG) is shrunk and saved; a refusal keeps the phone',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        const file = join(tmpdir(), `eradauti-e2e-camera-${process.pid}.jpg`);
        const bytes = await cameraJpeg(file);
        assert(
          bytes > 1_800_000 && bytes < 3_200_000,
          `the camera photo has ${bytes} bytes, not about 2.3 MB`,
        );
        await signIn(page, base, `camera.${Date.now()}@example.ro`, 'Ana Fotografă');
        await go(page, `${base}/profile/edit`, { status: 200 });
        const form = page.locator('form.profile-form');
        // The picker speaks Romanian: a label-button over a hidden input.
        assert(
          (await form.locator('label.file-pick__button').innerText()).trim() === 'Alegeți imaginea',
          'the file picker’s button is not Romanian',
        );
        // First a refusal for another field: the phone is wrong; everything typed comes back.
        await form.locator('[name=name]').fill('Ana Fotografă Nouă');
        await form.locator('[name=phone]').fill('12345');
        await form.locator('input[name=avatar]').setInputFiles(file);
        await form.locator('.file-pick__chosen').filter({ hasText: 'MB' }).waitFor({ timeout: 20_000 });
        await page.waitForFunction(
          () =>
            !(
              /** @type {HTMLButtonElement | null} */ (
                document.querySelector('form.profile-form button[type=submit]')
              )?.disabled
            ),
        );
        const [refused] = await Promise.all([
          page.waitForNavigation({ waitUntil: 'load', timeout: 100_000 }),
          form.locator('button[type=submit]').click(),
        ]);
        assert(refused?.status() === 400, `a wrong phone answered ${refused?.status()}`);
        assert((await form.locator('[name=phone]').inputValue()) === '12345', 'the typed phone was lost');
        assert(
          (await form.locator('[name=name]').inputValue()) === 'Ana Fotografă Nouă',
          'the typed name was lost',
        );
        const phoneError = await page.locator('#f-phone-error, [id$=phone-error]').first().innerText();
        assert(/telefon|număr/i.test(phoneError), `the phone error says "${phoneError}"`);
        // Now the phone fixed and the camera photo again: shrunk in the browser, then saved.
        await form.locator('[name=phone]').fill('0722 123 456');
        const isSave = (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/profile/edit';
        await form.locator('input[name=avatar]').setInputFiles(file);
        const chosen = form.locator('.file-pick__chosen');
        await page.waitForFunction(
          () =>
            !(
              /** @type {HTMLButtonElement | null} */ (
                document.querySelector('form.profile-form button[type=submit]')
              )?.disabled
            ),
        );
        await screenshot(page, 'h26-profile-camera-chosen-390');
        // Storing the photo (decode, resize, WebP in the worker) can take a while on a busy machine.
        const [request] = await Promise.all([
          page.waitForRequest(isSave, { timeout: 60_000 }),
          page.waitForNavigation({ waitUntil: 'load', timeout: 100_000 }),
          form.locator('button[type=submit]').click(),
        ]);
        const body = request.postDataBuffer() ?? Buffer.alloc(0);
        assert(
          body.length < bytes,
          `the browser sent ${body.length} bytes for a ${bytes}-byte photo: not shrunk`,
        );
        assert(new URL(page.url()).pathname === '/profile/edit', `after saving: ${page.url()}`);
        const saved = await page.locator('main').innerText();
        assert(!/nu a fost salvat/i.test(saved), `the profile was not saved: ${saved.slice(0, 400)}`);
        assert(
          (await page.locator('form.profile-form [name=phone]').inputValue()).replace(/\s/g, '') ===
            '0722123456',
          'the saved phone is not shown',
        );
        const avatar = page.locator('img.profile-avatar');
        await avatar.waitFor({ timeout: 10_000 });
        const size = await avatar.evaluate((img) => img.naturalWidth);
        assert(size > 0, 'the new profile photo does not load');
        await screenshot(page, 'h26-profile-camera-saved-390');
        assert((await chosen.count()) === 1, 'no chosen-file line');
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
];

/** A photo as a phone camera makes it: 4032×3024, JPEG, about 2.3 MB (noise keeps it from compressing). */
async function cameraJpeg(file) {
  const sharp = (await import('sharp')).default;
  const info = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 13 },
      background: '#000',
    },
  })
    .jpeg({ quality: 80 })
    .toFile(file);
  return info.size;
}
