import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { decodeWebp } from '../../src/photos/codecs';
import { ingestPhoto } from '../../src/photos/ingest';
import { originalKey, variantKey } from '../../src/photos/keys';
import { photoSrcSet, photoUrl, responsiveUrl } from '../../src/photos/urls';
import { db, makePost, makeUser, ORIGIN } from '../fixtures';
import { orient6GpsJpg, photoWebp } from './fixtures/images';
import { bytesOf, containsAscii, gradientWebp } from './support';

function fetchPath(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return exports.default.fetch(
    new Request(new URL(path, ORIGIN), { method, headers: { origin: ORIGIN, ...headers } }),
  );
}

let userId: number;
let postId: number;
let big: schema.Photo;
beforeAll(async () => {
  userId = (await makeUser()).id;
  postId = (await makePost(userId)).id;
  big = await ingestPhoto(env, db, {
    bytes: await gradientWebp(2000, 1500),
    userId,
    kind: 'post',
    postId,
    baseName: 'Apartament 2 camere',
  });
});

async function widthOf(res: Response) {
  const pixels = await decodeWebp(new Uint8Array(await res.arrayBuffer()));
  return [pixels.width, pixels.height];
}

describe('photo URLs', () => {
  it('are built from the photo in one place, with the full-size name ending in .webp', () => {
    const photo = { id: 7, fileName: 'casa-abc123.jpg' };
    expect(photoUrl(photo)).toBe('/api/poze/7/casa-abc123.webp');
    expect(responsiveUrl(photo, 320)).toBe('/api/poze/responsive/7/casa-abc123.jpg?w=320');
    expect(photoSrcSet(photo)).toBe(
      [320, 640, 960, 1280].map((w) => `/api/poze/responsive/7/casa-abc123.jpg?w=${w} ${w}w`).join(', '),
    );
  });
});

describe('GET /api/poze/{id}/{fileName}.webp', () => {
  it('serves a WebP at most 1600 px wide with immutable caching and an ETag', async () => {
    const res = await fetchPath(photoUrl(big));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(await widthOf(res)).toEqual([1600, 1200]);
  });

  it('answers If-None-Match with 304 and no body', async () => {
    const first = await fetchPath(photoUrl(big));
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();
    const res = await fetchPath(photoUrl(big), { 'if-none-match': etag });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('');
  });

  it('serves an upright phone photo with no EXIF or GPS bytes', async () => {
    const photo = await ingestPhoto(env, db, { bytes: bytesOf(orient6GpsJpg), userId, kind: 'post', postId });
    const bytes = new Uint8Array(await (await fetchPath(photoUrl(photo))).arrayBuffer());
    expect(containsAscii(bytes, 'Exif')).toBe(false);
    expect(containsAscii(bytes, 'GPS')).toBe(false);
    const pixels = await decodeWebp(bytes);
    expect([pixels.width, pixels.height]).toEqual([32, 64]);
  });

  it('makes the variant once and serves it from R2 afterwards (the second request does not re-encode)', async () => {
    const photo = await ingestPhoto(env, db, {
      bytes: await gradientWebp(800, 600),
      userId,
      kind: 'post',
      postId,
    });
    const first = await fetchPath(photoUrl(photo));
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    const stored = await env.PHOTOS.get(variantKey(photo.id, 'full'));
    expect(stored?.httpEtag).toBe(first.headers.get('etag'));
    // Without the original, a re-encode is impossible: the second answer can only come from R2.
    await env.PHOTOS.delete(originalKey(photo.id));
    const second = await fetchPath(photoUrl(photo));
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(firstBytes);
  });
});

describe('GET /api/poze/responsive/{id}/{fileName}?w=', () => {
  it.each([
    ['w=320', 320],
    ['w=640', 640],
    ['w=960', 960],
    ['w=1280', 1280],
    ['', 640],
    ['w=abc', 640],
    ['w=1000', 960],
    ['w=5000', 1280],
    ['w=1', 320],
  ])('with %s serves %i px wide', async (query, width) => {
    const res = await fetchPath(`/api/poze/responsive/${big.id}/${big.fileName}${query ? `?${query}` : ''}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await widthOf(res))[0]).toBe(width);
  });

  it('never enlarges a photo narrower than the width asked for', async () => {
    const small = await ingestPhoto(env, db, { bytes: bytesOf(photoWebp), userId, kind: 'post', postId });
    expect(await widthOf(await fetchPath(responsiveUrl(small, 1280)))).toEqual([120, 80]);
  });

  it('stores each width once in R2 under the photo id', async () => {
    await (await fetchPath(responsiveUrl(big, 320))).arrayBuffer();
    const keys = (await env.PHOTOS.list({ prefix: `photos/${big.id}/` })).objects.map((o) => o.key).sort();
    expect(keys).toContain(`photos/${big.id}/w320.webp`);
    expect(keys).toContain(`photos/${big.id}/original.webp`);
  });
});

describe('photos that must not be served answer 404, never 500', () => {
  it.each([
    ['an unknown id', () => '/api/poze/987654/foto-abcdef.webp'],
    ['a non-numeric id', () => '/api/poze/abc/foto-abcdef.webp'],
    ['an id with a leading zero', () => `/api/poze/0${big.id}/${big.fileName.replace('.jpg', '.webp')}`],
    ['a huge id', () => '/api/poze/99999999999999999999/foto.webp'],
    ['a file name of another photo', () => `/api/poze/${big.id}/foto-zzzzzz.webp`],
    ['the stored .jpg name on the full-size URL', () => `/api/poze/${big.id}/${big.fileName}`],
    ['a path traversal in the file name', () => `/api/poze/${big.id}/..%2F..%2Fetc%2Fpasswd`],
    ['a responsive URL with a wrong file name', () => `/api/poze/responsive/${big.id}/x.jpg?w=320`],
    ['an unknown URL under /api/poze', () => `/api/poze/${big.id}`],
  ])('%s', async (_name, path) => {
    const res = await fetchPath(path());
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).not.toContain('image/');
  });

  it('a photo of a hidden ad', async () => {
    const { id: hiddenId } = await makePost(userId, { status: 'hidden' });
    const photo = await ingestPhoto(env, db, {
      bytes: bytesOf(photoWebp),
      userId,
      kind: 'post',
      postId: hiddenId,
    });
    expect((await fetchPath(photoUrl(photo))).status).toBe(404);
    expect((await fetchPath(responsiveUrl(photo, 320))).status).toBe(404);
    await db.update(schema.posts).set({ status: 'published' }).where(eq(schema.posts.id, hiddenId));
    expect((await fetchPath(photoUrl(photo))).status).toBe(200);
  });

  it('a photo of a deleted ad', async () => {
    const goneId = (await makePost(userId)).id;
    const photo = await ingestPhoto(env, db, {
      bytes: bytesOf(photoWebp),
      userId,
      kind: 'post',
      postId: goneId,
    });
    await db.delete(schema.posts).where(eq(schema.posts.id, goneId));
    expect((await fetchPath(photoUrl(photo))).status).toBe(404);
  });

  it('a photo whose original is missing from R2', async () => {
    const photo = await ingestPhoto(env, db, { bytes: bytesOf(photoWebp), userId, kind: 'post', postId });
    await env.PHOTOS.delete(originalKey(photo.id));
    expect((await fetchPath(photoUrl(photo))).status).toBe(404);
  });
});
