// Operator tools: the moderation log, bans, hiding and promoting ads, reports' resolution, and what
// /moderare lists.
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../env';
import {
  type ReportedConversation,
  reportedConversationsFrom,
  reportedConversationsStatement,
} from './conversations';
import { runBatch } from './fragments';
import {
  clearQueueStatements,
  countsOf,
  QUEUE_PAGE_SIZE,
  type QueueCounts,
  type QueueItem,
  queueClaimsStatement,
  queueCountsStatement,
  queueItemsFrom,
  queueMarksStatement,
  queuePageIds,
  queuePageStatement,
} from './queue';
import { moderationLog, type Post, type PostStatus, posts, reports, users } from './schema';

/** What the console shows of an open report: its ad, reason, explanation and time. */
const OPEN_REPORT_FIELDS = {
  postId: reports.postId,
  reason: reports.reason,
  details: reports.details,
  createdAt: reports.createdAt,
};

/** Who did what to which ad or user; recorded in the same batch as the change itself. */
export interface LogEntry {
  operatorUserId: number;
  action: string;
  targetType: 'post' | 'user';
  targetId: number;
  details?: string;
  /** The statement of reasons: why, and on what ground (a rule, reports). */
  reason?: string;
  ground?: string;
  /** Whom the statement of reasons goes to, and the address given to contest it (docs/moderation.md#notices). */
  notifiedUserId?: number | null;
  contest?: string;
}

/** The insert of one log entry, to put in a `db.batch` with the change it records. */
export function logStatement(db: Db, entry: LogEntry, now: number) {
  return db.insert(moderationLog).values({
    ...entry,
    details: entry.details ?? '',
    reason: entry.reason ?? '',
    ground: entry.ground ?? '',
    notifiedUserId: entry.notifiedUserId ?? null,
    contest: entry.contest ?? '',
    createdAt: now,
  });
}

/** Writes one log entry on its own (a decision the site took by itself, e.g. a rule's hold). */
export async function logDecision(db: Db, entry: LogEntry, now: number) {
  await db.batch([logStatement(db, entry, now)]);
}

/** Bans or unbans a user (a banned user's ads stop showing: the browse queries exclude them). */
export async function setUserBanned(db: Db, userId: number, banned: boolean, log: LogEntry, now: number) {
  await db.batch([
    db.update(users).set({ banned, updatedAt: now }).where(eq(users.id, userId)),
    logStatement(db, log, now),
  ]);
}

/** How many open reports an ad has (what an operator sees on the ad page). */
export async function countOpenReports(db: Db, postId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.postId, postId), isNull(reports.resolvedAt)));
  return row?.n ?? 0;
}

/** Marks every open report of an ad resolved (with the decision, for reporters who asked) and ends its time in the queue. */
export async function resolveReports(
  db: Db,
  postId: number,
  log: LogEntry,
  now: number,
  decision = 'Rapoartele au fost analizate; anunțul rămâne publicat.',
) {
  await db.batch([
    db
      .update(reports)
      .set({ resolvedAt: now, decision })
      .where(and(eq(reports.postId, postId), isNull(reports.resolvedAt))),
    ...clearQueueStatements(db, postId, now),
    logStatement(db, log, now),
  ]);
}

/**
 * Operators: hide an ad (only its author and operators see it, the author with `reason`), or show it
 * again (the reason and the changed mark go). Either way its open reports are resolved and its queue
 * marks cleared in the same batch (the operator decided).
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
  // Either way the operator decided: the open reports are resolved (with the decision, for the
  // reporters who asked to hear it) and the ad leaves the queue.
  const decision = hidden
    ? 'Anunțul a fost ascuns de un operator.'
    : 'Rapoartele au fost analizate; anunțul rămâne publicat.';
  await runBatch(db, [
    db
      .update(posts)
      .set({ ...set, updatedAt: now })
      .where(eq(posts.id, post.id)),
    db
      .update(reports)
      .set({ resolvedAt: now, decision })
      .where(and(eq(reports.postId, post.id), isNull(reports.resolvedAt))),
    ...clearQueueStatements(db, post.id, now),
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

/** One ad as a row of the moderation page. */
export interface ModerationPost {
  id: number;
  title: string;
  slug: string;
  categoryId: number;
  status: string;
  createdAt: number;
  expiresAt: number | null;
  promotion: number;
  promotedUntil: number | null;
  userId: number;
  authorName: string;
  authorBanned: boolean;
  authorIsOperator: boolean;
  photoCount: number;
  /** The operator's reason, when hidden. */
  hiddenReason: string | null;
  /** When the author changed it after it was hidden (it waits to be looked at again). */
  hiddenEditedAt: number | null;
  /** Open reports: how many, and each reason with its details. */
  openReports: { reason: string; details: string; createdAt: number }[];
}

export interface LogRow {
  id: number;
  /** 0 for what the site decided by itself (a rule's hold, reports' hold). */
  operatorUserId: number;
  action: string;
  targetType: 'post' | 'user';
  targetId: number;
  details: string;
  createdAt: number;
  operatorName: string | null;
}

export interface ModerationData {
  reported: ModerationPost[];
  /** Hidden ads their authors changed since: to look at again. */
  changed: ModerationPost[];
  newest: ModerationPost[];
  log: LogRow[];
}

const postFields = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  categoryId: posts.categoryId,
  status: posts.status,
  createdAt: posts.createdAt,
  expiresAt: posts.expiresAt,
  promotion: posts.promotion,
  promotedUntil: posts.promotedUntil,
  userId: posts.userId,
  authorName: sql<string>`${users.name}`.as('author_name'),
  authorBanned: sql<number>`${users.banned}`.as('user_banned'),
  authorRole: sql<string>`${users.role}`.as('author_role'),
  photoCount: sql<number>`(SELECT count(*) FROM photos ph WHERE ph.post_id = "posts"."id")`.as('photo_count'),
  hiddenReason: posts.hiddenReason,
  hiddenEditedAt: posts.hiddenEditedAt,
};

/**
 * Everything /moderare shows besides the queue's order (db/queue.ts): the queue page's ads
 * (`queueIds`, in that order) with their open reports, the newest ads, hidden ads changed since,
 * and the log.
 */
export async function moderationData(
  db: Db,
  queueIds: readonly number[],
  limit = 30,
): Promise<ModerationData> {
  const newest = postsWithAuthors(db)
    .where(ne(posts.status, 'deleted'))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
  const logRows = logStatementOfPage(db, limit);
  const changedRows = postsWithAuthors(db)
    .where(and(eq(posts.status, 'hidden'), isNotNull(posts.hiddenEditedAt)))
    .orderBy(desc(posts.hiddenEditedAt), desc(posts.id))
    .limit(limit);
  const [newestRows, log, changed] = await db.batch([newest, logRows, changedRows]);
  const reportedRows = queueIds.map((postId) => ({ postId }));
  const ids = [
    ...new Set([
      ...reportedRows.map((r) => r.postId),
      ...newestRows.map((r) => r.id),
      ...changed.map((r) => r.id),
    ]),
  ];
  if (ids.length === 0) return { reported: [], changed: [], newest: [], log: log as LogRow[] };
  const [reportedPosts, openReports] = await db.batch([
    postsWithAuthors(db).where(
      inArray(
        posts.id,
        reportedRows.map((r) => r.postId),
      ),
    ),
    db
      .select(OPEN_REPORT_FIELDS)
      .from(reports)
      .where(and(isNull(reports.resolvedAt), inArray(reports.postId, ids)))
      .orderBy(desc(reports.createdAt))
      .limit(1000),
  ]);
  const toPost = postRowMapper(openReports);
  const order = new Map(reportedRows.map((r, i) => [r.postId, i]));
  return {
    reported: (reportedPosts as PostRow[])
      .map(toPost)
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
    changed: (changed as PostRow[]).map(toPost),
    newest: newestRows.map(toPost),
    log: log as LogRow[],
  };
}

/** The newest entries of the moderation log with the operator's name. */
function logStatementOfPage(db: Db, limit: number) {
  return db
    .select({
      id: moderationLog.id,
      operatorUserId: moderationLog.operatorUserId,
      action: moderationLog.action,
      targetType: moderationLog.targetType,
      targetId: moderationLog.targetId,
      details: moderationLog.details,
      createdAt: moderationLog.createdAt,
      operatorName: sql<string | null>`${users.name}`.as('operator_name'),
    })
    .from(moderationLog)
    .leftJoin(users, eq(users.id, moderationLog.operatorUserId))
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(limit);
}

/** Ads with their authors, as rows of the moderation page (add a where, order, limit). */
function postsWithAuthors(db: Db) {
  return db.select(postFields).from(posts).innerJoin(users, eq(users.id, posts.userId));
}

/** A row of `postFields`. */
type PostRow = Awaited<ReturnType<typeof postsWithAuthors>>[number];

/** Turns rows of `postFields` into ModerationPosts, each with its open reports (from `openReports`). */
function postRowMapper(
  openReports: readonly { postId: number; reason: string; details: string; createdAt: number }[],
) {
  const byPost = new Map<number, ModerationPost['openReports']>();
  for (const r of openReports) {
    const list = byPost.get(r.postId) ?? [];
    list.push({ reason: r.reason, details: r.details, createdAt: r.createdAt });
    byPost.set(r.postId, list);
  }
  return (row: PostRow): ModerationPost => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    categoryId: row.categoryId,
    status: row.status,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    promotion: row.promotion,
    promotedUntil: row.promotedUntil,
    userId: row.userId,
    authorName: row.authorName,
    authorBanned: !!row.authorBanned,
    authorIsOperator: row.authorRole === 'operator',
    photoCount: Number(row.photoCount) || 0,
    hiddenReason: row.hiddenReason,
    hiddenEditedAt: row.hiddenEditedAt,
    openReports: byPost.get(row.id) ?? [],
  });
}

/**
 * The newest ads shown under the queue (each with its hide form): a glance at what just arrived, kept
 * short so the queue page stays small; every ad, newest first, is in the console's search.
 */
export const NEWEST_ON_QUEUE_PAGE = 10;

/** Everything /moderare shows, read in one D1 batch (docs/moderation.md#how-the-queue-stays-fast). */
export interface ModerationPageData extends ModerationData {
  counts: QueueCounts;
  /** The page shown (a page past the end shows the last one). */
  page: number;
  totalPages: number;
  /** The queue page's items, in priority order (`reported` holds the same ads as rows). */
  items: QueueItem[];
  reportedConversations: ReportedConversation[];
  /** The other ads that the page's duplicate marks point at (for their addresses). */
  otherPosts: { id: number; slug: string; categoryId: number }[];
}

/**
 * The queue's counts and one page of it with the ads' rows, marks, claims and open reports, the
 * newest ads, hidden ads changed since, the log and the reported conversations: one round trip to D1.
 * The page's ids are a subquery over the queue_items index in every statement that needs them; only
 * a page past the end costs a second trip (for the last page).
 */
export async function moderationPageData(
  db: Db,
  page: number,
  now: number,
  {
    size = QUEUE_PAGE_SIZE,
    limit = 30,
    newest = NEWEST_ON_QUEUE_PAGE,
  }: { size?: number; limit?: number; newest?: number } = {},
): Promise<ModerationPageData> {
  const pageIds = queuePageIds(db, page, size);
  const newestIds = db
    .select({ id: posts.id })
    .from(posts)
    .where(ne(posts.status, 'deleted'))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(newest);
  const changedIds = db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.status, 'hidden'), isNotNull(posts.hiddenEditedAt)))
    .orderBy(desc(posts.hiddenEditedAt), desc(posts.id))
    .limit(limit);
  const [
    countRows,
    queueRows,
    queuePosts,
    marks,
    claims,
    newestRows,
    log,
    changed,
    openReports,
    conversations,
  ] = await db.batch([
    queueCountsStatement(db),
    queuePageStatement(db, page, size),
    postsWithAuthors(db).where(inArray(posts.id, pageIds)),
    queueMarksStatement(db, pageIds),
    queueClaimsStatement(db, pageIds, now),
    postsWithAuthors(db)
      .where(ne(posts.status, 'deleted'))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(newest),
    logStatementOfPage(db, limit),
    postsWithAuthors(db)
      .where(and(eq(posts.status, 'hidden'), isNotNull(posts.hiddenEditedAt)))
      .orderBy(desc(posts.hiddenEditedAt), desc(posts.id))
      .limit(limit),
    db
      .select(OPEN_REPORT_FIELDS)
      .from(reports)
      .where(
        and(
          isNull(reports.resolvedAt),
          or(
            inArray(reports.postId, pageIds),
            inArray(reports.postId, newestIds),
            inArray(reports.postId, changedIds),
          ),
        ),
      )
      .orderBy(desc(reports.createdAt))
      .limit(1000),
    reportedConversationsStatement(db),
  ]);
  const counts = countsOf(countRows);
  const totalPages = Math.max(1, Math.ceil(counts.total / size));
  if (page > totalPages) return moderationPageData(db, totalPages, now, { size, limit, newest });
  const toPost = postRowMapper(openReports);
  const order = new Map(queueRows.map((r, i) => [r.postId, i]));
  const others = new Map<number, { id: number; slug: string; categoryId: number }>();
  for (const m of marks)
    if (m.otherPostId && m.otherSlug !== null && m.otherCategoryId !== null)
      others.set(m.otherPostId, { id: m.otherPostId, slug: m.otherSlug, categoryId: m.otherCategoryId });
  return {
    counts,
    page,
    totalPages,
    items: queueItemsFrom(queueRows, queuePosts, marks, claims),
    reported: (queuePosts as PostRow[])
      .map(toPost)
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
    changed: (changed as PostRow[]).map(toPost),
    newest: (newestRows as PostRow[]).map(toPost),
    log: log as LogRow[],
    reportedConversations: reportedConversationsFrom(conversations),
    otherPosts: [...others.values()],
  };
}
