// Moderation mails through the queue: the notice to an author whose ad was hidden or put on hold,
// and the operators' hourly digest of new reports (at most one an hour, claimed in D1).
import { operatorIds } from '../auth/config';
import {
  claimDigestSlot,
  countNewReports,
  moderationNoticePost,
  newReportsByAd,
  operatorUserIds,
} from '../db/mail-moderation';
import { openDb } from '../db/session';
import type { Bindings, Db } from '../env';
import { absoluteUrl, FALLBACK_CATEGORY_SLUG, postPath, route } from '../lib/links';
import { sendKindMail } from '../mail/compose';
import { moderationMail } from '../mail/moderation';
import { mailRecipient } from '../mail/recipient';
import { reportsMail } from '../mail/reports';
import { enqueue } from './queue';
import type { ModerationNoticeJob, ReportsDigestJob } from './types';

/** Ads listed in one digest (the rest are counted). */
export const DIGEST_LIST_LIMIT = 30;

/**
 * Queues the notice to the author after an operator hid the ad or reports held it. Never fails the
 * page that called it: a queue error is logged and the notice is lost.
 */
export async function notifyModeration(
  env: Bindings,
  postId: number,
  action: 'hidden' | 'held',
): Promise<void> {
  try {
    await enqueue(env, { kind: 'moderation-notice', postId, action });
  } catch (err) {
    console.error('moderation notice not queued', postId, action, err);
  }
}

export async function runModerationNotice(job: ModerationNoticeJob, env: Bindings): Promise<void> {
  const db = openDb(env.DB);
  const post = await moderationNoticePost(db, job.postId);
  // The operator may have changed their mind before the job ran: then there is nothing to say.
  if (!post || post.status !== job.action) return;
  const to = await mailRecipient(db, post.userId, 'moderation');
  if (!to) return;
  const site = env.SITE_URL;
  await sendKindMail(env, to, 'moderation', moderationMail, (footer) => ({
    action: job.action,
    name: to.name,
    title: post.title,
    reason: post.hiddenReason,
    postUrl: absoluteUrl(site, postPath(post, post.categorySlug ?? FALLBACK_CATEGORY_SLUG)),
    editUrl: absoluteUrl(site, route('editPost', { postId: post.id })),
    siteUrl: site,
    footer,
  }));
}

/** The hourly cron's part: if no digest went out this hour and there are new reports, one job per operator. */
export async function enqueueReportsDigest(env: Bindings, db: Db, now: number): Promise<number> {
  const since = await claimDigestSlot(db, now);
  if (since === null) return 0;
  if ((await countNewReports(db, since, now)) === 0) return 0;
  const operators = await operatorUserIds(db, [...operatorIds(env)]);
  await enqueue(
    env,
    operators.map((userId) => ({ kind: 'reports-digest' as const, userId, since, until: now })),
  );
  return operators.length;
}

export async function runReportsDigest(job: ReportsDigestJob, env: Bindings): Promise<void> {
  const db = openDb(env.DB);
  const to = await mailRecipient(db, job.userId, 'reports');
  if (!to) return;
  const [total, grouped] = await Promise.all([
    countNewReports(db, job.since, job.until),
    newReportsByAd(db, job.since, job.until, DIGEST_LIST_LIMIT),
  ]);
  if (total === 0) return;
  const site = env.SITE_URL;
  await sendKindMail(env, to, 'reports', reportsMail, (footer) => ({
    name: to.name,
    total,
    totalAds: grouped.totalAds,
    ads: grouped.ads.map((a) => ({
      title: a.title,
      reasons: a.reasons,
      reports: a.reports,
      held: a.status === 'held',
      firstAt: a.firstAt,
      url: absoluteUrl(site, route('moderationItem', { postId: a.postId })),
    })),
    moderationUrl: absoluteUrl(site, route('moderation')),
    siteUrl: site,
    footer,
  }));
}
