// The distance filter (docs/search.md, "Distance"): "Rădăuți + 10 km" finds the ads of the
// localities whose centre is within 10 km of Rădăuți's, from the reference table of migration 0016,
// on /cautare, in the query string saved searches store, and at the boundary.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchPosts } from '../../src/db/search';
import { distanceKm, KM_PER_DEG_LAT } from '../../src/lib/geo';
import { LOCALITIES } from '../../src/lib/localities';
import { parseSearchParams, searchQueryOf } from '../../src/lib/search-params';
import { get, makePost, makeUser } from '../fixtures';
import { ITEM, resultIds } from './support';

interface Row {
  name: string;
  lat: number;
  lon: number;
}

let places: Map<string, Row>;
const ids: Record<string, number> = {};

/** Ids /cautare lists for a query string. */
async function found(query: string): Promise<number[]> {
  const res = await get(`/cautare?${query}`);
  expect(res.status).toBe(200);
  return resultIds(await res.text());
}

const RADAUTI = 'Rădăuți';

beforeAll(async () => {
  const { results } = await env.DB.prepare('SELECT name, lat, lon FROM localities').all<Row>();
  places = new Map(results.map((r) => [r.name, r]));
  const user = await makeUser();
  for (const locality of [RADAUTI, 'Volovăț', 'Milișăuți', 'Solca', 'Siret', 'Suceava', 'Vatra Dornei'])
    ids[locality] = (await makePost(user.id, { title: `Bicicletă de oraș ${locality}`, locality }, ITEM)).id;
});

describe('the localities of Suceava county', () => {
  it('every locality offered in forms has coordinates inside the county', () => {
    for (const name of LOCALITIES) {
      const p = places.get(name);
      expect(p, name).toBeDefined();
      expect(p?.lat, name).toBeGreaterThan(47.1);
      expect(p?.lat, name).toBeLessThan(48.05);
      expect(p?.lon, name).toBeGreaterThan(25.0);
      expect(p?.lon, name).toBeLessThan(26.75);
    }
    expect(places.size).toBeGreaterThanOrEqual(LOCALITIES.length);
  });

  it('distances are plausible: Rădăuți–Suceava about 33 km, Rădăuți–Volovăț under 5', () => {
    const r = places.get(RADAUTI) as Row;
    expect(distanceKm(r, places.get('Suceava') as Row)).toBeGreaterThan(28);
    expect(distanceKm(r, places.get('Suceava') as Row)).toBeLessThan(40);
    expect(distanceKm(r, places.get('Volovăț') as Row)).toBeLessThan(5);
  });
});

describe('Rădăuți + N km on /cautare', () => {
  it('0 km (or no distance) is the locality alone', async () => {
    const alone = await found('q=bicicleta&localitate=R%C4%83d%C4%83u%C8%9Bi');
    expect(alone).toContain(ids[RADAUTI]);
    expect(alone).not.toContain(ids.Volovăț);
    expect(await found('q=bicicleta&localitate=R%C4%83d%C4%83u%C8%9Bi&distanta=0')).toEqual(alone);
  });

  it('each radius finds exactly the localities whose centre is within it', async () => {
    const r = places.get(RADAUTI) as Row;
    for (const km of [5, 10, 25, 50]) {
      const list = await found(`q=bicicleta&localitate=R%C4%83d%C4%83u%C8%9Bi&distanta=${km}`);
      for (const [name, id] of Object.entries(ids)) {
        const inside = distanceKm(r, places.get(name) as Row) <= km;
        expect(list.includes(id), `${name} at ${km} km`).toBe(inside);
      }
    }
  });

  it('works without words too (a category browser with a radius), and with the newest first', async () => {
    const list = await found('localitate=R%C4%83d%C4%83u%C8%9Bi&distanta=10&categorie=diverse');
    expect(list).toContain(ids.Volovăț);
    expect(list).not.toContain(ids.Suceava);
  });

  it('a distance without a locality, or not one of 0/5/10/25/50, is ignored', async () => {
    const all = await found('q=bicicleta');
    expect(await found('q=bicicleta&distanta=10')).toEqual(all);
    const alone = await found('q=bicicleta&localitate=R%C4%83d%C4%83u%C8%9Bi');
    for (const bad of ['7', '-5', 'abc', '10.5', '1e9', ''])
      expect(await found(`q=bicicleta&localitate=R%C4%83d%C4%83u%C8%9Bi&distanta=${bad}`), bad).toEqual(
        alone,
      );
  });
});

describe('the boundary', () => {
  it('a locality just inside the radius is in, one just outside is out', async () => {
    const r = places.get(RADAUTI) as Row;
    // Two test localities due north of Rădăuți, 9.99 and 10.01 km away.
    await env.DB.prepare('INSERT INTO localities (name, kind, lat, lon) VALUES (?, ?, ?, ?), (?, ?, ?, ?)')
      .bind(
        'Test Înăuntru',
        'comună',
        r.lat + 9.99 / KM_PER_DEG_LAT,
        r.lon,
        'Test Afară',
        'comună',
        r.lat + 10.01 / KM_PER_DEG_LAT,
        r.lon,
      )
      .run();
    const user = await makeUser();
    const inside = await makePost(user.id, { title: 'Sanie veche', locality: 'Test Înăuntru' }, ITEM);
    const outside = await makePost(user.id, { title: 'Sanie nouă', locality: 'Test Afară' }, ITEM);
    const search = (distanceKm: number) =>
      searchPosts(env.DB, {
        match: '"sanie"',
        filters: { locality: RADAUTI, distanceKm },
        sort: 'noi',
        limit: 20,
        offset: 0,
        now: Date.now(),
      });
    const ten = (await search(10)).hits.map((h) => h.id);
    expect(ten).toContain(inside.id);
    expect(ten).not.toContain(outside.id);
    const five = (await search(5)).hits.map((h) => h.id);
    expect(five).toEqual([]);
    const wide = (await search(25)).hits.map((h) => h.id);
    expect(wide).toEqual(expect.arrayContaining([inside.id, outside.id]));
  });
});

describe('saved searches keep the distance', () => {
  it('the query string written back (what a saved search stores) holds distanta with the locality', () => {
    const lookup = () => undefined;
    const parsed = parseSearchParams(new URLSearchParams('q=casa&localitate=Siret&distanta=25'), lookup);
    expect(parsed?.filters.distanceKm).toBe(25);
    expect(searchQueryOf(parsed!.form)).toMatchObject({ localitate: 'Siret', distanta: 25 });
    const none = parseSearchParams(new URLSearchParams('q=casa&distanta=25'), lookup);
    expect(searchQueryOf(none!.form).distanta).toBeUndefined();
  });

  it('the save form on a search with a radius carries it', async () => {
    const res = await get('/cautare?q=bicicleta&localitate=Siret&distanta=10');
    const html = await res.text();
    expect(html).toMatch(/name="query" value="[^"]*distanta=10/);
    expect(html).toMatch(/<option value="10" selected="">\+ 10 km<\/option>/);
  });
});
