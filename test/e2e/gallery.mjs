// @ts-check
// Browser journeys of the ad page's photos: the gallery (arrows, thumbnails, arrow keys; no page
// load, no layout shift), the full-screen viewer (arrow keys, swipe, double-tap zoom, Escape, the
// back button, focus), and the thumbnails as plain links without JavaScript.
import { join } from 'node:path';
import { assert, DESKTOP, go, openPage, PHONE, SCREENSHOT_DIR } from './lib.mjs';

const AD_LINK = /^\/anunt\/[^/?#]+\/[^/?#]+-\d+$/;

/** An ad with at least `min` photos, from the first listings (read as HTML, no browser needed). */
async function adWithPhotos(base, min) {
  for (const listing of ['/anunturi/imobiliare', '/anunturi/auto', '/']) {
    const html = await (await fetch(`${base}${listing}`)).text();
    const ads = [...new Set([...html.matchAll(/href="(\/anunt\/[^"]+)"/g)].map((m) => m[1]))];
    for (const ad of ads.filter((a) => AD_LINK.test(a)).slice(0, 25)) {
      const page = await (await fetch(`${base}${ad}`)).text();
      const thumbs = page.match(/href="#foto-\d+"/g)?.length ?? 0;
      if (thumbs >= min) return { path: ad, count: thumbs };
    }
  }
  throw new Error(`no ad with ${min} or more photos among the first listings`);
}

/** Counts every layout shift from the first paint, input or not, into window.__shifts. */
const WATCH_SHIFTS = () => {
  window.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__shifts += /** @type {LayoutShift} */ (e).value;
  }).observe({ type: 'layout-shift', buffered: true });
};

const state = (page) =>
  page.evaluate(() => {
    const strip = document.querySelector('.gallery__strip');
    const thumbs = [...document.querySelectorAll('.gallery__thumbs a')];
    const dialog = /** @type {HTMLDialogElement} */ (document.querySelector('dialog.viewer'));
    const viewerImg = /** @type {HTMLImageElement} */ (dialog.querySelector('.viewer__img'));
    const active = document.activeElement;
    return {
      slide: Math.round(strip.scrollLeft / strip.clientWidth),
      current: thumbs.findIndex((t) => t.getAttribute('aria-current') === 'true'),
      open: dialog.open,
      count: dialog.querySelector('.viewer__count').textContent,
      focusInViewer: dialog.contains(active),
      focusedSlide: active?.closest('.gallery__item')?.id ?? null,
      focusIsPhoto: !!active?.matches('.gallery__open'),
      transform: viewerImg.style.transform,
      bigSrc: viewerImg.currentSrc,
      frame: document.querySelector('.gallery__frame').getBoundingClientRect().height,
      marker: window.__sameDocument === true,
      shifts: window.__shifts,
      htmlOverflow: getComputedStyle(document.documentElement).overflow,
    };
  });

async function until(page, what, test, timeout = 5000) {
  const start = Date.now();
  let s;
  for (;;) {
    s = await state(page);
    if (test(s)) return s;
    if (Date.now() - start > timeout) throw new Error(`${what}: still ${JSON.stringify(s)}`);
    await page.waitForTimeout(50);
  }
}

/** One finger dragged across the viewer (CDP touch events; Chromium turns them into pointer events). */
async function touchSwipe(page, from, to) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

function galleryJourney(viewport) {
  const tag = viewport === PHONE ? 'phone' : 'desktop';
  return {
    name: `gallery and viewer at ${viewport.width} px: arrows, thumbnails, keys, swipe, zoom, Escape, back`,
    async run({ browser, base }) {
      const ad = await adWithPhotos(base, 3);
      const { context, page, problems } = await openPage(browser, { viewport });
      try {
        await page.addInitScript(WATCH_SHIFTS);
        let loads = 0;
        page.on('load', () => loads++);
        await go(page, `${base}${ad.path}`, { status: 200 });
        await page.locator('.gallery__nav--next').waitFor({ state: 'visible' });
        await page.evaluate(() => {
          window.__sameDocument = true;
        });
        const n = ad.count;
        const first = await state(page);
        assert(first.slide === 0 && first.current === 0, `starts on ${JSON.stringify(first)}`);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${tag}-gallery.png`) });

        // Arrows, thumbnails and the arrow keys move the strip, on the same document.
        await page.locator('.gallery__nav--next').click();
        await until(page, 'next arrow', (s) => s.slide === 1 && s.current === 1);
        await page.locator('.gallery__thumbs a').nth(2).click();
        await until(page, 'third thumbnail', (s) => s.slide === 2 && s.current === 2);
        await page.locator('.gallery__nav--prev').click();
        await until(page, 'previous arrow', (s) => s.slide === 1 && s.current === 1);
        await page.keyboard.press('ArrowRight');
        await until(page, 'ArrowRight in the gallery', (s) => s.slide === 2 && s.current === 2);
        await page.keyboard.press('ArrowLeft');
        let s = await until(page, 'ArrowLeft in the gallery', (x) => x.slide === 1 && x.current === 1);
        assert(s.frame === first.frame, `the frame changed height: ${first.frame} → ${s.frame}`);
        assert(s.shifts === 0, `layout shift while choosing photos: CLS ${s.shifts}`);
        assert(s.marker && loads === 1, `choosing a photo loaded a page (${loads} loads)`);

        // The viewer opens on the photo shown, with focus inside and the page behind locked.
        await page.locator('.gallery__item').nth(1).locator('.gallery__open').click();
        s = await until(page, 'viewer opens', (x) => x.open && x.count === `2 / ${n}` && !!x.bigSrc);
        assert(s.focusInViewer, 'focus did not move into the viewer');
        assert(s.htmlOverflow === 'hidden', `the page behind can scroll (overflow ${s.htmlOverflow})`);
        assert(/\/api\/poze\//.test(s.bigSrc), `the viewer shows ${s.bigSrc}`);
        await page.waitForFunction(
          () => /** @type {HTMLImageElement} */ (document.querySelector('.viewer__img')).complete,
        );
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${tag}-viewer.png`) });
        await page.keyboard.press('ArrowRight');
        await until(page, 'ArrowRight in the viewer', (x) => x.count === `3 / ${n}`);
        await page.keyboard.press('ArrowLeft');
        await until(page, 'ArrowLeft in the viewer', (x) => x.count === `2 / ${n}`);

        // Swipe left: the next photo; then a double tap zooms and another one zooms back out.
        const box = await page.locator('.viewer__img').boundingBox();
        const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        if (viewport === PHONE)
          await touchSwipe(page, { x: mid.x + 120, y: mid.y }, { x: mid.x - 120, y: mid.y });
        else {
          await page.mouse.move(mid.x + 150, mid.y);
          await page.mouse.down();
          await page.mouse.move(mid.x - 150, mid.y, { steps: 8 });
          await page.mouse.up();
        }
        await until(page, 'swipe to the next photo', (x) => x.count === `3 / ${n}`);
        await page.waitForTimeout(400);
        if (viewport === PHONE) {
          await page.touchscreen.tap(mid.x, mid.y);
          await page.waitForTimeout(80);
          await page.touchscreen.tap(mid.x, mid.y);
        } else await page.mouse.dblclick(mid.x, mid.y);
        await until(page, 'double tap zooms in', (x) => /scale\(2\.5\)/.test(x.transform));
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${tag}-viewer-zoomed.png`) });
        await page.waitForTimeout(400);
        if (viewport === PHONE) {
          await page.touchscreen.tap(mid.x, mid.y);
          await page.waitForTimeout(80);
          await page.touchscreen.tap(mid.x, mid.y);
        } else await page.mouse.dblclick(mid.x, mid.y);
        await until(page, 'double tap zooms out', (x) => !/scale/.test(x.transform));

        // Escape closes it; focus comes back to the photo the viewer was showing.
        await page.keyboard.press('Escape');
        s = await until(page, 'Escape closes', (x) => !x.open);
        s = await until(
          page,
          'focus back on the photo',
          (x) => x.focusIsPhoto && x.focusedSlide === 'foto-3',
        );
        assert(s.slide === 2, `the gallery did not follow the viewer (slide ${s.slide + 1})`);
        assert(page.url() === `${base}${ad.path}`, `Escape left the ad: ${page.url()}`);

        // The back button closes the viewer and stays on the ad.
        await page.locator('.gallery__item').nth(2).locator('.gallery__open').click();
        await until(page, 'viewer opens again', (x) => x.open && x.count === `3 / ${n}`);
        await page.goBack({ waitUntil: 'commit' }).catch(() => null);
        s = await until(page, 'back closes the viewer', (x) => !x.open && x.focusIsPhoto);
        assert(s.marker && page.url() === `${base}${ad.path}`, `back left the ad: ${page.url()}`);
        assert(s.focusedSlide === 'foto-3', `focus after back is on ${s.focusedSlide}`);
        assert(loads === 1, `the viewer loaded a page (${loads} loads)`);
        assert(s.shifts === 0, `layout shift on the ad page: CLS ${s.shifts}`);
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  };
}

/** @type {import('./lib.mjs').Journey[]} */
export const galleryJourneys = [
  galleryJourney(PHONE),
  galleryJourney(DESKTOP),
  {
    name: 'gallery with JavaScript off: thumbnails link to their photos, on the ad URL',
    async run({ browser, base }) {
      const ad = await adWithPhotos(base, 3);
      const { context, page, problems } = await openPage(browser, { viewport: PHONE, javaScript: false });
      try {
        await go(page, `${base}${ad.path}`, { status: 200 });
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        assert(new URL(canonical).pathname === ad.path, `canonical is ${canonical}`);
        assert(
          (await page.locator('.gallery__nav').evaluateAll((b) => b.filter((x) => !x.hidden).length)) === 0,
          'arrows that need JavaScript are shown without it',
        );
        const thumb = page.locator('.gallery__thumbs a').nth(2);
        assert(
          (await thumb.getAttribute('href')) === '#foto-3',
          'the third thumbnail does not link to #foto-3',
        );
        await thumb.click();
        // (waitForFunction polls with page scripts, which are off here: poll from outside.)
        let slide = -1;
        for (let i = 0; i < 50 && slide !== 2; i++) {
          await page.waitForTimeout(100);
          slide = await page.evaluate(() => {
            const strip = document.querySelector('.gallery__strip');
            return Math.round(strip.scrollLeft / strip.clientWidth);
          });
        }
        assert(slide === 2, `following the third thumbnail shows slide ${slide + 1}`);
        assert(new URL(page.url()).pathname === ad.path, `the thumbnail went to ${page.url()}`);
        let shown = null;
        // The strip may still be scrolling smoothly: wait until the photo is both loaded and in view.
        for (let i = 0; i < 50 && !(shown?.loaded && shown?.onScreen); i++) {
          await page.waitForTimeout(100);
          shown = await page.locator('#foto-3 img').evaluate((img) => {
            const r = img.getBoundingClientRect();
            return {
              onScreen: r.left >= -1 && r.right <= window.innerWidth + 1,
              loaded: img.complete && img.naturalWidth > 0,
            };
          });
        }
        assert(
          shown.onScreen && shown.loaded,
          `the third photo after its thumbnail: ${JSON.stringify(shown)}`,
        );
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'phone-gallery-nojs.png') });
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
];
