// Browser journey for mails in wrangler dev: an ad close to expiry, the daily job triggered by hand
// (`/__scheduled?cron=…`), the reminder found where wrangler dev writes mails
// (`$TMPDIR/miniflare-*/files/email*/…`), and its one-click renewal link opened and confirmed without
// signing in.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assert, clickAndWait, go, mailFilesSince, openPage, PHONE, publishAd, signIn } from './lib.mjs';
import { root } from './server.mjs';

const DAY = 86_400_000;

/** Runs SQL on the test run's local D1 (the same state wrangler dev serves). */
function localSql(stateDir, command) {
  const r = spawnSync(
    join(root, 'node_modules', '.bin', 'wrangler'),
    ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--command', command],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, encoding: 'utf8' },
  );
  assert(r.status === 0, `wrangler d1 execute failed: ${r.stderr?.slice(-800)}`);
}

export const mailJourneys = [
  {
    name: 'mail: an ad close to expiry → the daily job mails a reminder → its renewal link renews without signing in',
    async run({ browser, base, stateDir }) {
      assert(stateDir && existsSync(stateDir), 'the journey needs the run’s local state directory');
      const { context, page, problems } = await openPage(browser, { viewport: PHONE });
      try {
        const suffix = Math.random()
          .toString(36)
          .replace(/[^a-z]/g, '')
          .slice(0, 6);
        const title = `Mașină de cusut Singer ${suffix}`;
        await signIn(page, base, `reamintire.${suffix}@example.ro`, 'Radu Reamintire');
        const adPath = await publishAd(page, base, {
          title,
          description: 'Mașină de cusut în stare bună, cu pedală și accesorii, din Rădăuți.',
          price: '350',
        });
        const id = Number(adPath.match(/-(\d+)$/)?.[1]);
        assert(id > 0, `publishing did not land on an ad page (${page.url()})`);
        // Published 28 days ago: it expires in 2 days (and may be renewed: the last renewal is old).
        const now = Date.now();
        localSql(
          stateDir,
          `UPDATE posts SET bumped_at = ${now - 28 * DAY}, published_at = ${now - 28 * DAY}, expires_at = ${now + 2 * DAY} WHERE id = ${id}`,
        );
        // The daily job, triggered by hand (wrangler dev runs with --test-scheduled; with static
        // assets its `/cdn-cgi/handler/scheduled` path answers "exception" without reaching the worker).
        const since = Date.now() - 1000;
        const cron = await fetch(`${base}/__scheduled?cron=17+3+*+*+*`);
        assert(cron.ok, `the scheduled handler answered ${cron.status}`);
        // The queue delivers within seconds, but the same queue also carries the nightly backup's
        // photo parts, which an earlier journey's daily run may still be copying: wait up to two
        // minutes for the reminder, the file that names this ad.
        let html = null;
        for (let i = 0; i < 240 && !html; i++) {
          for (const file of mailFilesSince(since)) {
            const text = readFileSync(file, 'utf8');
            if (text.includes(suffix) && text.includes(`${base}/reinnoire/`)) html = text;
          }
          if (!html) await page.waitForTimeout(500);
        }
        assert(html, 'no reminder mail (.html under the temp dir’s miniflare-*/files/email*) names the ad');
        const link = html.match(/href="([^"]*\/reinnoire\/[^"]+)"/)?.[1]?.replace(/&amp;/g, '&');
        assert(
          link?.startsWith(`${base}/reinnoire/`),
          `the reminder has no renewal link for this site: ${link}`,
        );
        // A new, signed-out browser: the link works without a session; GET only asks.
        const anon = await openPage(browser, { viewport: PHONE });
        try {
          await go(anon.page, link, { status: 200 });
          const ask = await anon.page.locator('main').innerText();
          assert(
            ask.includes('Reînnoiți anunțul?') && ask.includes(title),
            `the renewal page says: ${ask.slice(0, 300)}`,
          );
          await clickAndWait(anon.page, anon.page.locator('main form button[type=submit]'));
          assert(
            new URL(anon.page.url()).pathname === adPath,
            `after renewing the browser is on ${anon.page.url()}`,
          );
          const flash = await anon.page.locator('.flash').innerText();
          assert(/reînnoit pentru încă 30 de zile/.test(flash), `no renewal confirmation: ${flash}`);
          // Single use: the same link again is refused with a clear page.
          const again = await go(anon.page, link);
          assert(again.status() === 410, `a used link answered ${again.status()}`);
          assert(
            /deja folosit/.test(await anon.page.locator('main').innerText()),
            'the used link’s page does not say so',
          );
          assert(anon.problems.length === 0, anon.problems.join('\n'));
        } finally {
          await anon.context.close();
        }
        // The owner sees the ad renewed: it now expires in 30 days.
        await go(page, `${base}/posts/mine`, { status: 200 });
        const row = await page.locator(`#anunt-${id}`).innerText();
        const in30 = new Date(now + 30 * DAY).toLocaleDateString('ro-RO', {
          day: 'numeric',
          month: 'long',
          timeZone: 'Europe/Bucharest',
        });
        assert(
          row.includes(in30.split(' ')[0]) && /Publicat|Expiră/i.test(row),
          `"Anunțurile mele" shows: ${row.slice(0, 300)}`,
        );
        assert(problems.length === 0, problems.join('\n'));
      } finally {
        await context.close();
      }
    },
  },
];
