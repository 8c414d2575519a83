// The daily cron: expiry, stale drafts, unattached photos, re-masking, and the spelling queue.
import { drizzle } from 'drizzle-orm/d1';
import { remaskStoredText } from '../db/ad-text';
import { deleteStaleDrafts, expirePosts } from '../db/lifecycle';
import * as schema from '../db/schema';
import { DRAIN_BATCH, drainPendingTerms } from '../db/spelling';
import type { Bindings } from '../env';
import { enqueueExpiryReminders } from '../jobs/expiry-reminder';
import { cleanupOrphanPhotos } from '../photos/cleanup';

/** Batches of DRAIN_BATCH ads the daily run adds at most (100 000 ads). */
const MAX_SPELLING_ROUNDS = 200;
/** Ads re-masked per daily run at most (a rule change re-masks every ad over the following runs). */
const REMASK_PER_RUN = 20_000;

export interface ScheduledReport {
  expired: number;
  staleDrafts: number;
  orphanPhotos: number;
  /** Changed ads whose words were added to the search's spelling candidates. */
  spellingAds: number;
  remasked: number;
  /** Owners (per stage) queued an expiry reminder. */
  reminders: number;
}

/**
 * The daily cron: expires published ads past their lifetime, removes drafts never published and
 * untouched for a week, and photos uploaded in the editor but never attached to an ad; re-masks the
 * phone numbers of ads stored under an older masking rule. Then adds the words of every ad changed
 * since the last spelling lookup to the spelling candidates (searches do it too, a batch at a time;
 * after a bulk import or a re-masking this empties the queue).
 */
export async function runScheduled(env: Bindings, now: number): Promise<ScheduledReport> {
  const db = drizzle(env.DB, { schema });
  const expired = await expirePosts(db, now);
  const reminders = await enqueueExpiryReminders(env, db, now);
  const staleDrafts = await deleteStaleDrafts(env, db, now);
  const orphanPhotos = await cleanupOrphanPhotos(env, db, now);
  const remasked = await remaskStoredText(db, REMASK_PER_RUN);
  let spellingAds = 0;
  for (let round = 0; round < MAX_SPELLING_ROUNDS; round++) {
    const n = await drainPendingTerms(env.DB);
    spellingAds += n;
    if (n < DRAIN_BATCH) break;
  }
  return { expired, staleDrafts, orphanPhotos, remasked, spellingAds, reminders };
}
