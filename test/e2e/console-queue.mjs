// An operator clears a queue of 40 items in the console, without JavaScript (docs/moderation.md):
// 39 reported, held and flagged ads of four people are seeded in the run's local D1, and a spammer's
// second account publishes one more that a new phone rule holds. On a phone (390 px) the operator adds
// the rule at /moderare/reguli, finds every ad of the spammer's phone by the console search (another
// spelling) and hides them at once with one reason; on a desktop (1280 px) the rest of the queue goes
// in bulk from the queue page. At the end the queue is empty, each author has a statement of reasons
// in the local mail outbox, and no /moderare page scrolls sideways at 390 px. Screenshots:
// test/e2e/screenshots/h24b-*.png.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assert,
  DESKTOP,
  go,
  mailFilesSince,
  openPage,
  operatorEmail,
  PHONE,
  plain,
  screenshot,
  sidewaysOverflow,
  signIn,
  submitAndWait,
} from './lib.mjs';
import { root } from './server.mjs';

const SPAM_PHONE = '0755987654';

/** Runs an SQL file on the test run's local D1 (the same state wrangler dev serves). */
function localSqlFile(stateDir, sqlText) {
  const file = join(tmpdir(), `e2e-console-queue-${process.pid}.sql`);
  writeFileSync(file, sqlText);
  const r = spawnSync(
    join(root, 'node_modules', '.bin', 'wrangler'),
    ['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--file', file],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, encoding: 'utf8' },
  );
  assert(r.status === 0, `wrangler d1 execute failed: ${r.stderr?.slice(-800)}`);
}

/**
 * 39 queue items of four people, copied from a published demo ad: 15 reported ads of a spammer (with
 * SPAM_PHONE), 8 held by a word rule, 8 flagged as a new account's, 8 reported by two visitors.
 */
function seedSql(tag, now) {
  const people = [
    ['Sorin Spamu', SPAM_PHONE],
    ['Petru Reținut', null],
    ['Ana Semnalată', null],
    ['Dan Raportat', null],
  ];
  const users = people
    .map(
      ([name, phone], i) =>
        `('e2e-coada-${tag}-${i}', 'coada.${tag}.${i}@example.ro', '${name}', ${phone ? `'${phone}'` : 'NULL'}, 'user', 0, ${now - 86_400_000}, ${now - 86_400_000})`,
    )
    .join(',\n');
  // Row i: person 0 for i < 15, then 1, 2, 3 by eights.
  const who = `CASE WHEN i < 15 THEN 0 WHEN i < 23 THEN 1 WHEN i < 31 THEN 2 ELSE 3 END`;
  return `
INSERT INTO users (clerk_id, email, name, phone, role, banned, created_at, updated_at) VALUES
${users};
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 38),
t AS (SELECT * FROM posts WHERE status = 'published' ORDER BY id LIMIT 1)
INSERT INTO posts (user_id, category_id, subcategory_id, title, slug, description, search_text, search_stems,
  price, currency, locality, phone, status, created_at, updated_at, published_at, bumped_at, expires_at, mask_version)
SELECT (SELECT id FROM users WHERE clerk_id = 'e2e-coada-${tag}-' || (${who})),
  t.category_id, t.subcategory_id,
  CASE WHEN i < 15 THEN 'Câștig rapid de acasă ${tag} ' || i ELSE t.title || ' ${tag} ' || i END,
  t.slug, t.description, t.search_text, t.search_stems, t.price, t.currency, t.locality,
  CASE WHEN i < 15 THEN '${SPAM_PHONE}' ELSE t.phone END,
  CASE WHEN i >= 15 AND i < 23 THEN 'held' ELSE 'published' END,
  ${now} - i * 60000, ${now} - i * 60000, ${now} - i * 60000, ${now} - i * 60000, ${now} + 30 * 86400000, t.mask_version
FROM n, t;
INSERT INTO reports (post_id, reason, details, reporter_key, created_at)
SELECT p.id, 'Spam', 'Același anunț peste tot', 'e2e-coada-${tag}-a-' || p.id, ${now} - 3600000
FROM posts p JOIN users u ON u.id = p.user_id
WHERE u.clerk_id IN ('e2e-coada-${tag}-0', 'e2e-coada-${tag}-3');
INSERT INTO reports (post_id, reason, details, reporter_key, created_at)
SELECT p.id, 'Înșelătorie', '', 'e2e-coada-${tag}-b-' || p.id, ${now} - 1800000
FROM posts p JOIN users u ON u.id = p.user_id WHERE u.clerk_id = 'e2e-coada-${tag}-3';
INSERT INTO queue_marks (post_id, kind, detail, created_at)
SELECT p.id, CASE WHEN u.clerk_id = 'e2e-coada-${tag}-1' THEN 'rule-hold' ELSE 'new-account' END,
  CASE WHEN u.clerk_id = 'e2e-coada-${tag}-1' THEN 'cuvânt: transfer bancar' ELSE '' END, ${now} - 900000
FROM posts p JOIN users u ON u.id = p.user_id
WHERE u.clerk_id IN ('e2e-coada-${tag}-1', 'e2e-coada-${tag}-2');
`;
}

/** The queue's total as the counts line at the top of /moderare says it. */
async function queueTotal(page) {
  const line = plain(await page.locator('main .moderation__counts li').first().innerText());
  const n = line.match(/\d+/);
  return n ? Number(n[0]) : 0;
}

/** Every /moderare page fits 390 px: nothing scrolls sideways. */
async function fitsPhone(page, what) {
  const { extra, culprits } = await sidewaysOverflow(page, PHONE.width);
  assert(extra <= 1, `${what} is ${extra} px too wide at 390 px: ${culprits.join(', ')}`);
  const scroll = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  assert(scroll <= PHONE.width + 1, `${what} scrolls sideways at 390 px (scrollWidth ${scroll})`);
}

/** Every mail the local outbox got since `since`: one string per mail (its .eml, .txt and .html joined). */
function mailsSince(since) {
  /** @type {Map<string, string>} */
  const found = new Map();
  for (const path of mailFilesSince(since, /\.(eml|txt|html)$/)) {
    const key = path.replace(/\.(eml|txt|html)$/, '');
    found.set(key, `${found.get(key) ?? ''}\n${readFileSync(path, 'utf8')}`);
  }
  return [...found.values()];
}

/**
 * Ticks every `ids` checkbox whose row passes `keep`, and applies the bulk form.
 * @param {import('playwright-core').Page} page
 * @param {{ rows: string, keep: (text: string) => boolean, action: string, reason?: string, details?: string }} what
 */
async function bulk(page, { rows, keep, action, reason, details }) {
  let ticked = 0;
  const items = page.locator(rows);
  const count = await items.count();
  for (let i = 0; i < count; i++) {
    const row = items.nth(i);
    if (!keep(plain(await row.innerText()))) continue;
    await row.locator('input[name=ids]').first().check();
    ticked++;
  }
  if (ticked === 0) return 0;
  const form = page.locator('form#bulk');
  await form.locator('select[name=action]').selectOption(action);
  if (reason) await form.locator('select[name=hideReason]').selectOption(reason);
  if (details) await form.locator('input[name=hideDetails]').fill(details);
  await form.locator('input[name=confirm]').check();
  const res = await submitAndWait(page, form.locator('button[type=submit]'));
  assert(
    res?.ok(),
    `the bulk ${action} answered ${res?.status()}: ${plain(await page.locator('main').innerText()).slice(0, 300)}`,
  );
  return ticked;
}

export const consoleQueueJourneys = [
  {
    name: 'console queue: an operator clears 40 items with a phone rule, the search and bulk hides (390 and 1280 px)',
    timeoutMs: 330_000,
    async run({ browser, base, stateDir }) {
      const tag = Math.random()
        .toString(36)
        .replace(/[^a-z]/g, '')
        .slice(0, 5);
      const since = Date.now() - 1000;
      const phone = await openPage(browser, { viewport: PHONE, javaScript: false });
      const desk = await openPage(browser, { viewport: DESKTOP, javaScript: false });
      const spam = await openPage(browser, { viewport: PHONE, javaScript: false });
      try {
        const operator = await operatorEmail(phone.page, base);
        await signIn(phone.page, base, operator);
        await signIn(desk.page, base, operator);
        await go(desk.page, `${base}/moderare`, { status: 200 });
        const before = await queueTotal(desk.page);
        localSqlFile(stateDir, seedSql(tag, Date.now()));

        // The spammer's phone becomes a hold rule (phone, 390 px).
        const p = phone.page;
        await go(p, `${base}/moderare/reguli`, { status: 200 });
        await fitsPhone(p, '/moderare/reguli');
        const rules = p.locator('main form.rules-form');
        await rules.locator('input[name=kind][value=phone]').check();
        await rules.locator('input[name=value]').fill('0755 987 654');
        await rules.locator('input[name=action][value=hold]').check();
        await submitAndWait(p, rules.locator('button[type=submit]'));
        const listed = plain(await p.locator('main').innerText());
        assert(/0755\s?987\s?654/.test(listed), `the phone rule is not listed: ${listed.slice(0, 400)}`);
        await fitsPhone(p, '/moderare/reguli with a phone rule');
        await screenshot(p, 'h24b-rules-390');

        // The spammer's second account publishes again, the phone written another way: held.
        await signIn(spam.page, base, `coada.${tag}.nou@example.ro`, 'Sorin Altcont');
        await go(spam.page, `${base}/posts/new`, { status: 200 });
        const editor = spam.page
          .locator('main form')
          .filter({ has: spam.page.locator('[name=title]') })
          .first();
        await editor.locator('select[name=category]').selectOption('101');
        await editor.locator('[name=title]').fill(`Câștig rapid de acasă ${tag} din nou`);
        await editor
          .locator('[name=description]')
          .fill('Lucrați de acasă două ore pe zi și câștigați mult, sunați acum pentru detalii.');
        await editor.locator('[name=price]').fill('100');
        await editor.locator('[name=phone]').fill('+40 755-987-654');
        const published = await submitAndWait(spam.page, editor.locator('button[type=submit]').last());
        assert(published?.status() === 200, `publishing answered ${published?.status()}`);

        // The queue: 40 more items than before, held first.
        await go(desk.page, `${base}/moderare`, { status: 200 });
        const full = await queueTotal(desk.page);
        assert(full === before + 40, `the queue holds ${full} items, expected ${before} + 40`);
        await screenshot(desk.page, 'h24b-queue-full-1280');
        await go(p, `${base}/moderare`, { status: 200 });
        await fitsPhone(p, '/moderare');
        await screenshot(p, 'h24b-queue-full-390');

        // The search by the phone in a third spelling finds all 16 of the spammer's ads; one bulk hide.
        await go(p, `${base}/moderare/cautare?q=${encodeURIComponent('0755.987.654')}`, { status: 200 });
        await fitsPhone(p, '/moderare/cautare');
        const found = await p.locator('main ul.mod-results > li').count();
        assert(found === 16, `the search by phone lists ${found} ads, expected 16`);
        await screenshot(p, 'h24b-search-390');
        const hidden = await bulk(p, {
          rows: 'main ul.mod-results > li',
          keep: () => true,
          action: 'ascunde',
          reason: 'Spam sau anunț duplicat',
          details: 'Același anunț, publicat de mai multe ori.',
        });
        assert(hidden === 16, `ticked ${hidden} of the spammer's ads`);
        await go(p, `${base}/moderare/cautare?q=${encodeURIComponent('+40755987654')}`, { status: 200 });
        const statuses = plain(await p.locator('main ul.mod-results').innerText());
        assert(
          !/Publicat|În verificare/i.test(statuses),
          `after the bulk hide the spammer still has ads up: ${statuses.slice(0, 400)}`,
        );

        // The rest from the queue page (1280 px): the seeded ads hidden with one reason, anything
        // else already there (other journeys' reports) resolved, page after page, until it is empty.
        const d = desk.page;
        for (let round = 0; round < 10; round++) {
          await go(d, `${base}/moderare`, { status: 200 });
          if ((await queueTotal(d)) === 0) break;
          if (round === 0) await screenshot(d, 'h24b-queue-rest-1280');
          const rows = 'main #coada article.mod-post';
          const ours = await bulk(d, {
            rows,
            keep: (text) => text.includes(` ${tag} `),
            action: 'ascunde',
            reason: 'Conținut nepotrivit',
          });
          if (ours > 0) continue;
          await bulk(d, { rows, keep: () => true, action: 'rezolva' });
        }
        await go(d, `${base}/moderare`, { status: 200 });
        assert((await queueTotal(d)) === 0, `the queue still holds ${await queueTotal(d)} items`);
        await screenshot(d, 'h24b-queue-empty-1280');
        await go(p, `${base}/moderare`, { status: 200 });
        await fitsPhone(p, 'the empty /moderare');
        await screenshot(p, 'h24b-queue-empty-390');

        // Every other console page fits 390 px too.
        for (const path of ['/moderare/statistici', '/moderare/stare']) {
          await go(p, `${base}${path}`, { status: 200 });
          await fitsPhone(p, path);
        }
        await go(p, `${base}/moderare/cautare?q=${encodeURIComponent(`coada.${tag}.0@example.ro`)}`, {
          status: 200,
        });
        const person = await p.locator('main a[href^="/moderare/utilizator/"]').first().getAttribute('href');
        assert(person, 'the search by e-mail finds no person');
        await go(p, `${base}${person}`, { status: 200 });
        await fitsPhone(p, person);
        await screenshot(p, 'h24b-person-390');

        // Each author got a statement of reasons (the queue delivers within seconds on an idle machine):
        // a mail that gives the reason and names one of the author's ads (`<tag> <row>` in its title).
        const authorOf = (/** @type {string} */ row) =>
          row === 'din nou' ? 4 : Number(row) < 15 ? 0 : Number(row) < 23 ? 1 : Number(row) < 31 ? 2 : 3;
        const names = ['Sorin Spamu', 'Petru Reținut', 'Ana Semnalată', 'Dan Raportat', 'Sorin Altcont'];
        const told = new Set();
        let mails = [];
        for (let i = 0; i < 180 && told.size < names.length; i++) {
          mails = mailsSince(since);
          for (const mail of mails) {
            if (!/Motivul/.test(mail)) continue;
            for (const m of mail.matchAll(new RegExp(`${tag} (\\d+|din nou)`, 'g'))) told.add(authorOf(m[1]));
          }
          if (told.size < names.length) await p.waitForTimeout(500);
        }
        const missing = names.filter((_, i) => !told.has(i));
        assert(
          missing.length === 0,
          `no statement of reasons for ${missing.join(', ')} (${mails.length} mails in the outbox since the start)`,
        );
        for (const { problems } of [phone, desk, spam]) assert(problems.length === 0, problems.join('\n'));
      } finally {
        await Promise.all([phone.context.close(), desk.context.close(), spam.context.close()]);
      }
    },
  },
];
