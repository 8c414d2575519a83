// What every operator decision on an ad or an account shares (docs/moderation.md#notices): the ground
// read before the decision (the open reports and their reporters' addresses), the log entry that keeps
// the statement's fields, and the statement to the author and the decision to reporters, queued after.
import { type LogEntry, setHidden } from '../db/moderation';
import { openReportSummary } from '../db/reports';
import type { Post } from '../db/schema';
import type { Bindings, Db } from '../env';
import { decisionJob, queueNotices, reporterJobs } from '../jobs/decision-notice';
import type { Job } from '../jobs/types';
import { CONTEST_ADDRESS, type Decision, reporterDecisionText, reportsGround } from '../lib/decisions';

export interface Ground {
  /** "3 raportări ale vizitatorilor (Spam)", or the given fallback. */
  ground: string;
  /** Reporters who asked to hear the decision. */
  reporterEmails: string[];
}

/** The ground of a decision about to be taken on an ad: its open reports, else `fallback`. */
export async function groundOf(db: Db, postId: number, fallback = 'decizia unui operator'): Promise<Ground> {
  const open = await openReportSummary(db, postId);
  return { ground: reportsGround(open.count, open.reasons) || fallback, reporterEmails: open.emails };
}

/** A log entry that keeps the statement of reasons sent to `userId` (why, ground, how to contest). */
export function statementLog(entry: LogEntry, userId: number, reason: string, ground: string): LogEntry {
  return { ...entry, reason, ground, notifiedUserId: userId, contest: CONTEST_ADDRESS };
}

export interface Announcement {
  /** The person the decision concerns. */
  userId: number;
  decision: Decision;
  post?: { id: number; title: string } | null;
  reason?: string;
  ground?: string;
  /** Reporters of the ad to tell, and what they are told (the decision's kind). */
  reporterEmails?: readonly string[];
  reporterDecision?: Decision | 'resolve';
}

/** The jobs of one decision's notices. */
export function announcementJobs(a: Announcement): Job[] {
  const jobs: Job[] = [
    decisionJob({
      userId: a.userId,
      decision: a.decision,
      postId: a.post?.id ?? null,
      title: a.post?.title ?? '',
      reason: a.reason,
      ground: a.ground,
    }),
  ];
  if (a.post && a.reporterEmails?.length)
    jobs.push(
      ...reporterJobs(
        a.reporterEmails,
        'decision',
        a.post,
        reporterDecisionText(a.reporterDecision ?? a.decision),
      ),
    );
  return jobs;
}

/** Queues the notices of decisions (the statement to each author, the decision to each reporter). */
export async function announce(env: Bindings, list: Announcement | Announcement[]): Promise<void> {
  await queueNotices(env, (Array.isArray(list) ? list : [list]).flatMap(announcementJobs));
}

/** Tells reporters of an ad the decision, without a statement to the author (reports dismissed). */
export async function tellReporters(
  env: Bindings,
  post: { id: number; title: string },
  emails: readonly string[],
  decision: Decision | 'resolve',
): Promise<void> {
  await queueNotices(env, reporterJobs(emails, 'decision', post, reporterDecisionText(decision)));
}

/**
 * Hides an ad for `reason` with the statement of reasons kept in the log, then queues the statement
 * to its author and the decision to its reporters: one home for the single, bulk and person-wide hides.
 */
export async function hideWithStatement(
  db: Db,
  env: Bindings,
  post: Post,
  entry: LogEntry,
  reason: string,
  { ground, reporterEmails }: Ground,
  now: number,
): Promise<void> {
  await setHidden(db, post, true, statementLog(entry, post.userId, reason, ground), now, reason);
  await announce(env, {
    userId: post.userId,
    decision: 'hide',
    post: { id: post.id, title: post.title },
    reason,
    ground,
    reporterEmails,
  });
}
