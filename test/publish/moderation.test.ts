// Reports from visitors and the operators' tools, and what they change in the public listings.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { bucharestOffsetMs } from '../../src/lib/dates';
import {
  DAY,
  db,
  flashText,
  formOf,
  get,
  getAs,
  HOUSE,
  makeDraftPhoto,
  makePost,
  person,
  postForm,
  postFormAs,
  postRow,
  textOf,
  validFields,
  withFlash,
} from '../fixtures';

let operator: { cookie: string; id: number };

beforeAll(async () => {
  const op = await person({ role: 'operator', name: 'Ioana Operator' });
  operator = { cookie: op.cookie, id: op.user.id };
});

function adPath(post: schema.Post, category = 'imobiliare') {
  return `/anunt/${category}/${post.slug}-${post.id}`;
}

async function listingHrefs(path = '/anunturi/imobiliare'): Promise<string[]> {
  const html = await (await get(path)).text();
  return [...html.matchAll(/href="(\/anunt\/[^"?#]+)"/g)].map((m) => m[1]);
}

async function reportsOf(postId: number) {
  return db.select().from(schema.reports).where(eq(schema.reports.postId, postId));
}

// Each test reports from its own address: the per-client report limit outlives a test.
let clientSeq = 0;
let client = '198.51.100.7';
beforeEach(() => {
  clientSeq++;
  client = `198.51.${100 + Math.floor(clientSeq / 250)}.${(clientSeq % 250) + 1}`;
});

function report(postId: number, body: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(`/raporteaza/${postId}`, new URLSearchParams(body), {
    'cf-connecting-ip': client,
    'user-agent': 'Mozilla/5.0 test',
    ...headers,
  });
}

describe('reports', () => {
  it('takes a report from an anonymous visitor and returns to the ad with a thank-you flag', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const res = await report(ad.id, { reason: 'Înșelătorie', details: 'Cere avans prin transfer.' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(adPath(ad));
    const page = await get(adPath(ad), { headers: { cookie: withFlash(res) } });
    expect(flashText(await page.text())).toBe('Mulțumim! Raportul a fost trimis operatorilor.');
    const [row] = await reportsOf(ad.id);
    expect(row).toMatchObject({
      reason: 'Înșelătorie',
      details: 'Cere avans prin transfer.',
      resolvedAt: null,
    });
    // Not the address itself: a salted hash.
    expect(row.reporterKey).toMatch(/^a:[0-9a-f]{64}$/);
    expect(row.reporterKey).not.toContain(client);
  });

  it('counts a visitor once per ad: a second report is a friendly no-op', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    expect((await report(ad.id, { reason: 'Spam' })).status).toBe(303);
    const again = await report(ad.id, { reason: 'Altceva' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(adPath(ad));
    expect(await reportsOf(ad.id)).toHaveLength(1);
    // Another browser at the same address is the same client; another address is another one.
    await report(ad.id, { reason: 'Spam' }, { 'user-agent': 'Other browser' });
    expect(await reportsOf(ad.id)).toHaveLength(1);
    await report(ad.id, { reason: 'Spam' }, { 'cf-connecting-ip': `2001:db8:${clientSeq}::1` });
    expect(await reportsOf(ad.id)).toHaveLength(2);
  });

  it('keys a signed-in visitor’s report by their account', async () => {
    const author = await person();
    const visitor = await person();
    const ad = await makePost(author.user.id, {}, HOUSE);
    await postFormAs(`/raporteaza/${ad.id}`, { reason: 'Deja vândut' }, visitor.cookie);
    await postFormAs(`/raporteaza/${ad.id}`, { reason: 'Spam' }, visitor.cookie, { 'user-agent': 'x' });
    const rows = await reportsOf(ad.id);
    expect(rows.map((r) => r.reporterKey)).toEqual([`u:${visitor.user.id}`]);
  });

  it('refuses an unknown reason with 400 and a Romanian message, and an unknown ad with 404', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const res = await report(ad.id, { reason: 'Nu-mi place' });
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain('Alegeți motivul raportării.');
    expect(await reportsOf(ad.id)).toHaveLength(0);
    expect((await report(999_999, { reason: 'Spam' })).status).toBe(404);
    expect((await report(Number.NaN, { reason: 'Spam' })).status).toBe(404);
  });

  it('lists reported ads with their reasons on /moderare; resolving takes them off', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, { title: 'Anunț suspect <b>raportat</b>' }, HOUSE);
    await report(ad.id, { reason: 'Înșelătorie', details: 'Vrea bani înainte <script>x</script>' });
    await report(ad.id, { reason: 'Spam' }, { 'cf-connecting-ip': `2001:db8:${clientSeq}::2` });
    const res = await getAs('/moderare', operator.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    const reported = html.slice(html.indexOf('Anunțuri raportate'), html.indexOf('Anunțuri noi'));
    expect(reported).toContain(`id="anunt-${ad.id}"`);
    expect(textOf(reported)).toContain('2 rapoarte deschise');
    expect(textOf(reported)).toContain('Înșelătorie: Vrea bani înainte <script>x</script>');
    expect(reported).not.toContain('<script>x</script>');
    expect(reported).toContain('Anunț suspect &lt;b&gt;raportat&lt;/b&gt;');
    const resolved = await postFormAs(`/moderare/anunt/${ad.id}/rezolva`, {}, operator.cookie);
    expect(resolved.status).toBe(303);
    expect((await reportsOf(ad.id)).every((r) => r.resolvedAt !== null)).toBe(true);
    const after = await (await getAs('/moderare', operator.cookie)).text();
    expect(after.slice(after.indexOf('Anunțuri raportate'), after.indexOf('Anunțuri noi'))).not.toContain(
      `id="anunt-${ad.id}"`,
    );
  });
});

describe('moderation actions and their effect on listings', () => {
  it('hides an ad (gone for visitors, visible to operators and its author) and shows it again', async () => {
    const author = await person();
    const ad = await makePost(author.user.id, {}, HOUSE);
    const res = await postFormAs(
      `/moderare/anunt/${ad.id}/ascunde`,
      { hideReason: 'Spam sau anunț duplicat', hideDetails: 'Publicat de trei ori.' },
      operator.cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/moderare#anunt-${ad.id}`);
    expect((await postRow(ad.id))?.status).toBe('hidden');
    expect((await postRow(ad.id))?.hiddenReason).toBe('Spam sau anunț duplicat: Publicat de trei ori.');
    expect(await listingHrefs()).not.toContain(adPath(ad));
    expect((await get(adPath(ad))).status).toBe(404);
    expect((await getAs(adPath(ad), operator.cookie)).status).toBe(200);
    expect((await getAs(adPath(ad), author.cookie)).status).toBe(200);
    await postFormAs(`/moderare/anunt/${ad.id}/arata`, {}, operator.cookie);
    expect((await postRow(ad.id))?.status).toBe('published');
    expect(await listingHrefs()).toContain(adPath(ad));
  });

  it('shows an unhidden ad whose time ran out as expired', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, { status: 'hidden', expiresAt: Date.now() - DAY }, HOUSE);
    await postFormAs(`/moderare/anunt/${ad.id}/arata`, {}, operator.cookie);
    expect((await postRow(ad.id))?.status).toBe('expired');
  });

  it('promotes an ad until the end of a chosen day: first in its listing, then stops', async () => {
    const { user } = await person();
    const newer = await makePost(
      user.id,
      { title: 'Anunț foarte nou aici', bumpedAt: Date.now() - 1000 },
      HOUSE,
    );
    const ad = await makePost(
      user.id,
      { title: 'Anunț de promovat aici', bumpedAt: Date.now() - 9 * DAY },
      HOUSE,
    );
    const day = new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10);
    const res = await postFormAs(
      `/moderare/anunt/${ad.id}/promoveaza`,
      { promotedUntil: day },
      operator.cookie,
    );
    expect(res.status).toBe(303);
    const row = await postRow(ad.id);
    expect(row?.promotion).toBe(1);
    // The end of that day in Bucharest.
    expect(row?.promotedUntil).toBe(
      Date.parse(`${day}T23:59:59.999Z`) - bucharestOffsetMs(Date.parse(`${day}T12:00:00Z`)),
    );
    const hrefs = await listingHrefs();
    expect(hrefs.indexOf(adPath(ad))).toBeLessThan(hrefs.indexOf(adPath(newer)));
    await postFormAs(`/moderare/anunt/${ad.id}/opreste-promovarea`, {}, operator.cookie);
    expect((await postRow(ad.id))?.promotion).toBe(0);
    const again = await listingHrefs();
    expect(again.indexOf(adPath(ad))).toBeGreaterThan(again.indexOf(adPath(newer)));
  });

  it('reads the promotion date as typed in Romania (zz.ll.aaaa) from a plain text field', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const day = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const [y, m, d] = day.split('-');
    const res = await postFormAs(
      `/moderare/anunt/${ad.id}/promoveaza`,
      { promotedUntil: `${d}.${m}.${y}` },
      operator.cookie,
    );
    expect(res.status).toBe(303);
    expect((await postRow(ad.id))?.promotion).toBeGreaterThan(0);
    // The form shows a text field in that format, not the browser's own (English) date control.
    const page = await (await getAs(`/anunt/imobiliare/${ad.slug}-${ad.id}`, operator.cookie)).text();
    expect(page).not.toContain('type="date"');
    expect(page).toMatch(
      /name="promotedUntil"[^>]*placeholder="zz\.ll\.aaaa"|placeholder="zz\.ll\.aaaa"[^>]*name="promotedUntil"/,
    );
    expect(page).not.toMatch(/name="confirm" value="da" required/);
  });

  it('refuses a promotion date in the past, malformed or more than a year away (400)', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    for (const promotedUntil of [
      '2020-01-01',
      'mâine',
      '2026-02-30',
      '30.02.2026',
      '1.1.2020',
      new Date(Date.now() + 400 * DAY).toISOString().slice(0, 10),
    ]) {
      const res = await postFormAs(`/moderare/anunt/${ad.id}/promoveaza`, { promotedUntil }, operator.cookie);
      expect(res.status, promotedUntil).toBe(400);
      await res.body?.cancel();
    }
    expect((await postRow(ad.id))?.promotion).toBe(0);
  });

  it('bans a user: their ads stop showing and they cannot publish; unbanning brings the ads back', async () => {
    const author = await person({ name: 'Vânzător Problemă' });
    const ad = await makePost(author.user.id, {}, HOUSE);
    expect(await listingHrefs()).toContain(adPath(ad));
    const res = await postFormAs(
      `/moderare/utilizator/${author.user.id}/blocheaza`,
      { hideReason: 'Spam sau anunț duplicat', confirm: 'da' },
      operator.cookie,
    );
    expect(res.status).toBe(303);
    expect(await listingHrefs()).not.toContain(adPath(ad));
    expect((await get(adPath(ad))).status).toBe(404);
    const publish = await postFormAs('/posts/new', formOf(validFields()), author.cookie);
    expect(publish.status).toBe(403);
    await publish.body?.cancel();
    await postFormAs(
      `/moderare/utilizator/${author.user.id}/deblocheaza`,
      { hideDetails: 'Verificat din nou.', confirm: 'da' },
      operator.cookie,
    );
    expect(await listingHrefs()).toContain(adPath(ad));
  });

  it('will not ban an operator', async () => {
    const other = await person({ role: 'operator' });
    const res = await postFormAs(
      `/moderare/utilizator/${other.user.id}/blocheaza`,
      { hideReason: 'Spam sau anunț duplicat', confirm: 'da' },
      operator.cookie,
    );
    expect(res.status).toBe(400);
    await res.body?.cancel();
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, other.user.id));
    expect(row.banned).toBe(false);
  });

  it('the ad page bans its author only with a reason and a ticked confirmation, then comes back to the ad', async () => {
    const author = await person({ name: 'Autor De Blocat' });
    const ad = await makePost(author.user.id, {}, HOUSE);
    const page = await getAs(adPath(ad), operator.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = `/moderare/utilizator/${author.user.id}/blocheaza`;
    // The operator panel's ban is a form with the reason list, the details and the confirmation box.
    const form = html.match(new RegExp(`<form[^>]*action="${action}"[^>]*>[\\s\\S]*?</form>`))?.[0];
    expect(form).toBeDefined();
    expect(form).toMatch(/<select[^>]*name="hideReason"[^>]*required/);
    expect(form).toContain('name="hideDetails"');
    expect(form).toContain('name="confirm"');
    expect(form).toContain(`name="returnTo" value="${adPath(ad)}"`);
    const banned = async () =>
      (await db.select().from(schema.users).where(eq(schema.users.id, author.user.id)))[0].banned;
    // What the old one-click button posted: refused with the form back, nothing changes.
    const oneClick = await postFormAs(action, { returnTo: adPath(ad) }, operator.cookie);
    expect(oneClick.status).toBe(400);
    expect(textOf(await oneClick.text())).toContain('Alegeți motivul blocării');
    const unticked = await postFormAs(
      action,
      { hideReason: 'Înșelătorie sau anunț fals', returnTo: adPath(ad) },
      operator.cookie,
    );
    expect(unticked.status).toBe(400);
    expect(textOf(await unticked.text())).toContain('Bifați căsuța pentru a confirma blocarea.');
    expect(await banned()).toBe(false);
    const res = await postFormAs(
      action,
      {
        hideReason: 'Înșelătorie sau anunț fals',
        hideDetails: 'Cere avans.',
        confirm: 'da',
        returnTo: adPath(ad),
      },
      operator.cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(adPath(ad));
    expect(await banned()).toBe(true);
    // Unbanning from the ad page asks for its reason and the confirmation too.
    const after = await (await getAs(adPath(ad), operator.cookie)).text();
    const unban = after.match(
      new RegExp(
        `<form[^>]*action="/moderare/utilizator/${author.user.id}/deblocheaza"[^>]*>[\\s\\S]*?</form>`,
      ),
    )?.[0];
    expect(unban).toMatch(/<textarea[^>]*name="hideDetails"[^>]*required/);
    expect(unban).toContain('name="confirm"');
  });

  it('deletes an ad from /moderare only with the confirmation box ticked, keeping it 30 days for an undo', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const photo = await makeDraftPhoto(user.id, ad.id);
    await env.PHOTOS.put(`photos/${photo.id}/w320.webp`, new Uint8Array([1]));
    const refused = await postFormAs(`/moderare/anunt/${ad.id}/sterge`, {}, operator.cookie);
    expect(refused.status).toBe(400);
    await refused.body?.cancel();
    expect((await postRow(ad.id))?.status).toBe('published');
    const res = await postFormAs(`/moderare/anunt/${ad.id}/sterge`, { confirm: 'da' }, operator.cookie);
    expect(res.status).toBe(303);
    expect((await postRow(ad.id))?.status).toBe('deleted');
    expect((await env.PHOTOS.list({ prefix: `photos/${photo.id}/` })).objects).toHaveLength(2);
    const [logged] = await db
      .select()
      .from(schema.moderationLog)
      .where(
        and(
          eq(schema.moderationLog.targetType, 'post'),
          eq(schema.moderationLog.targetId, ad.id),
          eq(schema.moderationLog.action, 'delete'),
        ),
      );
    expect(logged.operatorUserId).toBe(operator.id);
    // Any other action on a deleted ad is refused: only the undo brings it back.
    const hide = await postFormAs(
      `/moderare/anunt/${ad.id}/ascunde`,
      { hideReason: 'Categorie greșită' },
      operator.cookie,
    );
    expect(hide.status).toBe(409);
    expect(textOf(await hide.text())).toContain('îl puteți doar restaura');
    expect((await postRow(ad.id))?.status).toBe('deleted');
  });

  it('records every action with who, what and when, and shows the latest on /moderare', async () => {
    const { user } = await person({ name: 'Autor Jurnal' });
    const ad = await makePost(user.id, { title: 'Anunț pentru jurnal' }, HOUSE);
    const before = Date.now();
    await postFormAs(
      `/moderare/anunt/${ad.id}/ascunde`,
      { hideReason: 'Categorie greșită' },
      operator.cookie,
    );
    await postFormAs(
      `/moderare/utilizator/${user.id}/blocheaza`,
      { hideReason: 'Spam sau anunț duplicat', confirm: 'da' },
      operator.cookie,
    );
    const rows = await db
      .select()
      .from(schema.moderationLog)
      .where(eq(schema.moderationLog.operatorUserId, operator.id));
    const mine = rows.filter((r) => r.createdAt >= before);
    expect(mine.map((r) => [r.action, r.targetType, r.targetId])).toEqual([
      ['hide', 'post', ad.id],
      ['ban', 'user', user.id],
    ]);
    const text = textOf(await (await getAs('/moderare', operator.cookie)).text());
    expect(text).toContain(
      `Ioana Operator a ascuns anunțul #${ad.id} — Anunț pentru jurnal — Categorie greșită`,
    );
    // The log's times: 24-hour clock, never am/pm.
    expect(text).toMatch(/\d{1,2} [a-z]+ \d{4} \d{2}:\d{2} · Ioana Operator a ascuns/);
    expect(text).not.toMatch(/\d:\d{2} (am|pm)/);
    expect(text).toContain(`Ioana Operator a blocat utilizatorul #${user.id} — Autor Jurnal`);
  });

  it('lists the newest ads, whatever their state, with a hide form (reason required) beside each', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, { title: 'Cel mai nou anunț', createdAt: Date.now() }, HOUSE);
    const html = await (await getAs('/moderare', operator.cookie)).text();
    const newest = html.slice(html.indexOf('Anunțuri noi'));
    const article = newest.slice(newest.indexOf(`id="nou-${ad.id}"`));
    const one = article.slice(0, article.indexOf('</article>'));
    expect(one).toContain(`href="${adPath(ad)}"`);
    expect(one).toMatch(/<button[^>]*>Ascunde anunțul<\/button>/);
    expect(one).toMatch(/<select[^>]*name="hideReason"[^>]*required/);
    // Counts through the plural helper.
    expect(textOf(one)).toContain('nicio fotografie');
    await db.insert(schema.photos).values({
      postId: ad.id,
      userId: user.id,
      fileName: 'una.jpg',
      width: 10,
      height: 10,
      bytes: 1,
      createdAt: Date.now(),
    });
    const again = await (await getAs('/moderare', operator.cookie)).text();
    const row = again.slice(again.indexOf(`id="nou-${ad.id}"`));
    expect(textOf(row.slice(0, row.indexOf('</article>')))).toContain('· 1 fotografie ·');
    expect(one).toContain(`/moderare/anunt/${ad.id}/ascunde`);
  });

  it('answers 404 for an unknown moderation action or target', async () => {
    for (const path of [
      '/moderare/anunt/1/zbor',
      '/moderare/anunt/999999/ascunde',
      '/moderare/utilizator/999999/blocheaza',
      '/moderare/altceva',
    ]) {
      const res = await postFormAs(path, {}, operator.cookie);
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
  });
});
