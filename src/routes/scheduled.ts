import { drizzle } from 'drizzle-orm/d1';
import { remaskStoredText } from '../db/ad-text';
import { deleteStaleDrafts, expirePosts } from '../db/lifecycle';
import * as schema from '../db/schema';
import type { Bindings } from '../env';
import { cleanupOrphanPhotos } from '../photos/cleanup';

/** Ads re-masked per daily run at most (a rule change re-masks every ad over the following runs). */
const REMASK_PER_RUN = 20_000;

export interface ScheduledReport {
  expired: number;
  staleDrafts: number;
  orphanPhotos: number;
  remasked: number;
}

/**
 * The daily cron: expires published ads past their lifetime, removes drafts never published and
 * untouched for a week, and photos uploaded in the editor but never attached to an ad; and re-masks
 * the phone numbers of ads stored under an older masking rule.
 */
export async function runScheduled(env: Bindings, now: number): Promise<ScheduledReport> {
  const db = drizzle(env.DB, { schema });
  const expired = await expirePosts(db, now);
  const staleDrafts = await deleteStaleDrafts(env, db, now);
  const orphanPhotos = await cleanupOrphanPhotos(env, db, now);
  const remasked = await remaskStoredText(db, REMASK_PER_RUN);
  return { expired, staleDrafts, orphanPhotos, remasked };
}
