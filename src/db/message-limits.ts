// What keeps private messages from being turned into a weapon (docs/messages.md#limits): the daily
// count of messages per person (reserved by one statement, so parallel requests cannot pass it),
// blocks between people, and the hourly slot of the grouped unread-messages mail.
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { DELETED_ACCOUNT_NAME } from './account-deletion';
import { conversations, messageDayCounts, messageNoticeState, userBlocks } from './schema';

/** Messages (first messages and replies) a person may send in one UTC day. */
export const DAILY_MESSAGES = 200;

const DAY_MS = 86_400_000;

/** The UTC day number of a time. */
export function dayOf(now: number): number {
  return Math.floor(now / DAY_MS);
}

/**
 * Counts one message of `userId` today, unless DAILY_MESSAGES were counted already: one statement
 * (insert, or an update guarded by the count, RETURNING the row only when it was written), so of any
 * number of simultaneous requests exactly the ones under the limit get a slot. False: over the limit.
 */
export async function reserveDailyMessage(db: Db, userId: number, now: number): Promise<boolean> {
  const rows = await db.all<{ sent: number }>(sql`
    INSERT INTO message_day_counts (user_id, day, sent) VALUES (${userId}, ${dayOf(now)}, 1)
    ON CONFLICT (user_id, day) DO UPDATE SET sent = sent + 1 WHERE sent < ${DAILY_MESSAGES}
    RETURNING sent`);
  return rows.length > 0;
}

/** Gives back a slot reserved for a message that was then not stored. */
export async function releaseDailyMessage(db: Db, userId: number, now: number): Promise<void> {
  await db
    .update(messageDayCounts)
    .set({ sent: sql`max(${messageDayCounts.sent} - 1, 0)` })
    .where(and(eq(messageDayCounts.userId, userId), eq(messageDayCounts.day, dayOf(now))));
}

/** Messages counted for a person today. */
export async function sentToday(db: Db, userId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ sent: messageDayCounts.sent })
    .from(messageDayCounts)
    .where(and(eq(messageDayCounts.userId, userId), eq(messageDayCounts.day, dayOf(now))));
  return row?.sent ?? 0;
}

/** The daily counts of past days are of no use: the daily job removes them. */
export async function deleteOldDayCounts(db: Db, now: number): Promise<void> {
  await db.delete(messageDayCounts).where(lt(messageDayCounts.day, dayOf(now) - 1));
}

// ---- blocks ---------------------------------------------------------------------------------

const pair = (a: number, b: number) =>
  or(
    and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
    and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
  );

const pairConversations = (a: number, b: number) =>
  or(
    and(eq(conversations.buyerId, a), eq(conversations.sellerId, b)),
    and(eq(conversations.buyerId, b), eq(conversations.sellerId, a)),
  );

/**
 * Who blocked whom between `viewerId` and `otherId`: the other's block first (it is the one the
 * viewer cannot lift), then the viewer's own; null when neither blocked the other.
 */
export async function blockBetween(db: Db, viewerId: number, otherId: number): Promise<number | null> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(pair(viewerId, otherId));
  if (rows.some((r) => r.blockerId === otherId)) return otherId;
  return rows.length > 0 ? viewerId : null;
}

/**
 * `blockerId` blocks `blockedId`: one row for the person, and every conversation between the two, on
 * any ad, marked blocked (one batch).
 */
export async function blockPerson(db: Db, blockerId: number, blockedId: number, now: number): Promise<void> {
  await db.batch([
    db.insert(userBlocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing(),
    db
      .update(conversations)
      .set({ blockedBy: blockerId })
      .where(and(pairConversations(blockerId, blockedId), sql`${conversations.blockedBy} IS NULL`)),
  ]);
}

/** Lifts `blockerId`'s block; conversations stay blocked if the other person blocked too. */
export async function unblockPerson(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.batch([
    db
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId))),
    db
      .update(conversations)
      .set({
        blockedBy: sql`(SELECT blocker_id FROM user_blocks WHERE blocker_id = ${blockedId} AND blocked_id = ${blockerId})`,
      })
      .where(and(pairConversations(blockerId, blockedId), eq(conversations.blockedBy, blockerId))),
  ]);
}

// ---- the grouped unread-messages mail --------------------------------------------------------

/** At most one unread-messages mail per person in this time. */
export const NOTICE_MAIL_GAP_MS = 60 * 60_000;

/**
 * Takes this hour's mail slot of `userId`: true for exactly one caller when no mail went out in the
 * last NOTICE_MAIL_GAP_MS (one conditional statement); clears the waiting mark.
 */
export async function claimNoticeSlot(db: Db, userId: number, now: number): Promise<boolean> {
  const rows = await db.all<{ user_id: number }>(sql`
    INSERT INTO message_notice_state (user_id, last_sent_at, pending_at) VALUES (${userId}, ${now}, NULL)
    ON CONFLICT (user_id) DO UPDATE SET last_sent_at = excluded.last_sent_at, pending_at = NULL
      WHERE last_sent_at <= ${now - NOTICE_MAIL_GAP_MS}
    RETURNING user_id`);
  return rows.length > 0;
}

/**
 * Notes that a mail waits for the end of the person's hour. Answers when to try again, or null when
 * another waiting mail was already noted (that one will carry this conversation too).
 */
export async function markNoticePending(db: Db, userId: number, now: number): Promise<number | null> {
  const rows = await db.all<{ last_sent_at: number }>(sql`
    UPDATE message_notice_state SET pending_at = ${now}
    WHERE user_id = ${userId} AND pending_at IS NULL
    RETURNING last_sent_at`);
  const row = rows[0];
  return row ? Number(row.last_sent_at) + NOTICE_MAIL_GAP_MS : null;
}

export interface UnreadConversation {
  id: number;
  postTitle: string;
  otherName: string;
  unread: number;
  lastPreview: string;
  lastFromOther: boolean;
}

/** A person's conversations with unread messages, newest first (what the grouped mail lists). */
export async function unreadConversationsOf(
  db: Db,
  userId: number,
  limit = 20,
): Promise<UnreadConversation[]> {
  const unread = sql<number>`CASE WHEN ${conversations.buyerId} = ${userId} THEN ${conversations.unreadBuyer} ELSE ${conversations.unreadSeller} END`;
  const rows = await db
    .select({
      id: conversations.id,
      postTitle: conversations.postTitle,
      otherName: sql<
        string | null
      >`(SELECT name FROM users WHERE users.id = CASE WHEN ${conversations.buyerId} = ${userId} THEN ${conversations.sellerId} ELSE ${conversations.buyerId} END)`,
      unread,
      lastPreview: conversations.lastPreview,
      lastSenderId: conversations.lastSenderId,
      blockedBy: conversations.blockedBy,
    })
    .from(conversations)
    .where(
      or(
        and(eq(conversations.buyerId, userId), sql`${conversations.unreadBuyer} > 0`),
        and(eq(conversations.sellerId, userId), sql`${conversations.unreadSeller} > 0`),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(limit);
  return rows
    .filter((r) => r.blockedBy === null)
    .map((r) => ({
      id: r.id,
      postTitle: r.postTitle,
      otherName: r.otherName ?? DELETED_ACCOUNT_NAME,
      unread: Number(r.unread),
      lastPreview: r.lastPreview,
      lastFromOther: r.lastSenderId !== userId,
    }));
}

/** People whose unread-messages mail waits and whose last one went out before `sentBefore`. */
export async function pendingNoticeRecipients(db: Db, sentBefore: number, limit = 500): Promise<number[]> {
  const rows = await db
    .select({ userId: messageNoticeState.userId })
    .from(messageNoticeState)
    .where(
      and(
        sql`${messageNoticeState.pendingAt} IS NOT NULL`,
        sql`${messageNoticeState.lastSentAt} <= ${sentBefore}`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.userId);
}
