import { beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '../../src/db/schema';
import { get, makePhoto, makePost, makeUser } from '../fixtures';

let photo: Photo;

beforeAll(async () => {
  const author = await makeUser();
  const post = await makePost(author.id);
  photo = await makePhoto(post.id, author.id, { fileName: 'casa-veche.jpg' });
});

describe('/foto-radauti (old photo URLs)', () => {
  it('large redirects 301 to the full WebP', async () => {
    const res = await get(`/foto-radauti/large-${photo.id}-casa-veche-radauti.jpg`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/api/poze/${photo.id}/casa-veche.webp`);
  });

  it('any other size redirects 301 to the responsive variant', async () => {
    for (const size of ['thumb', 'medium', 'small']) {
      const res = await get(`/foto-radauti/${size}-${photo.id}-orice.jpg`);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toMatch(
        new RegExp(`^/api/poze/responsive/${photo.id}/casa-veche\\.jpg`),
      );
    }
  });

  it.each([
    '/foto-radauti',
    '/foto-radauti/',
    '/foto-radauti/large',
    '/foto-radauti/large-abc-x.jpg',
    '/foto-radauti/large-999999-x.jpg',
    '/foto-radauti/large-99999999999999-x.jpg',
    '/foto-radauti/a/b',
    '/foto-radauti/large-1%2F..%2Fx',
  ])('%s is 404', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});
