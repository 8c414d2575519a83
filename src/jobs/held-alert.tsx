// The operators' instant alert when an ad is held automatically (by reports or by a rule's hold):
// one mail to each operator at once through the queue, at most HELD_ALERTS_PER_HOUR an hour (claimed
// in D1); the hourly digest still lists every report (docs/moderation.md#alerts).
import { operatorIds } from '../auth/config';
import { claimHeldAlert } from '../db/held-alerts';
import { moderationNoticePost, operatorUserIds } from '../db/mail-moderation';
import { openDb } from '../db/session';
import type { Bindings, Db } from '../env';
import { absoluteUrl, route } from '../lib/links';
import { sendKindMail } from '../mail/compose';
import { heldAlertMail } from '../mail/held-alert';
import { mailRecipient } from '../mail/recipient';
import { enqueue } from './queue';
import type { HeldAlertJob } from './types';

/**
 * Called right after an ad was held automatically (`ground` says why, e.g. `3 persoane l-au raportat`
 * or `regula „…”`): claims an alert and queues one mail per operator. Never fails the page that
 * called it; answers whether the alert went out.
 */
export async function alertHeld(
  env: Bindings,
  db: Db,
  postId: number,
  ground: string,
  now: number,
): Promise<boolean> {
  try {
    if (!(await claimHeldAlert(db, postId, now))) return false;
    const operators = await operatorUserIds(db, [...operatorIds(env)]);
    await enqueue(
      env,
      operators.map((userId) => ({
        kind: 'held-alert' as const,
        userId,
        postId,
        ground: ground.slice(0, 200),
      })),
    );
    return true;
  } catch (err) {
    console.error('held alert not queued', postId, err);
    return false;
  }
}

export async function runHeldAlert(job: HeldAlertJob, env: Bindings): Promise<void> {
  const db = openDb(env.DB);
  const post = await moderationNoticePost(db, job.postId);
  // An operator decided before the job ran: nothing to alert about.
  if (!post) return;
  if (post.status !== 'held') return;
  const to = await mailRecipient(db, job.userId, 'reports');
  if (!to) return;
  const site = env.SITE_URL;
  await sendKindMail(env, to, 'reports', heldAlertMail, (footer) => ({
    name: to.name,
    title: post.title,
    ground: job.ground,
    itemUrl: absoluteUrl(site, route('moderationItem', { postId: post.id })),
    siteUrl: site,
    footer,
  }));
}
