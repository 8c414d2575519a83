// The crons as the operators see them (/moderare/stare): each run recorded in job_runs; the daily run
// also starts the nightly backup (whatever happened before it) and mails the operators when it
// fails; the hourly run checks that a backup finished in the last 26 hours (docs/operations.md).
import { checkBackupAge, sendAlarm } from '../backup/alarms';
import { startBackup } from '../backup/run';
import { finishRun, pruneJobRuns, startRun } from '../db/job-runs';
import { openDb } from '../db/session';
import type { Bindings } from '../env';
import { runScheduled } from './daily';
import { runHourly } from './hourly';

/** job_runs rows are kept this long. */
const KEEP_RUNS_MS = 90 * 86_400_000;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function runDaily(env: Bindings, now: number): Promise<void> {
  const db = openDb(env.DB);
  const id = await startRun(db, 'daily', now);
  let failure: unknown = null;
  let detail = '';
  try {
    detail = JSON.stringify(await runScheduled(env, now));
  } catch (err) {
    failure = err;
  }
  try {
    await startBackup(env, now);
  } catch (err) {
    failure ??= err;
  }
  try {
    await pruneJobRuns(db, now - KEEP_RUNS_MS);
  } catch (err) {
    console.error('job runs not pruned', err);
  }
  await finishRun(db, id, failure === null, Date.now(), failure === null ? detail : message(failure));
  if (failure !== null) {
    await sendAlarm(env, 'daily-failed', message(failure), now);
    throw failure;
  }
}

export async function recordedHourly(env: Bindings, now: number): Promise<void> {
  const db = openDb(env.DB);
  const id = await startRun(db, 'hourly', now);
  try {
    const report = await runHourly(env, now);
    await checkBackupAge(env, now);
    await finishRun(db, id, true, Date.now(), JSON.stringify(report));
  } catch (err) {
    await finishRun(db, id, false, Date.now(), message(err));
    throw err;
  }
}
