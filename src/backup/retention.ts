// Retention: removes the backups backupsToKeep does not keep, then the photo originals no kept backup
// holds any more (a photo deleted from the site stays until the last backup holding it expires).
// Backups still copying their photos are kept, and their photos too; one left unfinished for two
// days, with a finished one after it, is removed.
import { backupsToKeep } from '../lib/retention';
import { backupTime } from './format';
import { backupNames, deleteBackupObjects, photoIdsOf, readManifest } from './store';

/** An unfinished backup older than this is a failed one: removed by retention. */
export const UNFINISHED_MAX_AGE_MS = 2 * 86_400_000;

export interface RetentionReport {
  removed: string[];
  photosRemoved: number;
}

export async function applyRetention(bucket: R2Bucket, now: number): Promise<RetentionReport> {
  const names = await backupNames(bucket);
  const complete: { name: string; at: number }[] = [];
  const unfinished: string[] = [];
  for (const name of names) {
    if (await readManifest(bucket, name)) complete.push({ name, at: backupTime(name) });
    else unfinished.push(name);
  }
  const keep = backupsToKeep(complete);
  const removed = [
    ...complete.filter((b) => !keep.has(b.name)).map((b) => b.name),
    ...unfinished.filter(
      (n) => now - backupTime(n) > UNFINISHED_MAX_AGE_MS && complete.some((b) => b.at > backupTime(n)),
    ),
  ];
  for (const name of removed) await deleteBackupObjects(bucket, name);

  const held = new Set<number>();
  for (const name of names) {
    if (removed.includes(name)) continue;
    for (const id of await photoIdsOf(bucket, name)) held.add(id);
  }
  let photosRemoved = 0;
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: 'photos/', cursor });
    const stale = page.objects
      .map((o) => o.key)
      .filter((key) => {
        const id = Number(key.split('/')[1]);
        return !held.has(id);
      });
    if (stale.length > 0) await bucket.delete(stale);
    photosRemoved += stale.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return { removed, photosRemoved };
}
