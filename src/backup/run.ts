// The nightly backup, split over queue jobs so that no invocation does too much
// (docs/operations.md#backups): `backup-tables` reads every table into the bucket and queues the
// photos to copy in parts of PHOTOS_PER_PART; each `backup-photos` copies its part and leaves a
// marker; the part that finds every marker present finishes the backup (its manifest), and
// retention follows as its own job.
import { lastMigration } from '../db/backup';
import { backupRunId, finishRun, startRun } from '../db/job-runs';
import { openDb } from '../db/session';
import type { Bindings } from '../env';
import { enqueue } from '../jobs/queue';
import type { BackupPhotosJob, BackupTablesJob } from '../jobs/types';
import {
  backupName,
  backupPhotoKey,
  FORMAT,
  FORMAT_VERSION,
  gunzipText,
  gzip,
  type Manifest,
  manifestKey,
  parseLines,
  partKey,
  partsPrefix,
  pendingKey,
  rowLine,
  sha256Hex,
  tableKey,
} from './format';
import { applyRetention } from './retention';
import { exportTables } from './snapshot';
import { completeBackups, type PendingBackup, photoIdsOf, readManifest, readPending } from './store';

/** Photos copied by one job: a get and a put each, well under an invocation's subrequests. */
export const PHOTOS_PER_PART = 400;

/** The daily cron's part: records the run and queues the backup's first job. */
export async function startBackup(env: Bindings, now: number): Promise<string> {
  const name = backupName(now);
  await startRun(openDb(env.DB), 'backup', now, name);
  await enqueue(env, { kind: 'backup-tables', name });
  return name;
}

export async function runBackupTables(job: BackupTablesJob, env: Bindings, now = Date.now()): Promise<void> {
  if (await readManifest(env.BACKUPS, job.name)) return;
  const migration = await lastMigration(env.DB);
  const snapshot = await exportTables(env.DB, env.BACKUPS, job.name);
  const [previous] = await completeBackups(env.BACKUPS, 1);
  const already = new Set(previous ? await photoIdsOf(env.BACKUPS, previous.name) : []);
  const toCopy = snapshot.photos.filter((p) => !already.has(p.id)).map((p) => p.id);
  const parts: number[][] = [];
  for (let i = 0; i < toCopy.length; i += PHOTOS_PER_PART) parts.push(toCopy.slice(i, i + PHOTOS_PER_PART));
  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    name: job.name,
    createdAt: now,
    finishedAt: null,
    lastMigration: migration,
    tables: snapshot.tables,
    photos: { count: snapshot.photos.length, bytes: 0, copied: toCopy.length },
    leftOut: snapshot.leftOut,
  };
  const pending: PendingBackup = { manifest, parts: parts.length };
  await env.BACKUPS.put(pendingKey(job.name), JSON.stringify(pending));
  if (parts.length === 0) {
    await finishBackup(env, job.name);
    return;
  }
  await enqueue(
    env,
    parts.map((ids, part) => ({ kind: 'backup-photos' as const, name: job.name, part, ids })),
  );
}

interface PartMarker {
  missing: number[];
  bytes: number;
}

export async function runBackupPhotos(job: BackupPhotosJob, env: Bindings): Promise<void> {
  const missing: number[] = [];
  let bytes = 0;
  for (const id of job.ids) {
    const original = await env.PHOTOS.get(`photos/${id}/original.webp`);
    if (!original) {
      missing.push(id);
      continue;
    }
    const body = await original.arrayBuffer();
    bytes += body.byteLength;
    await env.BACKUPS.put(backupPhotoKey(id), body, {
      httpMetadata: { contentType: original.httpMetadata?.contentType ?? 'image/webp' },
      customMetadata: { sha256: await sha256Hex(body) },
    });
  }
  const marker: PartMarker = { missing, bytes };
  await env.BACKUPS.put(partKey(job.name, job.part), JSON.stringify(marker));
  await finishBackup(env, job.name);
}

/**
 * Finishes the backup once every part left its marker (several parts may try at once: every step is
 * idempotent). Photo rows whose original was gone before it was copied are taken out of the photos
 * table, so every photo row in a finished backup has its original.
 */
export async function finishBackup(env: Bindings, name: string, now = Date.now()): Promise<boolean> {
  const pending = await readPending(env.BACKUPS, name);
  if (!pending) return false;
  const markers: PartMarker[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.BACKUPS.list({ prefix: partsPrefix(name), cursor });
    for (const o of page.objects) {
      const object = await env.BACKUPS.get(o.key);
      if (object) markers.push((await object.json()) as PartMarker);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  if (markers.length < pending.parts) return false;

  const manifest = pending.manifest;
  const missing = new Set(markers.flatMap((m) => m.missing));
  const photosTable = await env.BACKUPS.get(tableKey(name, 'photos'));
  if (photosTable) {
    const rows = parseLines(await gunzipText(await photosTable.arrayBuffer()));
    const kept = rows.filter((r) => !missing.has(r.id as number));
    if (kept.length !== rows.length) {
      const bytes = await gzip(kept.map((r) => `${rowLine(r)}\n`));
      await env.BACKUPS.put(tableKey(name, 'photos'), bytes);
      manifest.tables.photos = { rows: kept.length, bytes: bytes.byteLength, sha256: await sha256Hex(bytes) };
      manifest.leftOut += rows.length - kept.length;
    }
    manifest.photos.count = kept.length;
    manifest.photos.bytes = kept.reduce((sum, r) => sum + ((r.bytes as number) ?? 0), 0);
    manifest.photos.copied -= missing.size;
  }
  manifest.finishedAt = now;
  await env.BACKUPS.put(manifestKey(name), JSON.stringify(manifest), {
    httpMetadata: { contentType: 'application/json' },
  });
  await env.BACKUPS.delete([pendingKey(name), ...markers.map((_, i) => partKey(name, i))]);
  const db = openDb(env.DB);
  const runId = await backupRunId(db, name);
  const total = Object.values(manifest.tables).reduce((s, t) => s + t.bytes, 0) + manifest.photos.bytes;
  if (runId) await finishRun(db, runId, true, now, name);
  console.log(`backup ${name} finished: ${total} bytes, ${manifest.photos.count} photos`);
  await enqueue(env, { kind: 'backup-retention' });
  return true;
}

export async function runBackupRetention(env: Bindings, now = Date.now()): Promise<void> {
  const report = await applyRetention(env.BACKUPS, now);
  if (report.removed.length > 0 || report.photosRemoved > 0) {
    console.log(`backup retention: removed ${report.removed.join(', ')}; ${report.photosRemoved} photos`);
  }
}
