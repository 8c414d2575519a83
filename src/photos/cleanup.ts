// Removing photos: every R2 object under the photo's prefix (original and variants), then the rows.
import {
  deletePhotoRows,
  forgetUploadRefusals,
  listOrphanPhotos,
  listPhotosByIds,
  listPhotosOfPost,
} from '../db/photos';
import type { Bindings, Db } from '../env';
import { photoPrefix } from './keys';

/** Unattached ad photos older than this are removed by the daily job. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** Deletes the original and every variant of one photo from R2 (the row stays: see deletePhotos). */
export async function deletePhotoObjects(env: Bindings, photo: { id: number }): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ prefix: photoPrefix(photo.id), cursor });
    if (page.objects.length > 0) await env.PHOTOS.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

/** Deletes the R2 objects of photos whose rows a database write already removed (an edit, a deleted ad). */
export async function deletePhotoObjectsOf(env: Bindings, photos: { id: number }[]): Promise<void> {
  for (const photo of photos) await deletePhotoObjects(env, photo);
}

/** Deletes photos completely: R2 objects first (a row without pixels would 404 anyway), then rows. */
export async function deletePhotos(env: Bindings, db: Db, photos: { id: number }[]): Promise<number> {
  await deletePhotoObjectsOf(env, photos);
  await deletePhotoRows(
    db,
    photos.map((p) => p.id),
  );
  return photos.length;
}

export async function deletePhotosByIds(env: Bindings, db: Db, ids: number[]): Promise<number> {
  return deletePhotos(env, db, await listPhotosByIds(db, ids));
}

/** Every photo of an ad, for deleting the ad. */
export async function deletePhotosOfPost(env: Bindings, db: Db, postId: number): Promise<number> {
  return deletePhotos(env, db, await listPhotosOfPost(db, postId));
}

/**
 * The daily job's part: ad photos uploaded in the editor but never attached to an ad, older than
 * 24 hours. Returns how many were removed.
 */
export async function cleanupOrphanPhotos(env: Bindings, db: Db, now: number): Promise<number> {
  await forgetUploadRefusals(db, now - ORPHAN_AGE_MS);
  let removed = 0;
  for (;;) {
    const batch = await listOrphanPhotos(db, now - ORPHAN_AGE_MS, 200);
    if (batch.length === 0) return removed;
    removed += await deletePhotos(env, db, batch);
    if (batch.length < 200) return removed;
  }
}
