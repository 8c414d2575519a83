import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { listPhotosOfPost } from '../../src/db/photos';
import { MORE_VIEWS, photoPlan } from '../../src/dev/seed';
import { demoAds } from '../../src/dev/seed-data';
import { cleanupOrphanPhotos, deletePhotos } from '../../src/photos/cleanup';
import { photoPrefix } from '../../src/photos/keys';
import { db, get, ORIGIN } from '../fixtures';
import { photoJpg } from '../photos/fixtures/images';

/** The pictures in content/demo-photos/ (what `npm start` sends). */
const DEMO_PICTURES = [
  'animale',
  'anvelope',
  'apartament-bloc',
  'autoturism',
  'autoturism-bord',
  'autoturism-spate',
  'baie',
  'birou',
  'bucatarie',
  'casa-curte',
  'casa-gradina',
  'diverse',
  'dormitor',
  'electronice',
  'ferma',
  'legume',
  'lemne-foc',
  'mobila',
  'motocicleta',
  'pisica',
  'servicii',
  'spatiu-comercial',
  'teren-camp',
  'teren-livada',
  'televizor',
  'tractor',
  'unelte-gradina',
  'vaca',
];
const JOBS = 3;

const now = Date.UTC(2026, 4, 1);
const ads = demoAds(now);
const rows = ads.map((_, i) => ({ id: 1000 + i, userId: 1, slug: `anunt-${i}` }));
const all = new Map(DEMO_PICTURES.map((n) => [n, true]));

describe('which demo ads get which pictures', () => {
  const plan = photoPlan(ads, rows, all);
  const byAd = new Map<number, string[]>();
  for (const t of plan) byAd.set(t.postId, [...(byAd.get(t.postId) ?? []), t.photo]);

  it('gives photos to at least three ads in four, and none to job ads', () => {
    expect(byAd.size / ads.length).toBeGreaterThanOrEqual(0.75);
    ads.forEach((ad, i) => {
      if (ad.categoryId === JOBS) expect(byAd.has(rows[i].id)).toBe(false);
    });
  });

  it('has galleries of every length from 1 to 6, many of 3 to 6 photos', () => {
    const lengths = [...byAd.values()].map((p) => p.length);
    for (let n = 1; n <= 6; n++) expect(lengths).toContain(n);
    expect(lengths.filter((n) => n >= 3 && n <= 6).length).toBeGreaterThanOrEqual(20);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(6);
  });

  it('starts every gallery with the ad’s own picture, then other views of the same subject, no repeats', () => {
    ads.forEach((ad, i) => {
      const pictures = byAd.get(rows[i].id);
      if (!pictures) return;
      expect(pictures[0]).toBe(ad.photo);
      expect(pictures.slice(1)).toEqual((MORE_VIEWS[ad.photo as string] ?? []).slice(0, pictures.length - 1));
      expect(new Set(pictures).size).toBe(pictures.length);
    });
    const positions = plan.filter((t) => t.postId === plan[0].postId).map((t) => t.position);
    expect(positions).toEqual(positions.map((_, i) => i));
  });

  it('shows flats and houses inside rooms, and cars from behind and inside', () => {
    const flat = ads.findIndex((a) => a.photo === 'apartament-bloc');
    const galleries = [...byAd.entries()].filter(([, p]) => p[0] === 'apartament-bloc').map(([, p]) => p);
    expect(
      galleries.some((p) => p.includes('bucatarie') && p.includes('dormitor') && p.includes('baie')),
    ).toBe(true);
    expect(flat).toBeGreaterThan(-1);
    const cars = [...byAd.values()].filter((p) => p[0] === 'autoturism');
    expect(cars.some((p) => p.includes('autoturism-spate') && p.includes('autoturism-bord'))).toBe(true);
  });

  it('uses only pictures that exist, and skips an ad whose picture is missing', () => {
    for (const t of plan) expect(DEMO_PICTURES).toContain(t.photo);
    for (const views of Object.values(MORE_VIEWS)) for (const v of views) expect(DEMO_PICTURES).toContain(v);
    const few = photoPlan(ads, rows, new Map([['apartament-bloc', true]]));
    expect(new Set(few.map((t) => t.photo))).toEqual(new Set(['apartament-bloc']));
  });
});

describe('POST /__dev/seed with pictures', () => {
  let report = '';
  beforeAll(async () => {
    const form = new FormData();
    const bytes = Uint8Array.from(atob(photoJpg), (c) => c.charCodeAt(0));
    for (const name of ['apartament-bloc', 'mobila', 'bucatarie'])
      form.append('photos', new File([bytes], `${name}.jpg`, { type: 'image/jpeg' }));
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/__dev/seed`, { method: 'POST', headers: { origin: ORIGIN }, body: form }),
    );
    report = await res.text();
    expect(res.status).toBe(200);
  });

  const photoRows = () =>
    env.DB.prepare(
      'SELECT id, post_id AS postId, file_name AS fileName, position FROM photos ORDER BY id',
    ).all<{
      id: number;
      postId: number;
      fileName: string;
      position: number;
    }>();

  it('stores a photo for every ad whose picture was sent, each with its own objects', async () => {
    const { results } = await photoRows();
    expect(report).toContain(`${results.length} fotografii`);
    // 'mobila' is the main picture of furniture ads too, so galleries of flats and furniture ads.
    expect(results.length).toBeGreaterThan(20);
    const originals = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await env.PHOTOS.list({ prefix: 'photos/', cursor });
      for (const o of page.objects) if (o.key.endsWith('/original.webp')) originals.add(o.key);
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    for (const r of results) expect(originals.has(`${photoPrefix(r.id)}original.webp`)).toBe(true);
    expect(new Set(results.map((r) => r.fileName)).size).toBe(results.length);
  });

  it('keeps gallery order: the flat picture first, then the living room, then the kitchen', async () => {
    const { results } = await photoRows();
    const flats = new Map<number, number[]>();
    for (const r of results) flats.set(r.postId, [...(flats.get(r.postId) ?? []), r.position]);
    const longest = [...flats.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    expect(longest[1].length).toBe(3);
    const photos = await listPhotosOfPost(db, longest[0]);
    expect(photos.map((p) => p.position)).toEqual([0, 1, 2]);
  });

  it('serves a copy and its variants, and deleting one copy leaves the others whole', async () => {
    const { results } = await photoRows();
    const [a, b] = [results[0], results[results.length - 1]];
    const variant = await get(`/api/poze/responsive/${b.id}/${b.fileName}?w=320`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get('content-type')).toBe('image/webp');
    await variant.arrayBuffer();
    await deletePhotos(env, db, [{ id: b.id }]);
    expect((await env.PHOTOS.list({ prefix: photoPrefix(b.id) })).objects).toHaveLength(0);
    const still = await get(`/api/poze/${a.id}/${a.fileName.replace(/\.jpg$/, '.webp')}`);
    expect(still.status).toBe(200);
    await still.arrayBuffer();
    const other = results[results.length - 2];
    expect((await env.PHOTOS.head(`${photoPrefix(other.id)}original.webp`))?.size).toBeGreaterThan(0);
  });

  it('the daily orphan cleanup leaves every seeded photo alone (they all belong to ads)', async () => {
    const before = (await photoRows()).results.length;
    expect(await cleanupOrphanPhotos(env, db, Date.now() + 7 * 86_400_000)).toBe(0);
    expect((await photoRows()).results.length).toBe(before);
  });
});
