// Every write to an ad: create, edit, publish, renew, sold, unpublish, delete, expire, hide/unhide,
// promote; and attaching, ordering and removing its photos. Each change that touches several rows is
// one `db.batch` (D1's transaction), and `updated_at` follows every change. The title and
// `search_text` (what full-text search indexes) are stored with phone numbers masked (ad-text.ts).
//
// Lifecycle (docs/lifecycle.md: 30 days, renewable at most once a day):
//   draft ──publish──► published ──(30 days, daily cron)──► expired
//   published|expired ──renew──► published (+30 days from now, rises to the top)
//   published|expired ──sold──► sold          published|expired|sold ──unpublish──► draft
//   draft|sold ──publish──► published (+30 days; rises only if not raised in the last day)
//   any ──hide (operator, with a reason)──► hidden ──unhide──► published (or expired when its time is up)
// The author may still edit a hidden ad: it stays hidden, marked as changed for the operators.
// Unpublishing returns the ad to `draft` (the owner's own state); `hidden` is the operators' alone,
// so an owner can never undo an operator's decision.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Bindings, Db } from '../env';
import { DAY_MS } from '../lib/dates';
import { HttpError, TooManyRequests } from '../lib/errors';
import type { PostInput } from '../lib/post-form';
import { canApply, LIFECYCLE_FROM, type LifecycleAction, RENEW_INTERVAL_MS } from '../lib/post-status';
import type { Currency } from '../lib/price';
import { deletePhotoObjects } from '../photos/cleanup';
import { adTextColumns } from './ad-text';
import { type LogEntry, logStatement } from './moderation';
import { type Post, type PostStatus, photos, posts, reports } from './schema';

/** How long a published or renewed ad stays up. */
export const LIFETIME_MS = 30 * DAY_MS;
/** New ads per user per day. */
export const NEW_POSTS_PER_DAY = 10;
/** Drafts never published and untouched this long are removed by the daily job. */
export const STALE_DRAFT_MS = 7 * DAY_MS;

type Statement = BatchItem<'sqlite'>;

async function runBatch(db: Db, statements: Statement[]) {
  if (statements.length === 0) return [];
  return db.batch(statements as [Statement, ...Statement[]]);
}

export async function getPost(db: Db, id: number): Promise<Post | null> {
  return (await db.select().from(posts).where(eq(posts.id, id)).get()) ?? null;
}

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
  expiresAt: number | null;
  hiddenReason: string | null;
  hiddenEditedAt: number | null;
  photo: { id: number; fileName: string } | null;
}

/** Every ad of a user, in every status, most recently changed first. */
export async function listMyPosts(db: Db, userId: number): Promise<MyPost[]> {
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      categoryId: posts.categoryId,
      status: posts.status,
      price: posts.price,
      currency: posts.currency,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      publishedAt: posts.publishedAt,
      bumpedAt: posts.bumpedAt,
      expiresAt: posts.expiresAt,
      hiddenReason: posts.hiddenReason,
      hiddenEditedAt: posts.hiddenEditedAt,
      // The ad's own main photo: the outer row named by its table, never the photo's own id.
      photo: sql<
        string | null
      >`(SELECT json_object('id', ph.id, 'fileName', ph.file_name) FROM photos ph WHERE ph.post_id = "posts"."id" AND ph.kind = 'post' ORDER BY ph.position, ph.id LIMIT 1)`,
    })
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(500);
  return rows.map((r) => ({ ...r, photo: r.photo ? (JSON.parse(r.photo) as MyPost['photo']) : null }));
}

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
 * Which of the requested photos may go on this ad: photos of the ad itself, or the acting user's own
 * unattached ad photos. Ids that no longer exist are dropped (deleted in another tab); any other
 * photo (someone else's, or another ad's) is a refusal.
 */
export async function checkPhotos(
  db: Db,
  ids: number[],
  actingUserId: number,
  postId: number | null,
): Promise<{ allowed: number[]; foreign: number[] }> {
  if (ids.length === 0) return { allowed: [], foreign: [] };
  const rows = await db
    .select({ id: photos.id, postId: photos.postId, userId: photos.userId, kind: photos.kind })
    .from(photos)
    .where(inArray(photos.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const allowed: number[] = [];
  const foreign: number[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const ownDraft = row.postId === null && row.userId === actingUserId && row.kind === 'post';
    const onThisPost = postId !== null && row.postId === postId;
    (ownDraft || onThisPost ? allowed : foreign).push(id);
  }
  return { allowed, foreign };
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
        status: 'published',
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

/** The ad a new-ad form with this one-time token created, if any. */
export async function findPostByToken(db: Db, token: string): Promise<Post | null> {
  return (await db.select().from(posts).where(eq(posts.submissionToken, token)).get()) ?? null;
}

/**
 * Saves an edit made on the ad as it was at `expectedVersion`: the ad's content, its photos in the
 * given order (then any photo added elsewhere since), and removes only the photos in `removed`
 * (rows in the batch, then their objects in R2). Every statement of the batch checks the version
 * first and the ad's row bumps it last, so a save over a newer version changes nothing at all and
 * answers `false`.
 */
export async function updatePost(
  env: Bindings,
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
  },
): Promise<boolean> {
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
  if (removed.length > 0)
    statements.push(
      db.delete(photos).where(and(inArray(photos.id, removed), eq(photos.postId, post.id), atVersion)),
    );
  statements.push(
    db
      .update(posts)
      .set({
        ...contentColumns(input, now),
        ...(args.changedWhileHidden ? { hiddenEditedAt: now } : {}),
        version: sql`${posts.version} + 1`,
      })
      .where(and(eq(posts.id, post.id), eq(posts.version, expectedVersion)))
      .returning({ id: posts.id }),
  );
  const results = await runBatch(db, statements);
  const saved = (results[results.length - 1] as { id: number }[]).length > 0;
  if (!saved) return false;
  if (args.log) await runBatch(db, [logStatement(db, args.log, now)]);
  for (const id of removed) await deletePhotoObjects(env, { id });
  return true;
}

export { type LifecycleAction, RENEW_INTERVAL_MS };

/** Whether the action is offered for an ad in this state (what the pages show as buttons). */
export function canDo(
  post: Pick<Post, 'status' | 'bumpedAt' | 'expiresAt'>,
  action: LifecycleAction,
  now: number,
) {
  return canApply(post, action, now);
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

/**
 * Operators: hide an ad (only its author and operators see it, the author with `reason`), or show it
 * again (the reason and the changed mark go). Showing again an ad held by reports dismisses its open
 * reports in the same batch (the operator decided).
 */
export async function setHidden(
  db: Db,
  post: Post,
  hidden: boolean,
  log: LogEntry,
  now: number,
  reason: string | null = null,
) {
  const set = hidden
    ? { status: 'hidden' as const, closedAt: now, hiddenReason: reason, hiddenEditedAt: null }
    : {
        status: (post.expiresAt !== null && post.expiresAt > now ? 'published' : 'expired') as PostStatus,
        closedAt: null,
        hiddenReason: null,
        hiddenEditedAt: null,
      };
  await runBatch(db, [
    db
      .update(posts)
      .set({ ...set, updatedAt: now })
      .where(eq(posts.id, post.id)),
    ...(!hidden && post.status === 'held'
      ? [
          db
            .update(reports)
            .set({ resolvedAt: now })
            .where(and(eq(reports.postId, post.id), isNull(reports.resolvedAt))),
        ]
      : []),
    logStatement(db, log, now),
  ]);
}

/** Operators: promote an ad until a moment (promoted ads come first and are marked); null stops it. */
export async function setPromotion(db: Db, postId: number, until: number | null, log: LogEntry, now: number) {
  await runBatch(db, [
    db
      .update(posts)
      .set({ promotion: until ? 1 : 0, promotedUntil: until, updatedAt: now })
      .where(eq(posts.id, postId)),
    logStatement(db, log, now),
  ]);
}

/** Deletes an ad with its photos and reports in one batch, then the photos' objects in R2. */
export async function deletePost(env: Bindings, db: Db, postId: number, now: number, log?: LogEntry) {
  const own = await db.select({ id: photos.id }).from(photos).where(eq(photos.postId, postId));
  const statements: Statement[] = [
    db.delete(photos).where(eq(photos.postId, postId)),
    db.delete(reports).where(eq(reports.postId, postId)),
    db.delete(posts).where(eq(posts.id, postId)),
  ];
  if (log) statements.push(logStatement(db, log, now));
  await runBatch(db, statements);
  for (const photo of own) await deletePhotoObjects(env, photo);
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

/** The daily job: drafts never published and untouched for a week go, with their photos. */
export async function deleteStaleDrafts(env: Bindings, db: Db, now: number): Promise<number> {
  const stale = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(eq(posts.status, 'draft'), isNull(posts.publishedAt), lt(posts.updatedAt, now - STALE_DRAFT_MS)),
    )
    .orderBy(asc(posts.id))
    .limit(200);
  for (const post of stale) await deletePost(env, db, post.id, now);
  return stale.length;
}
