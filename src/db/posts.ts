// Read queries for ads (listings, home, the ad page, its contact phone, one ad by id or form token).
// Writes live in lifecycle.ts, an author's own list in my-posts.ts, the sitemap's in sitemap.ts.
// Every listing reads its page of rows and its total in one `db.batch` round trip, each ad's first
// photo picked by a correlated subquery (index photos_post). The category tree and the
// per-category counts come from this isolate's copies (categories.ts, freshCounts below); stale
// counts are read in the page's own batch, so a listing is one round trip either way.
import { and, asc, count, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../env';
import type { Currency } from '../lib/price';
import { publicTitle } from './ad-text';
import { type CategoryTree, getCategoryTreeCached } from './categories';
import { adLinkColumns, firstPhoto, type PhotoRef, parsePhotoRef, visibleAd } from './fragments';
import { type AdFigures, figureQueries, figuresFrom, NO_FIGURES } from './post-stats';
import type { Post } from './schema';
import { photos, posts, users } from './schema';

export type { PhotoRef };

export const PAGE_SIZE = 20;

/** One ad as a card in a listing. */
export interface PostCardData {
  id: number;
  title: string;
  slug: string;
  price: number;
  currency: Currency;
  negotiable: boolean;
  locality: string;
  categoryId: number;
  subcategoryId: number | null;
  bumpedAt: number | null;
  /** Promotion level in force now (0 when none or lapsed). */
  promoted: number;
  photo: PhotoRef | null;
}

/** Ad counts of visible ads: overall and per category and subcategory id. */
export interface CategoryCounts {
  total: number;
  byCategory: Map<number, number>;
}

export interface ListingFilter {
  categoryId?: number;
  subcategoryId?: number;
  userId?: number;
  /** An operator looking at a banned author's page: their published ads count as visible. */
  withBannedAuthor?: boolean;
}

/** visibleAd, or (for an operator on a banned author's page) published and unexpired whoever wrote it. */
function shownAd(now: number, filter: ListingFilter) {
  return filter.withBannedAuthor
    ? sql`${posts.status} = 'published' AND ${posts.expiresAt} > ${now}`
    : visibleAd(now);
}

function promotedNow(now: number) {
  return sql<number>`(CASE WHEN ${posts.promotion} > 0 AND ${posts.promotedUntil} > ${now} THEN ${posts.promotion} ELSE 0 END)`;
}

function cardFields(now: number) {
  return {
    id: posts.id,
    title: posts.title,
    slug: posts.slug,
    price: posts.price,
    currency: posts.currency,
    negotiable: posts.negotiable,
    locality: posts.locality,
    categoryId: posts.categoryId,
    subcategoryId: posts.subcategoryId,
    bumpedAt: posts.bumpedAt,
    promoted: promotedNow(now),
    photo: firstPhoto,
  };
}

type CardRow = Omit<PostCardData, 'photo'> & { photo: string | null };

// Titles as the public sees them (ad-text.publicTitle): masked, and no phone digits in the slug.
function toCard(row: CardRow): PostCardData {
  return publicTitle({ ...row, promoted: Number(row.promoted) || 0, photo: parsePhotoRef(row.photo) });
}

function filterWhere(filter: ListingFilter) {
  return and(
    filter.categoryId !== undefined ? eq(posts.categoryId, filter.categoryId) : undefined,
    filter.subcategoryId !== undefined ? eq(posts.subcategoryId, filter.subcategoryId) : undefined,
    filter.userId !== undefined ? eq(posts.userId, filter.userId) : undefined,
  );
}

function cardsQuery(db: Db, now: number, filter: ListingFilter, limit: number, offset: number) {
  return db
    .select(cardFields(now))
    .from(posts)
    .where(and(shownAd(now, filter), filterWhere(filter)))
    .orderBy(desc(promotedNow(now)), desc(posts.bumpedAt), desc(posts.id))
    .limit(limit)
    .offset(offset);
}

function countsQuery(db: Db, now: number) {
  return db
    .select({ categoryId: posts.categoryId, subcategoryId: posts.subcategoryId, n: count() })
    .from(posts)
    .where(visibleAd(now))
    .groupBy(posts.categoryId, posts.subcategoryId);
}

function toCounts(rows: { categoryId: number; subcategoryId: number | null; n: number }[]): CategoryCounts {
  const byCategory = new Map<number, number>();
  let total = 0;
  for (const r of rows) {
    total += r.n;
    byCategory.set(r.categoryId, (byCategory.get(r.categoryId) ?? 0) + r.n);
    if (r.subcategoryId !== null)
      byCategory.set(r.subcategoryId, (byCategory.get(r.subcategoryId) ?? 0) + r.n);
  }
  return { total, byCategory };
}

// The counts beside category names ("Imobiliare 123") are a GROUP BY over every visible ad: the
// one part of a listing that grows with the site. Each isolate reuses them for `maxAgeMs` (the
// routes pass the page cache's lifetime: a listing may be that old for anonymous visitors anyway).
let countsCache: { counts: CategoryCounts; at: number } | null = null;

/** This isolate's counts when younger than `maxAgeMs` (0: never), else null (read them with the page). */
function freshCounts(now: number, maxAgeMs: number): CategoryCounts | null {
  if (maxAgeMs > 0 && countsCache && now >= countsCache.at && now - countsCache.at < maxAgeMs)
    return countsCache.counts;
  return null;
}

function keepCounts(
  rows: { categoryId: number; subcategoryId: number | null; n: number }[],
  now: number,
  maxAgeMs: number,
): CategoryCounts {
  const counts = toCounts(rows);
  if (maxAgeMs > 0) countsCache = { counts, at: now };
  return counts;
}

/** Drops this isolate's counts, after a write here (so its author sees the change at once). */
export function forgetCounts() {
  countsCache = null;
}

/** How fresh a listing's shared parts must be. */
export interface ReadOptions {
  /** Maximum age of the per-category counts, in ms (default 0: read with the page). */
  countsMaxAgeMs?: number;
}

export interface ListingResult {
  tree: CategoryTree;
  counts: CategoryCounts;
  /** Visible ads matching the filter (all pages). */
  total: number;
  posts: PostCardData[];
}

/** One page of a listing (all ads, a category, a subcategory or an author), promoted first, then newest. */
export async function listPosts(
  db: Db,
  filter: ListingFilter,
  page: number,
  now = Date.now(),
  options: ReadOptions = {},
): Promise<ListingResult> {
  const offset = (page - 1) * PAGE_SIZE;
  const totalQuery = db
    .select({ n: count() })
    .from(posts)
    .where(and(shownAd(now, filter), filterWhere(filter)));
  const maxAge = options.countsMaxAgeMs ?? 0;
  const cached = freshCounts(now, maxAge);
  const cards = cardsQuery(db, now, filter, PAGE_SIZE, offset);
  // One round trip: the counts, when this isolate has none fresh, travel in the page's batch.
  const [tree, [rows, totals, counts]] = await Promise.all([
    getCategoryTreeCached(db, now),
    cached
      ? db.batch([cards, totalQuery]).then(([r, t]) => [r, t, cached] as const)
      : db
          .batch([cards, totalQuery, countsQuery(db, now)])
          .then(([r, t, c]) => [r, t, keepCounts(c, now, maxAge)] as const),
  ]);
  return { tree, counts, total: totals[0]?.n ?? 0, posts: rows.map(toCard) };
}

/**
 * A few visible ads of a category, newest first (promoted first), for the page of an ad that is no
 * longer there: what a visitor following an old link may want instead.
 */
export async function similarPosts(
  db: Db,
  categoryId: number,
  excludeId: number,
  limit: number,
  now = Date.now(),
): Promise<PostCardData[]> {
  const rows = await cardsQuery(db, now, { categoryId }, limit + 1, 0);
  return rows
    .map(toCard)
    .filter((card) => card.id !== excludeId)
    .slice(0, limit);
}

export interface HomeData {
  tree: CategoryTree;
  counts: CategoryCounts;
  promoted: PostCardData[];
  newest: PostCardData[];
}

/** The home page: categories with counts, promoted ads (a rotating few) and the newest ads. */
export async function homeData(db: Db, now = Date.now(), options: ReadOptions = {}): Promise<HomeData> {
  const promotedQuery = db
    .select(cardFields(now))
    .from(posts)
    .where(and(visibleAd(now), gt(posts.promotion, 0), gt(posts.promotedUntil, now)))
    .orderBy(desc(posts.promotion), desc(posts.bumpedAt), desc(posts.id))
    .limit(8);
  const newestQuery = db
    .select(cardFields(now))
    .from(posts)
    .where(visibleAd(now))
    .orderBy(desc(posts.bumpedAt), desc(posts.id))
    .limit(PAGE_SIZE);
  const maxAge = options.countsMaxAgeMs ?? 0;
  const cached = freshCounts(now, maxAge);
  const [tree, [promotedRows, newestRows, counts]] = await Promise.all([
    getCategoryTreeCached(db, now),
    cached
      ? db.batch([promotedQuery, newestQuery]).then(([p, n]) => [p, n, cached] as const)
      : db
          .batch([promotedQuery, newestQuery, countsQuery(db, now)])
          .then(([p, n, c]) => [p, n, keepCounts(c, now, maxAge)] as const),
  ]);
  return { tree, counts, promoted: promotedRows.map(toCard), newest: newestRows.map(toCard) };
}

export interface PostAuthor {
  id: number;
  /** The author's session identity: lets the page cache recognise them (never rendered). */
  clerkId: string;
  name: string;
  phone: string | null;
  banned: boolean;
  createdAt: number;
  /** "Doar mesaje" in the author's profile: no phone on any of their ads. */
  messagesOnly: boolean;
}

export interface NeighbourPost {
  id: number;
  title: string;
  slug: string;
  categoryId: number;
}

export interface PostDetails {
  post: Post;
  author: PostAuthor;
  photos: PhotoRef[];
  tree: CategoryTree;
  /** Newer and older visible ads in the same category (listing order by date). */
  newer: NeighbourPost | null;
  older: NeighbourPost | null;
  similar: PostCardData[];
  /** The ad's figures when the viewer passed is its author (read in the same batch), else null. */
  ownerFigures: AdFigures | null;
}

/** Who is looking at an ad page: its author's figures are read with it (the last 7 days from these). */
export interface AdViewer {
  userId: number;
  weekFromDay: string;
  weekFromMs: number;
}

/** One ad with everything its page shows, in one round trip (the category tree is cached); null when no such row. */
export async function getPostDetails(
  db: Db,
  id: number,
  now = Date.now(),
  viewer?: AdViewer,
): Promise<PostDetails | null> {
  const self = sql`(SELECT category_id FROM posts WHERE id = ${id})`;
  const selfSub = sql`(SELECT subcategory_id FROM posts WHERE id = ${id})`;
  const selfKey = sql`(SELECT coalesce(bumped_at, 0) FROM posts WHERE id = ${id})`;
  const sameCategory = and(visibleAd(now), sql`${posts.categoryId} = ${self}`, ne(posts.id, id));
  // The next ad in listing-date order on one side: newer (later bumped_at, then higher id) or older.
  const neighbour = (side: 'newer' | 'older') => {
    const [beyond, order] = side === 'newer' ? [gt, asc] : [lt, desc];
    return db
      .select(adLinkColumns)
      .from(posts)
      .where(
        and(
          sameCategory,
          or(beyond(posts.bumpedAt, selfKey), and(sql`${posts.bumpedAt} = ${selfKey}`, beyond(posts.id, id))),
        ),
      )
      .orderBy(order(posts.bumpedAt), order(posts.id))
      .limit(1);
  };
  const page = [
    db
      .select({
        post: posts,
        // Aliased: D1's batch answers rows as objects, so same-named columns (id, phone,
        // created_at) of the two tables would overwrite each other.
        authorId: sql<number>`${users.id}`.as('author_id'),
        authorName: sql<string>`${users.name}`.as('author_name'),
        authorClerkId: sql<string>`${users.clerkId}`.as('author_clerk_id'),
        authorPhone: sql<string | null>`${users.phone}`.as('author_phone'),
        authorBanned: sql<number>`${users.banned}`.as('user_banned'),
        authorCreatedAt: sql<number>`${users.createdAt}`.as('author_created_at'),
        authorMessagesOnly: sql<number>`${users.messagesOnly}`.as('author_messages_only'),
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(eq(posts.id, id))
      .limit(1),
    db
      .select({ id: photos.id, fileName: photos.fileName, width: photos.width, height: photos.height })
      .from(photos)
      .where(and(eq(photos.postId, id), eq(photos.kind, 'post')))
      .orderBy(asc(photos.position), asc(photos.id))
      .limit(20),
    neighbour('newer'),
    neighbour('older'),
    db
      .select(cardFields(now))
      .from(posts)
      .where(sameCategory)
      .orderBy(desc(sql`(${posts.subcategoryId} IS ${selfSub})`), desc(posts.bumpedAt), desc(posts.id))
      .limit(4),
  ] as const;
  // A signed-in viewer may be the author: their figures come in the same round trip (none for others).
  const read = async () => {
    if (!viewer) return { answers: await db.batch(page), figures: null };
    const [a, b, c, d, e, counted, saved, messaged] = await db.batch([
      ...page,
      ...figureQueries(db, viewer.userId, viewer.weekFromDay, viewer.weekFromMs, id),
    ]);
    const mine = figuresFrom([counted, saved, messaged]).get(id) ?? structuredClone(NO_FIGURES);
    return { answers: [a, b, c, d, e] as const, figures: mine };
  };
  const [tree, { answers, figures }] = await Promise.all([getCategoryTreeCached(db, now), read()]);
  const [rows, photoRows, newer, older, similar] = answers;
  const row = rows[0];
  if (!row) return null;
  return {
    post: publicTitle(row.post),
    author: {
      id: row.authorId,
      name: row.authorName,
      clerkId: row.authorClerkId,
      phone: row.authorPhone,
      banned: !!row.authorBanned,
      createdAt: row.authorCreatedAt,
      messagesOnly: !!row.authorMessagesOnly,
    },
    photos: photoRows,
    tree,
    newer: newer[0] ? publicTitle(newer[0]) : null,
    older: older[0] ? publicTitle(older[0]) : null,
    similar: similar.map(toCard),
    ownerFigures: row.post.userId === viewer?.userId ? figures : null,
  };
}

export async function getPost(db: Db, id: number): Promise<Post | null> {
  return (await db.select().from(posts).where(eq(posts.id, id)).get()) ?? null;
}

/** The ad a new-ad form with this one-time token created, if any. */
export async function findPostByToken(db: Db, token: string): Promise<Post | null> {
  return (await db.select().from(posts).where(eq(posts.submissionToken, token)).get()) ?? null;
}

/** The ids of a person's ads that are not drafts and not hidden (what "hide all their ads" hides). */
export async function visibleAdIdsOf(db: Db, userId: number, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.userId, userId), sql`${posts.status} IN ('published', 'expired', 'sold', 'held')`))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** What an ad's address needs (id, slug, category), for several ads in one query. */
export async function postsForHrefs(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; slug: string; categoryId: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: posts.id, slug: posts.slug, categoryId: posts.categoryId })
    .from(posts)
    .where(inArray(posts.id, [...ids]));
}
