// The consumer side of the job queue: each message is dispatched by its `kind` to its handler. A
// handler that throws is retried later (with a growing delay); after the last attempt the job is
// given up with one log line, so a broken mail never blocks the queue.
import type { Bindings } from '../env';
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
      continue;
    }
    const handler = JOB_HANDLERS[job.kind as JobKind] as (job: Job, env: Bindings) => Promise<void>;
    try {
      await handler(job, env);
      message.ack();
    } catch (err) {
      if (message.attempts >= MAX_ATTEMPTS) {
        console.error(
          `job given up after ${message.attempts} attempts: ${job.kind} ${JSON.stringify(job)}: ${
            err instanceof Error ? err.message : String(err)
          }`,
        );
        message.ack();
      } else {
        message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      }
    }
  }
}
