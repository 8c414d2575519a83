// The operator's rules and a ban with a reason, in a browser without JavaScript needed: adding a rule
// at /moderare/reguli, then banning and unbanning a person from their console page (reason and
// confirmation), at 390 and 1280 px. Screenshots go to test/e2e/screenshots/.
import {
  assert,
  DESKTOP,
  go,
  openPage,
  operatorEmail,
  PHONE,
  plain,
  screenshot,
  signIn,
  submitAndWait,
} from './lib.mjs';

export const consoleRulesJourneys = [
  {
    name: 'console rules: an operator adds a rule and bans a person with a reason (390 and 1280 px)',
    async run({ browser, base }) {
      for (const viewport of [PHONE, DESKTOP]) {
        const tag = viewport.width;
        const { context, page } = await openPage(browser, { viewport, javaScript: false });
        await signIn(page, base, await operatorEmail(page, base));
        await go(page, `${base}/moderare/reguli`, { status: 200 });
        const form = page.locator('main form.rules-form');
        await form.locator('input[name=kind][value=word]').check();
        const word = `zzjurnal${tag}`;
        await form.locator('input[name=value]').fill(word);
        await form.locator('input[name=action][value=hold]').check();
        await submitAndWait(page, form.locator('button[type=submit]'));
        const listed = plain(await page.locator('main').innerText());
        assert(listed.includes(word), `the new rule ${word} is not listed`);
        await screenshot(page, `h24a-rules-${tag}`);

        // A person from the demo data: the first author linked from the search.
        await go(page, `${base}/moderare/cautare?q=apartament`, { status: 200 });
        const personHref = await page
          .locator('main a[href^="/moderare/utilizator/"]')
          .first()
          .getAttribute('href');
        assert(personHref, 'the console search links to no person');
        await go(page, `${base}${personHref}`, { status: 200 });
        const ban = page.locator('main form.ban-form');
        if ((await ban.locator('select[name=hideReason]').count()) === 0) {
          // Banned by an earlier pass: unban first, with a reason.
          await ban.locator('textarea[name=hideDetails]').fill('Verificat din nou.');
          await ban.locator('input[name=confirm]').check();
          await submitAndWait(page, ban.locator('button[type=submit]'));
        }
        await ban.locator('select[name=hideReason]').selectOption('Înșelătorie sau anunț fals');
        await ban.locator('textarea[name=hideDetails]').fill('Cere avans înainte de vizionare.');
        await ban.locator('input[name=confirm]').check();
        await submitAndWait(page, ban.locator('button[type=submit]'));
        const after = plain(await page.locator('main').innerText());
        assert(after.includes('blocat'), 'the person page does not say the person is banned');
        assert(after.includes(plain('Cere avans înainte de vizionare.')), 'the ban reason is not listed');
        await screenshot(page, `h24a-person-banned-${tag}`);
        const unban = page.locator('main form.ban-form');
        await unban.locator('textarea[name=hideDetails]').fill('A explicat situația.');
        await unban.locator('input[name=confirm]').check();
        await submitAndWait(page, unban.locator('button[type=submit]'));
        await context.close();
      }
    },
  },
];
