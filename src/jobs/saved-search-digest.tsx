// The `saved-search-digest` job: the daily cron queues one per person with an active saved search;
// each mail is claimed in D1 before it is sent and the claim is given back when the send fails, so a
// retried or duplicated job never mails anyone twice.
import { getCategoryTreeCached } from '../db/categories';
import type { PhotoRef } from '../db/fragments';
import {
  activeSavedSearches,
  claimDigest,
  finishDigest,
  releaseDigest,
  usersWithActiveSearches,
} from '../db/saved-searches';
import { MAX_CANDIDATES } from '../db/search';
import { openDb } from '../db/session';
import type { Bindings } from '../env';
import { bucharestDay } from '../lib/dates';
import { absoluteUrl, postHref, route } from '../lib/links';
import { maskPhones } from '../lib/phone';
import { formatPrice } from '../lib/price';
import { sendKindMail } from '../mail/compose';
import { mailRecipient } from '../mail/recipient';
import { type DigestSection, digestMail } from '../mail/saved-search';
import { unsubscribeUrl } from '../mail/unsubscribe';
import { responsiveUrl } from '../photos/urls';
import { newAdsFor, searchPathOf } from '../saved/search-match';
import { enqueue } from './queue';
import type { SavedSearchDigestJob } from './types';

/**
 * Ads published in the last minute before the cron wait for the next digest: an ad whose write is
 * still under way when the digest reads must not fall between two digests.
 */
export const DIGEST_SETTLE_MS = 60_000;

/** The daily cron's part: one digest job per person with an active saved search. */
export async function enqueueSavedSearchDigests(env: Bindings, scheduledTime: number): Promise<number> {
  const users = await usersWithActiveSearches(env.DB);
  const day = bucharestDay(scheduledTime);
  const upTo = scheduledTime - DIGEST_SETTLE_MS;
  const jobs: SavedSearchDigestJob[] = users.map((userId) => ({
    kind: 'saved-search-digest',
    userId,
    day,
    upTo,
  }));
  if (jobs.length) await enqueue(env, jobs);
  return jobs.length;
}

/**
 * One person's digest for one day: per active saved search, the ads /cautare lists that were
 * published or renewed since that search's cursor (up to the job's `upTo`). Nothing new: no mail.
 * Sent: each mailed search's cursor moves to `upTo`.
 */
export async function runSavedSearchDigest(job: SavedSearchDigestJob, env: Bindings): Promise<void> {
  const d1 = env.DB;
  const db = openDb(d1);
  const claimedAt = Date.now();
  if (!(await claimDigest(d1, job.userId, job.day, claimedAt))) return;
  const finish = (sent: boolean, searchIds: number[]) =>
    finishDigest(d1, { userId: job.userId, day: job.day, now: Date.now(), sent, searchIds, upTo: job.upTo });
  try {
    const to = await mailRecipient(db, job.userId, 'saved-search');
    if (!to) return await finish(false, []);
    const tree = await getCategoryTreeCached(db);
    const site = env.SITE_URL;
    const sections: (DigestSection & { id: number })[] = [];
    for (const search of await activeSavedSearches(d1, job.userId)) {
      const found = await newAdsFor(d1, tree, search.query, {
        after: search.cursorAt,
        upTo: job.upTo,
        now: claimedAt,
      });
      if (found.hits.length === 0) continue;
      sections.push({
        id: search.id,
        name: search.name,
        total: found.total,
        capped: found.total >= MAX_CANDIDATES,
        ads: found.hits.map((hit) => ({
          title: maskPhones(hit.title),
          url: absoluteUrl(site, postHref(tree, hit)),
          price: formatPrice(hit.price, hit.currency),
          locality: hit.locality,
          photoUrl: photoUrl(site, hit.photo),
        })),
        allUrl: absoluteUrl(site, searchPathOf(search.query)),
        stopUrl: await unsubscribeUrl(env, job.userId, 'saved-search', String(search.id)),
      });
    }
    if (sections.length === 0) return await finish(false, []);
    await sendKindMail(env, to, 'saved-search', digestMail, (footer) => ({
      name: to.name,
      siteUrl: site,
      sections,
      manageUrl: absoluteUrl(site, route('savedSearches')),
      unsubscribeAllUrl: footer.unsubscribeUrl,
    }));
    await finish(
      true,
      sections.map((s) => s.id),
    );
  } catch (err) {
    await releaseDigest(d1, job.userId, job.day, claimedAt);
    throw err;
  }
}

function photoUrl(siteUrl: string, photo: PhotoRef | null): string | null {
  return photo ? absoluteUrl(siteUrl, responsiveUrl(photo, 320)) : null;
}
