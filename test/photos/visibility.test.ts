// Photos follow their ad: the public sees (with the immutable year) only photos of ads it can see;
// the owner and the operators still see the others, never cached; a photo not yet attached to an ad
// is its uploader's alone, and a banned user's avatar is gone.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { ingestPhoto } from '../../src/photos/ingest';
import { photoUrl, responsiveUrl } from '../../src/photos/urls';
import { db, get, getAs, makePost, makeUser, sessionCookie } from '../fixtures';
import { photoWebp } from './fixtures/images';
import { bytesOf } from './support';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRIVATE = 'private, no-store';

let owner: schema.User;
let ownerCookie: string;
let operatorCookie: string;
let strangerCookie: string;

beforeAll(async () => {
  owner = await makeUser({ name: 'Proprietar Poze' });
  ownerCookie = await sessionCookie(owner.clerkId);
  const operator = await makeUser({ name: 'Operator Poze', role: 'operator' });
  operatorCookie = await sessionCookie(operator.clerkId);
  const stranger = await makeUser({ name: 'Alt Vizitator' });
  strangerCookie = await sessionCookie(stranger.clerkId);
});

async function photoOf(postId: number | null, kind: 'post' | 'avatar' = 'post', userId = owner.id) {
  return ingestPhoto(env, db, { bytes: bytesOf(photoWebp), userId, kind, postId });
}

async function statusAndCache(res: Response) {
  await res.arrayBuffer();
  return [res.status, res.headers.get('cache-control')];
}

describe('photos of an ad the public cannot see', () => {
  it('a published ad photo is public with the immutable year', async () => {
    const post = await makePost(owner.id);
    const photo = await photoOf(post.id);
    expect(await statusAndCache(await get(photoUrl(photo)))).toEqual([200, IMMUTABLE]);
  });

  it('a hidden ad: 404 to the public and to other users, 200 private to the owner and an operator', async () => {
    const post = await makePost(owner.id);
    const photo = await photoOf(post.id);
    // Fetched once while public (the variant is now in R2), then hidden: the next request is 404.
    expect((await statusAndCache(await get(responsiveUrl(photo, 320))))[0]).toBe(200);
    await db.update(schema.posts).set({ status: 'hidden' }).where(eq(schema.posts.id, post.id));
    for (const url of [photoUrl(photo), responsiveUrl(photo, 320)]) {
      expect((await get(url)).status, url).toBe(404);
      expect((await getAs(url, strangerCookie)).status, url).toBe(404);
      expect(await statusAndCache(await getAs(url, ownerCookie)), url).toEqual([200, PRIVATE]);
      expect(await statusAndCache(await getAs(url, operatorCookie)), url).toEqual([200, PRIVATE]);
    }
  });

  it('a draft ad: 404 to the public, 200 private to its owner', async () => {
    const post = await makePost(owner.id, { status: 'draft' });
    const photo = await photoOf(post.id);
    expect((await get(photoUrl(photo))).status).toBe(404);
    expect(await statusAndCache(await getAs(photoUrl(photo), ownerCookie))).toEqual([200, PRIVATE]);
  });

  it('a banned author: 404 to the public from the next request, 200 private to the author', async () => {
    const author = await makeUser({ name: 'Autor Blocat Poze' });
    const post = await makePost(author.id);
    const photo = await photoOf(post.id, 'post', author.id);
    expect(await statusAndCache(await get(photoUrl(photo)))).toEqual([200, IMMUTABLE]);
    await db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, author.id));
    expect((await get(photoUrl(photo))).status).toBe(404);
    expect((await get(responsiveUrl(photo, 640))).status).toBe(404);
    const authorCookie = await sessionCookie(author.clerkId);
    expect(await statusAndCache(await getAs(photoUrl(photo), authorCookie))).toEqual([200, PRIVATE]);
  });

  it('an expired or sold ad keeps its photos public, as its page stays public', async () => {
    for (const status of ['expired', 'sold'] as const) {
      const post = await makePost(owner.id, { status });
      const photo = await photoOf(post.id);
      expect(await statusAndCache(await get(photoUrl(photo))), status).toEqual([200, IMMUTABLE]);
    }
  });
});

describe('photos without an ad', () => {
  it('an editor upload not yet attached is its uploader’s alone, never cached', async () => {
    const draft = await photoOf(null);
    expect((await get(photoUrl(draft))).status).toBe(404);
    expect((await getAs(photoUrl(draft), strangerCookie)).status).toBe(404);
    expect(await statusAndCache(await getAs(responsiveUrl(draft, 320), ownerCookie))).toEqual([200, PRIVATE]);
  });

  it('an avatar is public until its user is banned', async () => {
    const user = await makeUser({ name: 'Avatar Blocat' });
    const avatar = await photoOf(null, 'avatar', user.id);
    expect(await statusAndCache(await get(responsiveUrl(avatar, 320)))).toEqual([200, IMMUTABLE]);
    await db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, user.id));
    expect((await get(responsiveUrl(avatar, 320))).status).toBe(404);
  });
});
