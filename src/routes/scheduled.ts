import { drizzle } from 'drizzle-orm/d1';
import { deleteStaleDrafts, expirePosts } from '../db/lifecycle';
import * as schema from '../db/schema';
import type { Bindings } from '../env';
import { cleanupOrphanPhotos } from '../photos/cleanup';

export interface ScheduledReport {
  expired: number;
  staleDrafts: number;
  orphanPhotos: number;
}

/**
 * The daily cron: expires published ads past their lifetime, removes drafts never published and
 * untouched for a week, and photos uploaded in the editor but never attached to an ad.
 */
export async function runScheduled(env: Bindings, now: number): Promise<ScheduledReport> {
  const db = drizzle(env.DB, { schema });
  const expired = await expirePosts(db, now);
  const staleDrafts = await deleteStaleDrafts(env, db, now);
  const orphanPhotos = await cleanupOrphanPhotos(env, db, now);
  return { expired, staleDrafts, orphanPhotos };
}
