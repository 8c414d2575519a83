// @ts-check
// The browser journey of personal data (docs/privacy.md): a person with an ad, a photo, a favourite,
// a saved search and a conversation downloads their data (the JSON checked), deletes the account by
// typing ȘTERGE; then the other side's conversation says "Cont șters" and offers no way to write, the
// ad's address answers 410 and the photo's 404, at 390 and 1280 px. Screenshots go to PRIVACY_SHOTS
// (default test/e2e/screenshots/).
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assert,
  DESKTOP,
  go,
  makeJpegs,
  openPage,
  operatorEmail,
  PHONE,
  publishAd,
  SCREENSHOT_DIR,
  sidewaysOverflow,
  signIn,
  submitAndWait,
  textOf,
} from './lib.mjs';

const SHOTS = process.env.PRIVACY_SHOTS || SCREENSHOT_DIR;

async function shoot(page, name) {
  if (!existsSync(SHOTS)) mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A word no demo ad holds (letters only, so search indexes it as one word). */
function uniqueWord() {
  const letters = 'bcdfghjklmnprstvz';
  let w = 'priv';
  for (let i = 0; i < 6; i++) w += `${letters[Math.floor(Math.random() * letters.length)]}a`;
  return w;
}

/** @param {import('playwright-core').Page} page */
async function noOverflow(page) {
  const width = page.viewportSize()?.width ?? 0;
  const o = await sidewaysOverflow(page, width);
  assert(o.extra <= 1, `${page.url()} is ${o.extra} px too wide at ${width} px: ${o.culprits.join(', ')}`);
}

/** @param {import('playwright-core').Page} page */
async function sendMessage(page, text) {
  await page.locator('textarea[name=text]').fill(text);
  const res = await submitAndWait(page, page.locator('form[data-message-form] button[type=submit]'));
  assert(res?.status() === 200, `sending "${text}" ended on ${res?.status()}`);
}

export const privacyJourneys = [
  {
    name: 'privacy: download my data, delete my account; the other side sees "Cont șters", the ad 410, the photo 404',
    async run({ browser, base }) {
      const stamp = Date.now();
      const word = uniqueWord();
      const me = await openPage(browser, { viewport: PHONE, javaScript: false });
      const other = await openPage(browser, { viewport: DESKTOP, javaScript: false });
      /** @type {Awaited<ReturnType<typeof openPage>> | null} */
      let otherPhone = null;
      try {
        const otherEmail = `vecin.${stamp}@example.ro`;
        const myEmail = `ana.${stamp}@example.ro`;
        // The other person's ad: what `me` saves as a favourite and writes about.
        await signIn(other.page, base, otherEmail, 'Bogdan Vecin');
        const otherAd = await publishAd(other.page, base, {
          title: `Bicicletă ${word} de oraș`,
          description: 'Bicicletă de oraș cu coș și lumini, folosită puțin, roți noi.',
          price: '600',
        });
        const otherAdId = Number(/-(\d+)$/.exec(otherAd)?.[1]);

        // Me: an ad with a photo.
        const { page } = me;
        await signIn(page, base, myEmail, 'Ana Plecată');
        const myAd = await publishAd(page, base, {
          title: `Masă ${word} din lemn de stejar`,
          description: 'Masă extensibilă din lemn masiv, șase locuri, stare foarte bună.',
          price: '900',
        });
        const myAdId = Number(/-(\d+)$/.exec(myAd)?.[1]);
        assert(myAdId > 0, `the published ad's address ${myAd} has no id`);
        // Without JavaScript the editor's photo field is a plain file input sent with the form.
        await go(page, `${base}/posts/edit/${myAdId}`, { status: 200 });
        const [jpeg] = await makeJpegs(1, join(tmpdir(), `eradauti-e2e-privacy-${process.pid}`));
        const editor = page.locator('#editor-form');
        await editor.locator('input[type=file]').first().setInputFiles(jpeg);
        // The ad page the save leads to makes the photo's sizes on first request: slow on a busy
        // machine, so the document is enough here (the photo is fetched on its own below).
        const [savedEdit] = await Promise.all([
          page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: 90_000 }),
          editor.locator('button[type=submit]').last().click(),
        ]);
        assert(savedEdit?.status() === 200, `saving the photo answered ${savedEdit?.status()}`);
        assert(new URL(page.url()).pathname === myAd, `saving the photo led to ${page.url()}`);
        const photoSrc = await page.locator('main img[src^="/api/poze/"]').first().getAttribute('src');
        assert(photoSrc, 'the ad page shows no photo after the upload');
        const photoId = Number(/^\/api\/poze\/(?:responsive\/)?(\d+)\//.exec(photoSrc)?.[1]);
        const before = await page.request.get(`${base}${photoSrc}`, { timeout: 90_000 });
        assert(before.status() === 200, `the photo answered ${before.status()} before the deletion`);

        // A favourite (the heart, a plain form without JavaScript) and a saved search.
        await go(page, `${base}${otherAd}`, { status: 200 });
        await submitAndWait(page, page.locator(`form[action="/salvate/${otherAdId}"] button[type=submit]`));
        await go(page, `${base}/salvate`, { status: 200 });
        assert((await textOf(page)).includes(`Bicicletă ${word}`), '/salvate does not list the favourite');
        await go(page, `${base}/cautare?q=${word}`, { status: 200 });
        await submitAndWait(page, page.getByRole('button', { name: 'Anunță-mă când apar anunțuri noi' }));
        assert(/Căutarea a fost salvată/.test(await textOf(page)), 'the search was not saved');

        // A conversation: me writes about the other's ad, the other answers.
        await go(page, `${base}${otherAd}`, { status: 200 });
        await page.locator('#mesaj summary').click();
        await page.locator('#mesaj textarea[name=text]').fill(`Bună ziua, mai este bicicleta ${word}?`);
        const sent = await submitAndWait(page, page.locator('#mesaj button[type=submit]'));
        assert(sent?.status() === 200, `the first message ended on ${sent?.status()}`);
        const conversation = new URL(page.url()).pathname;
        assert(/^\/mesaje\/\d+$/.test(conversation), `the first message led to ${page.url()}`);
        await go(other.page, `${base}${conversation}`, { status: 200 });
        await sendMessage(other.page, `Da, este. Treceți mâine (${word}).`);

        // Download my data: one JSON attachment with each kind, nothing of the other's but a name.
        await go(page, `${base}/cont`, { status: 200 });
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.locator('a[href="/cont/date"]').first().click(),
        ]);
        assert(
          /^eradauti-date-\d{4}-\d{2}-\d{2}\.json$/.test(download.suggestedFilename()),
          `the download is named ${download.suggestedFilename()}`,
        );
        const file = await download.path();
        const raw = readFileSync(file, 'utf8');
        const data = JSON.parse(raw);
        assert(data.profile?.email === myEmail, `the export's profile is ${JSON.stringify(data.profile)}`);
        const ad = (data.ads ?? []).find((a) => a.id === myAdId);
        assert(ad?.title.includes(word), 'the export lacks my ad');
        assert(
          ad.photos.length === 1 &&
            ad.photos.some((p) => String(JSON.stringify(p)).includes(`/api/poze/${photoId}/`)),
          `the export's ad photos are ${JSON.stringify(ad.photos)}`,
        );
        assert(
          (data.favourites ?? []).some((f) => f.postId === otherAdId),
          `the export's favourites are ${JSON.stringify(data.favourites)}`,
        );
        assert(
          (data.savedSearches ?? []).some((s) => String(s.query).includes(word)),
          `the export's saved searches are ${JSON.stringify(data.savedSearches)}`,
        );
        const conv = (data.conversations ?? []).find((c) => c.adId === otherAdId);
        assert(
          conv && conv.otherPerson === 'Bogdan Vecin' && conv.messages.length === 2,
          `the export's conversation is ${JSON.stringify(conv)}`,
        );
        assert(
          conv.messages.some((m) => m.from === 'eu') &&
            conv.messages.some((m) => m.from === 'Bogdan Vecin' && m.text.includes('Treceți mâine')),
          'the export lacks one side of the conversation',
        );
        assert(!raw.includes(otherEmail), "the export holds the other person's e-mail");

        // Delete the account: the page says what goes; only the typed word deletes it.
        await go(page, `${base}/cont/sterge`, { status: 200 });
        await shoot(page, 'privacy-delete-account-390');
        await noOverflow(page);
        await page.locator('input[name=confirm]').fill('ȘTERGE');
        const deleted = await submitAndWait(
          page,
          page.locator('form.delete-account__form button[type=submit]'),
        );
        assert(deleted?.status() === 200, `the deletion ended on ${deleted?.status()} at ${page.url()}`);
        const cookies = await page.context().cookies(base);
        assert(!cookies.some((c) => c.name === '__session' && c.value), 'the session survived the deletion');
        const account = await go(page, `${base}/cont`);
        assert(
          /Nu sunteți conectat/.test(await textOf(page)),
          `after the deletion /cont says: ${account.status()}`,
        );

        // The other side, at 1280 and 390 px: "Cont șters", no way to write; the ad 410, the photo 404.
        otherPhone = await openPage(browser, { viewport: PHONE, javaScript: false });
        await signIn(otherPhone.page, base, otherEmail, 'Bogdan Vecin');
        for (const [view, width] of [
          [other.page, 1280],
          [otherPhone.page, 390],
        ]) {
          const p = /** @type {import('playwright-core').Page} */ (view);
          await go(p, `${base}${conversation}`, { status: 200 });
          const text = await textOf(p);
          assert(text.includes('Cont șters'), `the conversation at ${width} px does not say "Cont șters"`);
          assert(
            text.includes('Această persoană și-a șters contul: nu îi mai puteți scrie.'),
            `the conversation at ${width} px does not say the other side cannot be written to`,
          );
          assert(
            (await p.locator('textarea[name=text]').count()) === 0,
            `the conversation at ${width} px still offers a reply box`,
          );
          assert(text.includes('Treceți mâine'), `the other side lost their own message at ${width} px`);
          assert(!text.includes(`mai este bicicleta ${word}`), `the deleted person's message is still shown`);
          await noOverflow(p);
          await shoot(p, `privacy-conversation-after-deletion-${width}`);
          const gone = await go(p, `${base}${myAd}`);
          assert(gone.status() === 410, `the deleted person's ad answered ${gone.status()} at ${width} px`);
          assert(/șters definitiv/.test(await textOf(p)), `the 410 page at ${width} px does not say so`);
          await noOverflow(p);
          await shoot(p, `privacy-ad-410-${width}`);
          const pixels = await p.request.get(`${base}${photoSrc}`);
          assert(pixels.status() === 404, `the deleted person's photo answered ${pixels.status()}`);
          await go(p, `${base}/mesaje`, { status: 200 });
          assert(
            (await textOf(p)).includes('Cont șters'),
            `the inbox at ${width} px does not say "Cont șters"`,
          );
        }
        // Whoever writes to the conversation now is refused with the same words.
        const refused = await other.page.request.post(`${base}${conversation}`, {
          form: { text: 'Mai sunteți acolo?' },
          headers: { origin: base },
          maxRedirects: 0,
        });
        assert(
          refused.status() >= 400 && refused.status() < 500,
          `writing anyway answered ${refused.status()}`,
        );

        const problems = [...me.problems, ...other.problems, ...otherPhone.problems];
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await me.context.close();
        await other.context.close();
        await otherPhone?.context.close();
      }
    },
  },
  {
    name: 'privacy: an owner deletes an ad, it is gone for everyone, an operator restores it from the console',
    async run({ browser, base }) {
      const stamp = Date.now();
      const word = uniqueWord();
      const owner = await openPage(browser, { viewport: PHONE, javaScript: false });
      const visitor = await openPage(browser, { viewport: PHONE, javaScript: false });
      const operator = await openPage(browser, { viewport: DESKTOP, javaScript: false });
      try {
        await signIn(owner.page, base, `grabit.${stamp}@example.ro`, 'Radu Grăbit');
        const ad = await publishAd(owner.page, base, {
          title: `Dulap ${word} cu oglindă`,
          description: 'Dulap cu trei uși și oglindă, lemn masiv, se ridică de la domiciliu.',
          price: '450',
        });
        const adId = Number(/-(\d+)$/.exec(ad)?.[1]);
        const authorHref = await owner.page
          .locator('main a[href^="/anunturi/de/"]')
          .first()
          .getAttribute('href');
        const userId = Number(/-(\d+)$/.exec(authorHref ?? '')?.[1]);
        assert(userId > 0, `no author link with an id on ${ad} (${authorHref})`);

        // The owner deletes it: the page says what happens and that an operator can still undo it.
        await go(owner.page, `${base}/posts/edit/${adId}/sterge`, { status: 200 });
        assert(/30 de zile/.test(await textOf(owner.page)), 'the delete page does not mention the 30 days');
        await shoot(owner.page, 'privacy-delete-ad-390');
        await noOverflow(owner.page);
        await owner.page.locator('input[name=confirm]').check();
        await submitAndWait(owner.page, owner.page.locator('form button.btn--danger'));
        assert(
          new URL(owner.page.url()).pathname === '/posts/mine',
          `the deletion led to ${owner.page.url()}`,
        );
        assert(!(await textOf(owner.page)).includes(word), '"Anunțurile mele" still lists the deleted ad');
        const ownView = await go(owner.page, `${base}${ad}`);
        assert(ownView.status() === 410, `the owner's view of the deleted ad answered ${ownView.status()}`);

        // Everyone else: 410, and search does not find it.
        assert((await go(visitor.page, `${base}${ad}`)).status() === 410, 'a visitor still reaches the ad');
        await go(visitor.page, `${base}/cautare?q=${word}`, { status: 200 });
        assert(!(await textOf(visitor.page)).includes(`Dulap ${word}`), 'search still finds the deleted ad');

        // An operator sees it, marked deleted, and restores it from the person's console page.
        await signIn(operator.page, base, await operatorEmail(operator.page, base), 'Operator');
        await go(operator.page, `${base}${ad}`, { status: 200 });
        assert((await textOf(operator.page)).includes('Anunț șters'), 'the operator sees no "Anunț șters"');
        await shoot(operator.page, 'privacy-deleted-ad-operator-1280');
        await go(operator.page, `${base}/moderare/utilizator/${userId}`, { status: 200 });
        const restore = operator.page.locator(`form[action="/moderare/restaurare/${adId}"]`);
        assert((await restore.count()) === 1, 'the person page has no restore form for the deleted ad');
        await shoot(operator.page, 'privacy-person-restore-1280');
        await noOverflow(operator.page);
        await submitAndWait(operator.page, restore.locator('button[type=submit]'));
        assert(
          /Anunțul a fost restaurat/.test(await textOf(operator.page)),
          `no confirmation after the restore (${operator.page.url()})`,
        );
        assert(
          (await go(visitor.page, `${base}${ad}`)).status() === 200,
          'the restored ad is not public again',
        );

        const problems = [...owner.problems, ...visitor.problems, ...operator.problems];
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await owner.context.close();
        await visitor.context.close();
        await operator.context.close();
      }
    },
  },
];
