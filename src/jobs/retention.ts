// Retention as code (docs/privacy.md): what the privacy page promises is removed by the daily job.
//   - ads deleted by their owner or an operator 30 days ago (the undo window), with their photos;
//   - ads expired two years ago, with their photos (their URLs then answer 410);
//   - mail logs and tokens once past their validity (reminder rows, used renewal links, digest claims);
//   - conversations whose two participants are gone start their 30 days (then src/jobs/conversation-cleanup.ts);
//   - once a week, R2 objects of photos that have no row any more (left by a crash between the two).
// Ads of deleted accounts go with the account at once (src/jobs/account-deletion.ts); drafts and unattached uploads are the daily
// job's other rules (src/jobs/daily.ts).
import { DELETED_AD_KEEP_MS } from '../db/lifecycle';
import {
  deletedAdsDue,
  existingPhotoIds,
  longExpiredAds,
  markConversationsOfGoneAccounts,
  photosOfPosts,
  purgeMailLogs,
  readTime,
  removeAdsForGood,
  writeTime,
} from '../db/retention';
import type { Bindings, Db } from '../env';
import { DAY_MS } from '../lib/dates';
import { RENEW_LINK_TTL_MS } from '../mail/renew-link';
import { deletePhotos } from '../photos/cleanup';

/** The R2 sweep runs when the last one is at least this old. */
export const SWEEP_INTERVAL_MS = 7 * DAY_MS;
/** An object is only swept once this old: a photo being written or removed right now is left alone. */
export const SWEEP_MIN_AGE_MS = DAY_MS;
/** Where the time of the last sweep is kept (the `meta` table). */
export const SWEEP_META_KEY = 'retention:r2-sweep-at';
/** Ads removed per daily run at most (the rest on the next days). */
const EXPIRED_ADS_PER_RUN = 2_000;

export interface RetentionReport {
  deletedAdsRemoved: number;
  expiredAdsRemoved: number;
  mailLogRows: number;
  /** R2 objects removed by the weekly sweep (null: not this week's day). */
  sweptObjects: number | null;
}

/** Removes ads for good, photo objects first: a crash in between leaves rows pointing at nothing (404), never pixels without a row. */
async function removeWithPhotos(env: Bindings, db: Db, ids: number[], now: number): Promise<void> {
  await deletePhotos(env, db, await photosOfPosts(db, ids));
  await removeAdsForGood(db, ids, now);
}

export async function runRetention(env: Bindings, db: Db, now: number): Promise<RetentionReport> {
  let deletedAdsRemoved = 0;
  while (deletedAdsRemoved < EXPIRED_ADS_PER_RUN) {
    const ids = await deletedAdsDue(db, now, DELETED_AD_KEEP_MS);
    if (ids.length === 0) break;
    await removeWithPhotos(env, db, ids, now);
    deletedAdsRemoved += ids.length;
  }
  let expiredAdsRemoved = 0;
  while (expiredAdsRemoved < EXPIRED_ADS_PER_RUN) {
    const ids = await longExpiredAds(db, now);
    if (ids.length === 0) break;
    await removeWithPhotos(env, db, ids, now);
    expiredAdsRemoved += ids.length;
  }
  const mailLogRows = await purgeMailLogs(db, now, RENEW_LINK_TTL_MS);
  await markConversationsOfGoneAccounts(db, now);
  const last = await readTime(db, SWEEP_META_KEY);
  const sweptObjects =
    last === null || last <= now - SWEEP_INTERVAL_MS ? await sweepPhotoObjects(env, db, now) : null;
  return { deletedAdsRemoved, expiredAdsRemoved, mailLogRows, sweptObjects };
}

/** `photos/<id>/…` → id. */
function photoIdOfKey(key: string): number | null {
  const m = /^photos\/(\d+)\//.exec(key);
  return m ? Number(m[1]) : null;
}

/**
 * Every object under `photos/` whose photo has no row and that is older than a day is removed.
 * Answers how many objects went, and records the time of the sweep.
 */
export async function sweepPhotoObjects(env: Bindings, db: Db, now: number): Promise<number> {
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ prefix: 'photos/', cursor, limit: 1000 });
    const old = page.objects.filter((o) => o.uploaded.getTime() <= now - SWEEP_MIN_AGE_MS);
    const ids = [...new Set(old.map((o) => photoIdOfKey(o.key)).filter((id): id is number => id !== null))];
    const kept = await existingPhotoIds(db, ids);
    const orphans = old.filter((o) => {
      const id = photoIdOfKey(o.key);
      return id !== null && !kept.has(id);
    });
    if (orphans.length > 0) {
      await env.PHOTOS.delete(orphans.map((o) => o.key));
      removed += orphans.length;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  await writeTime(db, SWEEP_META_KEY, now);
  if (removed > 0) console.log(JSON.stringify({ event: 'r2-sweep', removed }));
  return removed;
}
