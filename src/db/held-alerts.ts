// The instant alert to the operators when an ad is held automatically (docs/moderation.md#alerts):
// at most HELD_ALERTS_PER_HOUR an hour and one an hour per ad, claimed inside the insert itself so
// that of any number of holds at once no more than the limit win.
import { sql } from 'drizzle-orm';
import type { Db } from '../env';

export const HELD_ALERTS_PER_HOUR = 3;
export const HELD_ALERT_WINDOW_MS = 3_600_000;

/**
 * Claims an alert about `postId`: true when this call may send it. One statement (an INSERT … SELECT
 * whose condition counts the rows of the last hour), so the count and the insert cannot interleave
 * with another claim.
 */
export async function claimHeldAlert(db: Db, postId: number, now: number): Promise<boolean> {
  const since = now - HELD_ALERT_WINDOW_MS;
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO held_alerts (post_id, created_at)
    SELECT ${postId}, ${now}
    WHERE (SELECT count(*) FROM held_alerts WHERE created_at > ${since} AND created_at <= ${now}) < ${HELD_ALERTS_PER_HOUR}
      AND NOT EXISTS (
        SELECT 1 FROM held_alerts WHERE post_id = ${postId} AND created_at > ${since} AND created_at <= ${now}
      )
    RETURNING id`);
  return rows.length > 0;
}
