import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  cleanupOrphanPhotos,
  deletePhotoObjects,
  deletePhotosOfPost,
  ORPHAN_AGE_MS,
} from '../../src/photos/cleanup';
import { ingestPhoto } from '../../src/photos/ingest';
import { variantKey } from '../../src/photos/keys';
import { db, makeUser } from '../fixtures';
import { photoWebp } from './fixtures/images';
import { bytesOf, photoRows, r2Keys } from './support';

const keysOf = async (id: number) => (await r2Keys()).filter((k) => k.startsWith(`photos/${id}/`));

describe('photo cleanup', () => {
  it('deletePhotoObjects removes the original and every variant from R2', async () => {
    const userId = (await makeUser()).id;
    const photo = await ingestPhoto(env, db, { bytes: bytesOf(photoWebp), userId, kind: 'post' });
    await env.PHOTOS.put(variantKey(photo.id, 'full'), 'x');
    await env.PHOTOS.put(variantKey(photo.id, 320), 'x');
    expect(await keysOf(photo.id)).toHaveLength(3);
    await deletePhotoObjects(env, photo);
    expect(await keysOf(photo.id)).toEqual([]);
  });

  it("deletePhotosOfPost removes an ad's photos from R2 and D1 and leaves other ads' photos", async () => {
    const userId = (await makeUser()).id;
    const a = await ingestPhoto(env, db, { bytes: bytesOf(photoWebp), userId, kind: 'post', postId: 501 });
    const b = await ingestPhoto(env, db, { bytes: bytesOf(photoWebp), userId, kind: 'post', postId: 501 });
    const other = await ingestPhoto(env, db, {
      bytes: bytesOf(photoWebp),
      userId,
      kind: 'post',
      postId: 502,
    });
    expect(await deletePhotosOfPost(env, db, 501)).toBe(2);
    const ids = (await photoRows()).map((p) => p.id);
    expect(ids).not.toContain(a.id);
    expect(ids).not.toContain(b.id);
    expect(ids).toContain(other.id);
    expect(await keysOf(a.id)).toEqual([]);
    expect(await keysOf(other.id)).toHaveLength(1);
  });

  it('cleanupOrphanPhotos removes unattached ad photos older than 24 h only', async () => {
    const userId = (await makeUser()).id;
    const now = Date.now();
    const old = await ingestPhoto(env, db, {
      bytes: bytesOf(photoWebp),
      userId,
      kind: 'post',
      now: now - ORPHAN_AGE_MS - 1,
    });
    const fresh = await ingestPhoto(env, db, {
      bytes: bytesOf(photoWebp),
      userId,
      kind: 'post',
      now: now - 1000,
    });
    const attached = await ingestPhoto(env, db, {
      bytes: bytesOf(photoWebp),
      userId,
      kind: 'post',
      postId: 77,
      now: now - 2 * ORPHAN_AGE_MS,
    });
    const avatar = await ingestPhoto(env, db, {
      bytes: bytesOf(photoWebp),
      userId,
      kind: 'avatar',
      now: now - 2 * ORPHAN_AGE_MS,
    });
    expect(await cleanupOrphanPhotos(env, db, now)).toBe(1);
    const ids = (await photoRows()).map((p) => p.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toEqual(expect.arrayContaining([fresh.id, attached.id, avatar.id]));
    expect(await keysOf(old.id)).toEqual([]);
  });
});
