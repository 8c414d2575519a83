// Which ads the public sees is one rule (published, not past its expiry, author not banned), and every
// list of ads applies it alike: listings and their counts, the home page, search and the sitemap.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeData, listPosts } from '../../src/db/posts';
import * as schema from '../../src/db/schema';
import { searchPosts } from '../../src/db/search';
import { sitemapAds, sitemapSummary } from '../../src/db/sitemap';
import { DAY, db, makePost, makeUser } from '../fixtures';

const visible: number[] = [];
const invisible: Record<string, number> = {};

beforeAll(async () => {
  const author = await makeUser({ name: 'Autor Vizibil' });
  const bannedFirst = await makeUser({ name: 'Autor Blocat', banned: true });
  const bannedLater = await makeUser({ name: 'Autor Blocat Apoi' });
  const now = Date.now();
  visible.push((await makePost(author.id, { title: 'Vizibil unu' })).id);
  visible.push((await makePost(author.id, { title: 'Vizibil doi', age: 29 * DAY })).id);
  // Still `published` in D1 (the daily job has not run yet) but past its expiry: not visible.
  invisible.pastExpiry = (
    await makePost(author.id, { title: 'Trecut de termen', expiresAt: now - 60_000 })
  ).id;
  for (const status of ['expired', 'sold', 'hidden', 'held', 'draft'] as const)
    invisible[status] = (await makePost(author.id, { title: `Stare ${status}`, status })).id;
  invisible.bannedFirst = (await makePost(bannedFirst.id, { title: 'De la autor blocat' })).id;
  invisible.bannedLater = (await makePost(bannedLater.id, { title: 'Blocat după publicare' })).id;
  await db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, bannedLater.id));
});

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('the visible-ad rule, alike in every list', () => {
  it('listings and their counts show exactly the visible ads', async () => {
    const result = await listPosts(db, {}, 1);
    expect(sorted(result.posts.map((p) => p.id))).toEqual(sorted(visible));
    expect(result.total).toBe(visible.length);
    expect(result.counts.total).toBe(visible.length);
  });

  it('the home page shows exactly the visible ads', async () => {
    const { newest } = await homeData(db);
    expect(sorted(newest.map((p) => p.id))).toEqual(sorted(visible));
  });

  it('search (without words) finds exactly the visible ads', async () => {
    const { hits, total } = await searchPosts(env.DB, {
      match: null,
      filters: {},
      sort: 'noi',
      limit: 100,
      offset: 0,
      now: Date.now(),
    });
    expect(sorted(hits.map((h) => h.id))).toEqual(sorted(visible));
    expect(total).toBe(visible.length);
  });

  it('the sitemap lists exactly the visible ads and counts only them', async () => {
    const ads = await sitemapAds(db, 0, 1000);
    expect(sorted(ads.map((a) => a.id))).toEqual(sorted(visible));
    expect((await sitemapSummary(db)).total).toBe(visible.length);
  });

  it('none of the invisible kinds leaks into any list', async () => {
    const everywhere = new Set([
      ...(await listPosts(db, {}, 1)).posts.map((p) => p.id),
      ...(await homeData(db)).newest.map((p) => p.id),
      ...(await sitemapAds(db, 0, 1000)).map((a) => a.id),
    ]);
    for (const [kind, id] of Object.entries(invisible))
      expect({ kind, shown: everywhere.has(id) }).toEqual({ kind, shown: false });
  });
});
