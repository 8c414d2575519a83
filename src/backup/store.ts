// Reading the backups bucket: which backups exist, their manifests, and the photo ids a backup holds.
import {
  backupPrefix,
  gunzipText,
  isBackupName,
  type Manifest,
  manifestKey,
  parseLines,
  pendingKey,
  tableKey,
} from './format';

/** Every backup name in the bucket (complete or not), newest first. */
export async function backupNames(bucket: R2Bucket): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: 'backups/', delimiter: '/', cursor });
    for (const p of page.delimitedPrefixes) {
      const name = p.slice('backups/'.length, -1);
      if (isBackupName(name)) names.push(name);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return names.sort().reverse();
}

export async function readManifest(bucket: R2Bucket, name: string): Promise<Manifest | null> {
  const object = await bucket.get(manifestKey(name));
  return object ? ((await object.json()) as Manifest) : null;
}

export async function readPending(bucket: R2Bucket, name: string): Promise<PendingBackup | null> {
  const object = await bucket.get(pendingKey(name));
  return object ? ((await object.json()) as PendingBackup) : null;
}

/** A backup whose photos are still being copied: its manifest so far and the number of parts. */
export interface PendingBackup {
  manifest: Manifest;
  parts: number;
}

/** Complete backups (with a manifest), newest first. */
export async function completeBackups(
  bucket: R2Bucket,
  limit = Number.POSITIVE_INFINITY,
): Promise<Manifest[]> {
  const out: Manifest[] = [];
  for (const name of await backupNames(bucket)) {
    if (out.length >= limit) break;
    const manifest = await readManifest(bucket, name);
    if (manifest) out.push(manifest);
  }
  return out;
}

/** The photo ids in a backup's photos table (empty if it has none yet). */
export async function photoIdsOf(bucket: R2Bucket, name: string): Promise<number[]> {
  const object = await bucket.get(tableKey(name, 'photos'));
  if (!object) return [];
  return parseLines(await gunzipText(await object.arrayBuffer())).map((r) => r.id as number);
}

/** Removes every object of one backup (its photos, shared with others, are retention's business). */
export async function deleteBackupObjects(bucket: R2Bucket, name: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: backupPrefix(name), cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
