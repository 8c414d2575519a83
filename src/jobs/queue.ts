// The producer side of the job queue: pages and crons put work on `JOBS` and return at once; the
// consumer (consumer.ts) runs each job and retries it when it fails.
import type { Bindings } from '../env';
import type { Job } from './types';

export type { Job, JobKind, JobOf } from './types';

/** Messages per `sendBatch` call (the queue's limit). */
export const SEND_BATCH_SIZE = 100;

/** Puts one job or many on the queue (in batches of SEND_BATCH_SIZE). */
export async function enqueue(env: Pick<Bindings, 'JOBS'>, jobs: Job | Job[]): Promise<void> {
  const list = Array.isArray(jobs) ? jobs : [jobs];
  for (let i = 0; i < list.length; i += SEND_BATCH_SIZE) {
    await env.JOBS.sendBatch(list.slice(i, i + SEND_BATCH_SIZE).map((body) => ({ body })));
  }
}
