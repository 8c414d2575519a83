// Background work on /moderare/stare and the restore in progress (migration 0019, docs/operations.md).
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One row per cron run, backup, failed or retried queue job, mail outcome and alarm. `kind` is
 * `daily`, `hourly`, `backup`, `job:<kind>`, `mail` or `alarm:<reason>`.
 */
export const jobRuns = sqliteTable(
  'job_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    /** `running`, `ok`, `failed`, or `retrying` (a queue job that waits for its next attempt). */
    status: text('status', { enum: ['running', 'ok', 'failed', 'retrying'] }).notNull(),
    startedAt: integer('started_at').notNull(),
    finishedAt: integer('finished_at'),
    detail: text('detail'),
  },
  (t) => [index('job_runs_kind_started').on(t.kind, t.startedAt), index('job_runs_started').on(t.startedAt)],
);

/** The one restore into this site (id 1): started from which backup, and whether it finished. */
export const restoreProgress = sqliteTable('restore_progress', {
  id: integer('id').primaryKey(),
  backup: text('backup').notNull(),
  status: text('status', { enum: ['running', 'done'] }).notNull(),
  startedAt: integer('started_at').notNull(),
  finishedAt: integer('finished_at'),
});

export type JobRun = typeof jobRuns.$inferSelect;
