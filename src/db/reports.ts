// Reports of ads by visitors: once per ad per visitor (unique post_id, reporter_key).
import { eq } from 'drizzle-orm';
import type { Db } from '../env';
import { posts, reports } from './schema';

export interface NewReport {
  postId: number;
  reason: string;
  details: string;
  reporterKey: string;
  now: number;
}

/** Records a report; false when this visitor had already reported this ad (a friendly no-op). */
export async function addReport(db: Db, report: NewReport): Promise<boolean> {
  const inserted = await db
    .insert(reports)
    .values({
      postId: report.postId,
      reason: report.reason,
      details: report.details,
      reporterKey: report.reporterKey,
      createdAt: report.now,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return inserted.length > 0;
}

/** What a report needs to know about the ad: whether it exists, and where its page is. */
export async function getReportTarget(db: Db, postId: number) {
  return (
    (await db
      .select({ id: posts.id, slug: posts.slug, categoryId: posts.categoryId, status: posts.status })
      .from(posts)
      .where(eq(posts.id, postId))
      .get()) ?? null
  );
}
