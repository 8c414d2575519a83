// @ts-check
// The browser journeys of visitors, authors and operators (messages, mail and saved searches have
// their own files). Each journey gets the browser, the site's base URL and a state object shared with
// later journeys (the publishing chain passes the new ad along).
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleQueueJourneys } from './console-queue.mjs';
import { consoleRulesJourneys } from './console-rules.mjs';
import { filterJourneys } from './filter-journeys.mjs';
import { freshnessJourneys } from './freshness-journeys.mjs';
import { galleryJourneys } from './gallery.mjs';
import { h26Journeys } from './h26-journeys.mjs';
import {
  accountMenuButton,
  assert,
  clickAndWait,
  DESKTOP,
  go,
  hrefs,
  makeJpegs,
  openPage,
  operatorEmail,
  PHONE,
  screenshot,
  sidewaysOverflow,
  signIn,
  submitAndWait,
  textOf,
} from './lib.mjs';
import { mailJourneys } from './mail-journeys.mjs';
import { messagesJourneys } from './messages.mjs';
import { privacyJourneys } from './privacy-journeys.mjs';
import { savedJourneys } from './saved-journeys.mjs';

const AD_LINK = /^\/anunt\/[^/?#]+\/[^/?#]+-\d+$/;
const CATEGORY_LINK = /^\/anunturi\/(?!de\/)[a-z0-9-]+$/;

function contactControl(page) {
  return page
    .locator('a, button, summary')
    .filter({ hasText: /Informa(ț|ţ)ii de contact/i })
    .first();
}

/** @type {import('./lib.mjs').Journey[]} */
export const journeys = [
  {
    name: 'visitor on a 390 px phone: home → category → ad → reveals the contact',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await go(page, `${base}/`, { status: 200 });
        const overflow = await sidewaysOverflow(page, PHONE.width);
        assert(
          overflow.extra <= 1,
          `home is ${overflow.extra} px too wide at 390 px: ${overflow.culprits.join(', ')}`,
        );
        const categories = await hrefs(page, CATEGORY_LINK);
        assert(
          categories.length >= 5,
          `home links to ${categories.length} categories (expected all of them)`,
        );
        const target = categories.find((h) => h.includes('imobiliare')) ?? categories[0];
        await clickAndWait(page, page.locator(`main a[href="${target}"]`));
        assert(new URL(page.url()).pathname === target, `category click landed on ${page.url()}`);
        const ads = await hrefs(page, AD_LINK);
        assert(ads.length > 0, `${target} lists no ads`);
        const res = await Promise.all([
          page.waitForNavigation({ waitUntil: 'load' }),
          page.locator(`main a[href="${ads[0]}"]`).first().click(),
        ]).then(([r]) => r);
        assert(res && res.status() === 200, `ad page ${ads[0]} answered ${res?.status()}`);
        const html = await res.text();
        assert(!/href="tel:/i.test(html), `the ad's initial HTML already holds a tel: link (${ads[0]})`);
        assert((await page.locator('h1').count()) === 1, 'the ad page has no single h1');
        const control = contactControl(page);
        assert((await control.count()) > 0, `no "Informații de contact" control on ${ads[0]}`);
        await control.click();
        const tel = page.locator('a[href^="tel:"]').first();
        await tel.waitFor({ state: 'visible', timeout: 10_000 });
        const href = await tel.getAttribute('href');
        assert(/^tel:\+?\d{9,12}$/.test(href ?? ''), `the revealed phone link is ${href}`);
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'static files carry the security headers, and the logo, styles and scripts still load',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await go(page, `${base}/`, { status: 200 });
        const logo = page.locator('header img[src="/logo.svg"]').first();
        assert((await logo.count()) === 1, 'no logo in the header');
        const width = await logo.evaluate((img) => img.naturalWidth);
        assert(width > 0, 'the SVG logo did not render');
        // The built stylesheet and bundles the page links to, plus the logo itself.
        const assets = await page.evaluate(() =>
          [...document.querySelectorAll('link[rel="stylesheet"], script[src]')]
            .map((el) => el.getAttribute('href') ?? el.getAttribute('src'))
            .filter((u) => u?.startsWith('/build/')),
        );
        assert(
          assets.some((a) => a.endsWith('.css')),
          `no built stylesheet on the home page: ${assets}`,
        );
        assert(
          assets.some((a) => a.endsWith('.js')),
          `no built bundle on the home page: ${assets}`,
        );
        for (const path of ['/logo.svg', '/favicon.ico', ...assets]) {
          const res = await fetch(`${base}${path}`);
          await res.arrayBuffer();
          const h = (name) => res.headers.get(name) ?? '';
          assert(res.status === 200, `${path}: ${res.status}`);
          assert(h('x-content-type-options') === 'nosniff', `${path}: no nosniff`);
          assert(
            /frame-ancestors 'none'/.test(h('content-security-policy')),
            `${path}: CSP ${h('content-security-policy')}`,
          );
          assert(
            /default-src 'none'/.test(h('content-security-policy')),
            `${path}: CSP ${h('content-security-policy')}`,
          );
          assert(h('referrer-policy') === 'strict-origin-when-cross-origin', `${path}: referrer policy`);
          assert(/max-age=\d{7,}/.test(h('strict-transport-security')), `${path}: no HSTS`);
        }
        const styled = await page.evaluate(() => getComputedStyle(document.body).margin);
        assert(styled === '0px', `the stylesheet did not apply (body margin ${styled})`);
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'prefetch: after the page has loaded, the pages linked near the viewport, and only those',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        // Images as slow as on a phone network: the page's load waits for them, prefetching must too.
        await page.route(
          (url) => /\.(svg|png|webp|jpe?g)$/.test(url.pathname) || url.pathname.startsWith('/api/poze/'),
          async (route) => {
            await new Promise((resolve) => setTimeout(resolve, 1500));
            await route.continue();
          },
        );
        await go(page, `${base}/anunturi/imobiliare`, { status: 200 });
        const prefetched = () =>
          page.evaluate(() =>
            [...document.querySelectorAll('link[rel=prefetch]')].map(
              (l) => new URL(/** @type {HTMLLinkElement} */ (l).href).pathname,
            ),
          );
        await page.waitForFunction(() => document.querySelectorAll('link[rel=prefetch]').length > 0, null, {
          timeout: 10_000,
        });
        await page.waitForTimeout(300);
        const first = await prefetched();
        const near = await page.evaluate(
          (margin) =>
            [...document.querySelectorAll('a[href]')]
              .map((a) => /** @type {HTMLAnchorElement} */ (a))
              .filter((a) => a.getBoundingClientRect().top < innerHeight + margin)
              .map((a) => new URL(a.href).pathname),
          200,
        );
        const far = first.filter((p) => !near.includes(p));
        assert(far.length === 0, `prefetched pages linked far below the viewport: ${far.join(', ')}`);
        assert(first.length <= 20, `${first.length} prefetches, more than 20`);
        assert(
          !first.some((p) => /^\/(posts|api|auth|clerk|profile)(\/|$)/.test(p)),
          `prefetched a personal or action page: ${first.join(', ')}`,
        );
        // None started before the page had loaded: they must not compete with its own images.
        const early = await page.evaluate(() => {
          const loaded = /** @type {PerformanceNavigationTiming} */ (
            performance.getEntriesByType('navigation')[0]
          ).loadEventStart;
          const hints = new Set(
            [...document.querySelectorAll('link[rel=prefetch]')].map(
              (l) => /** @type {HTMLLinkElement} */ (l).href,
            ),
          );
          return performance
            .getEntriesByType('resource')
            .filter((r) => hints.has(r.name) && r.startTime < loaded)
            .map((r) => r.name);
        });
        assert(early.length === 0, `prefetched before the page had loaded: ${early.join(', ')}`);
        // Scrolled to the bottom, the pages linked there come within reach (up to 20 in all).
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForFunction(
          (n) => document.querySelectorAll('link[rel=prefetch]').length > n,
          first.length,
          { timeout: 5_000 },
        );
        await page.waitForTimeout(300);
        const added = (await prefetched()).filter((p) => !first.includes(p));
        const nearBottom = await page.evaluate(
          (margin) =>
            [...document.querySelectorAll('a[href]')]
              .map((a) => /** @type {HTMLAnchorElement} */ (a))
              .filter((a) => a.getBoundingClientRect().bottom > -margin)
              .map((a) => new URL(a.href).pathname),
          200,
        );
        const stray = added.filter((p) => !nearBottom.includes(p));
        assert(
          stray.length === 0,
          `after scrolling, prefetched pages not near the viewport: ${stray.join(', ')}`,
        );
        assert(first.length + added.length <= 20, `${first.length + added.length} prefetches, more than 20`);
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'search: `masina` finds `mașină`',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await go(page, `${base}/`, { status: 200 });
        await page.locator('#header-q').fill('masina');
        await Promise.all([
          page.waitForNavigation({ waitUntil: 'load' }),
          page.locator('#header-q').press('Enter'),
        ]);
        const url = new URL(page.url());
        assert(url.pathname.startsWith('/cautare'), `the header search went to ${page.url()}`);
        const results = await hrefs(page, AD_LINK);
        assert(results.length > 0, `searching masina found no ads (${page.url()})`);
        const text = await page.locator('main').innerText();
        assert(
          /ma[șş]in[ăa]/i.test(text) && /[șş]/.test(text),
          'no result shows the word mașină with diacritics',
        );
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'JavaScript off: browses, opens the contact, searches and paginates',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE, javaScript: false });
      try {
        await go(page, `${base}/`, { status: 200 });
        const categories = await hrefs(page, CATEGORY_LINK);
        assert(categories.length > 0, 'home has no category links without JavaScript');
        // The category with the most ads has a second page.
        let paged = null;
        for (const c of [...new Set(['/anunturi/imobiliare', ...categories])].slice(0, 10)) {
          await go(page, `${base}${c}`, { status: 200 });
          const next = (await hrefs(page, /\/pagina-2$/))[0];
          if (next) {
            paged = { c, next };
            break;
          }
        }
        assert(paged, 'no category listing has a link to /pagina-2 (20 ads per page)');
        await clickAndWait(page, page.locator(`a[href="${paged.next}"]`));
        assert(page.url().endsWith('/pagina-2'), `pagination went to ${page.url()}`);
        const page2Ads = await hrefs(page, AD_LINK);
        assert(page2Ads.length > 0, `${paged.next} lists no ads`);
        await go(page, `${base}${page2Ads[0]}`, { status: 200 });
        const control = contactControl(page);
        assert((await control.count()) > 0, 'no contact control without JavaScript');
        await clickAndWait(page, control);
        assert(
          (await page.locator('a[href^="tel:"]').count()) > 0,
          `the contact control without JavaScript did not show a tel: link (${page.url()})`,
        );
        // Search as a plain GET form, then its pagination.
        await page.locator('#header-q').fill('apartament');
        // The phone keyboard's "Go" key submits the plain GET form.
        await Promise.all([
          page.waitForNavigation({ waitUntil: 'load' }),
          page.locator('#header-q').press('Enter'),
        ]);
        assert(new URL(page.url()).pathname.startsWith('/cautare'), `search went to ${page.url()}`);
        const found = await hrefs(page, AD_LINK);
        assert(found.length > 0, 'searching apartament without JavaScript found nothing');
        const next = (await hrefs(page, /pagina-2|[?&]pagina=2|[?&]page=2/))[0];
        if (found.length >= 20) {
          assert(next, 'a full search page (20 results) has no link to page 2');
          await clickAndWait(page, page.locator(`a[href="${next}"]`));
          assert((await hrefs(page, AD_LINK)).length > 0, `search page 2 (${page.url()}) lists nothing`);
        }
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'overlay: up on a slow navigation, closed by back and forward',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await go(page, `${base}/`, { status: 200 });
        // A form submit to a page nobody prefetched, answered slowly: the overlay and its spinner show.
        // The page records what the overlay did in sessionStorage, read back after the navigation.
        const slow = (url) => url.pathname === '/cautare' && url.searchParams.get('q') === 'overlay lent';
        await context.route(slow, async (route) => {
          await new Promise((r) => setTimeout(r, 800));
          await route.fallback();
        });
        await page.evaluate(() => {
          const o = document.getElementById('overlay');
          const t0 = performance.now();
          sessionStorage.setItem('overlay-log', '[]');
          new MutationObserver(() => {
            const log = JSON.parse(sessionStorage.getItem('overlay-log') ?? '[]');
            log.push({
              t: Math.round(performance.now() - t0),
              hidden: o.hidden,
              spinner: o.classList.contains('overlay--spinner'),
            });
            sessionStorage.setItem('overlay-log', JSON.stringify(log));
          }).observe(o, { attributes: true });
        });
        await page.locator('#header-q').fill('overlay lent');
        await Promise.all([
          page.waitForNavigation({ waitUntil: 'load' }),
          page.locator('#header-q').press('Enter'),
        ]);
        await context.unroute(slow);
        const log = JSON.parse((await page.evaluate(() => sessionStorage.getItem('overlay-log'))) ?? '[]');
        assert(
          log.some((e) => !e.hidden),
          `the overlay did not show during a slow navigation (${JSON.stringify(log)})`,
        );
        assert(
          log.some((e) => e.spinner && e.t >= 190),
          `the spinner was not shown after 200 ms (${JSON.stringify(log)})`,
        );
        await page.goBack({ waitUntil: 'load' });
        await page.waitForTimeout(100);
        assert(new URL(page.url()).pathname === '/', `back went to ${page.url()}`);
        assert(await page.locator('#overlay').isHidden(), 'the overlay is still up after going back');
        await page.goForward({ waitUntil: 'load' });
        await page.waitForTimeout(100);
        assert(await page.locator('#overlay').isHidden(), 'the overlay is up after going forward');
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'accounts: signs in locally, sees the account menu, edits the profile, signs out',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await signIn(page, base, 'ana.e2e@example.ro', 'Ana Test');
        await go(page, `${base}/`, { status: 200 });
        let button = await accountMenuButton(page);
        await page.waitForFunction(
          () => !/^\s*Cont\s*$/.test(document.querySelector('#account-menu button')?.textContent ?? ''),
          null,
          { timeout: 10_000 },
        );
        assert(
          /Ana/.test(await button.innerText()),
          `the account menu shows "${await button.innerText()}", not the name`,
        );
        await button.click();
        const menu = page.locator('#account-menu');
        for (const label of ['Anunțurile mele', 'Publică anunț', 'Profil', 'Ieșire'])
          assert(
            await menu.getByText(label, { exact: true }).first().isVisible(),
            `the open account menu lacks "${label}"`,
          );
        await clickAndWait(page, menu.getByText('Profil', { exact: true }));
        assert(new URL(page.url()).pathname === '/profile/edit', `Profil went to ${page.url()}`);
        const nameInput = page.locator('form input[name=name], form input[name=displayName]').first();
        assert((await nameInput.count()) > 0, 'the profile form has no name field');
        // A validation error first: the typed phone stays and a message shows beside it.
        await nameInput.fill('');
        const profileSave = () =>
          page
            .locator('main form')
            .filter({ has: page.locator('[name=name], [name=displayName]') })
            .locator('button[type=submit]')
            .filter({ hasText: /Salv/i });
        let res = await submitAndWait(page, profileSave());
        assert(res && res.status() === 400, `an empty name answered ${res?.status()} instead of 400`);
        assert(
          (await page.locator('[aria-invalid=true], .field-error, .error').count()) > 0,
          'an empty name showed no error',
        );
        await page
          .locator('form input[name=name], form input[name=displayName]')
          .first()
          .fill('Ana Rădăuțeanu');
        res = await submitAndWait(page, profileSave());
        assert(res && res.status() < 400, `saving the profile answered ${res?.status()}`);
        await go(page, `${base}/`);
        button = await accountMenuButton(page);
        await page.waitForFunction(
          () => /Rădăuțeanu/.test(document.querySelector('#account-menu button')?.textContent ?? ''),
          null,
          { timeout: 10_000 },
        );
        await button.click();
        await clickAndWait(page, page.locator('#account-menu').getByText('Ieșire', { exact: true }));
        const info = await (
          await page.request.get(`${base}/api/cont`, { headers: { accept: 'application/json' } })
        ).json();
        assert(info.signedIn === false, 'after Ieșire /api/cont still says signed in');
        await go(page, `${base}/`);
        await page.waitForTimeout(300);
        const menuText = await page.locator('#account-menu').innerText();
        assert(!/Rădăuțeanu/.test(menuText), 'the menu still shows the name after signing out');
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'publishing: signs in, publishes with three photos, fixes an error, finds it, edits it, marks it sold',
    async run({ browser, base, state }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await signIn(page, base, 'vanzator.e2e@example.ro', 'Vasile Vânzătorul');
        await go(page, `${base}/posts/new`, { status: 200 });
        const form = page
          .locator('main form')
          .filter({ has: page.locator('[name=title]') })
          .first();
        assert((await form.count()) > 0, '/posts/new has no form with a title field');
        await chooseCategory(page, form);
        // Three photos, uploaded as soon as they are chosen, with a progress bar.
        const files = await makeJpegs(3, join(tmpdir(), `eradauti-e2e-photos-${process.pid}`));
        assert(files.length === 3, 'could not make three JPEG files');
        const fileInput = form.locator('input[type=file]').first();
        assert((await fileInput.count()) > 0, 'the editor has no file input');
        const sawProgress = page
          .waitForSelector('progress, [role=progressbar]', { state: 'attached', timeout: 10_000 })
          .then(() => true)
          .catch(() => false);
        await fileInput.setInputFiles(files);
        assert(await sawProgress, 'no progress bar appeared while the photos uploaded');
        await page.waitForFunction(
          () =>
            document.querySelectorAll(
              'main form img[src*="/api/poze"], main form input[name=photoIds], main form input[name="photos"][type=hidden]',
            ).length >= 3,
          null,
          { timeout: 30_000 },
        );
        // A validation error: the title is too short. Everything else is filled in.
        const title = 'Vând Dacia Logan 2015, stare foarte bună';
        const description =
          'Mașina este întreținută, revizie făcută la zi, anvelope noi de iarnă. Acte la zi, proprietar. Se poate vedea în Rădăuți.';
        await form.locator('[name=title]').fill('Vând');
        await form.locator('[name=description]').fill(description);
        await fillIfPresent(form, '[name=price]', '4500');
        await selectIfPresent(form, 'select[name=currency]', 'EUR');
        await fillIfPresent(form, '[name=phone]', '0744 123 456');
        let res = await submitAndWait(page, form.locator('button[type=submit]').last());
        assert(res && res.status() === 400, `a too-short title answered ${res?.status()} instead of 400`);
        const again = page
          .locator('main form')
          .filter({ has: page.locator('[name=title]') })
          .first();
        assert((await again.locator('[name=title]').inputValue()) === 'Vând', 'the typed title was lost');
        assert(
          (await again.locator('[name=description]').inputValue()) === description,
          'the description was lost',
        );
        const photosKept = await page.locator('main form img[src*="/api/poze"]').count();
        assert(photosKept >= 3, `only ${photosKept} of the 3 photos came back with the form`);
        assert((await page.locator('[aria-invalid=true]').count()) > 0, 'no field is marked invalid');
        await again.locator('[name=title]').fill(title);
        res = await submitAndWait(page, again.locator('button[type=submit]').last());
        assert(res && res.status() === 200, `publishing answered ${res?.status()}`);
        let adPath = new URL(page.url()).pathname;
        assert(AD_LINK.test(adPath), `publishing did not land on the ad's page (${page.url()})`);
        const id = Number(adPath.match(/-(\d+)$/)[1]);
        assert(
          (await page.locator('h1').innerText()).includes('Dacia Logan'),
          'the new ad page does not show the title',
        );
        const photoCount = await page
          .locator('main img[src*="/api/poze"], main img[srcset*="/api/poze"]')
          .count();
        assert(photoCount >= 3, `the published ad shows ${photoCount} photos, expected 3`);
        // The confirmation, once, and the owner's own actions right on the ad page.
        const flash = page.locator('main [role=status].flash');
        assert(
          /Anunțul a fost publicat/.test((await flash.innerText().catch(() => '')) ?? ''),
          'publishing landed on the ad page without the "Anunțul a fost publicat" confirmation',
        );
        assert(!page.url().includes('?'), `the ad page after publishing has a query string: ${page.url()}`);
        const ownerPanel = page.locator('main .post-panel--owner');
        assert(
          (await ownerPanel.getByRole('link', { name: 'Editează' }).count()) > 0,
          'the new ad page offers its author no "Editează"',
        );
        assert(
          (await page.getByText('Raportează anunțul').count()) === 0,
          'the author is offered a report form on their own ad',
        );
        await page.reload();
        assert(
          (await page.locator('main [role=status].flash').count()) === 0,
          'a reload repeated the confirmation',
        );
        state.ad = { id, path: adPath, title };
        // Listed in its category and found by search (a fresh ad is first, promoted ones aside).
        const category = adPath.split('/')[2];
        await go(page, `${base}/anunturi/${category}`, { status: 200 });
        assert((await hrefs(page, AD_LINK)).includes(adPath), `the new ad is not on /anunturi/${category}`);
        await go(page, `${base}/cautare?q=${encodeURIComponent('dacia logan')}`, { status: 200 });
        assert(
          (await hrefs(page, AD_LINK)).includes(adPath),
          'searching "dacia logan" does not find the new ad',
        );
        // Edit it.
        await go(page, `${base}/posts/edit/${id}`, { status: 200 });
        const edit = page
          .locator('main form')
          .filter({ has: page.locator('[name=title]') })
          .first();
        assert((await edit.locator('[name=title]').inputValue()) === title, 'the edit form lost the title');
        await edit.locator('[name=title]').fill('Vând Dacia Logan 2015, preț negociabil');
        res = await submitAndWait(page, edit.locator('button[type=submit]').last());
        assert(res && res.status() === 200, `saving the edit answered ${res?.status()}`);
        // A new title may mean a new canonical address (the old one redirects 301 to it).
        await go(page, `${base}${adPath}`);
        adPath = new URL(page.url()).pathname;
        state.ad.path = adPath;
        assert(
          (await page.locator('h1').innerText()).includes('preț negociabil'),
          'the edited title is not shown',
        );
        state.ad.title = 'Vând Dacia Logan 2015, preț negociabil';
        // Mark it sold.
        await go(page, `${base}/posts/edit/${id}`, { status: 200 });
        const sold = page
          .locator('main button, main a')
          .filter({ hasText: /v[âa]ndut/i })
          .first();
        assert((await sold.count()) > 0, 'no "vândut" action for the owner');
        await clickAndWait(page, sold);
        const confirm = page
          .locator('main button')
          .filter({ hasText: /v[âa]ndut|confirm/i })
          .first();
        if (new URL(page.url()).pathname !== adPath && (await confirm.count()) > 0)
          await clickAndWait(page, confirm);
        const anon = await fetch(`${base}${adPath}`, {
          headers: { accept: 'text/html' },
          redirect: 'manual',
        });
        const anonHtml = await anon.text();
        assert(
          anon.status === 200 && /v[âa]ndut/i.test(anonHtml),
          `the sold ad answers ${anon.status} without a "vândut" notice`,
        );
        assert(/noindex/.test(anonHtml), 'the sold ad is not noindex');
        await go(page, `${base}/anunturi/${category}`);
        assert(!(await hrefs(page, AD_LINK)).includes(adPath), 'the sold ad is still listed');
        state.ad.sold = true;
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'a 24-megapixel phone photo over 10 MB, taken sideways, is shrunk in the browser and arrives upright',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        // 6000×4000 as stored, EXIF orientation 6: upright it is 4000×6000 (portrait), too big to upload.
        const file = join(tmpdir(), `eradauti-e2e-big-${process.pid}.jpg`);
        const bytes = await bigPhoneJpeg(file);
        assert(bytes > 10 * 1024 * 1024, `the test photo has only ${bytes} bytes, not over 10 MB`);
        await signIn(page, base, 'fotograf.e2e@example.ro', 'Fotograf Grăbit');
        await go(page, `${base}/posts/new`, { status: 200 });
        const isUpload = (r) => r.method() === 'POST' && r.url().endsWith('/api/poze');
        const exchange = Promise.all([
          page.waitForRequest(isUpload, { timeout: 60_000 }),
          page.waitForResponse((r) => isUpload(r.request()), { timeout: 90_000 }),
        ]);
        exchange.catch(() => {}); // awaited below; a failure before then must not go unhandled
        await page.locator('#editor-form input[type=file]').setInputFiles(file);
        const [request, res] = await exchange;
        // The re-encoded photo travels in the request body (an untouched file would not show here).
        const body = request.postDataBuffer() ?? Buffer.alloc(0);
        const part = body.subarray(0, 1000).toString('latin1');
        const photo = await res.json().catch(() => ({}));
        assert(res.status() === 201, `the upload answered ${res.status()}: ${JSON.stringify(photo)}`);
        assert(
          /Content-Type: image\/(webp|jpeg)/.test(part) &&
            body.length > 100_000 &&
            body.length < 5 * 1024 * 1024,
          `the browser sent ${body.length} bytes (${part.slice(0, 200)}) for a ${bytes}-byte photo`,
        );
        // Shrunk to the server's pixel budget for a JPEG/WebP (4 MP), below the 2560 px long side.
        assert(
          photo.width === 1631 && photo.height === 2447,
          `stored as ${photo.width}×${photo.height}, expected upright 1631×2447 (4 MP)`,
        );
        await page.waitForSelector('#photo-list li[data-id] input[name=photoIds]', {
          state: 'attached',
          timeout: 10_000,
        });
        // Leave nothing in flight: the server's thumbnail replaces the preview once it is made (a
        // request cut off by closing the page left wrangler dev stalling the next journey's page).
        await page.waitForFunction(
          () => {
            const img = /** @type {HTMLImageElement | null} */ (
              document.querySelector('#photo-list li[data-id] img')
            );
            return !!img && img.src.includes('/api/poze/') && img.complete;
          },
          null,
          { timeout: 20_000 },
        );
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'another person gets `Acces refuzat` on its edit page',
    needs: 'ad',
    async run({ browser, base, state }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await signIn(page, base, 'altcineva.e2e@example.ro', 'Altă Persoană');
        const res = await go(page, `${base}/posts/edit/${state.ad.id}`);
        assert(res.status() === 403, `another user's edit page answered ${res.status()}`);
        assert((await textOf(page)).includes('Acces refuzat'), 'no "Acces refuzat" on the 403 page');
        await screenshot(page, 'phone-403');
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'ad page panels: the owner and an operator see their actions (screenshots at 390 and 1280 px)',
    needs: 'ad',
    async run({ browser, base, state }) {
      for (const viewport of [PHONE, DESKTOP]) {
        const tag = viewport === PHONE ? 'phone' : 'desktop';
        const { context, page, problems } = await openPage(browser, { viewport });
        try {
          await signIn(page, base, 'vanzator.e2e@example.ro', 'Vasile Vânzătorul');
          await go(page, `${base}${state.ad.path}`, { status: 200 });
          const mine = page.locator('main .post-panel--owner');
          assert(await mine.isVisible(), 'the owner sees no panel on their ad');
          assert(/Stare|Vândut|Publicat/.test(await mine.innerText()), 'the owner panel shows no status');
          await screenshot(page, `${tag}-ad-owner`);
          const overflow = await sidewaysOverflow(page, viewport.width);
          assert(overflow.extra <= 1, `the owner's ad page is ${overflow.extra} px too wide`);
          const operator = await operatorEmail(page, base);
          await signIn(page, base, operator);
          await go(page, `${base}${state.ad.path}`, { status: 200 });
          const tools = page.locator('main .post-panel--operator');
          assert(await tools.isVisible(), 'the operator sees no moderation panel on the ad');
          for (const label of ['Ascunde', 'Promovează până la', 'Blochează autorul'])
            assert((await tools.getByText(label).count()) > 0, `the operator panel lacks "${label}"`);
          await tools.locator('summary', { hasText: 'Ascunde' }).click();
          await screenshot(page, `${tag}-ad-operator`);
          const wide = await sidewaysOverflow(page, viewport.width);
          assert(wide.extra <= 1, `the operator's ad page is ${wide.extra} px too wide`);
          assert(problems.length === 0, problems.join('\n'));
        } finally {
          await context.close();
        }
      }
    },
  },
  {
    name: 'JavaScript off and signed in: "Cont" → /cont → Anunțurile mele',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE, javaScript: false });
      try {
        await signIn(page, base, 'fara.js.e2e@example.ro', 'Fără Script');
        await go(page, `${base}/`, { status: 200 });
        await clickAndWait(page, page.locator('#account-menu a', { hasText: 'Cont' }));
        assert(new URL(page.url()).pathname === '/cont', `"Cont" led to ${page.url()}`);
        for (const label of ['Anunțurile mele', 'Publică anunț', 'Profil', 'Ieșire'])
          assert(
            (await page.locator('main').getByText(label, { exact: true }).count()) > 0,
            `/cont lacks "${label}"`,
          );
        await screenshot(page, 'phone-cont-nojs');
        await clickAndWait(page, page.locator('main a', { hasText: 'Anunțurile mele' }));
        assert(new URL(page.url()).pathname === '/posts/mine', `"Anunțurile mele" led to ${page.url()}`);
        assert(
          (await page.locator('h1').innerText()).includes('Anunțurile mele'),
          'no "Anunțurile mele" heading',
        );
        // Sign-out is a plain POST form, confirmed on the next page.
        await go(page, `${base}/cont`, { status: 200 });
        await clickAndWait(page, page.locator('main button', { hasText: 'Ieșire' }));
        assert(
          /V-ați deconectat/.test(await page.locator('main [role=status]').first().innerText()),
          'signing out showed no confirmation',
        );
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'an operator hides the ad',
    needs: 'ad',
    async run({ browser, base, state }) {
      const { context, page, problems } = await openPage(browser, { viewport: DESKTOP });
      try {
        const operator = await operatorEmail(page, base);
        await signIn(page, base, operator);
        await go(page, `${base}/moderare`, { status: 200 });
        const row = page
          .locator('main tr, main li, main article')
          .filter({ has: page.locator(`a[href*="-${state.ad.id}"]`) })
          .first();
        assert((await row.count()) > 0, `the moderation page does not list ad ${state.ad.id}`);
        // Hidden from the ad page itself: a reason from the list, a word for the author.
        await go(page, `${base}${state.ad.path}`, { status: 200 });
        const tools = page.locator('main .post-panel--operator');
        await tools.locator('summary', { hasText: 'Ascunde' }).click();
        // The hide form (the ban form beside it asks for a reason too).
        const hideForm = tools.locator('form').filter({ has: page.locator('#op-hide-reason') });
        await hideForm.locator('select[name=hideReason]').selectOption('Spam sau anunț duplicat');
        await hideForm.locator('textarea[name=hideDetails]').fill('Publicat de două ori.');
        const hide = hideForm.locator('button', { hasText: 'Ascunde anunțul' });
        assert((await hide.count()) > 0, 'no "Ascunde anunțul" button on the ad page for an operator');
        await clickAndWait(page, hide);
        assert(
          /ascuns/.test(await page.locator('main [role=status].flash').innerText()),
          'hiding the ad showed no confirmation',
        );
        const anon = await fetch(`${base}${state.ad.path}`, {
          headers: { accept: 'text/html' },
          redirect: 'manual',
        });
        assert(anon.status === 404, `the hidden ad answers ${anon.status} to visitors, not 404`);
        const own = await go(page, `${base}${state.ad.path}`);
        assert(own.status() === 200, `the operator cannot see the hidden ad (${own.status()})`);
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
  ...freshnessJourneys,
  ...galleryJourneys,
  ...messagesJourneys,
  ...savedJourneys,
  ...filterJourneys,
  ...mailJourneys,
  ...h26Journeys,
  ...consoleRulesJourneys,
  ...privacyJourneys,
  ...consoleQueueJourneys,
];

/** Picks a car category (and subcategory when asked) in the editor, waiting for any dependent fields. */
/**
 * A noisy 6000×4000 JPEG (noise keeps it over 10 MB, like a detailed 24 MP phone photo) with EXIF
 * orientation 6, written to `file`; its size in bytes. sharp comes with miniflare.
 */
async function bigPhoneJpeg(file) {
  const sharp = (await import('sharp')).default;
  /** @type {import('sharp').SharpOptions} */
  const noisy = {
    create: {
      width: 6000,
      height: 4000,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
      // Required by sharp's types; sharp ignores it when `noise` is given.
      background: '#000',
    },
  };
  const info = await sharp(noisy).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toFile(file);
  return info.size;
}

async function chooseCategory(page, form) {
  const selects = form.locator('select');
  const n = await selects.count();
  for (let i = 0; i < n; i++) {
    const select = selects.nth(i);
    const name = (await select.getAttribute('name')) ?? '';
    if (!/categ/i.test(name)) continue;
    const options = await select
      .locator('option')
      .evaluateAll((os) => os.map((o) => ({ value: o.value, label: o.textContent ?? '' })));
    const car = options.find((o) => /auto|autoturism|mașini|masini/i.test(o.label) && o.value);
    const pick = car ?? options.find((o) => o.value);
    if (pick) await select.selectOption(pick.value);
  }
  // A category without JavaScript may need a "continue" round trip; with JavaScript fields appear.
  await page.waitForTimeout(200);
}

async function fillIfPresent(form, selector, value) {
  const el = form.locator(selector).first();
  if ((await el.count()) > 0 && (await el.isEditable())) await el.fill(value);
}

async function selectIfPresent(form, selector, value) {
  const el = form.locator(selector).first();
  if ((await el.count()) > 0) await el.selectOption(value).catch(() => {});
}

/** Every main page at 390 and 1280 px (a phone and a desktop), after the journeys, with its own visitor. */
export async function takeScreenshots({ browser, base, state }) {
  const pages = [
    ['home', '/'],
    ['listing', '/anunturi/imobiliare'],
    ['categories', '/anunturi'],
    ['search', '/cautare?q=apartament'],
    ['search-empty', '/cautare?q=zzzxqj'],
    ['static-page', '/static-page/taxi-radauti'],
    ['sign-in', '/clerk/sign-in'],
    ['401', '/posts/new'],
    ['404', '/nu-exista-pagina'],
  ];
  const taken = [];
  const layout = [];
  for (const viewport of [PHONE, DESKTOP]) {
    const tag = viewport === PHONE ? 'phone' : 'desktop';
    const { context, page } = await openPage(browser, { viewport });
    try {
      await go(page, `${base}/anunturi/imobiliare`);
      const ad = (await hrefs(page, AD_LINK))[0];
      let author;
      if (ad) {
        await go(page, `${base}${ad}`);
        author = (await hrefs(page, /^\/anunturi\/de\//))[0];
      }
      const list = [...pages];
      if (ad) list.splice(3, 0, ['ad', ad]);
      if (author) list.push(['author', author]);
      const shoot = async (name, path) => {
        await go(page, `${base}${path}`);
        await page.waitForTimeout(150);
        const o = await sidewaysOverflow(page, viewport.width);
        if (o.extra > 1)
          layout.push(`${tag} ${name} (${path}) is ${o.extra} px too wide: ${o.culprits.join(', ')}`);
        taken.push(await screenshot(page, `${tag}-${name}`));
      };
      for (const [name, path] of list) await shoot(name, path);
      // Signed-in pages.
      await signIn(page, base, 'foto.e2e@example.ro', 'Fotograf Test').catch(() => {});
      for (const [name, path] of [
        ['editor', '/posts/new'],
        ['profile', '/profile/edit'],
        ['my-posts', '/posts/mine'],
      ])
        await shoot(name, path);
      if (state.ad) await shoot('own-ad', state.ad.path);
    } finally {
      await context.close();
    }
  }
  assert(
    layout.length === 0,
    `pages scroll sideways (screenshots in test/e2e/screenshots/):\n${layout.join('\n')}`,
  );
  return taken;
}
