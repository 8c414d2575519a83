// The `price-drop` job: an ad's edit that lowers its price queues one (notePriceChange); each
// favouriter's mail is claimed in D1 before it is sent and given back when the send fails, so a
// retried or duplicated job never mails anyone twice.
import { getCategoryTreeCached } from '../db/categories';
import { claimPriceDrop, getPriceDropPost, releasePriceDrop } from '../db/favourites';
import { parsePhotoRef } from '../db/fragments';
import { openDb } from '../db/session';
import type { Bindings } from '../env';
import { absoluteUrl, categorySlugOf, postPath, route } from '../lib/links';
import { maskPhones } from '../lib/phone';
import { type Currency, formatPrice } from '../lib/price';
import { sendKindMail } from '../mail/compose';
import { priceDropMail } from '../mail/price-drop';
import { mailRecipient } from '../mail/recipient';
import { responsiveUrl } from '../photos/urls';
import { enqueue, type QueueBindings } from './queue';
import type { PriceDropJob } from './types';

/**
 * Called by the editor after a successful save: when the price went down (same currency, both
 * prices shown), one `price-drop` job for the ad's new version.
 */
export async function notePriceChange(
  env: QueueBindings,
  before: { id: number; price: number; currency: Currency },
  after: { id: number; price: number; currency: Currency; version: number; status: string },
): Promise<boolean> {
  if (after.status !== 'published' || after.currency !== before.currency) return false;
  if (!(after.price > 0 && before.price > after.price)) return false;
  await enqueue(env, { kind: 'price-drop', postId: after.id, version: after.version, newPrice: after.price });
  return true;
}

/**
 * Mails each person who saved the ad, asked for price drops and saved it dearer than it is now, once
 * per ad version. An ad edited again since the job was queued is mailed at its current price.
 */
export async function runPriceDrop(job: PriceDropJob, env: Bindings): Promise<void> {
  const d1 = env.DB;
  const db = openDb(d1);
  const post = await getPriceDropPost(d1, job.postId);
  if (post?.status !== 'published' || post.price <= 0 || post.price > job.newPrice) return;
  const claimed = await claimPriceDrop(d1, post.id, job.version, post.price);
  if (claimed.length === 0) return;
  const tree = await getCategoryTreeCached(db);
  const site = env.SITE_URL;
  const url = absoluteUrl(site, postPath(post, categorySlugOf(tree, post.category_id)));
  const newPrice = formatPrice(post.price, post.currency) ?? '';
  const photo = parsePhotoRef(post.photo);
  const photoUrl = photo ? absoluteUrl(site, responsiveUrl(photo, 320)) : null;
  let failed: unknown = null;
  for (const { userId, priceAtSave } of claimed) {
    try {
      const to = await mailRecipient(db, userId, 'price-drop');
      if (!to) continue;
      await sendKindMail(env, to, 'price-drop', priceDropMail, (footer) => ({
        name: to.name,
        siteUrl: site,
        title: maskPhones(post.title),
        url,
        oldPrice: formatPrice(priceAtSave, post.currency) ?? '',
        newPrice,
        locality: post.locality,
        photoUrl,
        manageUrl: absoluteUrl(site, route('favourites')),
        unsubscribeUrl: footer.unsubscribeUrl,
      }));
    } catch (err) {
      // This person's mail is claimed again by the retry; the others are done.
      await releasePriceDrop(d1, post.id, userId, job.version);
      failed = err;
    }
  }
  if (failed) throw failed;
}
