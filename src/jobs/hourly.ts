// The hourly cron (the second schedule in wrangler.toml): the operators' digest of new reports, and
// the unread-messages mails that waited for their person's hour to pass.
// and the removal of first messages kept for a sign-in that never came (docs/messages.md#drafts).
import { deleteStaleDrafts } from '../db/message-drafts';
import { openDb } from '../db/session';
import type { Bindings } from '../env';
import { enqueueWaitingNotices } from './message-unread';
import { enqueueReportsDigest } from './moderation';

/** Must equal the hourly schedule in wrangler.toml's `[triggers] crons`. */
export const HOURLY_CRON = '7 * * * *';

export async function runHourly(
  env: Bindings,
  now: number,
): Promise<{ digests: number; messageNotices: number; staleDrafts: number }> {
  const db = openDb(env.DB);
  return {
    digests: await enqueueReportsDigest(env, db, now),
    messageNotices: await enqueueWaitingNotices(env, db, now),
    staleDrafts: await deleteStaleDrafts(db, now),
  };
}
