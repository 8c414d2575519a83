// Browser journeys of private messages, with two people in two browser contexts: the buyer writes
// from the ad page, the seller sees the unread mark, opens the conversation and replies, and the
// buyer's open page shows the reply (live with JavaScript, by reloading without). Screenshots of the
// inbox and a conversation at 390 and 1280 px go to MESSAGES_SHOTS (default test/e2e/screenshots/).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  assert,
  DESKTOP,
  go,
  openPage,
  PHONE,
  SCREENSHOT_DIR,
  sidewaysOverflow,
  signIn,
  submitAndWait,
  textOf,
} from './lib.mjs';

const SELLER = { email: 'maria.ionescu@example.ro', name: 'Maria Ionescu' };
const SHOTS = process.env.MESSAGES_SHOTS || SCREENSHOT_DIR;

/** The seller's first published ad, from "Anunțurile mele". */
async function sellersAd(page, base) {
  await go(page, `${base}/posts/mine`, { status: 200 });
  const links = await page.$$eval('main a[href^="/anunt/"]', (as) => as.map((a) => a.getAttribute('href')));
  const ad = links.find((h) => /^\/anunt\/[^/?#]+\/[^/?#]+-\d+$/.test(h ?? ''));
  assert(ad, 'the seller has no published ad in "Anunțurile mele"');
  return ad;
}

async function shoot(page, name) {
  if (!existsSync(SHOTS)) mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function journey({ browser, base, javaScript }) {
  const tag = javaScript ? 'js' : 'nojs';
  const buyerEmail = `cumparator.${tag}.${Date.now()}@example.ro`;
  const seller = await openPage(browser, { viewport: DESKTOP, javaScript });
  const buyer = await openPage(browser, { viewport: PHONE, javaScript });
  try {
    await signIn(seller.page, base, SELLER.email, SELLER.name);
    const ad = await sellersAd(seller.page, base);
    await signIn(buyer.page, base, buyerEmail, `Cumpărător ${tag}`);

    // The buyer writes from the ad page.
    await go(buyer.page, `${base}${ad}`, { status: 200 });
    const question = `Bună ziua, mai este disponibil? (${tag})`;
    await buyer.page.locator('#mesaj summary').click();
    await buyer.page.locator('#mesaj textarea[name=text]').fill(question);
    if (javaScript) {
      await buyer.page.locator('#mesaj').scrollIntoViewIfNeeded();
      await shoot(buyer.page, 'messages-ad-form-phone');
    }
    const sent = await submitAndWait(buyer.page, buyer.page.locator('#mesaj button[type=submit]'));
    assert(sent?.status() === 200, `sending the first message ended on ${sent?.status()}`);
    const conversation = new URL(buyer.page.url()).pathname;
    assert(/^\/mesaje\/\d+$/.test(conversation), `the first message led to ${buyer.page.url()}`);
    assert((await textOf(buyer.page)).includes(question), 'the conversation does not show the message sent');
    if (javaScript)
      await buyer.page.waitForFunction(
        () => document.querySelector('[data-conversation]')?.getAttribute('data-live') === 'on',
        null,
        {
          timeout: 10_000,
        },
      );

    // The seller sees the unread mark in the inbox (and on the header's menu with JavaScript).
    await go(seller.page, `${base}/mesaje`, { status: 200 });
    const item = seller.page.locator(`li.inbox__item--unread:has(a[href="${conversation}"])`);
    assert((await item.count()) === 1, "the seller's inbox has no unread mark on the new conversation");
    if (javaScript) {
      const badge = seller.page.locator('#account-menu .account-menu__badge');
      await badge.waitFor({ state: 'visible', timeout: 10_000 });
      assert(Number(await badge.textContent()) >= 1, 'the header menu shows no unread count');
      await shoot(seller.page, 'messages-inbox-desktop');
    }
    await submitAndWait(seller.page, item.locator('a'));
    assert((await textOf(seller.page)).includes(question), "the seller does not see the buyer's message");
    if (javaScript) await shoot(seller.page, 'messages-conversation-desktop-before-reply');

    // The seller replies.
    const answer = `Da, este disponibil. Vă aștept mâine (${tag}).`;
    await seller.page.locator('textarea[name=text]').fill(answer);
    if (javaScript) {
      await seller.page.locator('form[data-message-form] button[type=submit]').click();
      await seller.page.locator('.message--mine', { hasText: answer }).waitFor({ timeout: 10_000 });
      // Live: the buyer's open page shows the reply without a page load.
      await buyer.page.locator('.message', { hasText: answer }).waitFor({ timeout: 10_000 });
      assert(new URL(buyer.page.url()).pathname === conversation, "the buyer's page moved");
    } else {
      await submitAndWait(seller.page, seller.page.locator('form[data-message-form] button[type=submit]'));
      assert(
        (await textOf(seller.page)).includes(answer),
        "the reply is not on the seller's page after sending",
      );
      assert(
        !(await textOf(buyer.page)).includes(answer),
        'without JavaScript the reply appeared before reloading',
      );
      await buyer.page.reload({ waitUntil: 'load' });
      assert((await textOf(buyer.page)).includes(answer), 'the buyer does not see the reply after reloading');
    }
    for (const { page } of [seller, buyer]) {
      const o = await sidewaysOverflow(page, page.viewportSize().width);
      assert(o.extra <= 1, `${page.url()} is ${o.extra} px too wide: ${o.culprits.join(', ')}`);
    }
    if (javaScript) {
      await shoot(buyer.page, 'messages-conversation-phone');
      await shoot(seller.page, 'messages-conversation-desktop');
      await go(buyer.page, `${base}/mesaje`, { status: 200 });
      await shoot(buyer.page, 'messages-inbox-phone');
    }
    const problems = [...seller.problems, ...buyer.problems];
    assert(problems.length === 0, problems.join('\n'));
  } finally {
    await seller.context.close();
    await buyer.context.close();
  }
}

export const messagesJourneys = [
  {
    name: 'messages: the buyer writes, the seller sees the unread mark and replies, the reply arrives live',
    run: ({ browser, base }) => journey({ browser, base, javaScript: true }),
  },
  {
    name: 'messages without JavaScript: the same conversation by forms and reloading',
    run: ({ browser, base }) => journey({ browser, base, javaScript: false }),
  },
];
