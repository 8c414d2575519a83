// The operators' numbers at a glance (/moderare/statistici, docs/moderation.md#statistics): per
// Bucharest day, new ads, reports, decisions, and how long reports waited for a decision.
import { sql } from 'drizzle-orm';
import type { Db } from '../env';

/** What the log calls a decision on an ad or a person (edits and promotions are not). */
export const DECISION_ACTIONS = ['hide', 'unhide', 'delete', 'resolve', 'ban', 'unban'] as const;

/** One day of the window: its name (`YYYY-MM-DD`) and its limits [start, end) in ms. */
export interface DayBounds {
  day: string;
  start: number;
  end: number;
}

export interface DayCounts {
  day: string;
  ads: number;
  reports: number;
  decisions: number;
}

/**
 * New ads (not drafts), reports and decisions per day, one SQL with a count per day and table (each
 * a range on an index of `created_at`). At most 30 days (three bound values a day).
 */
export async function dailyCounts(db: Db, days: readonly DayBounds[]): Promise<DayCounts[]> {
  if (days.length === 0) return [];
  if (days.length > 30) throw new Error('at most 30 days at once');
  const values = sql.join(
    days.map((d) => sql`(${d.day}, ${d.start}, ${d.end})`),
    sql`, `,
  );
  const actions = sql.join(
    DECISION_ACTIONS.map((a) => sql.raw(`'${a}'`)),
    sql`, `,
  );
  const rows = await db.all<{ day: string; ads: number; reports: number; decisions: number }>(sql`
    WITH days(day, s, e) AS (VALUES ${values})
    SELECT day,
      (SELECT count(*) FROM posts WHERE created_at >= s AND created_at < e AND status <> 'draft') AS ads,
      (SELECT count(*) FROM reports WHERE created_at >= s AND created_at < e) AS reports,
      (SELECT count(*) FROM moderation_log WHERE created_at >= s AND created_at < e AND action IN (${actions})) AS decisions
    FROM days`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return days.map((d) => {
    const r = byDay.get(d.day);
    return {
      day: d.day,
      ads: Number(r?.ads ?? 0),
      reports: Number(r?.reports ?? 0),
      decisions: Number(r?.decisions ?? 0),
    };
  });
}

/** Reports decided in [from, to): when, and how long after the report (ms). */
export async function reportWaits(
  db: Db,
  from: number,
  to: number,
): Promise<{ resolvedAt: number; waitMs: number }[]> {
  const rows = await db.all<{ resolvedAt: number; waitMs: number }>(sql`
    SELECT resolved_at AS resolvedAt, resolved_at - created_at AS waitMs
    FROM reports WHERE resolved_at >= ${from} AND resolved_at < ${to}`);
  return rows.map((r) => ({ resolvedAt: Number(r.resolvedAt), waitMs: Math.max(0, Number(r.waitMs)) }));
}
