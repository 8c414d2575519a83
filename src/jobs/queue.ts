// The producer side of the job queues: pages and crons put work on a queue and return at once; the
// consumer (consumer.ts) runs each job and retries it when it fails. The nightly backup's jobs go to
// their own queue, `BACKUP_JOBS`, so a mail never waits behind minutes of photo copying
// (docs/operations.md#backups); every other job goes to `JOBS`.
import type { Bindings } from '../env';
import type { Job } from './types';

export type { Job, JobKind, JobOf } from './types';

/** Messages per `sendBatch` call (the queue's limit). */
export const SEND_BATCH_SIZE = 100;

export type QueueBindings = Pick<Bindings, 'JOBS' | 'BACKUP_JOBS'>;

/** Whether a job belongs on the backup queue (every `backup-…` kind). */
export function isBackupJob(job: Job): boolean {
  return job.kind.startsWith('backup-');
}

/** Puts one job or many on their queue (in batches of SEND_BATCH_SIZE). */
export async function enqueue(env: QueueBindings, jobs: Job | Job[]): Promise<void> {
  const list = Array.isArray(jobs) ? jobs : [jobs];
  const backup = list.filter(isBackupJob);
  const other = list.filter((job) => !isBackupJob(job));
  await send(env.JOBS, other);
  await send(env.BACKUP_JOBS, backup);
}

async function send(queue: Queue, list: Job[]): Promise<void> {
  for (let i = 0; i < list.length; i += SEND_BATCH_SIZE) {
    const chunk = list.slice(i, i + SEND_BATCH_SIZE);
    await queue.sendBatch(chunk.map((body) => ({ body })));
    activity.sent += chunk.length;
  }
}

// What this isolate has put on the queues and how many of those messages its consumer has handled
// once (their first delivery done: acknowledged, dropped, or failed and left to a later retry). Two
// numbers in memory, nothing stored: they let a test wait until every job it caused has run
// (docs/testing.md#waiting-for-the-queue) instead of sleeping, without waiting for a retry minutes
// away.
const activity = { sent: 0, settled: 0 };

/** Counts a delivery the consumer finished (consumer.ts); only first deliveries count. */
export function jobSettled(attempts: number): void {
  if (attempts <= 1) activity.settled++;
}

/** Messages this isolate sent to the queues and first deliveries its consumer finished, so far. */
export function queueActivity(): { sent: number; settled: number } {
  return { ...activity };
}
