// Reports of ads by visitors. One report counts per ad and reporter (an account, or an anonymous
// client's hashed address): the unique index reports_once (post_id, reporter_key) with
// `ON CONFLICT DO NOTHING`, whatever else the request says. When credibly different people back an
// ad's open reports (docs/limits.md#reports), the published ad is put on hold (`held`, "în
// verificare"): hidden from the public until an operator shows it again, hides or deletes it.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { PUBLIC_POST_STATUSES } from './fragments';
import { purgeableColumns } from './purge';
import { posts, reports, users } from './schema';

/** Distinct reporters that hold an ad when REPORT_HOLD_THRESHOLD is unset or not a whole number ≥ 1. */
const DEFAULT_REPORT_HOLD_THRESHOLD = 3;

/** REPORT_HOLD_THRESHOLD as a number: a whole number from 1 to 1000, else the default. */
export function reportHoldThreshold(setting: string | undefined): number {
  const n = Number(setting?.trim() || Number.NaN);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : DEFAULT_REPORT_HOLD_THRESHOLD;
}

export interface NewReport {
  postId: number;
  reason: string;
  details: string;
  reporterKey: string;
  /** The reporter's account, when signed in. */
  reporterUserId: number | null;
  /** Salted hashes of the reporter's client (address) and browser. */
  addressKey: string;
  deviceKey: string;
  /** Where the reporter wants to hear back (optional). */
  reporterEmail: string | null;
  now: number;
}

export interface ReportOutcome {
  /** False when this reporter had already reported this ad (a friendly no-op). */
  added: boolean;
  /** True when this report put the ad on hold (exactly one report per hold says so). */
  held: boolean;
  /** The new report's id, when added. */
  id: number | null;
}

/** How old an account must be before its reports count towards the automatic hold. */
export const TRUSTED_REPORTER_AGE_MS = 7 * 86_400_000;

/** One report as the hold's count sees it. */
export interface ReporterTrace {
  userId: number | null;
  addressKey: string;
  deviceKey: string;
}

/**
 * How many credibly different people `open` stands for (docs/limits.md#reports): reports that share
 * an account, a client address or a browser are one person (connected groups), and a report that
 * shares any of them with a dismissed report (`dismissed`) does not count at all.
 */
export function distinctPeople(open: readonly ReporterTrace[], dismissed: readonly ReporterTrace[]): number {
  const seen = new Set<string>();
  for (const d of dismissed) for (const k of traceKeys(d)) seen.add(k);
  const fresh = open.filter((r) => !traceKeys(r).some((k) => seen.has(k)));
  const parent = fresh.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const owner = new Map<string, number>();
  fresh.forEach((r, i) => {
    for (const k of traceKeys(r)) {
      const j = owner.get(k);
      if (j === undefined) owner.set(k, i);
      else parent[find(i)] = find(j);
    }
  });
  return new Set(fresh.map((_, i) => find(i))).size;
}

function traceKeys(r: ReporterTrace): string[] {
  return [
    r.userId !== null ? `u:${r.userId}` : '',
    r.addressKey ? `a:${r.addressKey}` : '',
    r.deviceKey ? `d:${r.deviceKey}` : '',
  ].filter(Boolean);
}

/**
 * The reporters of an ad that may count towards its hold: open reports of signed-in accounts at least
 * TRUSTED_REPORTER_AGE_MS old, not banned, not the author; and every dismissed report's traces.
 */
async function holdEvidence(db: Db, postId: number, now: number) {
  const rows = await db
    .select({
      userId: reports.reporterUserId,
      addressKey: reports.addressKey,
      deviceKey: reports.deviceKey,
      resolvedAt: reports.resolvedAt,
      trusted: sql<number>`(${users.id} IS NOT NULL AND ${users.banned} = 0 AND ${users.createdAt} <= ${now - TRUSTED_REPORTER_AGE_MS} AND ${users.id} <> ${posts.userId})`,
    })
    .from(reports)
    .innerJoin(posts, eq(posts.id, reports.postId))
    .leftJoin(users, eq(users.id, reports.reporterUserId))
    .where(eq(reports.postId, postId));
  return {
    open: rows.filter((r) => r.resolvedAt === null && Number(r.trusted) === 1),
    dismissed: rows.filter((r) => r.resolvedAt !== null),
  };
}

/** How many credibly different people back an ad's open reports now. */
export async function credibleReporters(db: Db, postId: number, now: number): Promise<number> {
  const { open, dismissed } = await holdEvidence(db, postId, now);
  return distinctPeople(open, dismissed);
}

/**
 * Records a report and holds the ad once `threshold` credibly different people back its open reports.
 * The hold is a conditional update of a published ad: of simultaneous reports, exactly one holds it.
 */
export async function addReport(db: Db, report: NewReport, threshold: number): Promise<ReportOutcome> {
  const inserted = await db
    .insert(reports)
    .values({
      postId: report.postId,
      reason: report.reason,
      details: report.details,
      reporterKey: report.reporterKey,
      reporterUserId: report.reporterUserId,
      addressKey: report.addressKey,
      deviceKey: report.deviceKey,
      reporterEmail: report.reporterEmail,
      createdAt: report.now,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (inserted.length === 0) return { added: false, held: false, id: null };
  const id = inserted[0].id;
  if (report.reporterUserId === null) return { added: true, held: false, id };
  if ((await credibleReporters(db, report.postId, report.now)) < threshold)
    return { added: true, held: false, id };
  const held = await db
    .update(posts)
    .set({ status: 'held', closedAt: report.now, updatedAt: report.now })
    .where(and(eq(posts.id, report.postId), eq(posts.status, 'published')))
    .returning({ id: posts.id });
  return { added: true, held: held.length > 0, id };
}

/**
 * What a report needs to know about the ad: where its page is, and whether the public can see it
 * (published, expired or sold, and its author not banned). Drafts, hidden and held ads, and a banned
 * author's, are as missing to a reporter.
 */
export async function getReportTarget(db: Db, postId: number) {
  const row = await db
    .select({
      ...purgeableColumns,
      title: posts.title,
      status: posts.status,
      authorBanned: users.banned,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, postId))
    .get();
  if (!row || row.authorBanned || !PUBLIC_POST_STATUSES.includes(row.status)) return null;
  return row;
}

/** An ad's open reports before a decision: how many, their reasons, and the reporters' addresses. */
export async function openReportSummary(
  db: Db,
  postId: number,
): Promise<{ count: number; reasons: string[]; emails: string[] }> {
  const rows = await db
    .select({ reason: reports.reason, email: reports.reporterEmail })
    .from(reports)
    .where(and(eq(reports.postId, postId), isNull(reports.resolvedAt)))
    .limit(1000);
  return {
    count: rows.length,
    reasons: rows.map((r) => r.reason),
    emails: rows.map((r) => r.email).filter((e): e is string => !!e),
  };
}
