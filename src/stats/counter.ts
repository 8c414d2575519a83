// One Durable Object per ad (bound as AD_COUNTERS) that counts its views and phone reveals cheaply
// (docs/stats.md). Each event carries the visitor's daily hashed key: the first event of a key and
// kind on a day adds one to the day's pending count in the object's own SQLite storage, a repeat
// adds nothing. An alarm adds the pending counts to D1 in one batch at most every FLUSH_MS, so a
// page view never writes to D1. Keys are forgotten once their day has passed.
import { DurableObject } from 'cloudflare:workers';
import { addPostStats, type StatDelta, type StatKind } from '../db/post-stats';
import { openDb } from '../db/session';
import type { Bindings } from '../env';

/** How long counts wait in the object before they are added to D1 (STATS_FLUSH_SECONDS overrides). */
export const FLUSH_MS = 5 * 60 * 1000;

export interface CountEvent {
  postId: number;
  kind: StatKind;
  /** The Bucharest day, `YYYY-MM-DD`. */
  day: string;
  /** The visitor's daily hashed key (lib/visitor.ts). */
  visitor: string;
}

export class AdCounter extends DurableObject<Bindings> {
  private readonly sql: SqlStorage;
  private readonly flushMs: number;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    const seconds = Number(env.STATS_FLUSH_SECONDS);
    this.flushMs = Number.isFinite(seconds) && seconds >= 1 ? seconds * 1000 : FLUSH_MS;
    this.sql.exec(`CREATE TABLE IF NOT EXISTS seen (day TEXT NOT NULL, kind TEXT NOT NULL, visitor TEXT NOT NULL,
      PRIMARY KEY (day, kind, visitor)) WITHOUT ROWID`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS pending (post_id INTEGER NOT NULL, day TEXT NOT NULL, kind TEXT NOT NULL,
      n INTEGER NOT NULL, PRIMARY KEY (post_id, day, kind)) WITHOUT ROWID`);
  }

  /** Counts the event unless this visitor was already counted for it today; true when counted. */
  async count(event: CountEvent): Promise<boolean> {
    const inserted = this.sql.exec(
      'INSERT OR IGNORE INTO seen (day, kind, visitor) VALUES (?, ?, ?)',
      event.day,
      event.kind,
      event.visitor,
    ).rowsWritten;
    if (inserted === 0) return false;
    this.sql.exec(
      `INSERT INTO pending (post_id, day, kind, n) VALUES (?, ?, ?, 1)
       ON CONFLICT (post_id, day, kind) DO UPDATE SET n = n + 1`,
      event.postId,
      event.day,
      event.kind,
    );
    if ((await this.ctx.storage.getAlarm()) === null)
      await this.ctx.storage.setAlarm(Date.now() + this.flushMs);
    return true;
  }

  /** The counts not yet in D1 (for tests and the owner's panel). */
  async pending(): Promise<StatDelta[]> {
    return this.deltas();
  }

  private deltas(): StatDelta[] {
    const byDay = new Map<string, StatDelta>();
    for (const row of this.sql.exec<{ post_id: number; day: string; kind: string; n: number }>(
      'SELECT post_id, day, kind, n FROM pending',
    )) {
      const key = `${row.post_id}|${row.day}`;
      const d = byDay.get(key) ?? { postId: row.post_id, day: row.day, views: 0, reveals: 0 };
      if (row.kind === 'views') d.views += row.n;
      else if (row.kind === 'reveals') d.reveals += row.n;
      byDay.set(key, d);
    }
    return [...byDay.values()];
  }

  /** Adds the pending counts to D1, then takes exactly what was added off (events may arrive meanwhile). */
  override async alarm(): Promise<void> {
    const deltas = this.deltas();
    if (deltas.length > 0) {
      await addPostStats(openDb(this.env.DB), deltas);
      for (const d of deltas) {
        for (const kind of ['views', 'reveals'] as const) {
          if (d[kind] === 0) continue;
          this.sql.exec(
            'UPDATE pending SET n = n - ? WHERE post_id = ? AND day = ? AND kind = ?',
            d[kind],
            d.postId,
            d.day,
            kind,
          );
        }
      }
      this.sql.exec('DELETE FROM pending WHERE n <= 0');
    }
    // Yesterday's keys are still needed until its last events are in; older ones never are.
    const newest = this.sql.exec<{ day: string | null }>('SELECT max(day) AS day FROM seen').one().day;
    if (newest) this.sql.exec('DELETE FROM seen WHERE day < ?', previousDay(newest));
    const left = this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM pending').one().n;
    if (left > 0) await this.ctx.storage.setAlarm(Date.now() + this.flushMs);
  }
}

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
