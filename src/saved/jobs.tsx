// The saved-search digest and the price-drop mail: what the daily cron and an ad's edit put on the
// job queue, and the handlers that send them. Each mail is claimed in D1 before it is sent and the
// claim is given back when the send fails, so a retried or duplicated job never mails anyone twice.
import { drizzle } from 'drizzle-orm/d1';
import { getCategoryTreeCached } from '../db/categories';
import { claimPriceDrop, releasePriceDrop } from '../db/favourites';
import { type PhotoRef, parsePhotoRef } from '../db/fragments';
import {
  activeSavedSearches,
  claimDigest,
  finishDigest,
  releaseDigest,
  usersWithActiveSearches,
} from '../db/saved-searches';
import * as schema from '../db/schema';
import { MAX_CANDIDATES } from '../db/search';
import type { Bindings } from '../env';
import { enqueue } from '../jobs/queue';
import type { PriceDropJob, SavedSearchDigestJob } from '../jobs/types';
import { bucharestDay } from '../lib/dates';
import { absoluteUrl, categorySlugOf, postHref, postPath, route } from '../lib/links';
import { maskPhones } from '../lib/phone';
import { type Currency, formatPrice } from '../lib/price';
import { renderMailHtml } from '../mail/layout';
import { PriceDropMailHtml, priceDropSubject, priceDropText } from '../mail/price-drop';
import { mailRecipient } from '../mail/recipient';
import { DigestMailHtml, type DigestSection, digestSubject, digestText } from '../mail/saved-search';
import { sendMail } from '../mail/send';
import { listUnsubscribeHeaders, unsubscribeUrl } from '../mail/unsubscribe';
import { responsiveUrl } from '../photos/urls';
import { newAdsFor, searchPathOf } from './search-match';

/**
 * Ads published in the last minute before the cron wait for the next digest: an ad whose write is
 * still under way when the digest reads must not fall between two digests.
 */
export const DIGEST_SETTLE_MS = 60_000;

function photoUrl(siteUrl: string, photo: PhotoRef | null): string | null {
  return photo ? absoluteUrl(siteUrl, responsiveUrl(photo, 320)) : null;
}

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
  const db = drizzle(d1, { schema });
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
    const unsubscribeAll = await unsubscribeUrl(env, job.userId, 'saved-search');
    const mail = {
      name: to.name,
      siteUrl: site,
      sections,
      manageUrl: absoluteUrl(site, route('savedSearches')),
      unsubscribeAllUrl: unsubscribeAll,
    };
    await sendMail(env, {
      to: to.email,
      subject: digestSubject(mail),
      text: digestText(mail),
      html: renderMailHtml(<DigestMailHtml {...mail} />),
      headers: listUnsubscribeHeaders(unsubscribeAll),
    });
    await finish(
      true,
      sections.map((s) => s.id),
    );
  } catch (err) {
    await releaseDigest(d1, job.userId, job.day, claimedAt);
    throw err;
  }
}

/**
 * Called by the editor after a successful save: when the price went down (same currency, both
 * prices shown), one `price-drop` job for the ad's new version.
 */
export async function notePriceChange(
  env: Pick<Bindings, 'JOBS'>,
  before: { id: number; price: number; currency: Currency },
  after: { id: number; price: number; currency: Currency; version: number; status: string },
): Promise<boolean> {
  if (after.status !== 'published' || after.currency !== before.currency) return false;
  if (!(after.price > 0 && before.price > after.price)) return false;
  await enqueue(env, { kind: 'price-drop', postId: after.id, version: after.version, newPrice: after.price });
  return true;
}

interface DropPost {
  id: number;
  title: string;
  slug: string;
  price: number;
  currency: Currency;
  locality: string;
  category_id: number;
  status: string;
  version: number;
  photo: string | null;
}

/**
 * Mails each person who saved the ad, asked for price drops and saved it dearer than it is now, once
 * per ad version. An ad edited again since the job was queued is mailed at its current price.
 */
export async function runPriceDrop(job: PriceDropJob, env: Bindings): Promise<void> {
  const d1 = env.DB;
  const db = drizzle(d1, { schema });
  const post = await d1
    .prepare(
      `SELECT p.id, p.title, p.slug, p.price, p.currency, p.locality, p.category_id, p.status, p.version,
        (SELECT json_object('id', ph.id, 'fileName', ph.file_name, 'width', ph.width, 'height', ph.height)
         FROM photos ph WHERE ph.post_id = p.id AND ph.kind = 'post' ORDER BY ph.position, ph.id LIMIT 1) AS photo
       FROM posts p WHERE p.id = ? AND p.author_banned = 0`,
    )
    .bind(job.postId)
    .first<DropPost>();
  if (post?.status !== 'published' || post.price <= 0 || post.price > job.newPrice) return;
  const claimed = await claimPriceDrop(d1, post.id, job.version, post.price);
  if (claimed.length === 0) return;
  const tree = await getCategoryTreeCached(db);
  const site = env.SITE_URL;
  const url = absoluteUrl(site, postPath(post, categorySlugOf(tree, post.category_id)));
  const newPrice = formatPrice(post.price, post.currency) ?? '';
  let failed: unknown = null;
  for (const { userId, priceAtSave } of claimed) {
    try {
      const to = await mailRecipient(db, userId, 'price-drop');
      if (!to) continue;
      const unsubscribe = await unsubscribeUrl(env, userId, 'price-drop');
      const mail = {
        name: to.name,
        siteUrl: site,
        title: maskPhones(post.title),
        url,
        oldPrice: formatPrice(priceAtSave, post.currency) ?? '',
        newPrice,
        locality: post.locality,
        photoUrl: photoUrl(site, parsePhotoRef(post.photo)),
        manageUrl: absoluteUrl(site, route('favourites')),
        unsubscribeUrl: unsubscribe,
      };
      await sendMail(env, {
        to: to.email,
        subject: priceDropSubject(mail),
        text: priceDropText(mail),
        html: renderMailHtml(<PriceDropMailHtml {...mail} />),
        headers: listUnsubscribeHeaders(unsubscribe),
      });
    } catch (err) {
      // This person's mail is claimed again by the retry; the others are done.
      await releasePriceDrop(d1, post.id, userId, job.version);
      failed = err;
    }
  }
  if (failed) throw failed;
}
