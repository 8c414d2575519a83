// @ts-check
// Browser journey for a category page's filters (docs/search.md, "Filters"): at the top of the page
// at 390 and 1280 px, used without JavaScript, with a distance around a locality.
import { assert, DESKTOP, go, hrefs, openPage, PHONE, screenshot, sidewaysOverflow } from './lib.mjs';

const AD_LINK = /^\/anunt\/[^/?#]+\/[^/?#]+-\d+$/;

/** @type {import('./lib.mjs').Journey[]} */
export const filterJourneys = [
  {
    name: 'filters first on a category page at 390 and 1280 px, JavaScript off: Rădăuți + 10 km, price, photos',
    async run({ browser, base }) {
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page, problems } = await openPage(browser, { viewport, javaScript: false });
        try {
          await go(page, `${base}/anunturi/auto-moto`, { status: 200 });
          const form = page.locator('form.listing-filters');
          const firstAd = page.locator('.listing a[href^="/anunt/"]').first();
          const formBox = await form.boundingBox();
          const adBox = await firstAd.boundingBox();
          assert(formBox && adBox && formBox.y < adBox.y, 'the filters are not above the first ad');
          assert(
            formBox && formBox.y < viewport.height / 2,
            `the filters start at ${formBox?.y} px, not at the top`,
          );
          const locality = page.locator('form.listing-filters select[name="localitate"]');
          if (viewport === PHONE) {
            assert(!(await locality.isVisible()), 'on a phone the filters start folded');
            await page.locator('form.listing-filters summary').click();
          }
          assert(await locality.isVisible(), `the locality filter is not visible at ${viewport.width} px`);
          await screenshot(page, `filters-category-${viewport.width}`);
          const overflow = await sidewaysOverflow(page, viewport.width);
          assert(overflow.extra <= 1, `wider than the screen: ${overflow.culprits.join(', ')}`);

          await locality.selectOption('Rădăuți');
          await page.locator('form.listing-filters select[name="distanta"]').selectOption('10');
          await page.locator('form.listing-filters input[name="pret_max"]').fill('20000');
          await page.locator('form.listing-filters select[name="moneda"]').selectOption('EUR');
          await Promise.all([
            page.waitForNavigation({ waitUntil: 'load' }),
            page.getByRole('button', { name: 'Arată anunțurile' }).click(),
          ]);
          const url = new URL(page.url());
          assert(url.pathname === '/cautare', `the filters went to ${page.url()}`);
          for (const [k, v] of [
            ['categorie', 'auto-moto'],
            ['localitate', 'Rădăuți'],
            ['distanta', '10'],
            ['pret_max', '20000'],
          ])
            assert(url.searchParams.get(k) === v, `${k} is ${url.searchParams.get(k)} in ${page.url()}`);
          const results = await hrefs(page, AD_LINK);
          assert(results.length > 0, `the filtered search found no ads (${page.url()})`);
          const distance = page.locator('.search-form select[name="distanta"]');
          assert((await distance.inputValue()) === '10', 'the results page forgot the distance');
          await screenshot(page, `filters-results-${viewport.width}`);
          assert(problems.length === 0, problems.join('\n'));
        } finally {
          await context.close();
        }
      }
    },
  },
];
