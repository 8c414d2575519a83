// Backup and restore of many ads and photos (docs/operations.md#backups), in workerd with local D1
// and R2: the wall time of the tables job (one invocation), of one photo part, and of restoring the
// tables through the restore steps. Prints one JSON line `BACKUP_BENCH {...}`.
import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { backupName, gunzipText, parseLines, tableKey } from '../../src/backup/format';
import { restorePhoto, restoreRows } from '../../src/backup/restore';
import { runBackupPhotos } from '../../src/backup/run';
import { exportTables } from '../../src/backup/snapshot';
import { beginRestore, insertRows } from '../../src/db/backup';
import { originalKey } from '../../src/photos/keys';
import { photoWithObject } from '../backup/support';
import { makePost, makeUser } from '../fixtures';

const ADS = 20_000;
const PHOTOS = 60_000;
/** A typical original's size (a 1600 px WebP of a phone photo). */
const PHOTO_RESTORE_BYTES = 200 * 1024;

it('backs up and restores 20 000 ads and 60 000 photos', async () => {
  const t0 = Date.now();
  const u = await makeUser();
  const template = await makePost(u.id, { title: 'Apartament 2 camere zona centrală bench' });
  const photo = await photoWithObject(template.id, u.id);
  const cols = (t: string) =>
    env.DB.prepare('SELECT name FROM pragma_table_info(?) WHERE name != ?')
      .bind(t, 'id')
      .all<{ name: string }>();
  const postCols = (await cols('posts')).results.map((r) => r.name);
  const photoCols = (await cols('photos')).results.map((r) => r.name);
  const gen = (n: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;
  const postSel = postCols.map((c) =>
    c === 'slug'
      ? `slug || '-' || i`
      : c === 'submission_token'
        ? 'NULL'
        : c === 'search_key'
          ? 'search_key + i'
          : c,
  );
  await env.DB.prepare(
    `${gen(ADS - 1)} INSERT INTO posts (${postCols.join(',')}) SELECT ${postSel.join(',')} FROM n, posts WHERE posts.id = ?`,
  )
    .bind(template.id)
    .run();
  const photoSel = photoCols.map((c) => (c === 'post_id' ? `(SELECT min(id) FROM posts) + (i % ${ADS})` : c));
  await env.DB.prepare(
    `${gen(PHOTOS - 1)} INSERT INTO photos (${photoCols.join(',')}) SELECT ${photoSel.join(',')} FROM n, photos WHERE photos.id = ?`,
  )
    .bind(photo.id)
    .run();
  const seeded = Date.now() - t0;

  // The tables job: one invocation.
  const name = backupName(Date.UTC(2026, 5, 1, 3, 17));
  const t1 = Date.now();
  const snapshot = await exportTables(env.DB, env.BACKUPS, name);
  const tablesMs = Date.now() - t1;
  const steps: Record<string, [number, number]> = { tablesJob: [t1, Date.now()] };
  expect(snapshot.tables.posts.rows).toBe(ADS);
  expect(snapshot.photos.length).toBe(PHOTOS);
  const backupBytes = Object.values(snapshot.tables).reduce((s, t) => s + t.bytes, 0);

  // One photo part of 400 (small originals of ~2 KB).
  const ids = snapshot.photos.slice(0, 400).map((p) => p.id);
  const body = new Uint8Array(2048).fill(7);
  await Promise.all(ids.map((id) => env.PHOTOS.put(originalKey(id), body)));
  const t2 = Date.now();
  await runBackupPhotos({ kind: 'backup-photos', name, part: 0, ids }, env);
  const partMs = Date.now() - t2;
  steps.photoPart = [t2, Date.now()];

  // Restore of the posts table: read back, then written through the restore step into an empty table.
  const t3 = Date.now();
  const object = await env.BACKUPS.get(tableKey(name, 'posts'));
  const rows = parseLines(await gunzipText(await object!.arrayBuffer()));
  const readMs = Date.now() - t3;
  await env.DB.batch([env.DB.prepare('DELETE FROM photos'), env.DB.prepare('DELETE FROM posts')]);
  await beginRestore(env.DB, name, [], Date.now());
  const t4 = Date.now();
  for (let i = 0; i < rows.length; i += 200) await restoreRows(env.DB, 'posts', rows.slice(i, i + 200));
  const restorePostsMs = Date.now() - t4;
  steps.restorePosts = [t4, Date.now()];

  // Restore of photo originals: one call of `npm run restore` per photo (its bytes checked against
  // their SHA-256, then stored), 400 of them with a typical original's size, extrapolated to all.
  const original = new Uint8Array(PHOTO_RESTORE_BYTES);
  for (let i = 0; i < original.length; i++) original[i] = (i * 31 + 7) & 255;
  const digest = [...new Uint8Array(await crypto.subtle.digest('SHA-256', original))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  const t5 = Date.now();
  for (const id of ids) await restorePhoto(env.DB, env.PHOTOS, id, original.buffer, digest);
  const restorePhotosMs = Date.now() - t5;
  steps.restorePhotos = [t5, Date.now()];
  void insertRows;
  const result = {
    ads: ADS,
    photos: PHOTOS,
    seededMs: seeded,
    tablesJobMs: tablesMs,
    tablesGzipBytes: backupBytes,
    postsGzipBytes: snapshot.tables.posts.bytes,
    photoPartMs: partMs,
    photoParts: Math.ceil(PHOTOS / 400),
    readPostsMs: readMs,
    restorePostsMs,
    restoreCallsOf200: Math.ceil(ADS / 200),
    restorePhotoCalls: ids.length,
    restorePhotoBytes: PHOTO_RESTORE_BYTES,
    restorePhotosMs,
    // Wall-clock bounds of each step (Date.now() in workerd advances across I/O): test/bench/backup.mjs
    // reads workerd's CPU time and memory between them from /proc.
    steps,
  };
  console.log(`BACKUP_BENCH ${JSON.stringify(result)}`);
});
