// The business limits D1 keeps in the write itself: 10 new ads per person in any 24 hours, one
// renewal of an ad a day. Tested with many concurrent requests, where a check-then-write would pass.
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPost, NEW_POSTS_PER_DAY } from '../../src/db/lifecycle';
import * as schema from '../../src/db/schema';
import type { PostInput } from '../../src/lib/post-form';
import {
  DAY,
  db,
  FLATS,
  formOf,
  HOUSE,
  makeDraftPhoto,
  makePost,
  person,
  postRow,
  REAL_ESTATE,
  textOf,
  validFields,
} from '../fixtures';
import { postFrom, uniqueClient } from './support';

const input: PostInput = {
  categoryId: REAL_ESTATE,
  subcategoryId: FLATS,
  kind: 'home',
  title: 'Apartament de test concurent',
  description: 'Un apartament pentru testul limitei zilnice, scris de mai multe ori deodată.',
  price: 1000,
  currency: 'EUR',
  negotiable: false,
  locality: 'Rădăuți',
  phone: '0744123456',
  fields: {},
};

async function adsOf(userId: number) {
  return db.select().from(schema.posts).where(eq(schema.posts.userId, userId));
}

describe('10 new ads a day, kept by D1', () => {
  it('creates exactly 10 of 50 concurrent creations by one person, and claims no photo for the refused', async () => {
    const { user } = await person();
    const photos = await Promise.all(Array.from({ length: 50 }, () => makeDraftPhoto(user.id)));
    const now = Date.now();
    const ids = await Promise.all(
      photos.map((photo) => createPost(db, { userId: user.id, input, photoIds: [photo.id], now })),
    );
    const created = ids.filter((id): id is number => id !== null);
    expect(created).toHaveLength(NEW_POSTS_PER_DAY);
    expect(await adsOf(user.id)).toHaveLength(10);
    // Each created ad has its own photo; the refused ones' photos are still free for the next try.
    for (const [i, id] of ids.entries()) {
      const photo = await db.select().from(schema.photos).where(eq(schema.photos.id, photos[i].id)).get();
      expect(photo?.postId ?? null).toBe(id);
    }
    const free = await db
      .select()
      .from(schema.photos)
      .where(and(eq(schema.photos.userId, user.id), isNull(schema.photos.postId)));
    expect(free).toHaveLength(40);
  });

  it('lets 50 concurrent new-ad POSTs of a person with 8 ads today create exactly 2; the rest get 429 with the form kept', async () => {
    const { user, cookie } = await person();
    // Earlier today: 8 ads. The per-minute limit lets 5 of the 50 through; D1 must stop 3 of them.
    for (let i = 0; i < 8; i++) await makePost(user.id, { createdAt: Date.now() - 3_600_000 }, HOUSE);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postFrom(
          uniqueClient(),
          '/posts/new',
          formOf(validFields({ title: `Anunț concurent numărul ${i}` })),
          {
            cookie,
          },
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(48);
    expect(await adsOf(user.id)).toHaveLength(10);
    const bodies = await Promise.all(
      responses.filter((r) => r.status === 429).map(async (r) => ({ r, html: await r.text() })),
    );
    for (const { r, html } of bodies) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(textOf(html)).toMatch(
        /Ați publicat (deja 10 anunțuri în ultimele 24 de ore|prea multe anunțuri într-un minut)/,
      );
      expect(html).toMatch(/value="Anunț concurent numărul \d+"/);
    }
    // The 11th, later: the daily limit, with how long to wait.
    const res = await postFrom(
      uniqueClient(),
      '/posts/new',
      formOf(validFields({ title: 'Al unsprezecelea' })),
      {
        cookie,
      },
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(22 * 3600);
    const text = textOf(await res.text());
    expect(text).toContain('Ați publicat deja 10 anunțuri în ultimele 24 de ore');
  });

  it('counts only the ads created in the last 24 hours', async () => {
    const { user } = await person();
    for (let i = 0; i < 10; i++) await makePost(user.id, { createdAt: Date.now() - DAY - 60_000 }, HOUSE);
    const id = await createPost(db, { userId: user.id, input, photoIds: [], now: Date.now() });
    expect(id).not.toBeNull();
  });
});

describe('one renewal a day, kept by D1', () => {
  it('renews an ad once when 10 renewals arrive at the same time; the others get 429 with Retry-After', async () => {
    const { user, cookie } = await person();
    const ad = await makePost(user.id, { bumpedAt: Date.now() - 2 * DAY }, HOUSE);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        postFrom(uniqueClient(), `/posts/edit/${ad.id}/reinnoieste`, {}, { cookie }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    for (const r of responses.filter((x) => x.status === 429)) {
      const wait = Number(r.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(23 * 3600);
      expect(wait).toBeLessThanOrEqual(24 * 3600);
      expect(textOf(await r.text())).toContain('Anunțul a fost reînnoit sau publicat în ultimele 24 de ore');
    }
    const row = await postRow(ad.id);
    expect(row?.renewedAt).not.toBeNull();
    expect(row?.bumpedAt).toBeGreaterThan(Date.now() - 60_000);
  });
});
