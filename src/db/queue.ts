// The operators' queue (docs/moderation.md#queue): every ad waiting for a decision, in priority
// order, with who is looking at it. An ad is in the queue while it is held, has open reports, or has
// an open mark (a rule's flag or hold, a suspected duplicate, a new account's ad). Its rows are kept
// in `queue_items` by triggers (docs/moderation.md#how-the-queue-stays-fast), so a page is a range
// of an index rather than the whole queue computed per request.
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import { posts, users } from './schema';
import { type QueueMarkKind, queueClaims, queueMarks } from './schema-console';
import { queueItems } from './schema-queue';

/** How long an operator's claim on an item lasts without a decision. */
export const CLAIM_MS = 10 * 60_000;

export const QUEUE_PAGE_SIZE = 20;

/** The queue's tiers, highest priority first. */
export type QueueTier = 'held' | 'reported' | 'marked';

export interface QueueItem {
  postId: number;
  tier: QueueTier;
  /** Distinct reporters of the open reports. */
  reporters: number;
  /** Since when it has waited (its oldest open report or mark, or when it was held). */
  since: number;
  title: string;
  status: string;
  userId: number;
  authorName: string;
  categoryId: number;
  slug: string;
  /** Open marks: kind, detail, the other ad of a duplicate. */
  marks: { kind: QueueMarkKind; detail: string; otherPostId: number | null }[];
  /** The operator looking at it, until when. */
  claim: { operatorUserId: number; operatorName: string; expiresAt: number } | null;
}

export interface QueueCounts {
  held: number;
  reported: number;
  marked: number;
  total: number;
}

/**
 * The queue as computed from the base tables (held ads, open reports, open marks): what the rows of
 * `queue_items` must always equal. The triggers of migration 0027 keep that table in step on every
 * write; this is the reference the tests compare it with (test/console/queue-items.test.ts).
 */
export const QUEUE_TRUTH = sql`
    WITH r AS (
      SELECT post_id, count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE resolved_at IS NULL GROUP BY post_id
    ),
    m AS (
      SELECT post_id, min(created_at) AS since FROM queue_marks WHERE cleared_at IS NULL GROUP BY post_id
    )
    SELECT p.id AS postId,
      CASE WHEN p.status = 'held' THEN 0 WHEN r.n IS NOT NULL THEN 1 ELSE 2 END AS tier,
      coalesce(r.n, 0) AS reporters,
      min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
        CASE WHEN p.status = 'held' THEN p.updated_at ELSE 9007199254740991 END) AS since
    FROM posts p
    LEFT JOIN r ON r.post_id = p.id
    LEFT JOIN m ON m.post_id = p.id
    WHERE p.status NOT IN ('draft', 'deleted')
      AND (p.status = 'held' OR r.n IS NOT NULL OR m.since IS NOT NULL)
    ORDER BY tier, reporters DESC, since, postId`;

/** The queue's priority order, an index's order (queue_items_order). */
const QUEUE_ORDER = [
  asc(queueItems.tier),
  desc(queueItems.reporters),
  asc(queueItems.since),
  asc(queueItems.postId),
];

const TIERS: QueueTier[] = ['held', 'reported', 'marked'];

export interface QueueRow {
  postId: number;
  tier: number;
  reporters: number;
  since: number;
}

/** The statement counting the queue per tier (a scan of queue_items_order). */
export function queueCountsStatement(db: Db) {
  return db
    .select({ tier: queueItems.tier, n: sql<number>`count(*)` })
    .from(queueItems)
    .groupBy(queueItems.tier);
}

/** The ids of one page of the queue, in priority order, as a subquery (a range of queue_items_order). */
export function queuePageIds(db: Db, page: number, size = QUEUE_PAGE_SIZE) {
  return db
    .select({ postId: queueItems.postId })
    .from(queueItems)
    .orderBy(...QUEUE_ORDER)
    .limit(size)
    .offset((page - 1) * size);
}

/** What a queue row says of its ad: its tier, its distinct reporters and since when it waits. */
const QUEUE_ITEM_FIELDS = {
  postId: queueItems.postId,
  tier: queueItems.tier,
  reporters: queueItems.reporters,
  since: queueItems.since,
};

/** The statement reading one page of the queue's rows, in priority order. */
export function queuePageStatement(db: Db, page: number, size = QUEUE_PAGE_SIZE) {
  return db
    .select(QUEUE_ITEM_FIELDS)
    .from(queueItems)
    .orderBy(...QUEUE_ORDER)
    .limit(size)
    .offset((page - 1) * size);
}

export function countsOf(rows: { tier: number; n: number }[]): QueueCounts {
  const by = new Map(rows.map((r) => [Number(r.tier), Number(r.n)]));
  const held = by.get(0) ?? 0;
  const reported = by.get(1) ?? 0;
  const marked = by.get(2) ?? 0;
  return { held, reported, marked, total: held + reported + marked };
}

/** The queue details of some ads (those not in the queue are left out). */
export async function queueItemsOf(db: Db, postIds: readonly number[], now: number): Promise<QueueItem[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .select(QUEUE_ITEM_FIELDS)
    .from(queueItems)
    .where(inArray(queueItems.postId, [...postIds]))
    .orderBy(...QUEUE_ORDER);
  return describe(db, rows, now);
}

/**
 * The first item after a decision: in priority order, not `skip`, not claimed by another operator.
 * Null when the queue holds nothing else for this operator.
 */
export async function nextQueueItem(
  db: Db,
  now: number,
  operatorUserId: number,
  skip: number,
): Promise<number | null> {
  const row = await db
    .select({ postId: queueItems.postId })
    .from(queueItems)
    .leftJoin(
      queueClaims,
      and(
        eq(queueClaims.postId, queueItems.postId),
        gt(queueClaims.expiresAt, now),
        ne(queueClaims.operatorUserId, operatorUserId),
      ),
    )
    .where(and(ne(queueItems.postId, skip), isNull(queueClaims.postId)))
    .orderBy(...QUEUE_ORDER)
    .limit(1)
    .get();
  return row ? Number(row.postId) : null;
}

/** The posts of some queue items, as the queue shows them. */
function queuePostsStatement(db: Db, ids: number[] | SQLiteSelectOfIds) {
  return db
    .select({
      id: posts.id,
      title: posts.title,
      status: posts.status,
      userId: posts.userId,
      authorName: users.name,
      categoryId: posts.categoryId,
      slug: posts.slug,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(inArray(posts.id, ids));
}

type SQLiteSelectOfIds = ReturnType<typeof queuePageIds>;

/**
 * The open marks of some queue items, each with the other ad of a duplicate (its slug and category,
 * for its address) in the same row.
 */
export function queueMarksStatement(db: Db, ids: number[] | SQLiteSelectOfIds) {
  const other = alias(posts, 'other_post');
  return db
    .select({
      postId: queueMarks.postId,
      kind: queueMarks.kind,
      detail: queueMarks.detail,
      otherPostId: queueMarks.otherPostId,
      otherSlug: other.slug,
      otherCategoryId: other.categoryId,
    })
    .from(queueMarks)
    .leftJoin(other, eq(other.id, queueMarks.otherPostId))
    .where(and(inArray(queueMarks.postId, ids), isNull(queueMarks.clearedAt)));
}

/** The running claims of some queue items, with the operator's name. */
export function queueClaimsStatement(db: Db, ids: number[] | SQLiteSelectOfIds, now: number) {
  return db
    .select({
      postId: queueClaims.postId,
      operatorUserId: queueClaims.operatorUserId,
      operatorName: users.name,
      expiresAt: queueClaims.expiresAt,
    })
    .from(queueClaims)
    .innerJoin(users, eq(users.id, queueClaims.operatorUserId))
    .where(and(inArray(queueClaims.postId, ids), gt(queueClaims.expiresAt, now)));
}

export type QueueMarkRow = Awaited<ReturnType<typeof queueMarksStatement>>[number];
export type QueueClaimRow = Awaited<ReturnType<typeof queueClaimsStatement>>[number];
export type QueuePostRow = Awaited<ReturnType<typeof queuePostsStatement>>[number];

async function describe(db: Db, rows: QueueRow[], now: number): Promise<QueueItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.postId));
  const [postRows, marks, claims] = await db.batch([
    queuePostsStatement(db, ids),
    queueMarksStatement(db, ids),
    queueClaimsStatement(db, ids, now),
  ]);
  return queueItemsFrom(rows, postRows, marks, claims);
}

/** Queue items from their rows (in order), posts, marks and claims (read in one batch by the caller). */
export function queueItemsFrom(
  rows: readonly QueueRow[],
  postRows: readonly Pick<QueuePostRow, keyof QueuePostRow>[],
  marks: readonly QueueMarkRow[],
  claims: readonly QueueClaimRow[],
): QueueItem[] {
  const postById = new Map(postRows.map((p) => [Number(p.id), p]));
  return rows.flatMap((r) => {
    const p = postById.get(Number(r.postId));
    if (!p) return [];
    const claim = claims.find((c) => c.postId === p.id);
    return [
      {
        postId: p.id,
        tier: TIERS[Number(r.tier)] ?? 'marked',
        reporters: Number(r.reporters),
        since: Number(r.since),
        title: p.title,
        status: p.status,
        userId: p.userId,
        authorName: p.authorName,
        categoryId: p.categoryId,
        slug: p.slug,
        marks: marks
          .filter((m) => m.postId === p.id)
          .map((m) => ({ kind: m.kind, detail: m.detail, otherPostId: m.otherPostId })),
        claim: claim
          ? {
              operatorUserId: claim.operatorUserId,
              operatorName: claim.operatorName,
              expiresAt: claim.expiresAt,
            }
          : null,
      },
    ];
  });
}

/**
 * Claims an item for an operator for CLAIM_MS, unless another operator's claim is still running.
 * Returns the claim in force (possibly another operator's).
 */
export async function claimItem(
  db: Db,
  postId: number,
  operatorUserId: number,
  now: number,
): Promise<{ operatorUserId: number; operatorName: string; expiresAt: number }> {
  await db
    .insert(queueClaims)
    .values({ postId, operatorUserId, expiresAt: now + CLAIM_MS })
    .onConflictDoUpdate({
      target: queueClaims.postId,
      set: { operatorUserId, expiresAt: now + CLAIM_MS },
      setWhere: sql`${queueClaims.expiresAt} <= ${now} OR ${queueClaims.operatorUserId} = ${operatorUserId}`,
    });
  const row = await db
    .select({
      operatorUserId: queueClaims.operatorUserId,
      operatorName: users.name,
      expiresAt: queueClaims.expiresAt,
    })
    .from(queueClaims)
    .innerJoin(users, eq(users.id, queueClaims.operatorUserId))
    .where(eq(queueClaims.postId, postId))
    .get();
  return row ?? { operatorUserId, operatorName: '', expiresAt: now + CLAIM_MS };
}

/** Statements that end an item's time in the queue after a decision: its marks and its claim. */
export function clearQueueStatements(db: Db, postId: number, now: number) {
  return [
    db
      .update(queueMarks)
      .set({ clearedAt: now })
      .where(and(eq(queueMarks.postId, postId), isNull(queueMarks.clearedAt))),
    db.delete(queueClaims).where(eq(queueClaims.postId, postId)),
  ] as const;
}

/** Marks an ad for the queue (once per kind; an old, cleared mark of that kind opens again). */
export async function markForQueue(
  db: Db,
  postId: number,
  kind: QueueMarkKind,
  detail: string,
  now: number,
  otherPostId: number | null = null,
) {
  await db
    .insert(queueMarks)
    .values({ postId, kind, detail: detail.slice(0, 200), otherPostId, createdAt: now })
    .onConflictDoUpdate({
      target: [queueMarks.postId, queueMarks.kind],
      set: { detail: detail.slice(0, 200), otherPostId, createdAt: now, clearedAt: null },
    });
}

/** Claims that have expired (for the daily cleanup). */
export async function dropExpiredClaims(db: Db, now: number) {
  await db.delete(queueClaims).where(lte(queueClaims.expiresAt, now));
}
