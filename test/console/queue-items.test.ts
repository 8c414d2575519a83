// The queue kept as rows (queue_items, docs/moderation.md#how-the-queue-stays-fast): after every kind
// of write that moves an ad in or out of the queue or changes its place (reports opened and resolved,
// holds, marks, operators' decisions, the author's own changes, rows removed), sequential and in
// parallel, the table equals the queue computed from the base tables (QUEUE_TRUTH); the page shows
// that order; and the migration's fill builds the same rows from existing data.
import { env } from 'cloudflare:workers';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { markForQueue, QUEUE_TRUTH } from '../../src/db/queue';
import * as schema from '../../src/db/schema';
import { DAY, db, getAs, HOUSE, makePost, person, postFormAs, postRow } from '../fixtures';
import { postFrom, trustedReporter, uniqueClient } from '../limits/support';

type Row = { postId: number; tier: number; reporters: number; since: number };

const norm = (rows: Row[]) =>
  rows.map((r) => ({
    postId: Number(r.postId),
    tier: Number(r.tier),
    reporters: Number(r.reporters),
    since: Number(r.since),
  }));

/** The maintained rows, in the queue's order. */
async function kept(): Promise<Row[]> {
  const q = schema.queueItems;
  return norm(
    await db
      .select({ postId: q.postId, tier: q.tier, reporters: q.reporters, since: q.since })
      .from(q)
      .orderBy(asc(q.tier), desc(q.reporters), asc(q.since), asc(q.postId)),
  );
}

async function truth(): Promise<Row[]> {
  return norm(await db.all<Row>(QUEUE_TRUTH));
}

async function expectInStep(step: string) {
  expect(await kept(), step).toEqual(await truth());
}

async function openReport(postId: number, key: string, age = 0) {
  await db
    .insert(schema.reports)
    .values({ postId, reason: 'Spam', reporterKey: key, createdAt: Date.now() - age });
}

/** The ad ids of the queue section in the order shown. */
function queueIds(html: string): number[] {
  const start = html.indexOf('id="coada"');
  const end = html.indexOf('id="anunturi-noi"');
  return [...html.slice(start, end).matchAll(/id="anunt-(\d+)"/g)].map((m) => Number(m[1]));
}

describe('queue_items', () => {
  it('stays equal to the queue computed from ads, reports and marks after every kind of write', async () => {
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const ads = [];
    for (let i = 0; i < 8; i++) ads.push(await makePost(user.id, {}, HOUSE));
    const [a, b, c, d, e, f, g, h] = ads;
    await expectInStep('published ads only');

    // Reports: opened (a second from the same reporter changes nothing), several reporters, old ones.
    await openReport(a.id, 'a:1', 3 * DAY);
    await openReport(b.id, 'a:1', DAY);
    await openReport(b.id, 'a:2');
    await expectInStep('reports opened');
    // Marks of every kind; one opened again after it was cleared (its time restarts).
    await markForQueue(db, c.id, 'duplicate', 'Alt anunț', Date.now() - 2 * DAY, a.id);
    await markForQueue(db, c.id, 'rule-flag', 'cuvânt', Date.now() - DAY);
    await markForQueue(db, d.id, 'new-account', '', Date.now());
    await expectInStep('marks set');
    // Held: inserted held, held by an update, and a held ad changed by its author (it waits since then).
    const heldNew = await makePost(user.id, { status: 'held' }, HOUSE);
    await db
      .update(schema.posts)
      .set({ status: 'held', updatedAt: Date.now() - DAY })
      .where(eq(schema.posts.id, e.id));
    await expectInStep('held');
    await db.update(schema.posts).set({ updatedAt: Date.now() }).where(eq(schema.posts.id, e.id));
    await expectInStep('a held ad touched');

    // The page shows the maintained order.
    const page = await (await getAs('/moderare', op.cookie)).text();
    const order = (await truth()).slice(0, 20).map((r) => r.postId);
    expect(queueIds(page)).toEqual(order);

    // Operators' decisions through the routes: resolve, hide, show again, delete, bulk.
    expect((await postFormAs(`/moderare/anunt/${a.id}/rezolva`, {}, op.cookie)).status).toBe(303);
    await expectInStep('reports resolved');
    expect(
      (await postFormAs(`/moderare/anunt/${b.id}/ascunde`, { hideDetails: 'Anunț înșelător' }, op.cookie))
        .status,
    ).toBe(303);
    await expectInStep('hidden');
    expect((await postFormAs(`/moderare/anunt/${heldNew.id}/arata`, {}, op.cookie)).status).toBe(303);
    await expectInStep('shown again');
    await openReport(f.id, 'a:f');
    expect((await postFormAs(`/moderare/anunt/${f.id}/sterge`, { confirm: 'da' }, op.cookie)).status).toBe(
      303,
    );
    await expectInStep('deleted by an operator');
    const bulk = new URLSearchParams({ action: 'rezolva', confirm: 'da' });
    bulk.append('ids', String(c.id));
    bulk.append('ids', String(d.id));
    expect((await postFormAs('/moderare/in-masa', bulk, op.cookie)).status).toBe(303);
    await expectInStep('bulk resolve');

    // The author's and the site's own changes: sold, back to draft, rows moved and removed.
    await openReport(g.id, 'a:g');
    await markForQueue(db, h.id, 'duplicate', 'x', Date.now(), g.id);
    await db.update(schema.posts).set({ status: 'sold' }).where(eq(schema.posts.id, g.id));
    await expectInStep('sold (still in the queue)');
    await db.update(schema.posts).set({ status: 'draft' }).where(eq(schema.posts.id, g.id));
    await expectInStep('back to a draft');
    await db.update(schema.reports).set({ postId: h.id }).where(eq(schema.reports.postId, g.id));
    await expectInStep('a report moved to another ad');
    await db.delete(schema.reports).where(eq(schema.reports.postId, h.id));
    await expectInStep('reports removed');
    await db.delete(schema.queueMarks).where(eq(schema.queueMarks.postId, h.id));
    await expectInStep('marks removed');
    await openReport(h.id, 'a:h');
    await db.delete(schema.posts).where(eq(schema.posts.id, h.id));
    await expectInStep('the ad removed');
    expect((await kept()).some((r) => r.postId === h.id)).toBe(false);
  });

  it('stays in step when reports, holds, marks and decisions on the same ads race', async () => {
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const target = await makePost(user.id, {}, HOUSE);
    const other = await makePost(user.id, {}, HOUSE);
    const reporters = await Promise.all(Array.from({ length: 5 }, () => trustedReporter()));
    // Five people report one ad at once (three are enough to hold it), while it is marked, the other
    // ad is reported, marked and resolved, and an operator opens both items.
    const results = await Promise.all([
      ...reporters.map((r) =>
        postFrom(uniqueClient(), `/raporteaza/${target.id}`, { reason: 'Înșelătorie' }, { cookie: r.cookie }),
      ),
      ...reporters.map((r) =>
        postFrom(uniqueClient(), `/raporteaza/${other.id}`, { reason: 'Spam' }, { cookie: r.cookie }),
      ),
      markForQueue(db, target.id, 'rule-flag', 'cuvânt', Date.now()),
      markForQueue(db, other.id, 'duplicate', 'x', Date.now(), target.id),
      getAs(`/moderare/anunt/${target.id}`, op.cookie),
      postFormAs(`/moderare/anunt/${other.id}/rezolva`, {}, op.cookie),
    ]);
    // A report that arrives once the third has held its ad finds it gone from public view (404):
    // every other answer is a success.
    const reportsOf = (from: number) => results.slice(from, from + reporters.length) as Response[];
    const targetReports = reportsOf(0);
    for (const r of [...targetReports, ...reportsOf(reporters.length)])
      expect([303, 404]).toContain(r.status);
    for (const r of results.slice(2 * reporters.length))
      if (r instanceof Response) expect(r.status).toBeLessThan(400);
    const counted = targetReports.filter((r) => r.status < 400).length;
    expect(counted).toBeGreaterThanOrEqual(3);
    expect((await postRow(target.id))?.status).toBe('held');
    await expectInStep('after the race');
    const row = (await kept()).find((r) => r.postId === target.id);
    expect(row).toMatchObject({ tier: 0, reporters: counted });
    // Two operators decide on the held ad at once; both ads leave the queue.
    await Promise.all([
      postFormAs(`/moderare/anunt/${target.id}/arata`, {}, op.cookie),
      postFormAs(`/moderare/anunt/${target.id}/arata`, {}, op.cookie),
      postFormAs(`/moderare/anunt/${other.id}/rezolva`, {}, op.cookie),
    ]);
    await expectInStep('after the decisions');
    expect((await kept()).some((r) => r.postId === target.id || r.postId === other.id)).toBe(false);
  });

  it('is filled from existing data by its migration', async () => {
    const { user } = await person();
    const held = await makePost(user.id, { status: 'held' }, HOUSE);
    const reported = await makePost(user.id, {}, HOUSE);
    await openReport(reported.id, 'a:m1');
    await openReport(reported.id, 'a:m2', DAY);
    const before = await truth();
    expect(before.some((r) => r.postId === held.id)).toBe(true);
    // The migration's last statement (its fill), run on a table emptied as if it had just been created.
    const migrations = env.TEST_MIGRATIONS as { name: string; queries: string[] }[];
    const migration = migrations.find((m) => m.name.startsWith('0027_'));
    const text = migration?.queries.join('\n') ?? '';
    const fill = text.slice(text.lastIndexOf('INSERT INTO queue_items'));
    expect(fill).toContain('INSERT INTO queue_items');
    await db.run(sql`DELETE FROM queue_items`);
    expect(await kept()).toEqual([]);
    await env.DB.prepare(fill).run();
    expect(await kept()).toEqual(before);
  });
});
