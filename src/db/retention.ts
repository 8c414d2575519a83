// The SQL of the retention rules the daily job applies (src/jobs/retention.ts, docs/privacy.md):
// what is old enough to go, and removing it. Callers remove photo objects from R2 before the rows.
import { and, asc, inArray, isNotNull, isNull, lte, or, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { expiredAdCutoff } from '../lib/ad-retention';
import { DAY_MS } from '../lib/dates';
import { runBatch } from './fragments';
import { goneStatement } from './gone-posts';
import {
  conversations,
  expiryReminders,
  meta,
  photos,
  posts,
  reports,
  savedSearchRuns,
  usedTokens,
  users,
} from './schema';

/** An expiry reminder's row (the mail log) is kept this long after the expiry it was about. */
export const REMINDER_LOG_KEEP_MS = 30 * DAY_MS;
/** The saved-search digest's daily claims are kept this long. */
export const DIGEST_LOG_KEEP_MS = 30 * DAY_MS;

/**
 * Ads expired (or published past their expiry) long enough to go for good (lib/ad-retention, the rule
 * the move-in applies too), at most `limit`.
 */
export async function longExpiredAds(db: Db, now: number, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        or(sql`${posts.status} = 'expired'`, sql`${posts.status} = 'published'`),
        isNotNull(posts.expiresAt),
        lte(posts.expiresAt, expiredAdCutoff(now)),
      ),
    )
    .orderBy(asc(posts.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Ads deleted by their owner or an operator at least `keepMs` (30 days, lifecycle.DELETED_AD_KEEP_MS)
 * ago, at most `limit`: the undo window is over, they go for good.
 */
export async function deletedAdsDue(db: Db, now: number, keepMs: number, limit = 100): Promise<number[]> {
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(sql`${posts.status} = 'deleted'`, lte(posts.deletedAt, now - keepMs)))
    .orderBy(asc(posts.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The photos of these ads (for removing their objects first). */
export async function photosOfPosts(db: Db, postIds: number[]): Promise<{ id: number }[]> {
  if (postIds.length === 0) return [];
  return db.select({ id: photos.id }).from(photos).where(inArray(photos.postId, postIds));
}

/**
 * Removes ads for good in one batch: their addresses are recorded as gone (410), their photos'
 * rows, reports and reminders go with them.
 */
export async function removeAdsForGood(db: Db, ids: number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await runBatch(db, [
    goneStatement(db, ids, now),
    db.delete(photos).where(inArray(photos.postId, ids)),
    db.delete(reports).where(inArray(reports.postId, ids)),
    db.delete(expiryReminders).where(inArray(expiryReminders.postId, ids)),
    db.delete(posts).where(inArray(posts.id, ids)),
  ]);
}

/**
 * Mail logs and tokens past their use: reminder rows 30 days after their expiry date, used renewal
 * links once no such link can still be valid (`tokenTtlMs` after use), digest claims after 30 days.
 */
export async function purgeMailLogs(db: Db, now: number, tokenTtlMs: number): Promise<number> {
  const results = await runBatch(db, [
    db.delete(expiryReminders).where(lte(expiryReminders.expiresAt, now - REMINDER_LOG_KEEP_MS)),
    db.delete(usedTokens).where(lte(usedTokens.usedAt, now - tokenTtlMs)),
    db.delete(savedSearchRuns).where(lte(savedSearchRuns.claimedAt, now - DIGEST_LOG_KEEP_MS)),
  ]);
  return results.reduce((n, r) => n + ((r as { meta?: { changes?: number } }).meta?.changes ?? 0), 0);
}

/** Conversations whose two participants are both gone start their 30 days now. */
export async function markConversationsOfGoneAccounts(db: Db, now: number): Promise<void> {
  const gone = (column: SQLWrapper) =>
    sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${column} AND substr(${users.clerkId}, 1, 8) != 'deleted:')`;
  await db
    .update(conversations)
    .set({ postDeletedAt: now })
    .where(
      and(isNull(conversations.postDeletedAt), gone(conversations.buyerId), gone(conversations.sellerId)),
    );
}

/** Which of these photo ids still have a row. */
export async function existingPhotoIds(db: Db, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ id: photos.id })
      .from(photos)
      .where(inArray(photos.id, ids.slice(i, i + 90)));
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** A time the app keeps in `meta` (ms), or null. */
export async function readTime(db: Db, key: string): Promise<number | null> {
  const row = await db.select({ value: meta.value }).from(meta).where(sql`${meta.key} = ${key}`).get();
  const n = row ? Number(row.value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

export async function writeTime(db: Db, key: string, at: number): Promise<void> {
  await db
    .insert(meta)
    .values({ key, value: String(at), updatedAt: at })
    .onConflictDoUpdate({ target: meta.key, set: { value: String(at), updatedAt: at } });
}
