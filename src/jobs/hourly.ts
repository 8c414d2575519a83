// The hourly cron (the second schedule in wrangler.toml): the operators' digest of new reports.
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../db/schema';
import type { Bindings } from '../env';
import { enqueueReportsDigest } from './moderation';

/** Must equal the hourly schedule in wrangler.toml's `[triggers] crons`. */
export const HOURLY_CRON = '7 * * * *';

export async function runHourly(env: Bindings, now: number): Promise<{ digests: number }> {
  const db = drizzle(env.DB, { schema });
  return { digests: await enqueueReportsDigest(env, db, now) };
}
