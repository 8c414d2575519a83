// What /sitemap.xml and its parts list: the visible ads by id (keyset pages) and, per category, how
// many there are and when the newest changed.
import { and, asc, count, gt, max } from 'drizzle-orm';
import type { Db } from '../env';
import { publicTitle } from './ad-text';
import { allCategoriesQuery, buildTree } from './categories';
import { adLinkColumns, visibleAd } from './fragments';
import { posts } from './schema';

export interface SitemapAd {
  id: number;
  slug: string;
  categoryId: number;
  lastmod: number;
}

/** How many ads the sitemap lists, and the newest change per category (for category lastmod). */
export async function sitemapSummary(db: Db, now = Date.now()) {
  const [cats, perCategory] = await db.batch([
    allCategoriesQuery(db),
    db
      .select({
        categoryId: posts.categoryId,
        subcategoryId: posts.subcategoryId,
        n: count(),
        last: max(posts.bumpedAt),
      })
      .from(posts)
      .where(visibleAd(now))
      .groupBy(posts.categoryId, posts.subcategoryId),
  ]);
  const lastByCategory = new Map<number, number>();
  let total = 0;
  let newest = 0;
  for (const r of perCategory) {
    total += r.n;
    const last = Number(r.last ?? 0);
    newest = Math.max(newest, last);
    for (const key of [r.categoryId, r.subcategoryId]) {
      if (key !== null) lastByCategory.set(key, Math.max(lastByCategory.get(key) ?? 0, last));
    }
  }
  return { tree: buildTree(cats), total, newest, lastByCategory };
}

/** Visible ads for the sitemap, by id, `limit` from `afterId` (keyset pagination). */
export async function sitemapAds(
  db: Db,
  afterId: number,
  limit: number,
  now = Date.now(),
): Promise<SitemapAd[]> {
  const rows = await db
    .select({
      ...adLinkColumns,
      updatedAt: posts.updatedAt,
      bumpedAt: posts.bumpedAt,
    })
    .from(posts)
    .where(and(visibleAd(now), gt(posts.id, afterId)))
    .orderBy(asc(posts.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    slug: publicTitle(r).slug,
    categoryId: r.categoryId,
    lastmod: Math.max(r.updatedAt, r.bumpedAt ?? 0),
  }));
}

/** The id of the n-th visible ad by id (0-based), to start a sitemap part at; null past the end. */
export async function sitemapPartStart(db: Db, offset: number, now = Date.now()): Promise<number | null> {
  if (offset === 0) return 0;
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(visibleAd(now))
    .orderBy(asc(posts.id))
    .limit(1)
    .offset(offset - 1);
  return rows[0]?.id ?? null;
}
