// Every list of ads (listings, home, similar ads, search results, "Anunțurile mele") shows each ad's
// main photo: the ad's own photo at the lowest position, whatever order the photos were uploaded in.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { listMyPosts } from '../../src/db/my-posts';
import { getPostDetails, homeData, listPosts } from '../../src/db/posts';
import type { Photo } from '../../src/db/schema';
import { searchPosts } from '../../src/db/search';
import { db, makePhoto, makePost, makeUser } from '../fixtures';

let authorId: number;
let adId: number;
let neighbourId: number;
let main: Photo;
let neighbourMain: Photo;

beforeAll(async () => {
  const author = await makeUser({ name: 'Autor Poze' });
  authorId = author.id;
  // The neighbour is older, so the ad's page lists it among the similar ads, and the other way round.
  const neighbour = await makePost(author.id, { title: 'Apartament vecin cu poze', age: 2 * 86_400_000 });
  const ad = await makePost(author.id, { title: 'Apartament cu trei poze', age: 3_600_000 });
  adId = ad.id;
  neighbourId = neighbour.id;
  // Uploaded in another order than the gallery's: the main photo (position 0) is neither the first
  // nor the last row of its ad, and photos of the two ads are interleaved.
  await makePhoto(ad.id, author.id, { position: 2 });
  main = await makePhoto(ad.id, author.id, { position: 0 });
  neighbourMain = await makePhoto(neighbour.id, author.id, { position: 0 });
  await makePhoto(ad.id, author.id, { position: 1 });
  await makePhoto(neighbour.id, author.id, { position: 1 });
});

const NOW = () => Date.now();
const photoIdOf = (list: { id: number; photo: { id: number } | null }[], postId: number) =>
  list.find((p) => p.id === postId)?.photo?.id;

describe('the first photo of an ad, in every list of ads', () => {
  it('a listing shows each ad with its own photo at position 0', async () => {
    const { posts } = await listPosts(db, { userId: authorId }, 1, NOW());
    expect(photoIdOf(posts, adId)).toBe(main.id);
    expect(photoIdOf(posts, neighbourId)).toBe(neighbourMain.id);
    expect(posts.find((p) => p.id === adId)?.photo).toMatchObject({ width: 1200, height: 900 });
  });

  it('the home page (newest ads) shows the photo at position 0', async () => {
    const { newest } = await homeData(db, NOW());
    expect(photoIdOf(newest, adId)).toBe(main.id);
    expect(photoIdOf(newest, neighbourId)).toBe(neighbourMain.id);
  });

  it("an ad page's similar ads show their own photo at position 0", async () => {
    const details = await getPostDetails(db, adId, NOW());
    expect(photoIdOf(details?.similar ?? [], neighbourId)).toBe(neighbourMain.id);
    const other = await getPostDetails(db, neighbourId, NOW());
    expect(photoIdOf(other?.similar ?? [], adId)).toBe(main.id);
  });

  it('search results show the photo at position 0 of each ad', async () => {
    const { hits } = await searchPosts(env.DB, {
      match: null,
      filters: {},
      sort: 'noi',
      limit: 100,
      offset: 0,
      now: NOW(),
    });
    expect(photoIdOf(hits, adId)).toBe(main.id);
    expect(photoIdOf(hits, neighbourId)).toBe(neighbourMain.id);
    expect(hits.find((h) => h.id === adId)?.photo).toMatchObject({ width: 1200, height: 900 });
  });

  it('"Anunțurile mele" shows each of the author\'s ads with its photo at position 0', async () => {
    const mine = await listMyPosts(db, authorId);
    expect(photoIdOf(mine, adId)).toBe(main.id);
    expect(photoIdOf(mine, neighbourId)).toBe(neighbourMain.id);
  });
});
