// Browser journeys for saved searches and favourites: a saved search, a matching ad published by
// someone else, the daily job triggered by hand, the digest found where wrangler dev writes mails and
// its link opened; hearts saved in the browser, shown on /salvate, and merged into the account at
// sign-in. Screenshots of /salvate and /cont/cautari at 390 px go to SAVED_SHOTS (default
// test/e2e/screenshots/).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assert,
  go,
  mailFilesSince,
  openPage,
  PHONE,
  publishAd,
  SCREENSHOT_DIR,
  signIn,
  submitAndWait,
} from './lib.mjs';

const SHOTS = process.env.SAVED_SHOTS || SCREENSHOT_DIR;

async function shoot(page, name) {
  if (!existsSync(SHOTS)) mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A word no demo ad holds (letters only, so search indexes it as one word). */
function uniqueWord() {
  const letters = 'bcdfghjklmnprstvz';
  let w = 'zor';
  for (let i = 0; i < 6; i++) w += `${letters[Math.floor(Math.random() * letters.length)]}a`;
  return w;
}

export const savedJourneys = [
  {
    name: 'saved search: save it, someone publishes a match, the daily job mails the digest, its link opens the ad',
    async run({ browser, base }) {
      const word = uniqueWord();
      const seeker = await openPage(browser, { viewport: PHONE });
      const author = await openPage(browser, { viewport: PHONE });
      try {
        const { page } = seeker;
        await signIn(page, base, 'cautator.e2e@example.ro', 'Căutător Răbdător');
        await go(page, `${base}/cautare?q=${word}`, { status: 200 });
        await submitAndWait(page, page.getByRole('button', { name: 'Anunță-mă când apar anunțuri noi' }));
        const flash = await page.locator('body').innerText();
        assert(
          /Căutarea a fost salvată/.test(flash),
          `no confirmation after saving the search: ${page.url()}`,
        );
        await go(page, `${base}/cont/cautari`, { status: 200 });
        assert(
          (await page.locator('.saved-search__name').allInnerTexts()).some((t) => t.includes(word)),
          'the search is not on /cont/cautari',
        );
        await shoot(page, 'cont-cautari-390');

        await signIn(author.page, base, 'vanzator.e2e@example.ro', 'Vânzător Grăbit');
        const adPath = await publishAd(author.page, base, {
          title: `Garsonieră ${word} lângă parc`,
          description: 'Garsonieră luminoasă, etaj intermediar, renovată, aproape de centru și de școală.',
          price: '38000',
          currency: 'EUR',
        });

        const published = Date.now();
        const since = published - 1000;
        // Crons never fire in wrangler dev: trigger the daily one (wrangler.toml) by hand through
        // `--test-scheduled`'s `/__scheduled` (with static assets, `/cdn-cgi/handler/scheduled` answers
        // "exception" in wrangler 4.86). It runs at the current time, and ads of the last minute before
        // a run wait for the next digest: so it is triggered a minute after publishing.
        await new Promise((r) => setTimeout(r, Math.max(0, published + 62_000 - Date.now())));
        const cron = await fetch(`${base}/__scheduled?cron=17+3+*+*+*`);
        assert(cron.ok, `/__scheduled answered ${cron.status}`);
        let digest = null;
        for (let i = 0; i < 100 && !digest; i++) {
          digest = mailFilesSince(since).find((f) => readFileSync(f, 'utf8').includes(word)) ?? null;
          if (!digest) await new Promise((r) => setTimeout(r, 300));
        }
        assert(digest, `no digest mail mentioning ${word} under ${tmpdir()}/miniflare-*/files/`);
        // The mail as a mail client shows it (file:// is refused by the journeys' network guard).
        await page.setContent(readFileSync(digest, 'utf8'), { waitUntil: 'load' });
        await shoot(page, 'digest-mail-390');
        const link = page.locator(`a[href*="${adPath}"]`).first();
        assert((await link.count()) > 0, `the digest has no link to ${adPath}`);
        const href = await link.getAttribute('href');
        await go(page, href, { status: 200 });
        assert((await page.locator('h1').innerText()).includes(word), `the digest link opened ${page.url()}`);
        assert(
          seeker.problems.length === 0 && author.problems.length === 0,
          [...seeker.problems, ...author.problems].join('\n'),
        );
      } finally {
        await seeker.context.close();
        await author.context.close();
      }
    },
  },
  {
    name: 'favourites: a heart saved without an account shows on /salvate and joins the account at sign-in',
    async run({ browser, base }) {
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        await go(page, `${base}/anunturi`, { status: 200 });
        const heart = page.locator('.card form[data-save] button').first();
        const title = await page.locator('.card .card__title').first().innerText();
        await heart.click();
        await page.waitForFunction(
          () =>
            document.querySelector('.card form[data-save] button')?.getAttribute('aria-pressed') === 'true',
        );
        await shoot(page, 'anunturi-inima-390');
        await go(page, `${base}/cautare?q=apartament`, { status: 200 });
        await shoot(page, 'cautare-inima-390');
        await go(page, `${base}/salvate`, { status: 200 });
        await page.waitForURL(/\/salvate\?ids=\d+/);
        assert(
          (await page.locator('.saved-item__title').allInnerTexts()).includes(title),
          `/salvate does not list ${title}`,
        );

        await signIn(page, base, 'inimioara.e2e@example.ro', 'Ana Salvează');
        // Any page with hearts merges the browser's list once, then marks the saved hearts.
        await go(page, `${base}/anunturi`, { status: 200 });
        await page.waitForFunction(() => !localStorage.getItem('salvate'), null, { timeout: 10_000 });
        await go(page, `${base}/salvate`, { status: 200 });
        assert(!page.url().includes('ids='), 'a signed-in person’s /salvate must come from the account');
        assert(
          (await page.locator('.saved-item__title').allInnerTexts()).includes(title),
          `the account's /salvate does not list ${title}`,
        );
        await page.locator('.saved-item__notify input[type=checkbox]').first().check();
        await submitAndWait(page, page.locator('.saved-item__notify button').first());
        assert(
          await page.locator('.saved-item__notify input[type=checkbox]').first().isChecked(),
          'the price-drop choice was not kept',
        );
        await shoot(page, 'salvate-390');
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
];
