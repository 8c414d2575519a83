// Every write to an ad: create, edit, publish, renew, sold, unpublish, delete, expire, hide/unhide,
// promote; and attaching, ordering and removing its photos. Each change that touches several rows is
// one `db.batch` (D1's transaction), and `updated_at` follows every change. The title and
// `search_text` (what full-text search indexes) are stored with phone numbers masked (ad-text.ts).
//
// Lifecycle (DECISIONS.md: 30 days, renewable at most once a day):
//   draft ──publish──► published ──(30 days, daily cron)──► expired
//   published|expired|sold ──renew──► published (+30 days from now, rises to the top)
//   published|expired ──sold──► sold          published|expired|sold ──unpublish──► draft
//   any ──hide (operator)──► hidden ──unhide──► published (or expired when its time is up)
// Unpublishing returns the ad to `draft` (the owner's own state); `hidden` is the operators' alone,
// so an owner can never undo an operator's decision.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Bindings, Db } from '../env';
import { DAY_MS } from '../lib/dates';
import { HttpError, TooManyRequests } from '../lib/errors';
import type { PostInput } from '../lib/post-form';
import { deletePhotoObjects } from '../photos/cleanup';
import { adTextColumns } from './ad-text';
import { type LogEntry, logStatement } from './moderation';
import { type Post, type PostStatus, photos, posts, reports } from './schema';

/** How long a published or renewed ad stays up. */
export const LIFETIME_MS = 30 * DAY_MS;
/** A renewal (or republishing) raises an ad to the top at most once per this interval. */
export const RENEW_INTERVAL_MS = DAY_MS;
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

/** One of the user's own ads on "Anunțurile mele". */
export interface MyPost {
  id: number;
  title: string;
  slug: string;
  categoryId: number;
  status: PostStatus;
  price: number;
  currency: 'RON' | 'EUR';
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
  bumpedAt: number | null;
  expiresAt: number | null;
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
      photo: sql<
        string | null
      >`(SELECT json_object('id', ph.id, 'fileName', ph.file_name) FROM photos ph WHERE ph.post_id = ${posts.id} ORDER BY ph.position, ph.id LIMIT 1)`,
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
 * Creates a published ad with its photos (in the given order, the first the main one), in one batch.
 * Photos are claimed only while still unattached, so two tabs can never move one photo twice.
 */
export async function createPost(
  db: Db,
  args: { userId: number; input: PostInput; photoIds: number[]; now: number; log?: LogEntry },
): Promise<number> {
  const { userId, input, photoIds, now } = args;
  const statements: Statement[] = [
    db
      .insert(posts)
      .values({
        userId,
        ...contentColumns(input, now),
        status: 'published',
        createdAt: now,
        publishedAt: now,
        bumpedAt: now,
        expiresAt: now + LIFETIME_MS,
      })
      .returning({ id: posts.id }),
  ];
  // Within the batch (one transaction), last_insert_rowid() is the new ad: the FTS triggers' own
  // inserts do not change it once they finish.
  photoIds.forEach((id, position) => {
    statements.push(
      db
        .update(photos)
        .set({ postId: sql`last_insert_rowid()`, position })
        .where(and(eq(photos.id, id), isNull(photos.postId), eq(photos.userId, userId))),
    );
  });
  const [inserted] = (await runBatch(db, statements)) as [{ id: number }[]];
  return inserted[0].id;
}

/**
 * Saves an edit: the ad's content, its photos in the given order, and removes the photos dropped
 * from the form (rows in the batch, then their objects in R2).
 */
export async function updatePost(
  env: Bindings,
  db: Db,
  args: { post: Post; input: PostInput; photoIds: number[]; now: number; log?: LogEntry },
): Promise<void> {
  const { post, input, photoIds, now } = args;
  const current = await db.select({ id: photos.id }).from(photos).where(eq(photos.postId, post.id));
  const removed = current.map((p) => p.id).filter((id) => !photoIds.includes(id));
  const statements: Statement[] = [
    db.update(posts).set(contentColumns(input, now)).where(eq(posts.id, post.id)),
  ];
  photoIds.forEach((id, position) => {
    statements.push(
      db
        .update(photos)
        .set({ postId: post.id, position })
        .where(and(eq(photos.id, id), or(isNull(photos.postId), eq(photos.postId, post.id)))),
    );
  });
  if (removed.length > 0)
    statements.push(db.delete(photos).where(and(inArray(photos.id, removed), eq(photos.postId, post.id))));
  if (args.log) statements.push(logStatement(db, args.log, now));
  await runBatch(db, statements);
  for (const id of removed) await deletePhotoObjects(env, { id });
}

export type LifecycleAction = 'publish' | 'renew' | 'sold' | 'unpublish';

/** The states each owner action starts from. */
const FROM: Record<LifecycleAction, PostStatus[]> = {
  publish: ['draft'],
  renew: ['published', 'expired', 'sold'],
  sold: ['published', 'expired'],
  unpublish: ['published', 'expired', 'sold'],
};

/** Whether the action is offered for an ad in this state (what the pages show as buttons). */
export function canDo(post: Pick<Post, 'status' | 'bumpedAt'>, action: LifecycleAction, now: number) {
  if (!FROM[action].includes(post.status)) return false;
  if (action === 'renew') return !post.bumpedAt || post.bumpedAt <= now - RENEW_INTERVAL_MS;
  return true;
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
  if (!FROM[action].includes(post.status))
    throw new HttpError(409, 'Acțiunea nu este posibilă pentru acest anunț.');
  const recentlyBumped = !!post.bumpedAt && post.bumpedAt > now - RENEW_INTERVAL_MS;
  let set: Partial<typeof posts.$inferInsert>;
  switch (action) {
    case 'renew':
      if (recentlyBumped)
        throw new TooManyRequests(
          'Anunțul a fost reînnoit sau publicat în ultimele 24 de ore. Îl puteți reînnoi din nou mâine.',
        );
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
  const statements: Statement[] = [
    db
      .update(posts)
      .set({ ...set, updatedAt: now })
      .where(and(eq(posts.id, post.id), eq(posts.status, post.status))),
  ];
  if (log) statements.push(logStatement(db, log, now));
  await runBatch(db, statements);
}

/** Operators: hide an ad (only its author and operators see it), or show it again. */
export async function setHidden(db: Db, post: Post, hidden: boolean, log: LogEntry, now: number) {
  const set = hidden
    ? { status: 'hidden' as const, closedAt: now }
    : {
        status: (post.expiresAt !== null && post.expiresAt > now ? 'published' : 'expired') as PostStatus,
        closedAt: null,
      };
  await runBatch(db, [
    db
      .update(posts)
      .set({ ...set, updatedAt: now })
      .where(eq(posts.id, post.id)),
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
