import { beforeAll, describe, expect, it } from 'vitest';
import { AUTO_MOTO, CARS, DAY, ELECTRONICS, get, makePost, makeUser, textOf } from '../fixtures';
import { idsOf, jsonLdOf } from './html';

// Imobiliare › Apartamente holds 45 visible ads (3 pages) plus every kind of invisible one.
const visible: number[] = [];
let promotedHigh: number;
let promotedLow: number;
let lapsed: number;
const hiddenIds: Record<string, number> = {};

beforeAll(async () => {
  const author = await makeUser({ name: 'Ion Popescu' });
  const banned = await makeUser({ name: 'Spammer', banned: true });
  const now = Date.now();
  for (let i = 0; i < 42; i++) {
    const p = await makePost(author.id, { title: `Apartament nr ${i}`, age: (i + 1) * 3_600_000 });
    visible.push(p.id);
  }
  promotedLow = (
    await makePost(author.id, {
      title: 'Promovat mic',
      age: 20 * DAY,
      promotion: 1,
      promotedUntil: now + DAY,
    })
  ).id;
  promotedHigh = (
    await makePost(author.id, {
      title: 'Promovat mare',
      age: 25 * DAY,
      promotion: 2,
      promotedUntil: now + DAY,
    })
  ).id;
  lapsed = (
    await makePost(author.id, {
      title: 'Promovare expirata',
      age: 10 * DAY,
      promotion: 2,
      promotedUntil: now - DAY,
    })
  ).id;
  hiddenIds.expiredByDate = (await makePost(author.id, { title: 'Expirat', age: 31 * DAY })).id;
  hiddenIds.expired = (await makePost(author.id, { title: 'Status expirat', status: 'expired' })).id;
  hiddenIds.sold = (await makePost(author.id, { title: 'Vandut', status: 'sold' })).id;
  hiddenIds.hidden = (await makePost(author.id, { title: 'Ascuns', status: 'hidden' })).id;
  hiddenIds.draft = (await makePost(author.id, { title: 'Ciorna', status: 'draft' })).id;
  hiddenIds.banned = (await makePost(banned.id, { title: 'De la autor suspendat' })).id;
  // Other categories: one ad in Auto-moto, a subcategory-less one in Electronice.
  await makePost(author.id, {
    title: 'Dacia Logan 2012',
    categoryId: AUTO_MOTO,
    subcategoryId: CARS,
    currency: 'EUR',
  });
  await makePost(author.id, {
    title: 'Telefon',
    categoryId: ELECTRONICS,
    subcategoryId: null,
    price: 900,
    currency: 'RON',
  });
});

describe('category listings', () => {
  it('lists promoted ads first (higher level first), then the newest, 20 per page', async () => {
    const res = await get('/anunturi/imobiliare');
    expect(res.status).toBe(200);
    const ids = idsOf(await res.text());
    expect(ids).toHaveLength(20);
    expect(ids.slice(0, 2)).toEqual([promotedHigh, promotedLow]);
    expect(ids.slice(2, 5)).toEqual(visible.slice(0, 3));
  });

  it('marks promoted ads with "Promovat" and treats a lapsed promotion as ordinary', async () => {
    const html = await (await get('/anunturi/imobiliare')).text();
    expect(html.match(/>Promovat</g)).toHaveLength(2);
    const all: number[] = [];
    for (const n of [1, 2, 3])
      all.push(...idsOf(await (await get(`/anunturi/imobiliare${n > 1 ? `/pagina-${n}` : ''}`)).text()));
    // 42 fresh ads are newer than the lapsed one (10 days old): it comes right after them.
    expect(all.indexOf(lapsed)).toBe(44);
  });

  it('never lists expired, sold, hidden or draft ads, nor ads of banned authors', async () => {
    const all: number[] = [];
    for (const n of [1, 2, 3])
      all.push(...idsOf(await (await get(`/anunturi/imobiliare${n > 1 ? `/pagina-${n}` : ''}`)).text()));
    expect(all).toHaveLength(45);
    for (const id of Object.values(hiddenIds)) expect(all).not.toContain(id);
    expect(new Set(all).size).toBe(45);
  });

  it('shows the count through the plural helper and a heading per page', async () => {
    const html = await (await get('/anunturi/imobiliare/pagina-2')).text();
    expect(textOf(html)).toContain('45 de anunțuri');
    expect(html).toMatch(
      /<h1>Imobiliare<span class="listing__page"> — pagina <!-- -->2<\/span><\/h1>|<h1>Imobiliare<span class="listing__page"> — pagina 2<\/span><\/h1>/,
    );
    expect(html).toContain(
      '<link rel="canonical" href="http://127.0.0.1:8787/anunturi/imobiliare/pagina-2"/>',
    );
    expect(html).toMatch(
      /<title>Imobiliare în Rădăuți și județul Suceava — pagina 2 \| eRădăuți v3<\/title>/,
    );
  });

  it('links every page with plain links, rel prev/next', async () => {
    const html = await (await get('/anunturi/imobiliare/pagina-2')).text();
    expect(html).toContain('href="/anunturi/imobiliare" rel="prev"');
    expect(html).toContain('href="/anunturi/imobiliare/pagina-3" rel="next"');
    const last = await (await get('/anunturi/imobiliare/pagina-3')).text();
    expect(idsOf(last)).toHaveLength(5);
    expect(last).not.toContain('rel="next"');
  });

  it('filters by subcategory and lists subcategory chips with counts', async () => {
    const html = await (await get('/anunturi/imobiliare/apartamente')).text();
    expect(idsOf(html)).toHaveLength(20);
    expect(html).toContain('href="/anunturi/imobiliare/case"');
    expect(html).toMatch(/aria-current="page"[^>]*>Apartamente/);
    const empty = await get('/anunturi/imobiliare/case');
    expect(empty.status).toBe(200);
    expect(textOf(await empty.text())).toContain('Nu sunt anunțuri în această categorie');
  });

  it('is publicly cacheable and announces the category Atom feed', async () => {
    const res = await get('/anunturi/auto-moto');
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const html = await res.text();
    expect(html).toContain('type="application/atom+xml"');
    expect(html).toContain('href="/cautare?categorie=auto-moto&amp;format=atom"');
  });

  it('carries a BreadcrumbList', async () => {
    const html = await (await get('/anunturi/imobiliare/apartamente')).text();
    const crumbs = jsonLdOf(html).find((x) => x['@type'] === 'BreadcrumbList') as {
      itemListElement: { name: string; item: string }[];
    };
    expect(crumbs.itemListElement.map((i) => i.name)).toEqual([
      'Acasă',
      'Anunțuri',
      'Imobiliare',
      'Apartamente',
    ]);
    expect(crumbs.itemListElement[3].item).toBe('http://127.0.0.1:8787/anunturi/imobiliare/apartamente');
  });
});

describe('home and /anunturi', () => {
  it('home shows every category with its count, the promoted and the newest ads', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain('Imobiliare 45 de anunțuri');
    expect(text).toContain('Auto-moto 1 anunț');
    expect(text).toContain('Animale niciun anunț');
    for (const slug of [
      'imobiliare',
      'auto-moto',
      'locuri-de-munca',
      'servicii',
      'electronice',
      'casa-si-gradina',
      'animale',
      'diverse',
    ])
      expect(html).toContain(`href="/anunturi/${slug}"`);
    expect(text).toContain('Anunțuri promovate');
    expect(idsOf(html).slice(0, 2)).toEqual([promotedHigh, promotedLow]);
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
  });

  it('/anunturi lists all categories with subcategories and the newest ads, paginated', async () => {
    const html = await (await get('/anunturi')).text();
    expect(html).toContain('href="/anunturi/imobiliare/apartamente"');
    expect(textOf(html)).toContain('47 de anunțuri');
    expect(idsOf(html)).toHaveLength(20);
    expect(html).toContain('href="/anunturi/pagina-2"');
    expect((await get('/anunturi/pagina-3')).status).toBe(200);
    expect((await get('/anunturi/pagina-4')).status).toBe(404);
  });

  it('only the first image of a listing is eager', async () => {
    // No photos in these fixtures: the card shows a placeholder and no <img> is lazy-loaded wrongly.
    const html = await (await get('/anunturi/imobiliare')).text();
    expect(html).not.toMatch(/<img[^>]*loading="eager"[\s\S]*<img[^>]*loading="eager"/);
  });
});

describe('listing URLs', () => {
  it.each([
    ['/anunturi/imobiliare/pagina-1', '/anunturi/imobiliare'],
    ['/anunturi/imobiliare/apartamente/pagina-1', '/anunturi/imobiliare/apartamente'],
    ['/anunturi/pagina-1', '/anunturi'],
    ['/anunturi/imobiliare/', '/anunturi/imobiliare'],
    ['/anunturi/imobiliare/pagina/2', '/anunturi/imobiliare/pagina-2'],
    ['/anunturi/apartamente', '/anunturi/imobiliare/apartamente'],
    ['/anunturi/auto-moto/apartamente', '/anunturi/imobiliare/apartamente'],
    ['/anunturi/imobiliare-1', '/anunturi/imobiliare'],
    ['/anunturi/autoturisme-201', '/anunturi/auto-moto/autoturisme'],
    ['/anunturi/ceva-vechi-2', '/anunturi/auto-moto'],
  ])('%s redirects 301 to %s', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location') ?? '', 'http://x').pathname).toBe(to);
  });

  it.each([
    '/anunturi/imobiliare/pagina-4',
    '/anunturi/imobiliare/pagina-0',
    '/anunturi/imobiliare/pagina-01',
    '/anunturi/imobiliare/pagina-99999999999999999999',
    '/anunturi/imobiliare/pagina-abc',
    '/anunturi/imobiliare/case/pagina-2',
    '/anunturi/nu-exista',
    '/anunturi/imobiliare/nu-exista',
    '/anunturi/imobiliare/apartamente/extra',
    '/anunturi/imobiliare%2Fapartamente',
    '/anunturi/imobiliare/..%2F..%2Fetc',
    '/anunturi/%E0%A4%A',
    '/anunturi/Imobiliare',
    '/anunturi/categorie-999',
    '/anunturi/x-99999999999',
    `/anunturi/${'a'.repeat(600)}`,
    '/anunturi//imobiliare',
  ])('%s is 404, never 500', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
  });
});
