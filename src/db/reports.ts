// Reports of ads by visitors. One report counts per ad and reporter (an account, or an anonymous
// client's hashed address): the unique index reports_once (post_id, reporter_key) with
// `ON CONFLICT DO NOTHING`, whatever else the request says. When the distinct reporters of an ad's
// open reports reach the hold threshold, the same batch puts the published ad on hold (`held`, "în
// verificare"): hidden from the public until an operator shows it again, hides or deletes it.
import { and, eq, sql } from 'drizzle-orm';
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
  now: number;
}

export interface ReportOutcome {
  /** False when this reporter had already reported this ad (a friendly no-op). */
  added: boolean;
  /** True when this report put the ad on hold. */
  held: boolean;
}

/** Records a report and, in the same batch, holds the ad once `threshold` distinct reporters agree. */
export async function addReport(db: Db, report: NewReport, threshold: number): Promise<ReportOutcome> {
  const [inserted, held] = await db.batch([
    db
      .insert(reports)
      .values({
        postId: report.postId,
        reason: report.reason,
        details: report.details,
        reporterKey: report.reporterKey,
        createdAt: report.now,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id }),
    db
      .update(posts)
      .set({ status: 'held', closedAt: report.now, updatedAt: report.now })
      .where(
        and(
          eq(posts.id, report.postId),
          eq(posts.status, 'published'),
          sql`(SELECT count(DISTINCT r.reporter_key) FROM reports r WHERE r.post_id = ${report.postId} AND r.resolved_at IS NULL) >= ${threshold}`,
        ),
      )
      .returning({ id: posts.id }),
  ]);
  return { added: inserted.length > 0, held: held.length > 0 };
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
