// Every write to an ad by its author (or an operator acting as one) and by the daily job: create,
// edit, publish, renew, sold, unpublish, delete, expire; and attaching, ordering and removing its
// photos' rows (the callers remove the photos' objects from R2 with the ids these return; operators'
// hide and promote live in moderation.ts). Each change that touches several rows is
// one `db.batch` (D1's transaction), and `updated_at` follows every change. The title and
// `search_text` (what full-text search indexes) are stored with phone numbers masked (ad-text.ts).
//
// Lifecycle (docs/lifecycle.md: 30 days, renewable at most once a day):
//   draft ──publish──► published ──(30 days, daily cron)──► expired
//   published|expired ──renew──► published (+30 days from now, rises to the top)
//   published|expired ──sold──► sold          published|expired|sold ──unpublish──► draft
//   draft|sold ──publish──► published (+30 days; rises only if not raised in the last day)
//   any ──hide (operator, with a reason)──► hidden ──unhide──► published (or expired when its time is up)
//   any ──delete (owner or operator)──► deleted ──undo (operator, 30 days)──► the state it was in
//   deleted ──(30 days, daily cron)──► removed for good (docs/privacy.md#deleted-ads)
// The author may still edit a hidden ad: it stays hidden, marked as changed for the operators.
// Unpublishing returns the ad to `draft` (the owner's own state); `hidden` is the operators' alone,
// so an owner can never undo an operator's decision.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { DAY_MS } from '../lib/dates';
import { HttpError, TooManyRequests } from '../lib/errors';
import type { PostInput } from '../lib/post-form';
import { LIFECYCLE_FROM, type LifecycleAction, RENEW_INTERVAL_MS } from '../lib/post-status';
import { adTextColumns } from './ad-text';
import { runBatch, type Statement } from './fragments';
import { type LogEntry, logStatement } from './moderation';
import { getPost } from './posts';
import { type Post, photos, posts, reports } from './schema';

/** How long a published or renewed ad stays up. */
export const LIFETIME_MS = 30 * DAY_MS;
/** New ads per user per day. */
export const NEW_POSTS_PER_DAY = 10;
/** Drafts never published and untouched this long are removed by the daily job. */
const STALE_DRAFT_MS = 7 * DAY_MS;

/** The columns an edit sets from the form. */
function contentColumns(input: PostInput, now: number) {
  return {
    categoryId: input.categoryId,
    subcategoryId: input.subcategoryId,
    ...adTextColumns(input.title, input.description),
    description: input.description,
    price: input.price,
    currency: input.currency,
    negotiable: input.negotiable,
    locality: input.locality,
    phone: input.phone,
    fields: input.fields,
    updatedAt: now,
  };
}

/**
 * Creates a published ad with its photos (in the given order, the first the main one), in one batch,
 * unless the person already created NEW_POSTS_PER_DAY ads in the last 24 hours. The count is part of
 * the insert itself: over the limit the new row's user_id is NULL, the NOT NULL constraint fails the
 * batch and D1 rolls it all back (photos included), so concurrent submissions can never pass the
 * limit. Photos are claimed only while still unattached, so two tabs can never move one photo twice.
 * With a `submissionToken` (the new-ad form's one-time token, unique in D1) a second submission of
 * the same form inserts nothing and claims nothing. Null when nothing was created (over the limit, or
 * a repeated form: the ad already created is then found with `findPostByToken`).
 */
export async function createPost(
  db: Db,
  args: {
    userId: number;
    input: PostInput;
    photoIds: number[];
    now: number;
    log?: LogEntry;
    submissionToken?: string | null;
    /** A rule holds it (docs/moderation.md#rules): saved "în verificare", not public until an operator shows it. */
    held?: boolean;
  },
): Promise<number | null> {
  const { userId, input, photoIds, now } = args;
  const token = args.submissionToken ?? null;
  const underDailyLimit = sql`(SELECT count(*) FROM posts WHERE user_id = ${userId} AND created_at >= ${now - DAY_MS}) < ${NEW_POSTS_PER_DAY}`;
  const statements: Statement[] = [
    db
      .insert(posts)
      .values({
        userId: sql`(CASE WHEN ${underDailyLimit} THEN ${userId} END)`,
        ...contentColumns(input, now),
        status: args.held ? 'held' : 'published',
        closedAt: args.held ? now : null,
        createdAt: now,
        publishedAt: now,
        bumpedAt: now,
        expiresAt: now + LIFETIME_MS,
        submissionToken: token,
      })
      .onConflictDoNothing({ target: posts.submissionToken })
      .returning({ id: posts.id }),
  ];
  // Within the batch (one transaction), last_insert_rowid() is the new ad: the FTS triggers' own
  // inserts do not change it once they finish. With a token the ad is found by it instead, so a
  // duplicate that inserted nothing never claims photos for another ad.
  const newId = token
    ? sql`(SELECT ${posts.id} FROM ${posts} WHERE ${posts.submissionToken} = ${token} AND ${posts.userId} = ${userId} AND ${posts.createdAt} = ${now})`
    : sql`last_insert_rowid()`;
  photoIds.forEach((id, position) => {
    statements.push(
      db
        .update(photos)
        .set({ postId: newId, position })
        .where(and(eq(photos.id, id), isNull(photos.postId), eq(photos.userId, userId))),
    );
  });
  try {
    const [inserted] = (await runBatch(db, statements)) as [{ id: number }[]];
    return inserted[0]?.id ?? null;
  } catch (err) {
    if (isDailyLimitRefusal(err)) return null;
    throw err;
  }
}

/** The error of an insert refused by the daily limit (its user_id came out NULL), however wrapped. */
function isDailyLimitRefusal(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) {
    if (/NOT NULL constraint failed: posts\.user_id/.test(e.message)) return true;
  }
  return false;
}

/**
 * Saves an edit made on the ad as it was at `expectedVersion`: the ad's content, its photos in the
 * given order (then any photo added elsewhere since), and removes the rows of the ad's photos in
 * `removed`. Every statement of the batch checks the version first and the ad's row bumps it last,
 * so a save over a newer version changes nothing at all and answers `null`; a save answers the
 * photos whose rows it removed (the caller removes their objects from R2).
 */
export async function updatePost(
  db: Db,
  args: {
    post: Post;
    input: PostInput;
    photoIds: number[];
    removed: number[];
    expectedVersion: number;
    now: number;
    log?: LogEntry;
    /** The author changed a hidden ad: it goes back to the operators' queue, marked as changed. */
    changedWhileHidden?: boolean;
    /** A rule holds the changed ad: a published one is "în verificare" until an operator decides. */
    hold?: boolean;
  },
): Promise<{ removedPhotos: { id: number }[] } | null> {
  const { post, input, photoIds, removed, expectedVersion, now } = args;
  const atVersion = sql`EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.id} = ${post.id} AND ${posts.version} = ${expectedVersion})`;
  const statements: Statement[] = [];
  photoIds.forEach((id, position) => {
    statements.push(
      db
        .update(photos)
        .set({ postId: post.id, position })
        .where(and(eq(photos.id, id), or(isNull(photos.postId), eq(photos.postId, post.id)), atVersion)),
    );
  });
  const deletes = removed.length > 0;
  if (deletes)
    statements.push(
      db
        .delete(photos)
        .where(and(inArray(photos.id, removed), eq(photos.postId, post.id), atVersion))
        .returning({ id: photos.id }),
    );
  statements.push(
    db
      .update(posts)
      .set({
        ...contentColumns(input, now),
        ...(args.changedWhileHidden ? { hiddenEditedAt: now } : {}),
        ...(args.hold && post.status === 'published' ? { status: 'held' as const, closedAt: now } : {}),
        version: sql`${posts.version} + 1`,
      })
      .where(and(eq(posts.id, post.id), eq(posts.version, expectedVersion)))
      .returning({ id: posts.id }),
  );
  const results = await runBatch(db, statements);
  const saved = (results[results.length - 1] as { id: number }[]).length > 0;
  if (!saved) return null;
  if (args.log) await runBatch(db, [logStatement(db, args.log, now)]);
  return { removedPhotos: deletes ? (results[results.length - 2] as { id: number }[]) : [] };
}

/**
 * Applies an owner (or operator) action. Refuses with a Romanian message: 409 when the ad is not in a
 * state the action starts from (a hidden ad stays hidden), 429 when renewed less than a day ago.
 */
export async function applyLifecycle(
  db: Db,
  post: Post,
  action: LifecycleAction,
  now: number,
  log?: LogEntry,
): Promise<void> {
  if (post.status === 'hidden')
    throw new HttpError(409, 'Anunțul a fost ascuns de un operator și nu poate fi modificat.');
  if (post.status === 'held')
    throw new HttpError(
      409,
      'Anunțul este în verificare după raportările primite și nu poate fi modificat până decide un operator.',
    );
  if (!LIFECYCLE_FROM[action].includes(post.status))
    throw new HttpError(409, 'Acțiunea nu este posibilă pentru acest anunț.');
  const recentlyBumped = !!post.bumpedAt && post.bumpedAt > now - RENEW_INTERVAL_MS;
  let set: Partial<typeof posts.$inferInsert>;
  switch (action) {
    case 'renew':
      if (recentlyBumped) throw renewRefusal(post.bumpedAt as number, now);
      set = {
        status: 'published',
        bumpedAt: now,
        renewedAt: now,
        expiresAt: now + LIFETIME_MS,
        closedAt: null,
      };
      break;
    case 'publish':
      // Republishing an unpublished ad does not raise it again the same day (no bumping by toggling).
      set = {
        status: 'published',
        publishedAt: post.publishedAt ?? now,
        bumpedAt: recentlyBumped ? post.bumpedAt : now,
        expiresAt: now + LIFETIME_MS,
        closedAt: null,
      };
      break;
    case 'sold':
      set = { status: 'sold', closedAt: now };
      break;
    case 'unpublish':
      set = { status: 'draft' };
      break;
  }
  // The state the action starts from is part of the update, and for a renewal so is the day since
  // the last one: of concurrent renewals of one ad exactly one changes it.
  const from = and(eq(posts.id, post.id), eq(posts.status, post.status));
  const statements: Statement[] = [
    db
      .update(posts)
      .set({ ...set, updatedAt: now })
      .where(
        action === 'renew'
          ? and(from, or(isNull(posts.bumpedAt), lte(posts.bumpedAt, now - RENEW_INTERVAL_MS)))
          : from,
      )
      .returning({ id: posts.id, bumpedAt: posts.bumpedAt }),
  ];
  if (log) statements.push(logStatement(db, log, now));
  const [updated] = (await runBatch(db, statements)) as [{ id: number }[]];
  if (updated.length > 0) return;
  const current = await getPost(db, post.id);
  if (action === 'renew' && current?.bumpedAt && current.bumpedAt > now - RENEW_INTERVAL_MS)
    throw renewRefusal(current.bumpedAt, now);
  throw new HttpError(409, 'Anunțul a fost modificat între timp. Reîncărcați pagina și încercați din nou.');
}

/** A renewal less than a day after the last one: 429, to be tried again when the day has passed. */
function renewRefusal(bumpedAt: number, now: number): TooManyRequests {
  return new TooManyRequests(
    'Anunțul a fost reînnoit sau publicat în ultimele 24 de ore. Îl puteți reînnoi din nou mâine.',
    { retryAfter: Math.max(1, Math.ceil((bumpedAt + RENEW_INTERVAL_MS - now) / 1000)) },
  );
}

/** How long a deleted ad is kept (for an operator's undo) before the daily job removes it for good. */
export const DELETED_AD_KEEP_MS = 30 * DAY_MS;

/**
 * Deletes an ad the way its owner or an operator does: the one rule for every such deletion (the
 * owner's delete, the operators' delete on the ad and in bulk). The ad leaves every public place at
 * once (status `deleted`: its page and photos answer as for an ad removed for good, and it is in no
 * listing, search, sitemap, feed or favourite), and it is kept with its photos for DELETED_AD_KEEP_MS
 * so that an operator can undo the deletion (`restoreDeletedPost`); the daily job then removes it for
 * good (jobs/retention.ts). Answers false when it was deleted already (by a concurrent request).
 */
export async function deletePost(db: Db, postId: number, now: number, log?: LogEntry): Promise<boolean> {
  const changed = await db
    .update(posts)
    .set({
      status: 'deleted',
      // SQLite reads every right-hand side before it writes: the state the ad was in.
      deletedFrom: sql`${posts.status}`,
      deletedAt: now,
      updatedAt: now,
    })
    .where(and(eq(posts.id, postId), ne(posts.status, 'deleted')))
    .returning({ id: posts.id });
  if (changed.length === 0) return false;
  // Only the request that deleted it leaves the trace (concurrent deletions log once).
  if (log) await runBatch(db, [logStatement(db, log, now)]);
  return true;
}

/** Why an undo was refused: the ad is not deleted (any more), or its 30 days are over. */
export type RestoreRefusal = 'not-deleted' | 'too-late';

/**
 * An operator's undo of a deletion, within DELETED_AD_KEEP_MS of it: the ad returns to the state it was
 * deleted from (a published ad past its expiry shows as expired). Null when done, else why not.
 */
export async function restoreDeletedPost(
  db: Db,
  postId: number,
  now: number,
  log: LogEntry,
): Promise<RestoreRefusal | null> {
  const [restored] = (await runBatch(db, [
    db
      .update(posts)
      .set({
        status: sql`coalesce(${posts.deletedFrom}, 'draft')`,
        deletedFrom: null,
        deletedAt: null,
        updatedAt: now,
      })
      .where(
        and(eq(posts.id, postId), eq(posts.status, 'deleted'), gt(posts.deletedAt, now - DELETED_AD_KEEP_MS)),
      )
      .returning({ id: posts.id }),
  ])) as [{ id: number }[]];
  if (restored.length === 0) {
    const current = await getPost(db, postId);
    return current?.status === 'deleted' ? 'too-late' : 'not-deleted';
  }
  await runBatch(db, [logStatement(db, log, now)]);
  return null;
}

/** The last moment an ad deleted at `deletedAt` can still be restored. */
export function restorableUntil(deletedAt: number): number {
  return deletedAt + DELETED_AD_KEEP_MS;
}

/**
 * Removes a draft for good with its photos' rows and its reports in one batch (the daily job's stale
 * drafts); answers the photos whose rows went (the caller removes their objects from R2).
 */
async function removeDraft(db: Db, postId: number): Promise<{ id: number }[]> {
  const [removed] = (await runBatch(db, [
    db.delete(photos).where(eq(photos.postId, postId)).returning({ id: photos.id }),
    db.delete(reports).where(eq(reports.postId, postId)),
    db.delete(posts).where(and(eq(posts.id, postId), eq(posts.status, 'draft'))),
  ])) as [{ id: number }[]];
  return removed;
}

/** The daily job: published ads past their lifetime become expired. Returns how many. */
export async function expirePosts(db: Db, now: number): Promise<number> {
  const rows = await db
    .update(posts)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(posts.status, 'published'), isNotNull(posts.expiresAt), lte(posts.expiresAt, now)))
    .returning({ id: posts.id });
  return rows.length;
}

/**
 * The daily job: drafts never published and untouched for a week go, with their photos' rows.
 * Answers how many drafts went and the photos whose objects the caller removes from R2.
 */
export async function deleteStaleDrafts(
  db: Db,
  now: number,
): Promise<{ drafts: number; removedPhotos: { id: number }[] }> {
  const stale = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(eq(posts.status, 'draft'), isNull(posts.publishedAt), lt(posts.updatedAt, now - STALE_DRAFT_MS)),
    )
    .orderBy(asc(posts.id))
    .limit(200);
  const removedPhotos: { id: number }[] = [];
  for (const post of stale) removedPhotos.push(...(await removeDraft(db, post.id)));
  return { drafts: stale.length, removedPhotos };
}
