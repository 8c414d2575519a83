// The operators' queue at /moderare: priority order (held, then reporters and waiting time, then
// marked), counts, pagination, the next item after a decision, and who is looking at an item.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { markForQueue } from '../../src/db/queue';
import * as schema from '../../src/db/schema';
import { DAY, db, getAs, HOUSE, makePost, person, postFormAs, textOf } from '../fixtures';

async function openReport(postId: number, key: string, age = 0) {
  await db.insert(schema.reports).values({
    postId,
    reason: 'Spam',
    reporterKey: key,
    createdAt: Date.now() - age,
  });
}

/** The ad ids of the queue section in the order shown. */
function queueIds(html: string): number[] {
  const start = html.indexOf('id="coada"');
  const end = html.indexOf('id="anunturi-noi"');
  return [...html.slice(start, end).matchAll(/id="anunt-(\d+)"/g)].map((m) => Number(m[1]));
}

/** Clears the queue this file's earlier tests left (every queue test starts from an empty queue). */
async function emptyQueue() {
  await db.update(schema.reports).set({ resolvedAt: Date.now() });
  await db.update(schema.queueMarks).set({ clearedAt: Date.now() });
  await db.update(schema.posts).set({ status: 'hidden' }).where(eq(schema.posts.status, 'held'));
  await db.delete(schema.queueClaims);
}

describe('the queue', () => {
  it('orders held ads first, then by distinct reporters and waiting time, then marked ads; with counts', async () => {
    await emptyQueue();
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const marked = await makePost(user.id, {}, HOUSE);
    const oneOld = await makePost(user.id, {}, HOUSE);
    const oneNew = await makePost(user.id, {}, HOUSE);
    const three = await makePost(user.id, {}, HOUSE);
    const held = await makePost(user.id, { status: 'held' }, HOUSE);
    await markForQueue(db, marked.id, 'duplicate', 'Alt anunț', Date.now() - 5 * DAY, oneOld.id);
    await openReport(oneOld.id, 'a:old', 3 * DAY);
    await openReport(oneNew.id, 'a:new', 1000);
    for (const k of ['a:1', 'a:2', 'a:3']) await openReport(three.id, k, 1000);
    const html = await (await getAs('/moderare', op.cookie)).text();
    expect(queueIds(html)).toEqual([held.id, three.id, oneOld.id, oneNew.id, marked.id]);
    const text = textOf(html);
    expect(text).toContain('5 anunțuri în coadă');
    expect(text).toContain('În verificare: 1');
    expect(text).toContain('Raportate: 3');
    expect(text).toContain('Semnalate: 1');
    expect(text).toContain('Posibil duplicat');
    expect(text).toContain('3 raportori');
    // Every row can be ticked for a bulk action.
    const boxes = [...html.matchAll(/<input[^>]*name="ids"[^>]*>/g)].map((m) => m[0]);
    const box = boxes.find((b) => b.includes(`value="${held.id}"`));
    expect(box).toContain('form="bulk"');
    expect(box).toContain('type="checkbox"');
  });

  it('pages past the first 20 items', async () => {
    await emptyQueue();
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const ads = [];
    for (let i = 0; i < 25; i++) {
      const ad = await makePost(user.id, {}, HOUSE);
      await openReport(ad.id, `a:p${i}`, (30 - i) * 60_000);
      ads.push(ad);
    }
    const first = await (await getAs('/moderare', op.cookie)).text();
    expect(queueIds(first)).toEqual(ads.slice(0, 20).map((a) => a.id));
    expect(first).toContain('href="/moderare?pagina=2"');
    const second = await (await getAs('/moderare?pagina=2', op.cookie)).text();
    expect(queueIds(second)).toEqual(ads.slice(20).map((a) => a.id));
    // A page past the end shows the last one.
    expect(queueIds(await (await getAs('/moderare?pagina=99', op.cookie)).text())).toEqual(
      ads.slice(20).map((a) => a.id),
    );
  });

  it('opens the next item after a decision taken on an item page', async () => {
    await emptyQueue();
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const a = await makePost(user.id, { status: 'held' }, HOUSE);
    const b = await makePost(user.id, {}, HOUSE);
    await openReport(b.id, 'a:next');
    const page = await getAs(`/moderare/anunt/${a.id}`, op.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="next" value="1"');
    const res = await postFormAs(`/moderare/anunt/${a.id}/arata`, { next: '1' }, op.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/moderare/anunt/${b.id}`);
    const done = await postFormAs(`/moderare/anunt/${b.id}/rezolva`, { next: '1' }, op.cookie);
    expect(done.headers.get('location')).toBe('/moderare#coada');
  });

  it('shows who is looking at an item, and skips it when giving the next item to another operator', async () => {
    await emptyQueue();
    const ana = await person({ role: 'operator', name: 'Ana Operator' });
    const ion = await person({ role: 'operator', name: 'Ion Operator' });
    const { user } = await person();
    const first = await makePost(user.id, { status: 'held' }, HOUSE);
    const second = await makePost(user.id, { status: 'held' }, HOUSE);
    const third = await makePost(user.id, {}, HOUSE);
    await openReport(third.id, 'a:third');
    // Ana opens the second item: it is hers for 10 minutes.
    await getAs(`/moderare/anunt/${second.id}`, ana.cookie);
    const queue = textOf(await (await getAs('/moderare', ion.cookie)).text());
    expect(queue).toContain('Îl verifică Ana Operator');
    // Ion opens it too: he is warned, the claim stays Ana's.
    const warned = textOf(await (await getAs(`/moderare/anunt/${second.id}`, ion.cookie)).text());
    expect(warned).toContain('Îl verifică deja Ana Operator');
    // Ion decides on the first: the next for him skips Ana's item.
    const res = await postFormAs(`/moderare/anunt/${first.id}/arata`, { next: '1' }, ion.cookie);
    expect(res.headers.get('location')).toBe(`/moderare/anunt/${third.id}`);
    // Two operators opening one free item at once: one claim, held by one of them.
    await Promise.all([
      getAs(`/moderare/anunt/${third.id}`, ana.cookie),
      getAs(`/moderare/anunt/${third.id}`, ion.cookie),
    ]);
    const claims = await db.select().from(schema.queueClaims).where(eq(schema.queueClaims.postId, third.id));
    expect(claims).toHaveLength(1);
  });

  it('answers 403 to a signed-in person who is not an operator, 401 to anonymous visitors', async () => {
    const someone = await person();
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    for (const path of ['/moderare', `/moderare/anunt/${ad.id}`, '/moderare?pagina=2']) {
      const res = await getAs(path, someone.cookie);
      expect(res.status, path).toBe(403);
      expect(await res.text()).not.toContain(ad.title);
    }
  });
});
