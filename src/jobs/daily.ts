// The daily cron: expiry, stale drafts, unattached photos, re-masking, and the spelling queue.
import { remaskStoredText } from '../db/ad-text';
import { deleteStaleDrafts, expirePosts } from '../db/lifecycle';
import { openDb } from '../db/session';
import { DRAIN_BATCH, drainPendingTerms } from '../db/spelling';
import type { Bindings } from '../env';
import { cleanupOrphanPhotos, deletePhotoObjectsOf } from '../photos/cleanup';
import { resumeAccountDeletions } from './account-deletion';
import { cleanupConversations } from './conversation-cleanup';
import { enqueueExpiryReminders } from './expiry-reminder';
import { type RetentionReport, runRetention } from './retention';
import { enqueueSavedSearchDigests } from './saved-search-digest';

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
  /** Conversations about ads deleted more than 30 days ago, removed. */
  conversationsRemoved: number;
  /** People whose saved-search digest was queued. */
  savedSearchDigests: number;
  /** Owners (per stage) queued an expiry reminder. */
  reminders: number;
  /** Account deletions interrupted earlier and finished now. */
  deletionsResumed: number;
  /** What the retention rules removed (docs/privacy.md). */
  retention: RetentionReport;
}

/**
 * The daily cron: expires published ads past their lifetime, removes drafts never published and
 * untouched for a week, and photos uploaded in the editor but never attached to an ad; re-masks the
 * phone numbers of ads stored under an older masking rule. Then adds the words of every ad changed
 * since the last spelling lookup to the spelling candidates (searches do it too, a batch at a time;
 * after a bulk import or a re-masking this empties the queue).
 */
export async function runScheduled(env: Bindings, now: number): Promise<ScheduledReport> {
  const db = openDb(env.DB);
  // First, so a deletion interrupted yesterday leaves nothing for the jobs below to mail or keep.
  const deletionsResumed = await resumeAccountDeletions(env, db, now);
  const expired = await expirePosts(db, now);
  const reminders = await enqueueExpiryReminders(env, db, now);
  const stale = await deleteStaleDrafts(db, now);
  await deletePhotoObjectsOf(env, stale.removedPhotos);
  const staleDrafts = stale.drafts;
  const orphanPhotos = await cleanupOrphanPhotos(env, db, now);
  const remasked = await remaskStoredText(db, REMASK_PER_RUN);
  // Before the conversations' cleanup, so an ad removed now starts its conversations' 30 days today.
  const retention = await runRetention(env, db, now);
  const { removed: conversationsRemoved } = await cleanupConversations(env, db, now);
  let spellingAds = 0;
  for (let round = 0; round < MAX_SPELLING_ROUNDS; round++) {
    const n = await drainPendingTerms(env.DB);
    spellingAds += n;
    if (n < DRAIN_BATCH) break;
  }
  const savedSearchDigests = await enqueueSavedSearchDigests(env, now);
  return {
    expired,
    staleDrafts,
    orphanPhotos,
    remasked,
    spellingAds,
    conversationsRemoved,
    savedSearchDigests,
    reminders,
    deletionsResumed,
    retention,
  };
}
