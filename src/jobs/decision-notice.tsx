// Notice and action (docs/moderation.md#notices): queues and sends the statement of reasons to the
// person a decision concerns, and the mails to reporters who left an address. The statement goes to
// a banned person too (it tells them why) and whatever their mail preferences: it is a legal duty.
import { isDeletedAccount } from '../db/account-deletion';
import { moderationNoticePost } from '../db/mail-moderation';
import { openDb } from '../db/session';
import { findUserById } from '../db/users';
import type { Bindings } from '../env';
import { CONTEST_ADDRESS, type Decision } from '../lib/decisions';
import { absoluteUrl, FALLBACK_CATEGORY_SLUG, postPath, route } from '../lib/links';
import { sendTemplateMail } from '../mail/compose';
import { decisionMail, reportNoticeMail } from '../mail/decision';
import { isMailAddress } from '../mail/recipient';
import { enqueue } from './queue';
import type { DecisionNoticeJob, Job, ReportNoticeJob } from './types';

export interface DecisionNotice {
  userId: number;
  decision: Decision;
  postId?: number | null;
  title?: string;
  reason?: string;
  ground?: string;
}

/** The job of one notice. */
export function decisionJob(n: DecisionNotice): DecisionNoticeJob {
  return {
    kind: 'decision-notice',
    userId: n.userId,
    decision: n.decision,
    postId: n.postId ?? null,
    title: (n.title ?? '').slice(0, 200),
    reason: (n.reason ?? '').slice(0, 600),
    ground: (n.ground ?? '').slice(0, 300),
  };
}

/**
 * Queues statements and reporter mails. Never fails the page that called it: a queue error is
 * logged (the decision itself is kept in the moderation log either way).
 */
export async function queueNotices(env: Bindings, jobs: Job[]): Promise<void> {
  if (jobs.length === 0) return;
  try {
    await enqueue(env, jobs);
  } catch (err) {
    console.error('decision notices not queued', jobs.length, err);
  }
}

/** The reporter mails of one decision on an ad. */
export function reporterJobs(
  addresses: readonly string[],
  stage: 'ack' | 'decision',
  post: { id: number; title: string },
  decision = '',
): ReportNoticeJob[] {
  return [...new Set(addresses.filter((a) => isMailAddress(a)))].map((to) => ({
    kind: 'report-notice',
    to,
    stage,
    postId: post.id,
    title: post.title.slice(0, 200),
    decision,
  }));
}

export async function runDecisionNotice(job: DecisionNoticeJob, env: Bindings): Promise<void> {
  const db = openDb(env.DB);
  const user = await findUserById(db, job.userId);
  if (!user || isDeletedAccount(user)) return;
  const email = user.email?.trim();
  if (!isMailAddress(email)) return;
  const site = env.SITE_URL;
  const post = job.postId ? await moderationNoticePost(db, job.postId) : null;
  const props = {
    decision: job.decision,
    name: user.name,
    title: job.title,
    postId: job.postId,
    reason: job.reason,
    ground: job.ground,
    contest: CONTEST_ADDRESS,
    postUrl: post ? absoluteUrl(site, postPath(post, post.categorySlug ?? FALLBACK_CATEGORY_SLUG)) : null,
    editUrl: post ? absoluteUrl(site, route('editPost', { postId: post.id })) : null,
    siteUrl: site,
  };
  await sendTemplateMail(env, email, decisionMail, props, { replyTo: CONTEST_ADDRESS });
}

export async function runReportNotice(job: ReportNoticeJob, env: Bindings): Promise<void> {
  if (!isMailAddress(job.to)) return;
  const props = {
    stage: job.stage,
    title: job.title,
    postId: job.postId,
    decision: job.decision,
    siteUrl: env.SITE_URL,
  };
  await sendTemplateMail(env, job.to, reportNoticeMail, props, { replyTo: CONTEST_ADDRESS });
}
