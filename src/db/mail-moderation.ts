// What moderation mails read from D1: the ad a notice is about, the operators, the new reports of
// the hourly digest, and the digest's own clock (one digest an hour, claimed in D1).
import { and, asc, count, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { categories, meta, posts, reports, users } from './schema';

export const DIGEST_INTERVAL_MS = 3_600_000;
const DIGEST_KEY = 'reports_digest_at';

export async function moderationNoticePost(db: Db, postId: number) {
  return (
    (await db
      .select({
        id: posts.id,
        userId: posts.userId,
        title: posts.title,
        slug: posts.slug,
        status: posts.status,
        hiddenReason: posts.hiddenReason,
        categorySlug: categories.slug,
      })
      .from(posts)
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(eq(posts.id, postId))
      .get()) ?? null
  );
}

/** Operators: role 'operator' in D1, or listed by identity-provider id in OPERATOR_USER_IDS. */
export async function operatorUserIds(db: Db, clerkIds: string[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.banned, false),
        clerkIds.length > 0
          ? or(eq(users.role, 'operator'), inArray(users.clerkId, clerkIds))
          : eq(users.role, 'operator'),
      ),
    );
  return rows.map((r) => r.id);
}

/** Open reports created in (since, until]. */
export async function countNewReports(db: Db, since: number, until: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(gt(reports.createdAt, since), lte(reports.createdAt, until), isNull(reports.resolvedAt)));
  return row?.n ?? 0;
}

export interface DigestReport {
  postId: number;
  title: string;
  reason: string;
  createdAt: number;
  status: string;
}

export async function newReports(db: Db, since: number, until: number, limit = 30): Promise<DigestReport[]> {
  return db
    .select({
      postId: reports.postId,
      title: sql<string>`coalesce(${posts.title}, '')`,
      reason: reports.reason,
      createdAt: reports.createdAt,
      status: sql<string>`coalesce(${posts.status}, '')`,
    })
    .from(reports)
    .leftJoin(posts, eq(posts.id, reports.postId))
    .where(and(gt(reports.createdAt, since), lte(reports.createdAt, until), isNull(reports.resolvedAt)))
    .orderBy(asc(reports.createdAt))
    .limit(limit);
}

/** The new open reports of (since, until] grouped by ad: held ads first, then the most reported. */
export interface DigestAd {
  postId: number;
  title: string;
  status: string;
  /** New open reports of this ad. */
  reports: number;
  /** Their reasons, distinct, joined with commas. */
  reasons: string;
  firstAt: number;
}

export async function newReportsByAd(
  db: Db,
  since: number,
  until: number,
  limit = 30,
): Promise<{ ads: DigestAd[]; totalAds: number }> {
  const window = sql`r.created_at > ${since} AND r.created_at <= ${until} AND r.resolved_at IS NULL`;
  const [ads, total] = await Promise.all([
    db.all<DigestAd>(sql`
      SELECT r.post_id AS postId, coalesce(p.title, '') AS title, coalesce(p.status, '') AS status,
        count(*) AS reports, group_concat(DISTINCT r.reason) AS reasons, min(r.created_at) AS firstAt
      FROM reports r LEFT JOIN posts p ON p.id = r.post_id
      WHERE ${window}
      GROUP BY r.post_id
      ORDER BY (coalesce(p.status, '') = 'held') DESC, count(*) DESC, min(r.created_at), r.post_id
      LIMIT ${limit}`),
    db.get<{ n: number }>(sql`SELECT count(DISTINCT r.post_id) AS n FROM reports r WHERE ${window}`),
  ]);
  return {
    ads: ads.map((a) => ({
      ...a,
      postId: Number(a.postId),
      reports: Number(a.reports),
      firstAt: Number(a.firstAt),
      reasons: a.reasons ?? '',
    })),
    totalAds: Number(total?.n ?? 0),
  };
}

/**
 * Claims this hour's digest: returns the moment the previous one covered up to (the new digest covers
 * from there), or null when a digest was claimed less than an hour ago. Compare-and-swap on the stored
 * time, so of two runs at once exactly one wins.
 */
export async function claimDigestSlot(db: Db, now: number): Promise<number | null> {
  const row = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, DIGEST_KEY)).get();
  if (!row) {
    const inserted = await db
      .insert(meta)
      .values({ key: DIGEST_KEY, value: String(now), updatedAt: now })
      .onConflictDoNothing()
      .returning({ key: meta.key });
    return inserted.length > 0 ? now - DIGEST_INTERVAL_MS : null;
  }
  const previous = Number(row.value);
  if (!Number.isFinite(previous)) return null;
  if (previous > now - DIGEST_INTERVAL_MS) return null;
  const updated = await db
    .update(meta)
    .set({ value: String(now), updatedAt: now })
    .where(and(eq(meta.key, DIGEST_KEY), eq(meta.value, row.value)))
    .returning({ key: meta.key });
  return updated.length > 0 ? previous : null;
}

/** The addresses of the operators (alarms about background work go to every one of them). */
export async function operatorAddresses(db: Db, clerkIds: string[]): Promise<string[]> {
  const ids = await operatorUserIds(db, clerkIds);
  if (ids.length === 0) return [];
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.id, ids));
  return rows.map((r) => r.email).filter((e): e is string => !!e);
}
