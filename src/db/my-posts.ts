// One author's own ads as the author sees them: "Anunțurile mele" (every status) and how many ads
// they created lately (the daily limit on new ads).
import { and, count, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { DAY_MS } from '../lib/dates';
import type { Currency } from '../lib/price';
import { adLinkColumns, firstPhoto, type PhotoRef, parsePhotoRef } from './fragments';
import { type PostStatus, posts } from './schema';

/** Ads the user created since `since` (ms): the daily limit. */
export async function countPostsCreatedSince(db: Db, userId: number, since: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(posts)
    .where(and(eq(posts.userId, userId), gte(posts.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * When the user may create an ad again under the daily limit: the moment the oldest of the ads
 * counted in the last 24 hours leaves the window (now, when none is counted).
 */
export async function nextNewPostAt(db: Db, userId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ first: sql<number | null>`min(${posts.createdAt})` })
    .from(posts)
    .where(and(eq(posts.userId, userId), gte(posts.createdAt, now - DAY_MS)));
  return row?.first != null ? row.first + DAY_MS : now;
}

/** One of the user's own ads on "Anunțurile mele". */
export interface MyPost {
  id: number;
  title: string;
  slug: string;
  categoryId: number;
  status: PostStatus;
  price: number;
  currency: Currency;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
  bumpedAt: number | null;
  renewedAt: number | null;
  expiresAt: number | null;
  hiddenReason: string | null;
  hiddenEditedAt: number | null;
  photo: PhotoRef | null;
}

/** Every ad of a user, in every status but deleted (gone for them), most recently changed first. */
export async function listMyPosts(db: Db, userId: number): Promise<MyPost[]> {
  const rows = await db
    .select({
      ...adLinkColumns,
      status: posts.status,
      price: posts.price,
      currency: posts.currency,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      publishedAt: posts.publishedAt,
      bumpedAt: posts.bumpedAt,
      renewedAt: posts.renewedAt,
      expiresAt: posts.expiresAt,
      hiddenReason: posts.hiddenReason,
      hiddenEditedAt: posts.hiddenEditedAt,
      photo: firstPhoto,
    })
    .from(posts)
    .where(and(eq(posts.userId, userId), ne(posts.status, 'deleted')))
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(500);
  return rows.map((r) => ({ ...r, photo: parsePhotoRef(r.photo) }));
}
