// What the site holds about one person, read for the download of their data (`/cont/date`,
// docs/privacy.md): each kind in its own query, ads a page at a time, so that a long history is
// streamed rather than built up in memory. Nothing of anyone else's: of the other side of a
// conversation only the name, of operators nothing but their decisions.
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import {
  conversations,
  favourites,
  mailOptouts,
  moderationLog,
  photos,
  posts,
  reports,
  savedSearches,
  users,
} from './schema';
import { findUserById } from './users';

/**
 * One kind of the person's rows for the download, oldest first by `order`, at most `limit` (a bound
 * on one answer's memory that no real account reaches). Drizzle's dynamic query building.
 */
function oldestFirst<Q extends SQLiteSelect>(query: Q, order: SQLiteColumn, limit = 10_000) {
  return query.orderBy(asc(order)).limit(limit);
}

/** The person's own account, without what only the identity provider needs (clerk id). */
export async function exportProfile(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const { id, name, email, phone, role, banned, messagesOnly, avatarPhotoId, createdAt, updatedAt } = user;
  return { id, name, email, phone, role, banned, messagesOnly, avatarPhotoId, createdAt, updatedAt };
}

export interface ExportedPhoto {
  id: number;
  fileName: string;
  width: number;
  height: number;
}

/** A page of the person's ads in every state (ids after `afterId`), each with its photos. */
export async function exportAdsPage(db: Db, userId: number, afterId: number, limit = 100) {
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      description: posts.description,
      price: posts.price,
      currency: posts.currency,
      negotiable: posts.negotiable,
      locality: posts.locality,
      phone: posts.phone,
      status: posts.status,
      categoryId: posts.categoryId,
      subcategoryId: posts.subcategoryId,
      slug: posts.slug,
      fields: posts.fields,
      messagesOnly: posts.messagesOnly,
      hiddenReason: posts.hiddenReason,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      publishedAt: posts.publishedAt,
      renewedAt: posts.renewedAt,
      expiresAt: posts.expiresAt,
      closedAt: posts.closedAt,
      photos: sql<string>`(SELECT json_group_array(json_object('id', ph.id, 'fileName', ph.file_name, 'width', ph.width, 'height', ph.height)) FROM (SELECT id, file_name, width, height FROM photos WHERE photos.post_id = "posts"."id" ORDER BY position, id) AS ph)`,
    })
    .from(posts)
    .where(and(eq(posts.userId, userId), gt(posts.id, afterId)))
    .orderBy(asc(posts.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, photos: JSON.parse(r.photos ?? '[]') as ExportedPhoto[] }));
}

/** Photos the person uploaded that belong to no ad of theirs (the avatar, drafts in the editor). */
export async function exportLoosePhotos(db: Db, userId: number): Promise<ExportedPhoto[]> {
  const { id, fileName, width, height } = photos;
  const notInTheirAds = sql`(${photos.postId} IS NULL OR ${photos.postId} NOT IN (SELECT ${posts.id} FROM ${posts} WHERE ${posts.userId} = ${userId}))`;
  const query = db.select({ id, fileName, width, height }).from(photos);
  return oldestFirst(query.where(and(eq(photos.userId, userId), notInTheirAds)).$dynamic(), id, 1000);
}

/** Each favourite: the ad (its title while it exists), when it was saved, and the price alert. */
export async function exportFavourites(db: Db, userId: number) {
  const { postId, createdAt: savedAt, priceAtSave, notifyPriceDrop } = favourites;
  const title = sql<string | null>`(SELECT ${posts.title} FROM ${posts} WHERE ${posts.id} = ${postId})`;
  const query = db.select({ postId, title, savedAt, priceAtSave, notifyPriceDrop }).from(favourites);
  return oldestFirst(query.where(eq(favourites.userId, userId)).$dynamic(), savedAt);
}

export async function exportSavedSearches(db: Db, userId: number) {
  const { id, name, query: words, createdAt, paused, lastSentAt } = savedSearches;
  const query = db.select({ id, name, query: words, createdAt, paused, lastSentAt }).from(savedSearches);
  return oldestFirst(query.where(eq(savedSearches.userId, userId)).$dynamic(), id);
}

/** The kinds of mail the person turned off. */
export async function exportMailOptouts(db: Db, userId: number) {
  const query = db.select({ kind: mailOptouts.kind, since: mailOptouts.createdAt }).from(mailOptouts);
  return oldestFirst(query.where(eq(mailOptouts.userId, userId)).$dynamic(), mailOptouts.createdAt);
}

/** The person's conversations with the other side's name (only that), oldest first. */
export async function exportConversations(db: Db, userId: number) {
  return db
    .select({
      id: conversations.id,
      postId: conversations.postId,
      postTitle: conversations.postTitle,
      role: sql<
        'buyer' | 'seller'
      >`CASE WHEN ${conversations.buyerId} = ${userId} THEN 'buyer' ELSE 'seller' END`,
      otherId: sql<number>`CASE WHEN ${conversations.buyerId} = ${userId} THEN ${conversations.sellerId} ELSE ${conversations.buyerId} END`,
      otherName: sql<
        string | null
      >`(SELECT name FROM users WHERE users.id = CASE WHEN ${conversations.buyerId} = ${userId} THEN ${conversations.sellerId} ELSE ${conversations.buyerId} END)`,
      createdAt: conversations.createdAt,
      blockedByMe: sql<boolean>`${conversations.blockedBy} = ${userId}`,
      reportedByMe: sql<boolean>`${conversations.reportedBy} = ${userId}`,
      reportReason: sql<
        string | null
      >`CASE WHEN ${conversations.reportedBy} = ${userId} THEN ${conversations.reportReason} END`,
    })
    .from(conversations)
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
    .orderBy(asc(conversations.id))
    .limit(10_000);
}

/** Each report the person made while signed in (never who else reported). */
export async function exportReportsMade(db: Db, userId: number) {
  const { id, postId, reason, details, createdAt, resolvedAt } = reports;
  const query = db.select({ postId, reason, details, createdAt, resolvedAt }).from(reports);
  return oldestFirst(query.where(eq(reports.reporterKey, `u:${userId}`)).$dynamic(), id);
}

/** Operators' decisions about the person and their ads, with their reasons (never the operator). */
export async function exportModerationDecisions(db: Db, userId: number) {
  return db
    .select({
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      details: moderationLog.details,
      createdAt: moderationLog.createdAt,
    })
    .from(moderationLog)
    .where(
      or(
        and(eq(moderationLog.targetType, 'user'), eq(moderationLog.targetId, userId)),
        and(
          eq(moderationLog.targetType, 'post'),
          sql`${moderationLog.targetId} IN (SELECT ${posts.id} FROM ${posts} WHERE ${posts.userId} = ${userId})`,
        ),
      ),
    )
    .orderBy(asc(moderationLog.id));
}

/** How much the deletion page says will go. */
export async function countAccountData(db: Db, userId: number) {
  const row = await db
    .select({
      ads: sql<number>`(SELECT count(*) FROM ${posts} WHERE ${posts.userId} = ${userId})`,
      photos: sql<number>`(SELECT count(*) FROM ${photos} WHERE ${photos.userId} = ${userId} OR ${photos.postId} IN (SELECT ${posts.id} FROM ${posts} WHERE ${posts.userId} = ${userId}))`,
      favourites: sql<number>`(SELECT count(*) FROM ${favourites} WHERE ${favourites.userId} = ${userId})`,
      savedSearches: sql<number>`(SELECT count(*) FROM ${savedSearches} WHERE ${savedSearches.userId} = ${userId})`,
      conversations: sql<number>`(SELECT count(*) FROM ${conversations} WHERE ${conversations.buyerId} = ${userId} OR ${conversations.sellerId} = ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return {
    ads: Number(row?.ads ?? 0),
    photos: Number(row?.photos ?? 0),
    favourites: Number(row?.favourites ?? 0),
    savedSearches: Number(row?.savedSearches ?? 0),
    conversations: Number(row?.conversations ?? 0),
  };
}
