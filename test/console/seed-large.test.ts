// The large data set's generator (npm run seed:large): people, ads, photo rows, reports, rules and
// queue marks made in SQLite from the demo texts, searchable and in the queue like any other rows, in
// steps that a second run at the same time, or a run after the end, cannot double. Small counts here; the bench
// (test/bench/console.mjs) seeds the full 20,000 ads.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { largeProgress, largeSeedDone, runLargeStep } from '../../src/db/seed-large';
import { largeTemplates } from '../../src/dev/seed-large';
import { db, getAs, person, textOf } from '../fixtures';

const n = (q: string) => db.get<{ n: number }>(sql.raw(q)).then((r) => Number(r?.n));

describe('the large data set', () => {
  it('adds people, ads, photos, reports, rules and marks that the console finds', async () => {
    const op = await person({ role: 'operator' });
    const now = Date.now();
    expect(await largeSeedDone(db)).toBe(false);
    const counts = { people: 50, ads: 4_400, reports: 40 };
    const tpl = largeTemplates(now);
    // Two runs at the same time, step by step, until the set is complete: each step counts once.
    for (let i = 0; i < 10 && !(await largeSeedDone(db)); i++)
      await Promise.all([
        runLargeStep(db, tpl, counts, op.user.id, now),
        runLargeStep(db, tpl, counts, op.user.id, now),
      ]);
    expect(await largeProgress(db)).toEqual({ step: 6, steps: 6, done: true });
    // A run after the end adds nothing.
    expect((await runLargeStep(db, tpl, counts, op.user.id, now)).ran).toBeNull();
    expect(await n("SELECT count(*) AS n FROM users WHERE clerk_id LIKE 'seed-large-%'")).toBe(50);
    expect(
      await n(
        "SELECT count(*) AS n FROM posts p JOIN users u ON u.id = p.user_id WHERE u.clerk_id LIKE 'seed-large-%'",
      ),
    ).toBe(4_400);
    expect(await n("SELECT count(*) AS n FROM posts WHERE status = 'held'")).toBe(11);
    expect(await n("SELECT count(*) AS n FROM reports WHERE reporter_key LIKE 'seed-large:%'")).toBe(40);
    expect(await n('SELECT count(*) AS n FROM reports WHERE resolved_at IS NULL')).toBe(6);
    expect(await n('SELECT count(*) AS n FROM moderation_log')).toBe(34);
    expect(await n('SELECT count(*) AS n FROM moderation_rules')).toBe(4);
    expect(await n("SELECT count(*) AS n FROM queue_marks WHERE kind = 'rule-hold'")).toBe(11);
    expect(await n("SELECT count(*) AS n FROM queue_marks WHERE kind = 'duplicate'")).toBeGreaterThan(0);
    const queue = await (await getAs('/moderare', op.cookie)).text();
    expect(textOf(queue)).toMatch(/\d+ (de )?anunțuri în coadă/);
    const found = await (await getAs('/moderare/cautare?q=persoana12%40', op.cookie)).text();
    expect(found).toContain('persoana12@exemplu.ro');
  });
});
