// Shared by the backup tests: runs a backup through its real queue jobs and reads it back.
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';
import { backupName, gunzipText, type Manifest, parseLines, tableKey } from '../../src/backup/format';
import { runBackupTables } from '../../src/backup/run';
import { readManifest } from '../../src/backup/store';
import { JOB_HANDLERS } from '../../src/jobs/registry';
import type { Job } from '../../src/jobs/types';
import { originalKey } from '../../src/photos/keys';
import { insertPhoto } from '../fixtures';

let clock = Date.UTC(2026, 0, 1, 3, 17);

/** A backup time later than every earlier one of this file (names have one-second resolution). */
export function nextBackupTime(stepMs = 3_600_000): number {
  clock += stepMs;
  return clock;
}

/**
 * Runs the jobs put on JOBS or BACKUP_JOBS while `work` runs, and the jobs those put, through the consumer's own
 * handlers, here and in order (the local queue would deliver them a second later, interleaved with
 * the next test's). Answers the kinds run.
 */
export async function drainJobs(work: () => Promise<unknown>): Promise<string[]> {
  const queued: Job[] = [];
  const capture = async (messages: Iterable<MessageSendRequest<unknown>>) => {
    for (const m of messages) queued.push(m.body as Job);
    return undefined as never;
  };
  const spies = [
    vi.spyOn(env.JOBS, 'sendBatch').mockImplementation(capture),
    vi.spyOn(env.BACKUP_JOBS, 'sendBatch').mockImplementation(capture),
  ];
  const ran: string[] = [];
  try {
    await work();
    while (queued.length > 0) {
      const job = queued.shift()!;
      ran.push(job.kind);
      await (JOB_HANDLERS[job.kind] as (j: Job, e: typeof env) => Promise<void>)(job, env);
    }
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return ran;
}

/** Runs a whole backup through its jobs (tables, photo parts, retention); its manifest. */
export async function backupNow(at = nextBackupTime()): Promise<Manifest> {
  const name = backupName(at);
  await drainJobs(() => runBackupTables({ kind: 'backup-tables', name }, env, at));
  const manifest = await readManifest(env.BACKUPS, name);
  if (!manifest) throw new Error(`backup ${name} did not finish`);
  return manifest;
}

export async function tableRows(name: string, table: string): Promise<Record<string, unknown>[]> {
  const object = await env.BACKUPS.get(tableKey(name, table));
  if (!object) throw new Error(`no ${table} in ${name}`);
  return parseLines(await gunzipText(await object.arrayBuffer()));
}

/** A photo row with its original in PHOTOS (a few bytes standing for a WebP). */
export async function photoWithObject(postId: number, userId: number) {
  const photo = await insertPhoto(postId, userId, (n) => `poza-${n}.jpg`);
  await env.PHOTOS.put(originalKey(photo.id), new TextEncoder().encode(`webp ${photo.id} ${Math.random()}`));
  return photo;
}

/** Empties a bucket. */
export async function clearBucket(bucket: R2Bucket) {
  for (;;) {
    const page = await bucket.list();
    if (page.objects.length === 0) return;
    await bucket.delete(page.objects.map((o) => o.key));
  }
}
