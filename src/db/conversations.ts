// The D1 index of private conversations (the messages live in one Durable Object each,
// src/messages/room.ts): opening one per ad and buyer, the inbox, unread counts, blocking,
// reports, and the removal of conversations about deleted ads.
import { and, desc, eq, inArray, isNotNull, isNull, lte, ne, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { maskPhones } from '../lib/phone';
import { oneLineText } from '../lib/text';
import { DELETED_ACCOUNT_NAME } from './account-deletion';
import { firstPhotoOfSql } from './fragments';
import { type Conversation, conversations, posts, users } from './schema';

/** New conversations a person may open in a day (the per-minute limit is the MESSAGE_LIMITER binding). */
export const DAILY_CONVERSATIONS = 20;
/** Conversations about a deleted ad stay readable this long. */
export const DELETED_AD_KEEP_MS = 30 * 86_400_000;
/** Characters of the last message the inbox shows. */
export const PREVIEW_LENGTH = 140;

/** The last message as the inbox shows it: one line, phone numbers masked, cut short. */
export function previewOf(body: string): string {
  const line = maskPhones(body).replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

/** What decides whether someone may write about an ad. */
export interface MessageTarget {
  id: number;
  userId: number;
  title: string;
  slug: string;
  categoryId: number;
  subcategoryId: number | null;
  status: string;
  expiresAt: number | null;
  authorBanned: boolean;
}

export async function getMessageTarget(db: Db, postId: number): Promise<MessageTarget | null> {
  const rows = await db
    .select({
      id: posts.id,
      userId: posts.userId,
      title: posts.title,
      slug: posts.slug,
      categoryId: posts.categoryId,
      subcategoryId: posts.subcategoryId,
      status: posts.status,
      expiresAt: posts.expiresAt,
      authorBanned: users.banned,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    // A deleted ad (kept 30 days for an undo) is gone for messages, as one removed for good.
    .where(and(eq(posts.id, postId), ne(posts.status, 'deleted')))
    .limit(1);
  return rows[0] ?? null;
}

export async function findConversation(
  db: Db,
  postId: number,
  buyerId: number,
): Promise<Conversation | null> {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.postId, postId), eq(conversations.buyerId, buyerId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function getConversation(db: Db, id: number): Promise<Conversation | null> {
  const rows = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * The conversation of this ad and buyer, opened if there is none: one statement inserts it unless
 * it exists (concurrent first messages all get the same row) or the buyer already opened
 * DAILY_CONVERSATIONS in the last 24 hours; then it is read back. Null: the daily limit.
 */
export async function openConversation(
  db: Db,
  args: { postId: number; buyerId: number; sellerId: number; postTitle: string; now: number },
): Promise<{ conversation: Conversation; created: boolean } | null> {
  const { postId, buyerId, sellerId, now } = args;
  // The title reaches mail subjects: one line, whatever the ad's row holds.
  const postTitle = oneLineText(args.postTitle) || 'Anunț';
  // One statement: the daily limit is checked in the insert itself, and a block between the two
  // people made meanwhile marks the new row blocked (docs/messages.md#rules).
  const inserted = await db.run(sql`
    INSERT INTO conversations (post_id, buyer_id, seller_id, post_title, created_at, last_message_at, blocked_by)
    SELECT ${postId}, ${buyerId}, ${sellerId}, ${postTitle}, ${now}, ${now},
      (SELECT blocker_id FROM user_blocks
        WHERE (blocker_id = ${buyerId} AND blocked_id = ${sellerId}) OR (blocker_id = ${sellerId} AND blocked_id = ${buyerId})
        ORDER BY created_at LIMIT 1)
    WHERE (SELECT count(*) FROM conversations WHERE buyer_id = ${buyerId} AND created_at > ${now - 86_400_000})
      < ${DAILY_CONVERSATIONS}
    ON CONFLICT (post_id, buyer_id) DO NOTHING`);
  const conversation = await findConversation(db, postId, buyerId);
  if (!conversation) return null;
  const changes = inserted.meta?.changes ?? 0;
  return { conversation, created: changes > 0 };
}

/** After a message: last time and preview, and one more unread message for the recipient. */
export async function recordMessage(
  db: Db,
  conversation: Pick<Conversation, 'id' | 'buyerId' | 'sellerId'>,
  senderId: number,
  body: string,
  now: number,
): Promise<void> {
  const fromBuyer = senderId === conversation.buyerId;
  await db
    .update(conversations)
    .set({
      lastMessageAt: sql`max(${conversations.lastMessageAt}, ${now})`,
      lastPreview: previewOf(body),
      lastSenderId: senderId,
      ...(fromBuyer
        ? { unreadSeller: sql`${conversations.unreadSeller} + 1` }
        : { unreadBuyer: sql`${conversations.unreadBuyer} + 1` }),
    })
    .where(eq(conversations.id, conversation.id));
}

/** The participant has read everything: their unread count is zero. */
export async function markConversationRead(
  db: Db,
  conversation: Conversation,
  userId: number,
): Promise<void> {
  const column = userId === conversation.buyerId ? { unreadBuyer: 0 } : { unreadSeller: 0 };
  await db.update(conversations).set(column).where(eq(conversations.id, conversation.id));
}

export async function reportConversation(
  db: Db,
  id: number,
  userId: number,
  reason: string,
  now: number,
): Promise<void> {
  await db
    .update(conversations)
    .set({ reportedAt: now, reportedBy: userId, reportReason: reason })
    .where(eq(conversations.id, id));
}

/** An operator closed the report: the conversation is private again. */
export async function clearReport(db: Db, id: number): Promise<void> {
  await db
    .update(conversations)
    .set({ reportedAt: null, reportedBy: null, reportReason: null })
    .where(eq(conversations.id, id));
}

export interface InboxRow {
  id: number;
  postId: number;
  postTitle: string;
  postSlug: string | null;
  categoryId: number | null;
  photo: string | null;
  otherName: string;
  lastMessageAt: number;
  lastPreview: string;
  lastFromMe: boolean;
  unread: number;
  blocked: boolean;
  /** The viewer is the one who blocked. */
  blockedByMe: boolean;
  postDeleted: boolean;
}

const UNREAD_FOR = (userId: number) =>
  sql<number>`CASE WHEN ${conversations.buyerId} = ${userId} THEN ${conversations.unreadBuyer} ELSE ${conversations.unreadSeller} END`;

/** A person's conversations, newest message first (at most `limit`). */
export async function listInbox(db: Db, userId: number, limit = 100): Promise<InboxRow[]> {
  const rows = await db
    .select({
      id: conversations.id,
      postId: conversations.postId,
      postTitle: conversations.postTitle,
      postSlug: posts.slug,
      categoryId: posts.categoryId,
      photo: sql<
        string | null
      >`CASE WHEN ${posts.id} IS NULL THEN NULL ELSE ${sql.raw(firstPhotoOfSql('"conversations"."post_id"'))} END`,
      otherName: sql<string>`(SELECT name FROM users WHERE users.id = CASE WHEN ${conversations.buyerId} = ${userId} THEN ${conversations.sellerId} ELSE ${conversations.buyerId} END)`,
      lastMessageAt: conversations.lastMessageAt,
      lastPreview: conversations.lastPreview,
      lastSenderId: conversations.lastSenderId,
      unread: UNREAD_FOR(userId),
      blockedBy: conversations.blockedBy,
      postDeletedAt: conversations.postDeletedAt,
    })
    .from(conversations)
    // A deleted ad (kept 30 days for an undo) is gone here too: no link, no photo.
    .leftJoin(posts, and(eq(posts.id, conversations.postId), ne(posts.status, 'deleted')))
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    postId: r.postId,
    postTitle: r.postTitle,
    postSlug: r.postSlug,
    categoryId: r.categoryId,
    photo: r.photo,
    otherName: r.otherName ?? DELETED_ACCOUNT_NAME,
    lastMessageAt: r.lastMessageAt,
    lastPreview: r.lastPreview,
    lastFromMe: r.lastSenderId === userId,
    unread: Number(r.unread),
    blocked: r.blockedBy !== null,
    blockedByMe: r.blockedBy === userId,
    postDeleted: r.postDeletedAt !== null || r.postSlug === null,
  }));
}

/** How many of a person's conversations hold messages they have not read (the header's count). */
export async function countUnreadConversations(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(conversations)
    .where(
      or(
        and(eq(conversations.buyerId, userId), sql`${conversations.unreadBuyer} > 0`),
        and(eq(conversations.sellerId, userId), sql`${conversations.unreadSeller} > 0`),
      ),
    );
  return Number(row?.n ?? 0);
}

export interface ReportedConversation {
  id: number;
  postTitle: string;
  reportedAt: number;
  reportReason: string;
  reporterName: string;
  buyerName: string;
  sellerName: string;
}

/** Reported conversations, newest report first: what operators may read. */
export async function listReportedConversations(db: Db, limit = 50): Promise<ReportedConversation[]> {
  return reportedConversationsFrom(await reportedConversationsStatement(db, limit));
}

/** The statement of listReportedConversations, to read in one batch with other queries. */
export function reportedConversationsStatement(db: Db, limit = 50) {
  const nameOf = (column: SQLWrapper) =>
    sql<string>`coalesce((SELECT name FROM users WHERE users.id = ${column}), ${DELETED_ACCOUNT_NAME})`;
  return db
    .select({
      id: conversations.id,
      postTitle: conversations.postTitle,
      reportedAt: conversations.reportedAt,
      reportReason: conversations.reportReason,
      reporterName: nameOf(conversations.reportedBy),
      buyerName: nameOf(conversations.buyerId),
      sellerName: nameOf(conversations.sellerId),
    })
    .from(conversations)
    .where(isNotNull(conversations.reportedAt))
    .orderBy(desc(conversations.reportedAt))
    .limit(limit);
}

/** The rows of reportedConversationsStatement as the console shows them. */
export function reportedConversationsFrom(
  rows: Awaited<ReturnType<typeof reportedConversationsStatement>>,
): ReportedConversation[] {
  return rows.map((r) => ({ ...r, reportedAt: r.reportedAt ?? 0, reportReason: r.reportReason ?? '' }));
}

/** Notes when each conversation's ad was found deleted (the 30 days start then). */
export async function markDeletedAds(db: Db, now: number): Promise<number> {
  const result = await db
    .update(conversations)
    .set({ postDeletedAt: now })
    .where(
      and(
        isNull(conversations.postDeletedAt),
        sql`NOT EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.id} = ${conversations.postId})`,
      ),
    );
  return (result as unknown as { meta?: { changes?: number } }).meta?.changes ?? 0;
}

/** Conversations whose ad was deleted at least DELETED_AD_KEEP_MS ago (at most `limit`). */
export async function expiredConversationIds(db: Db, now: number, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(lte(conversations.postDeletedAt, now - DELETED_AD_KEEP_MS))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function deleteConversationRows(db: Db, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 90) {
    await db.delete(conversations).where(inArray(conversations.id, ids.slice(i, i + 90)));
  }
}

/** Why a participant reports a conversation. */
export const CONVERSATION_REPORT_REASONS = [
  'Înșelătorie sau cerere de bani, card ori date personale',
  'Mesaje jignitoare sau hărțuire',
  'Spam sau reclamă',
  'Altceva',
] as const;

/** "Doar mesaje" for one ad: its phone is never shown. */
export async function setPostMessagesOnly(db: Db, postId: number, on: boolean): Promise<void> {
  await db.update(posts).set({ messagesOnly: on }).where(eq(posts.id, postId));
}
