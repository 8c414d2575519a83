// The consumer side of the job queue: each message is dispatched by its `kind` to its handler. A
// handler that throws is retried later (with a growing delay); after the last attempt the job is
// given up with one log line, so a broken mail never blocks the queue.
import { sendAlarm } from '../backup/alarms';
import { backupRunId, finishRun, recordEvent } from '../db/job-runs';
import { openDb } from '../db/session';
import type { Bindings } from '../env';
import { jobSettled } from './queue';
import { JOB_HANDLERS } from './registry';
import type { Job, JobKind } from './types';

/** Attempts in all: the first one plus `max_retries` in wrangler.toml. */
export const MAX_ATTEMPTS = 5;

/** Seconds before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, 4 min … */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

function isJob(body: unknown): body is Job {
  return (
    !!body &&
    typeof body === 'object' &&
    typeof (body as { kind?: unknown }).kind === 'string' &&
    Object.hasOwn(JOB_HANDLERS, (body as { kind: string }).kind)
  );
}

export async function handleJobs(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  for (const message of batch.messages) {
    const job = message.body;
    if (!isJob(job)) {
      console.error('job dropped: unknown kind', JSON.stringify(job)?.slice(0, 200));
      message.ack();
      jobSettled(message.attempts);
      continue;
    }
    const handler = JOB_HANDLERS[job.kind as JobKind] as (job: Job, env: Bindings) => Promise<void>;
    try {
      await handler(job, env);
      message.ack();
      jobSettled(message.attempts);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const givenUp = message.attempts >= MAX_ATTEMPTS;
      if (givenUp) {
        console.error(
          `job given up after ${message.attempts} attempts: ${job.kind} ${JSON.stringify(job)}: ${reason}`,
        );
        message.ack();
      } else {
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
      await recordFailure(env, job, givenUp, `${jobLabel(job)}: ${reason}`);
      jobSettled(message.attempts);
    }
  }
}

/** The job in a few words for /moderare/stare (its kind and, for a backup, the backup's name). */
function jobLabel(job: Job): string {
  return 'name' in job ? `${job.kind} ${job.name}` : job.kind;
}

/**
 * Records a failed attempt on /moderare/stare (`retrying`, or `failed` once given up); a backup job
 * given up fails its backup run and mails the operators (docs/operations.md#alarms).
 */
async function recordFailure(env: Bindings, job: Job, givenUp: boolean, detail: string): Promise<void> {
  try {
    const db = openDb(env.DB);
    const now = Date.now();
    await recordEvent(db, `job:${job.kind}`, givenUp ? 'failed' : 'retrying', now, detail);
    if (givenUp && job.kind.startsWith('backup-')) {
      const runId = 'name' in job ? await backupRunId(db, job.name) : null;
      if (runId) await finishRun(db, runId, false, now, 'name' in job ? job.name : undefined);
      await sendAlarm(env, 'backup-failed', detail, now);
    }
  } catch (err) {
    console.error('job failure not recorded', err);
  }
}
