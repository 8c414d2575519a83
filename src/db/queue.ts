// The operators' queue (docs/moderation.md#queue): every ad waiting for a decision, in priority
// order, with who is looking at it. An ad is in the queue while it is held, has open reports, or has
// an open mark (a rule's flag or hold, a suspected duplicate, a new account's ad).
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { posts, users } from './schema';
import { type QueueMarkKind, queueClaims, queueMarks } from './schema-console';

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

/** The ids in the queue with their tier, reporter count and waiting time (one SQL, indexes only). */
function queueRows(now: number) {
  return sql`
    WITH ids AS (
      SELECT id AS post_id FROM posts WHERE status = 'held'
      UNION SELECT post_id FROM reports WHERE resolved_at IS NULL
      UNION SELECT post_id FROM queue_marks WHERE cleared_at IS NULL
    ),
    r AS (
      SELECT post_id, count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE resolved_at IS NULL GROUP BY post_id
    ),
    m AS (
      SELECT post_id, min(created_at) AS since FROM queue_marks WHERE cleared_at IS NULL GROUP BY post_id
    )
    SELECT p.id AS postId,
      CASE WHEN p.status = 'held' THEN 0 WHEN r.n IS NOT NULL THEN 1 ELSE 2 END AS tier,
      coalesce(r.n, 0) AS reporters,
      coalesce(min(coalesce(r.since, ${now}), coalesce(m.since, ${now}), CASE WHEN p.status = 'held' THEN p.updated_at ELSE ${now} END), ${now}) AS since
    FROM ids JOIN posts p ON p.id = ids.post_id
    LEFT JOIN r ON r.post_id = p.id
    LEFT JOIN m ON m.post_id = p.id
    WHERE p.status NOT IN ('draft', 'deleted')`;
}

const TIERS: QueueTier[] = ['held', 'reported', 'marked'];

interface RawRow {
  postId: number;
  tier: number;
  reporters: number;
  since: number;
}

/** Counts per tier. */
export async function queueCounts(db: Db, now: number): Promise<QueueCounts> {
  return countsOf(await db.all<{ tier: number; n: number }>(countsSql(now)));
}

const countsSql = (now: number) => sql`SELECT tier, count(*) AS n FROM (${queueRows(now)}) GROUP BY tier`;
const pageSql = (now: number, page: number, size: number) =>
  sql`SELECT * FROM (${queueRows(now)}) ORDER BY tier, reporters DESC, since, postId LIMIT ${size} OFFSET ${(page - 1) * size}`;

/**
 * The counts and one page (clamped to the last page) from one reading of the queue: its rows are
 * small (id, tier, reporters, since) and few (hundreds at 20,000 ads), so they are read once, in
 * priority order, and counted and cut into a page here rather than computing the queue twice.
 */
export async function queueCountsAndPage(
  db: Db,
  now: number,
  page: number,
  size = QUEUE_PAGE_SIZE,
): Promise<{ counts: QueueCounts; page: number; totalPages: number; items: QueueItem[] }> {
  const all = await db.all<RawRow>(
    sql`SELECT * FROM (${queueRows(now)}) ORDER BY tier, reporters DESC, since, postId`,
  );
  const byTier = new Map<number, number>();
  for (const r of all) byTier.set(Number(r.tier), (byTier.get(Number(r.tier)) ?? 0) + 1);
  const counts = countsOf([...byTier].map(([tier, n]) => ({ tier, n })));
  const totalPages = Math.max(1, Math.ceil(counts.total / size));
  const shown = Math.min(page, totalPages);
  return {
    counts,
    page: shown,
    totalPages,
    items: await describe(db, all.slice((shown - 1) * size, shown * size), now),
  };
}

function countsOf(rows: { tier: number; n: number }[]): QueueCounts {
  const by = new Map(rows.map((r) => [Number(r.tier), Number(r.n)]));
  const held = by.get(0) ?? 0;
  const reported = by.get(1) ?? 0;
  const marked = by.get(2) ?? 0;
  return { held, reported, marked, total: held + reported + marked };
}

/** One page of the queue, in priority order: held, then most reporters and longest waiting, then marked. */
export async function queuePage(
  db: Db,
  now: number,
  page: number,
  size = QUEUE_PAGE_SIZE,
): Promise<QueueItem[]> {
  return describe(db, await db.all<RawRow>(pageSql(now, page, size)), now);
}

/** The queue details of some ads (those not in the queue are left out). */
export async function queueItemsOf(db: Db, postIds: readonly number[], now: number): Promise<QueueItem[]> {
  if (postIds.length === 0) return [];
  const rows = await db.all<RawRow>(
    sql`SELECT * FROM (${queueRows(now)}) WHERE postId IN (${sql.join(
      postIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
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
  const row = await db.get<{ postId: number }>(
    sql`SELECT q.postId FROM (${queueRows(now)}) q
      LEFT JOIN queue_claims c ON c.post_id = q.postId AND c.expires_at > ${now} AND c.operator_user_id <> ${operatorUserId}
      WHERE q.postId <> ${skip} AND c.post_id IS NULL
      ORDER BY q.tier, q.reporters DESC, q.since, q.postId LIMIT 1`,
  );
  return row ? Number(row.postId) : null;
}

async function describe(db: Db, rows: RawRow[], now: number): Promise<QueueItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.postId));
  const [postRows, marks, claims] = await db.batch([
    db
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
      .where(inArray(posts.id, ids)),
    db
      .select({
        postId: queueMarks.postId,
        kind: queueMarks.kind,
        detail: queueMarks.detail,
        otherPostId: queueMarks.otherPostId,
      })
      .from(queueMarks)
      .where(and(inArray(queueMarks.postId, ids), isNull(queueMarks.clearedAt))),
    db
      .select({
        postId: queueClaims.postId,
        operatorUserId: queueClaims.operatorUserId,
        operatorName: users.name,
        expiresAt: queueClaims.expiresAt,
      })
      .from(queueClaims)
      .innerJoin(users, eq(users.id, queueClaims.operatorUserId))
      .where(and(inArray(queueClaims.postId, ids), gt(queueClaims.expiresAt, now))),
  ]);
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
