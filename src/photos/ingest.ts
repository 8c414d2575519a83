// The one way a photo enters the site: ad uploads, profile avatars and the demo seed all call
// `ingestPhoto`. Nothing is written until the upload has passed every check and been re-encoded.
import { recordPhotoHash } from '../db/duplicates';
import { deletePhotoRows, insertPhoto, nextPosition, recordUploadRefusal } from '../db/photos';
import type { Photo } from '../db/schema';
import type { Bindings, Db } from '../env';
import { BadInput } from '../lib/errors';
import { toSlug } from '../lib/slug';
import { originalKey } from './keys';
import { normaliseUpload } from './pipeline';

export interface IngestInput {
  /** The uploaded file's bytes, exactly as received (never stored). */
  bytes: Uint8Array | ArrayBuffer;
  /** Our users row id of the uploader (the owner). */
  userId: number;
  kind: 'post' | 'avatar';
  /** The ad it belongs to; null/absent for avatars and editor drafts (attached later). */
  postId?: number | null;
  /** Words for the public file name, e.g. the ad title; default `foto`. */
  baseName?: string;
  /** Gallery position; default: after the ad's existing photos. */
  position?: number;
  /** Timestamp (ms) recorded as `createdAt`; default now. */
  now?: number;
}

/** `<slug of baseName or 'foto'>-<6 random base-36 chars>.jpg`: what the URLs carry. */
export function makeFileName(baseName?: string): string {
  const slug =
    toSlug(baseName ?? '')
      .replace(/\|/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '') || 'foto';
  const random = crypto.getRandomValues(new Uint8Array(6));
  const suffix = Array.from(random, (b) => (b % 36).toString(36)).join('');
  return `${slug}-${suffix}.jpg`;
}

/** File names we ever issue (validated again on every request). */
/** SHA-256 of some bytes, in hex. */
async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const FILE_NAME_PATTERN = /^[a-z0-9-]{1,80}\.(jpg|webp)$/;

/**
 * Validates an uploaded image and stores it: refuses (throws `BadInput`, 413/415/422, field
 * `photos`) empty, oversized, non-image, truncated, corrupt, polyglot and decompression-bomb files
 * before writing anything; otherwise stores an upright, metadata-free WebP original (≤ 2560 px
 * long side) in R2 and its row (dimensions after orientation) in D1, and returns the row.
 * A refused file is recorded (not its bytes) so that it counts against the uploader's hourly
 * limit like a stored photo. Checking the limit and ownership is the caller's business.
 */
export async function ingestPhoto(env: Bindings, db: Db, input: IngestInput): Promise<Photo> {
  const bytes = input.bytes instanceof Uint8Array ? input.bytes : new Uint8Array(input.bytes);
  let image: Awaited<ReturnType<typeof normaliseUpload>>;
  try {
    image = await normaliseUpload(bytes);
  } catch (err) {
    if (err instanceof BadInput) {
      const reason = (err as BadInput & { reason?: string }).reason ?? 'other';
      await recordUploadRefusal(db, input.userId, reason, input.now ?? Date.now());
    }
    throw err;
  }
  const postId = input.postId ?? null;
  const photo = await insertPhoto(db, {
    postId,
    userId: input.userId,
    kind: input.kind,
    fileName: makeFileName(input.baseName),
    width: image.width,
    height: image.height,
    position: input.position ?? (await nextPosition(db, postId)),
    bytes: image.bytes.byteLength,
    createdAt: input.now ?? Date.now(),
  });
  try {
    await env.PHOTOS.put(originalKey(photo.id), image.bytes, {
      httpMetadata: { contentType: 'image/webp' },
    });
  } catch (err) {
    await deletePhotoRows(db, [photo.id]);
    throw err;
  }
  // The same photo on another ad marks a suspected duplicate (docs/moderation.md#duplicates).
  await recordPhotoHash(db, photo.id, await sha256Hex(image.bytes));
  return photo;
}
