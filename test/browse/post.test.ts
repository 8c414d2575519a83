import { beforeAll, describe, expect, it } from 'vitest';
import type { Post, User } from '../../src/db/schema';
import {
  DAY,
  get,
  HOUSES,
  JOB_OFFERS,
  JOBS,
  LAND,
  MISC,
  makePhoto,
  makePost,
  makeUser,
  textOf,
} from '../fixtures';
import { jsonLdOf } from './html';

// biome-ignore lint/suspicious/noExplicitAny: JSON-LD read back for assertions
type Json = Record<string, any>;

let author: User;
let flat: Post;
let older: Post;
let newer: Post;
let job: Post;
let expired: Post;
let sold: Post;
let hidden: Post;
let draft: Post;
let noPhone: Post;

beforeAll(async () => {
  author = await makeUser({ name: 'Maria Ionescu', phone: '0755234567' });
  older = await makePost(author.id, { title: 'Garsonieră zona Gării', age: 3 * DAY });
  flat = await makePost(author.id, {
    title: 'Apartament 3 camere, zona Centru',
    age: 2 * DAY,
    price: 1250,
    currency: 'EUR',
    negotiable: true,
    fields: { rooms: 3, area: 72 },
    description:
      'Apartament foarte luminos.\nSunați la 0744 123 456 sau 0744.123.456 ori +40 744 123 456.\n\nVedeți https://exemplu.ro/poze pentru <b>poze</b>.',
    phone: '0744123456',
  });
  newer = await makePost(author.id, { title: 'Apartament 2 camere Obcina', age: DAY });
  await makePhoto(flat.id, author.id, {
    fileName: 'apartament-centru.jpg',
    width: 1600,
    height: 1200,
    position: 0,
  });
  await makePhoto(flat.id, author.id, { fileName: 'bucatarie.jpg', width: 900, height: 1200, position: 1 });
  job = await makePost(author.id, {
    title: 'Angajăm vânzătoare magazin',
    categoryId: JOBS,
    subcategoryId: JOB_OFFERS,
    price: 3500,
    currency: 'RON',
    fields: { jobType: 'part-time' },
  });
  expired = await makePost(author.id, { title: 'Casă veche', subcategoryId: HOUSES, age: 40 * DAY });
  sold = await makePost(author.id, { title: 'Teren vândut', subcategoryId: LAND, status: 'sold' });
  hidden = await makePost(author.id, { title: 'Anunț ascuns', status: 'hidden' });
  draft = await makePost(author.id, {
    title: 'Ciornă',
    status: 'draft',
    publishedAt: null,
    bumpedAt: null,
    expiresAt: null,
  });
  const silent = await makeUser({ name: 'Fără Telefon', phone: null });
  noPhone = await makePost(silent.id, {
    title: 'Bicicletă',
    categoryId: MISC,
    subcategoryId: null,
    price: 0,
    phone: null,
  });
});

const pathOf = (p: Post, cat = 'imobiliare') => `/anunt/${cat}/${p.slug}-${p.id}`;

describe('the ad page', () => {
  it('shows title, Romanian price, locality, dates, fields and breadcrumbs', async () => {
    const res = await get(pathOf(flat));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const html = await res.text();
    const text = textOf(html);
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('>Apartament 3 camere, zona Centru</h1>');
    expect(text).toContain('1.250 €');
    expect(text).toContain('Preț negociabil');
    expect(text).toContain('Rădăuți');
    expect(text).toMatch(/Publicat \d{1,2} [a-z]+ \d{4}/);
    expect(text).toMatch(/Expiră \d{1,2} [a-z]+ \d{4}/);
    expect(text).toContain('Camere 3');
    expect(text).toContain('Suprafață 72 m²');
    expect(html).toContain('href="/anunturi/imobiliare/apartamente"');
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:8787${pathOf(flat)}"/>`);
  });

  it('masks phone numbers in the description and keeps links as plain text', async () => {
    const html = await (await get(pathOf(flat))).text();
    const text = textOf(html);
    expect(text).toContain('Sunați la ********** sau ********** ori **********.');
    expect(html).not.toMatch(/0744[ .]?123/);
    expect(html).not.toContain('href="https://exemplu.ro');
    expect(html).toContain('&lt;b&gt;poze&lt;/b&gt;');
  });

  it('never puts the contact phone in the initial HTML, only a "Informații de contact" link', async () => {
    const html = await (await get(pathOf(flat))).text();
    expect(html).not.toContain('tel:');
    expect(html).not.toContain('wa.me');
    expect(html).not.toMatch(/744\s?123\s?456|0755|755\s?234/);
    expect(html).toMatch(/href="\/anunt\/imobiliare\/[^"]+\?contact=1#contact"[^>]*>.*Informații de contact/);
  });

  it('?contact reveals tel: and WhatsApp links, private and noindex', async () => {
    const res = await get(`${pathOf(flat)}?contact=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('href="tel:+40744123456"');
    expect(html).toContain('href="https://wa.me/40744123456"');
    expect(html).toContain('0744 123 456');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
  });

  it('falls back to the author phone, and says when there is none', async () => {
    const res = await get(`${pathOf(older)}?contact`);
    expect(await res.text()).toContain('href="tel:+40744123456"');
    const none = await (await get(`/anunt/diverse/${noPhone.slug}-${noPhone.id}?contact`)).text();
    expect(none).not.toContain('tel:');
    expect(textOf(none)).toContain('Autorul nu a lăsat un număr de telefon');
  });

  it('has a gallery with srcset, explicit sizes, first photo eager and the rest lazy', async () => {
    const html = await (await get(pathOf(flat))).text();
    // The photos of the main strip (thumbnails and the viewer have their own tests).
    const strip = html.slice(
      html.indexOf('class="gallery__strip"'),
      html.indexOf('</ul>', html.indexOf('gallery__strip')),
    );
    const imgs = [...strip.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((t) => t.includes('/api/poze/'));
    expect(imgs).toHaveLength(2);
    expect(imgs[0]).toMatch(/srcSet="[^"]*\/api\/poze\/responsive\/\d+\/apartament-centru\.jpg\?w=\d+ \d+w/i);
    expect(imgs[0]).toContain('width="1600"');
    expect(imgs[0]).toContain('height="1200"');
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[1]).toContain('loading="lazy"');
  });

  it('uses the first photo as og:image with its own size', async () => {
    const html = await (await get(pathOf(flat))).text();
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:8787\/api\/poze\/\d+\/apartament-centru\.webp"\/>/,
    );
    expect(html).toContain('<meta property="og:image:width" content="1600"/>');
    expect(html).toContain('<meta property="og:image:height" content="1200"/>');
  });

  it('carries Product + Offer and BreadcrumbList JSON-LD for goods', async () => {
    const items = jsonLdOf(await (await get(pathOf(flat))).text());
    const product = items.find((i) => i['@type'] === 'Product') as Json;
    expect(product.name).toBe('Apartament 3 camere, zona Centru');
    expect(product.offers).toMatchObject({
      '@type': 'Offer',
      price: 1250,
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    expect(product.description).not.toMatch(/0744/);
    expect(product.image[0]).toMatch(/^http:\/\/127\.0\.0\.1:8787\/api\/poze\/\d+\/apartament-centru\.webp$/);
    const crumbs = items.find((i) => i['@type'] === 'BreadcrumbList') as Json;
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Acasă',
      'Imobiliare',
      'Apartamente',
      'Apartament 3 camere, zona Centru',
    ]);
  });

  it('carries a JobPosting with every required field for job offers', async () => {
    const items = jsonLdOf(await (await get(`/anunt/locuri-de-munca/${job.slug}-${job.id}`)).text());
    const posting = items.find((i) => i['@type'] === 'JobPosting') as Json;
    expect(posting).toBeTruthy();
    expect(posting.title).toBe('Angajăm vânzătoare magazin');
    expect(posting.description).toContain('<p>');
    expect(Date.parse(posting.datePosted)).not.toBeNaN();
    expect(Date.parse(posting.validThrough)).toBeGreaterThan(Date.now());
    expect(posting.employmentType).toBe('PART_TIME');
    expect(posting.hiringOrganization).toMatchObject({ '@type': 'Organization', name: 'Maria Ionescu' });
    expect(posting.jobLocation.address).toMatchObject({ addressLocality: 'Rădăuți', addressCountry: 'RO' });
    expect(posting.baseSalary).toMatchObject({ currency: 'RON', value: { value: 3500, unitText: 'MONTH' } });
    expect(items.some((i) => i['@type'] === 'Product')).toBe(false);
  });

  it('links the author card and the newer/older ads of the same category', async () => {
    const html = await (await get(pathOf(flat))).text();
    expect(html).toMatch(new RegExp(`href="/anunturi/de/maria-ionescu-${author.id}"`));
    expect(html).toContain(`href="${pathOf(newer)}" rel="prev"`);
    expect(html).toContain(`href="${pathOf(older)}" rel="next"`);
  });

  it('has the report form posting a reason to the report route', async () => {
    const html = await (await get(pathOf(flat))).text();
    expect(html).toContain(`action="/raporteaza/${flat.id}"`);
    expect(html).toMatch(/<input[^>]*name="reason"[^>]*value="Înșelătorie"/);
    expect(html).toContain('name="details"');
    expect(html).toContain('<summary>Raportează anunțul</summary>');
  });
});

describe('ad URLs', () => {
  it.each([
    ['a wrong slug', (p: Post) => `/anunt/imobiliare/alt-titlu-${p.id}`],
    ['a wrong category', (p: Post) => `/anunt/auto-moto/${p.slug}-${p.id}`],
    ['the id alone', (p: Post) => `/anunt/imobiliare/${p.id}`],
    ['no category', (p: Post) => `/anunt/${p.slug}-${p.id}`],
    ['a trailing slash', (p: Post) => `/anunt/imobiliare/${p.slug}-${p.id}/`],
  ])('%s redirects 301 to the canonical URL', async (_, make) => {
    const res = await get(make(flat));
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(pathOf(flat));
  });

  it('keeps ?contact through the canonical redirect', async () => {
    const res = await get(`/anunt/x/y-${flat.id}?contact=1`);
    expect(res.headers.get('location')).toBe(`${pathOf(flat)}?contact=1`);
  });

  it.each([
    '/anunt',
    '/anunt/imobiliare',
    '/anunt/imobiliare/apartament',
    '/anunt/imobiliare/apartament-abc',
    '/anunt/imobiliare/apartament-0',
    '/anunt/imobiliare/apartament-99999999',
    '/anunt/imobiliare/apartament-99999999999999999999',
    '/anunt/imobiliare/a/b-1',
    '/anunt/imobiliare%2Fapartament-1',
    '/anunt/%ZZ/x-1',
    `/anunt/imobiliare/${'x'.repeat(700)}-1`,
  ])('%s is 404, never 500', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});

describe('inactive ads', () => {
  it('an expired ad answers with a notice, noindex, no contact and similar ads', async () => {
    const res = await get(`/anunt/imobiliare/${expired.slug}-${expired.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(textOf(html)).toContain('Acest anunț a expirat');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).not.toContain('Informații de contact');
    expect(textOf(html)).toContain('Anunțuri asemănătoare');
    expect(html).toContain(`href="${pathOf(flat)}"`);
  });

  it('a sold ad answers with a notice, noindex and SoldOut availability', async () => {
    const html = await (await get(`/anunt/imobiliare/${sold.slug}-${sold.id}`)).text();
    expect(textOf(html)).toContain('marcat ca vândut');
    expect(html).toContain('noindex');
    const product = jsonLdOf(html).find((i) => i['@type'] === 'Product') as Json;
    expect(product.offers.availability).toBe('https://schema.org/SoldOut');
  });

  it('hidden and draft ads are 404 to visitors', async () => {
    expect((await get(`/anunt/imobiliare/${hidden.slug}-${hidden.id}`)).status).toBe(404);
    expect((await get(`/anunt/imobiliare/${draft.slug}-${draft.id}`)).status).toBe(404);
  });
});
