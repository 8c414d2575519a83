// The large data set's generator (npm run seed:large): people, ads and reports made in SQLite from
// the demo texts, searchable and in the queue like any other rows. Small counts here; the bench
// (test/bench/console.mjs) seeds the full 20,000 ads.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertLargeSet, largeSeedDone } from '../../src/db/seed-large';
import { largeTemplates } from '../../src/dev/seed-large';
import { db, getAs, person, textOf } from '../fixtures';

describe('the large data set', () => {
  it('adds people, ads and reports that the console finds', async () => {
    const op = await person({ role: 'operator' });
    const now = Date.now();
    expect(await largeSeedDone(db)).toBe(false);
    await insertLargeSet(db, largeTemplates(now), { people: 50, ads: 400, reports: 40 }, op.user.id, now);
    expect(await largeSeedDone(db)).toBe(true);
    const n = (q: string) => db.get<{ n: number }>(sql.raw(q)).then((r) => Number(r?.n));
    expect(await n("SELECT count(*) AS n FROM users WHERE clerk_id LIKE 'seed-large-%'")).toBe(50);
    expect(await n("SELECT count(*) AS n FROM posts WHERE status = 'published'")).toBeGreaterThan(350);
    expect(await n("SELECT count(*) AS n FROM reports WHERE reporter_key LIKE 'seed-large:%'")).toBe(40);
    expect(await n('SELECT count(*) AS n FROM reports WHERE resolved_at IS NULL')).toBe(6);
    const queue = await (await getAs('/moderare', op.cookie)).text();
    expect(textOf(queue)).toMatch(/\d+ anunțuri în coadă/);
    const found = await (await getAs('/moderare/cautare?q=persoana12%40', op.cookie)).text();
    expect(found).toContain('persoana12@exemplu.ro');
  });
});
