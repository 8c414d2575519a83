// The FTS index follows every change to posts by triggers, whoever writes.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { posts, users } from '../../src/db/schema';
import { DAY, db, get, makePost, makeUser } from '../fixtures';
import { ITEM, resultIds } from './support';

async function found(q: string): Promise<number[]> {
  const res = await get(`/cautare?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return resultIds(await res.text());
}

async function indexed(id: number): Promise<boolean> {
  // The rowid is the ad's posts.search_key (migration 0003).
  const row = await env.DB.prepare(
    'SELECT f.rowid FROM posts_fts f JOIN posts p ON p.search_key = f.rowid WHERE p.id = ?',
  )
    .bind(id)
    .first();
  return row !== null;
}

let seq = 0;
let word: string;
beforeEach(() => {
  seq++;
  // A word of its own per test: storage is shared by the tests of this file.
  word = `violoncel${'abcdefghij'[seq % 10]}${seq}`;
});

describe('index follows the lifecycle', () => {
  it.each(['expired', 'sold', 'hidden', 'draft'] as const)(
    'drops an ad set to %s and takes it back when republished',
    async (status) => {
      const u = await makeUser();
      const p = await makePost(u.id, { title: `Vând ${word}` }, ITEM);
      expect(await found(word)).toEqual([p.id]);
      await db.update(posts).set({ status }).where(eq(posts.id, p.id));
      expect(await indexed(p.id)).toBe(false);
      expect(await found(word)).toEqual([]);
      await db.update(posts).set({ status: 'published' }).where(eq(posts.id, p.id));
      expect(await found(word)).toEqual([p.id]);
    },
  );

  it('never indexes an ad written as a draft until it is published', async () => {
    const u = await makeUser();
    const p = await makePost(u.id, { title: `Ciornă ${word}`, status: 'draft' }, ITEM);
    expect(await indexed(p.id)).toBe(false);
    await db.update(posts).set({ status: 'published' }).where(eq(posts.id, p.id));
    expect(await found(word)).toEqual([p.id]);
  });

  it('drops a deleted ad', async () => {
    const u = await makeUser();
    const p = await makePost(u.id, { title: `Șters ${word}` }, ITEM);
    expect(await found(word)).toEqual([p.id]);
    await db.delete(posts).where(eq(posts.id, p.id));
    expect(await indexed(p.id)).toBe(false);
    expect(await found(word)).toEqual([]);
  });

  it('follows an edited title and description, forgetting the old words', async () => {
    const u = await makeUser();
    const p = await makePost(u.id, { title: `Vechi ${word}` }, ITEM);
    await db
      .update(posts)
      .set({ title: 'Titlu nou flaut', searchText: `Descriere nouă contrabas${seq}` })
      .where(eq(posts.id, p.id));
    expect(await found(word)).toEqual([]);
    expect(await found('flaut')).toEqual([p.id]);
    expect(await found(`contrabas${seq}`)).toEqual([p.id]);
  });

  it('keeps the ad findable when it is renewed or repriced (columns the index does not hold)', async () => {
    const u = await makeUser();
    const p = await makePost(u.id, { title: `Reînnoit ${word}` }, ITEM);
    const now = Date.now();
    await db
      .update(posts)
      .set({ bumpedAt: now, expiresAt: now + 30 * DAY, price: 999 })
      .where(eq(posts.id, p.id));
    expect(await found(word)).toEqual([p.id]);
  });

  it('gives a renewed ad the next index key and keeps the key through other edits', async () => {
    const u = await makeUser();
    const p = await makePost(u.id, { title: `Cheie ${word}` }, ITEM);
    const other = await makePost(u.id, { title: `Alta ${word}` }, ITEM);
    const key = async (id: number) =>
      (
        await env.DB.prepare('SELECT search_key FROM posts WHERE id = ?')
          .bind(id)
          .first<{ search_key: number }>()
      )?.search_key;
    const first = await key(p.id);
    expect(first).toBeLessThan((await key(other.id)) as number);
    await db
      .update(posts)
      .set({ title: `Cheie schimbată ${word}`, price: 5 })
      .where(eq(posts.id, p.id));
    expect(await key(p.id)).toBe(first);
    await db.update(posts).set({ bumpedAt: Date.now() }).where(eq(posts.id, p.id));
    expect(await key(p.id)).toBeGreaterThan((await key(other.id)) as number);
    expect(await found(`schimbată ${word}`)).toEqual([p.id]);
  });

  it('holds exactly the published ads, each under its own key', async () => {
    const u = await makeUser();
    const p = await makePost(u.id, { title: `Numărat ${word}` }, ITEM);
    await db.update(posts).set({ status: 'sold' }).where(eq(posts.id, p.id));
    await db.update(posts).set({ status: 'published', bumpedAt: Date.now() }).where(eq(posts.id, p.id));
    await db.delete(posts).where(eq(posts.id, (await makePost(u.id, { title: `Șters ${word}` }, ITEM)).id));
    const counts = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM posts_fts) AS fts,
        (SELECT count(*) FROM posts WHERE status = 'published') AS published,
        (SELECT count(*) FROM posts WHERE search_key IS NOT NULL) AS keyed,
        (SELECT count(*) FROM posts_fts f JOIN posts p ON p.search_key = f.rowid WHERE p.status = 'published') AS joined`,
    ).first<Record<string, number>>();
    expect(counts?.fts).toBeGreaterThan(0);
    expect(counts).toEqual({
      fts: counts?.fts,
      published: counts?.fts,
      keyed: counts?.fts,
      joined: counts?.fts,
    });
  });

  it('hides an ad past its expiry even before the daily job flips its status', async () => {
    const u = await makeUser();
    const p = await makePost(u.id, { title: `Expirat ${word}`, expiresAt: Date.now() - 1000 }, ITEM);
    expect(await indexed(p.id)).toBe(true);
    expect(await found(word)).toEqual([]);
  });

  it("hides a banned author's ads", async () => {
    const u = await makeUser();
    const p = await makePost(u.id, { title: `Banat ${word}` }, ITEM);
    expect(await found(word)).toEqual([p.id]);
    await db.update(users).set({ banned: true }).where(eq(users.id, u.id));
    expect(await found(word)).toEqual([]);
  });

  it('updates the index in the same batch as the write', async () => {
    const u = await makeUser();
    const p = await makePost(u.id, { title: `Lot ${word}` }, ITEM);
    const [, after] = await db.batch([
      db.update(posts).set({ status: 'sold' }).where(eq(posts.id, p.id)),
      db.select({ n: posts.id }).from(posts).where(eq(posts.id, p.id)),
    ]);
    expect(after).toHaveLength(1);
    expect(await indexed(p.id)).toBe(false);
  });
});
