// Background work as the operators see it (/moderare/stare): cron runs, backups, queue jobs that
// failed or wait for a retry, mails sent or refused, and the alarms sent about them.
import { and, desc, eq, gte, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { type JobRun, jobRuns } from './schema';

export type { JobRun };

export type RunStatus = JobRun['status'];

/** Starts a run (`daily`, `hourly`, `backup`); answers its id for finishRun. */
export async function startRun(db: Db, kind: string, now: number, detail?: string): Promise<number> {
  const [row] = await db
    .insert(jobRuns)
    .values({ kind, status: 'running', startedAt: now, detail: detail ?? null })
    .returning({ id: jobRuns.id });
  return row.id;
}

export async function finishRun(
  db: Db,
  id: number,
  ok: boolean,
  now: number,
  detail?: string,
): Promise<void> {
  await db
    .update(jobRuns)
    .set({ status: ok ? 'ok' : 'failed', finishedAt: now, ...(detail !== undefined ? { detail } : {}) })
    .where(eq(jobRuns.id, id));
}

/** A finished event in one row (a mail's outcome, a job's failure or retry, an alarm). */
export async function recordEvent(db: Db, kind: string, status: RunStatus, now: number, detail?: string) {
  await db
    .insert(jobRuns)
    .values({ kind, status, startedAt: now, finishedAt: now, detail: detail?.slice(0, 500) ?? null });
}

/** The running backup run of this backup name (its detail), if any. */
export async function backupRunId(db: Db, name: string): Promise<number | null> {
  const [row] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(and(eq(jobRuns.kind, 'backup'), eq(jobRuns.detail, name)))
    .orderBy(desc(jobRuns.id))
    .limit(1);
  return row?.id ?? null;
}

/** The last runs of a kind, newest first. */
export async function lastRuns(db: Db, kind: string, limit = 5): Promise<JobRun[]> {
  return db.select().from(jobRuns).where(eq(jobRuns.kind, kind)).orderBy(desc(jobRuns.id)).limit(limit);
}

/** When the last successful run of a kind finished (null: never). */
export async function lastSuccess(db: Db, kind: string): Promise<number | null> {
  const [row] = await db
    .select({ at: sql<number>`max(${jobRuns.finishedAt})` })
    .from(jobRuns)
    .where(and(eq(jobRuns.kind, kind), eq(jobRuns.status, 'ok')));
  return row?.at ?? null;
}

/** When the crons first ran (how long the site has been running background work). */
export async function firstRecorded(db: Db): Promise<number | null> {
  const [row] = await db
    .select({ at: sql<number>`min(${jobRuns.startedAt})` })
    .from(jobRuns)
    .where(inArray(jobRuns.kind, ['daily', 'hourly']));
  return row?.at ?? null;
}

/** Queue jobs that failed or wait for a retry since `since`, newest first. */
export async function troubledJobs(db: Db, since: number, limit = 20): Promise<JobRun[]> {
  return db
    .select()
    .from(jobRuns)
    .where(
      and(
        like(jobRuns.kind, 'job:%'),
        inArray(jobRuns.status, ['failed', 'retrying']),
        gte(jobRuns.startedAt, since),
      ),
    )
    .orderBy(desc(jobRuns.id))
    .limit(limit);
}

export interface MailCounts {
  sent: number;
  failed: number;
}

export async function mailCounts(db: Db, since: number): Promise<MailCounts> {
  const rows = await db
    .select({ status: jobRuns.status, n: sql<number>`count(*)` })
    .from(jobRuns)
    .where(and(eq(jobRuns.kind, 'mail'), gte(jobRuns.startedAt, since)))
    .groupBy(jobRuns.status);
  return {
    sent: rows.find((r) => r.status === 'ok')?.n ?? 0,
    failed: rows.find((r) => r.status === 'failed')?.n ?? 0,
  };
}

/** Whether an alarm of this kind was sent since `since` (alarms are sent at most once a day each). */
export async function alarmSentSince(db: Db, kind: string, since: number): Promise<boolean> {
  const [row] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(and(eq(jobRuns.kind, `alarm:${kind}`), gte(jobRuns.startedAt, since)))
    .limit(1);
  return !!row;
}

/** Removes rows older than `before` (the daily run keeps 90 days). */
export async function pruneJobRuns(db: Db, before: number): Promise<void> {
  await db.delete(jobRuns).where(sql`${jobRuns.startedAt} < ${before} AND ${jobRuns.status} != 'running'`);
}
