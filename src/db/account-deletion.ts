// The rows of an account deletion (docs/privacy.md): the deletion's own record, and each step's SQL.
// Every step is idempotent, so a deletion interrupted anywhere is simply run again from its step
// (src/jobs/account-deletion.ts runs them and removes the photo objects from R2).
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { runBatch, type Statement } from './fragments';
import { type LogEntry, logStatement } from './moderation';
import { removeAdsForGood } from './retention';
import {
  type AccountDeletion,
  accountDeletions,
  conversations,
  type DeletionStep,
  expiryReminders,
  favourites,
  mailOptouts,
  messageDayCounts,
  messageNoticeState,
  moderationLog,
  photos,
  posts,
  reports,
  savedSearches,
  savedSearchRuns,
  uploadRefusals,
  userBlocks,
  users,
} from './schema';

/** The name the rest of the site shows for a person whose account is deleted (or being deleted). */
export const DELETED_ACCOUNT_NAME = 'Cont șters';
/** The moderation log's action of an operator's deletion; its details are the operator's reason. */
export const DELETE_ACCOUNT_ACTION = 'delete-account';
/** The provider id a deleted account's row carries while its deletion runs: no session can find it. */
const DELETED_CLERK_PREFIX = 'deleted:';

/** True for the row of an account being deleted (or none at all). */
export function isDeletedAccount(user: { clerkId: string } | null | undefined): boolean {
  return !user || user.clerkId.startsWith(DELETED_CLERK_PREFIX);
}

/**
 * Starts a deletion in one batch: the record (once per account: a second request changes nothing),
 * and the person's row detached from their identity at once (no session finds it any more, their
 * name becomes "Cont șters", e-mail and phone go). An operator's deletion is written to the
 * moderation log with its reason. Answers the record.
 */
export async function startDeletion(
  db: Db,
  args: {
    user: { id: number; clerkId: string };
    clerkHash: string;
    requestedBy: number | null;
    reason: string;
    now: number;
    log?: LogEntry;
  },
): Promise<{ deletion: AccountDeletion; created: boolean }> {
  const { user, clerkHash, requestedBy, reason, now } = args;
  const statements: Statement[] = [
    db
      .insert(accountDeletions)
      .values({
        userId: user.id,
        clerkId: isDeletedAccount(user) ? null : user.clerkId,
        clerkHash,
        requestedBy,
        reason,
        step: 'log',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: accountDeletions.userId })
      .returning({ id: accountDeletions.id }),
    db
      .update(users)
      .set({
        clerkId: `${DELETED_CLERK_PREFIX}${user.id}`,
        email: null,
        phone: null,
        name: DELETED_ACCOUNT_NAME,
        avatarPhotoId: null,
        role: 'user',
        updatedAt: now,
      })
      .where(eq(users.id, user.id)),
  ];
  if (args.log) statements.push(logStatement(db, args.log, now));
  const [inserted] = (await runBatch(db, statements)) as unknown as [{ id: number }[]];
  const row = await getDeletion(db, user.id);
  if (!row) throw new Error('account deletion not recorded');
  return { deletion: row, created: inserted.length > 0 };
}

export async function getDeletion(db: Db, userId: number): Promise<AccountDeletion | null> {
  return (await db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId)).get()) ?? null;
}

/** Deletions not finished (the daily job resumes them), oldest first. */
export async function openDeletions(db: Db, limit = 50): Promise<AccountDeletion[]> {
  return db
    .select()
    .from(accountDeletions)
    .where(isNull(accountDeletions.finishedAt))
    .orderBy(asc(accountDeletions.id))
    .limit(limit);
}

/** Whether a session of this provider id (its SHA-256) belongs to an account deleted since. */
export async function isDeletedIdentity(db: Db, clerkHash: string): Promise<boolean> {
  const row = await db
    .select({ id: accountDeletions.id })
    .from(accountDeletions)
    .where(eq(accountDeletions.clerkHash, clerkHash))
    .get();
  return !!row;
}

/**
 * Moves a deletion from one step to the next, only if it is still at `from` (compare-and-swap): of two
 * runs of one deletion at once, one moves on and the other learns it was overtaken (false) and stops.
 */
export async function setDeletionStep(
  db: Db,
  id: number,
  from: DeletionStep,
  step: DeletionStep,
  now: number,
): Promise<boolean> {
  const moved = await db
    .update(accountDeletions)
    .set({
      step,
      updatedAt: now,
      lastError: null,
      ...(step === 'done' ? { finishedAt: now } : {}),
      // The provider's id is kept only until its user there is deleted.
      ...(step === 'user' || step === 'done' ? { clerkId: null } : {}),
    })
    .where(and(eq(accountDeletions.id, id), eq(accountDeletions.step, from)))
    .returning({ id: accountDeletions.id });
  return moved.length > 0;
}

export async function recordDeletionFailure(db: Db, id: number, error: string, now: number): Promise<void> {
  await db
    .update(accountDeletions)
    .set({ attempts: sql`${accountDeletions.attempts} + 1`, lastError: error.slice(0, 500), updatedAt: now })
    .where(eq(accountDeletions.id, id));
}

/**
 * Step `log`: the moderation log keeps every decision about the person and their ads, without what
 * named them (the account's name, the ads' titles).
 */
export async function anonymiseModerationLog(db: Db, userId: number): Promise<void> {
  // An ad's entry reads `<title> — <reason>` (or the title alone): the reason stays, the title goes.
  const sep = ' — ';
  await runBatch(db, [
    db
      .update(moderationLog)
      .set({ details: DELETED_ACCOUNT_NAME })
      .where(
        and(
          eq(moderationLog.targetType, 'user'),
          eq(moderationLog.targetId, userId),
          sql`${moderationLog.action} != ${DELETE_ACCOUNT_ACTION}`,
        ),
      ),
    db
      .update(moderationLog)
      .set({
        details: sql`CASE WHEN instr(${moderationLog.details}, ${sep}) > 0 THEN substr(${moderationLog.details}, instr(${moderationLog.details}, ${sep}) + 3) ELSE '' END`,
      })
      .where(
        and(
          eq(moderationLog.targetType, 'post'),
          sql`${moderationLog.targetId} IN (SELECT ${posts.id} FROM ${posts} WHERE ${posts.userId} = ${userId})`,
        ),
      ),
  ]);
}

/** Step `photos`: a batch of the person's photos (theirs, or on their ads): objects, then rows. */
export async function photosOfAccount(db: Db, userId: number, limit = 200): Promise<{ id: number }[]> {
  return db
    .select({ id: photos.id })
    .from(photos)
    .where(
      or(
        eq(photos.userId, userId),
        sql`${photos.postId} IN (SELECT ${posts.id} FROM ${posts} WHERE ${posts.userId} = ${userId})`,
      ),
    )
    .orderBy(asc(photos.id))
    .limit(limit);
}

/**
 * Step `ads`: a batch of the person's ads removed for good (retention.removeAdsForGood); their
 * addresses then answer 410. Answers how many went (0: none left).
 */
export async function deleteAdsOfAccount(db: Db, userId: number, now: number, limit = 50): Promise<number> {
  const ids = (
    await db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.userId, userId))
      .orderBy(asc(posts.id))
      .limit(limit)
  ).map((r) => r.id);
  await removeAdsForGood(db, ids, now);
  return ids.length;
}

/**
 * Step `own-rows`: favourites, saved searches and their digests, mail preferences, reminders and
 * refused uploads go; reports they made stay, without their identity; conversations they reported
 * no longer name them.
 */
export async function deleteOwnRows(db: Db, userId: number): Promise<void> {
  await runBatch(db, [
    db.delete(favourites).where(eq(favourites.userId, userId)),
    db.delete(savedSearches).where(eq(savedSearches.userId, userId)),
    db.delete(savedSearchRuns).where(eq(savedSearchRuns.userId, userId)),
    db.delete(mailOptouts).where(eq(mailOptouts.userId, userId)),
    db.delete(expiryReminders).where(eq(expiryReminders.userId, userId)),
    db.delete(uploadRefusals).where(eq(uploadRefusals.userId, userId)),
    // The report stays (an operator may still need it); `x:<report id>` is unique and names nobody.
    db
      .update(reports)
      .set({ reporterKey: sql`'x:' || ${reports.id}` })
      .where(eq(reports.reporterKey, `u:${userId}`)),
    db.update(conversations).set({ reportedBy: null }).where(eq(conversations.reportedBy, userId)),
    // Blocks made or received, the daily message counts and the mail slot name the person.
    db.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId))),
    db.delete(messageDayCounts).where(eq(messageDayCounts.userId, userId)),
    db.delete(messageNoticeState).where(eq(messageNoticeState.userId, userId)),
  ]);
}

/** The conversations a person takes part in (at most `limit`, by id). */
export async function conversationsOfAccount(
  db: Db,
  userId: number,
  limit = 500,
): Promise<{ id: number; buyerId: number; sellerId: number }[]> {
  return db
    .select({ id: conversations.id, buyerId: conversations.buyerId, sellerId: conversations.sellerId })
    .from(conversations)
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
    .orderBy(asc(conversations.id))
    .limit(limit);
}

/**
 * Step `conversations`, once the person's messages left the conversation's object: the index no
 * longer shows their last words nor counts their unread messages; when the other side is gone too
 * (no account, or one being deleted), the conversation's 30 days before removal start now.
 */
export async function detachFromConversation(db: Db, id: number, userId: number, now: number): Promise<void> {
  const otherGone = sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = (CASE WHEN ${conversations.buyerId} = ${userId} THEN ${conversations.sellerId} ELSE ${conversations.buyerId} END) AND substr(${users.clerkId}, 1, 8) != ${DELETED_CLERK_PREFIX})`;
  await db
    .update(conversations)
    .set({
      lastPreview: sql`CASE WHEN ${conversations.lastSenderId} = ${userId} THEN '' ELSE ${conversations.lastPreview} END`,
      lastSenderId: sql`CASE WHEN ${conversations.lastSenderId} = ${userId} THEN NULL ELSE ${conversations.lastSenderId} END`,
      unreadBuyer: sql`CASE WHEN ${conversations.buyerId} = ${userId} THEN 0 ELSE ${conversations.unreadBuyer} END`,
      unreadSeller: sql`CASE WHEN ${conversations.sellerId} = ${userId} THEN 0 ELSE ${conversations.unreadSeller} END`,
      postDeletedAt: sql`CASE WHEN ${otherGone} THEN coalesce(${conversations.postDeletedAt}, ${now}) ELSE ${conversations.postDeletedAt} END`,
    })
    .where(eq(conversations.id, id));
}

/** Step `user`: the person's row goes; the deletion is finished. */
export async function deleteAccountRow(
  db: Db,
  deletionId: number,
  userId: number,
  now: number,
): Promise<void> {
  await runBatch(db, [
    db.delete(users).where(eq(users.id, userId)),
    db
      .update(accountDeletions)
      .set({ step: 'done', finishedAt: now, updatedAt: now, clerkId: null, lastError: null })
      .where(and(eq(accountDeletions.id, deletionId), ne(accountDeletions.step, 'done'))),
  ]);
}
