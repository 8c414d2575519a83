// Expiry reminders: the daily cron claims the ads due a reminder and puts one job per owner and stage
// on the queue; the job writes one mail listing those ads, each with its one-click renewal link.
import { claimExpiryReminders, releaseReminders, takeReminders } from '../db/expiry-reminders';
import { openDb } from '../db/session';
import type { Bindings, Db } from '../env';
import { absoluteUrl, postPath, route } from '../lib/links';
import { sendKindMail } from '../mail/compose';
import { expiryMail } from '../mail/expiry';
import { mailRecipient } from '../mail/recipient';
import { renewUrl } from '../mail/renew-link';
import { enqueue } from './queue';
import type { ExpiryReminderJob } from './types';

/** The daily cron's part: claims the due reminders and queues one job per owner and stage. */
export async function enqueueExpiryReminders(env: Bindings, db: Db, now: number): Promise<number> {
  const owners = await claimExpiryReminders(db, now);
  await enqueue(
    env,
    owners.map((o) => ({ kind: 'expiry-reminder' as const, userId: o.userId, stage: o.stage })),
  );
  return owners.length;
}

export async function runExpiryReminder(
  job: ExpiryReminderJob,
  env: Bindings,
  now = Date.now(),
): Promise<void> {
  const db = openDb(env.DB);
  const { taken, posts } = await takeReminders(db, job.userId, job.stage, now);
  if (posts.length === 0) return;
  const to = await mailRecipient(db, job.userId, 'expiry');
  if (!to) return;
  try {
    const site = env.SITE_URL;
    const ads = await Promise.all(
      posts.map(async (p) => ({
        title: p.title,
        url: absoluteUrl(site, postPath(p, p.categorySlug)),
        price: p.price,
        currency: p.currency,
        expiresAt: p.expiresAt,
        renewUrl: await renewUrl(env, { userId: to.userId, postId: p.id, expiresAt: p.expiresAt }, now),
      })),
    );
    await sendKindMail(
      env,
      to,
      'expiry',
      expiryMail,
      (footer) => ({
        stage: job.stage,
        name: to.name,
        ads,
        siteUrl: site,
        myPostsUrl: absoluteUrl(site, route('myPosts')),
        footer,
      }),
      now,
    );
  } catch (err) {
    // Not sent: the next attempt of this job takes these reminders again.
    await releaseReminders(db, job.userId, job.stage, taken);
    throw err;
  }
}
