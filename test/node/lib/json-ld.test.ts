import { describe, expect, it } from 'vitest';
import {
  type AdJsonLdInput,
  adJsonLd,
  breadcrumbJsonLd,
  toParagraphsHtml,
  websiteJsonLd,
} from '../../../src/lib/json-ld';
import { PHONE_MASK } from '../../../src/lib/phone';

const SITE = 'https://www.eradauti.ro';
const DAY = 86_400_000;
const T = Date.UTC(2026, 2, 10, 8, 30);

const FLATS = { slug: 'imobiliare', name: 'Imobiliare' };
const APARTMENTS = { slug: 'apartamente', name: 'Apartamente' };
const JOBS = { slug: 'locuri-de-munca', name: 'Locuri de muncă' };
const JOB_OFFERS = { slug: 'oferte', name: 'Oferte' };
const JOBS_WANTED = { slug: 'cereri', name: 'Cereri' };
const SERVICES = { slug: 'servicii', name: 'Servicii' };

function input(over: Partial<AdJsonLdInput> = {}, post: Partial<AdJsonLdInput['post']> = {}): AdJsonLdInput {
  return {
    post: {
      id: 42,
      title: 'Apartament 2 camere',
      description: 'Luminos.\n\nSunați la 0744 123 456.',
      price: 52000,
      currency: 'EUR',
      locality: 'Rădăuți',
      createdAt: T - 3 * DAY,
      publishedAt: T - 2 * DAY,
      bumpedAt: T,
      expiresAt: T + 30 * DAY,
      ...post,
    },
    authorName: 'Ion Popescu',
    category: FLATS,
    subcategory: APARTMENTS,
    fields: {},
    notice: null,
    siteUrl: SITE,
    path: '/anunt/imobiliare/apartament-2-camere-42',
    imagePaths: [],
    ...over,
  };
}

type Ld = Record<string, unknown> & { offers?: Record<string, unknown> };
const ld = (i: AdJsonLdInput) => adJsonLd(i) as Ld | null;

describe('adJsonLd: which type an ad gets', () => {
  it.each([
    ['goods with a price', input(), 'Product'],
    ['goods in a category without subcategory', input({ subcategory: undefined }), 'Product'],
    ['a job offer', input({ category: JOBS, subcategory: JOB_OFFERS }), 'JobPosting'],
    [
      'a job offer without a salary',
      input({ category: JOBS, subcategory: JOB_OFFERS }, { price: 0 }),
      'JobPosting',
    ],
    ['someone looking for work', input({ category: JOBS, subcategory: JOBS_WANTED }), null],
    ['a job ad without subcategory', input({ category: JOBS, subcategory: undefined }), null],
    ['a service', input({ category: SERVICES, subcategory: undefined }), null],
    ['goods without a price', input({}, { price: 0 }), null],
  ])('%s → %s', (_name, given, type) => {
    const out = ld(given);
    expect(out === null ? null : out['@type']).toBe(type);
  });
});

describe('adJsonLd: Product', () => {
  it('says everything the ad page shows, with absolute URLs and a masked description', () => {
    expect(adJsonLd(input({ imagePaths: ['/poze/1/a.webp', '/poze/2/b.webp'] }))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Apartament 2 camere',
      description: `Luminos. Sunați la ${PHONE_MASK}.`,
      sku: '42',
      category: 'Imobiliare > Apartamente',
      image: [`${SITE}/poze/1/a.webp`, `${SITE}/poze/2/b.webp`],
      offers: {
        '@type': 'Offer',
        url: `${SITE}/anunt/imobiliare/apartament-2-camere-42`,
        price: 52000,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        priceValidUntil: '2026-04-09',
        areaServed: 'Rădăuți',
        seller: { '@type': 'Person', name: 'Ion Popescu' },
      },
    });
  });

  it.each([
    [null, 'https://schema.org/InStock', '2026-04-09'],
    ['sold', 'https://schema.org/SoldOut', undefined],
    ['expired', 'https://schema.org/Discontinued', undefined],
    ['held', 'https://schema.org/InStock', undefined],
    ['draft', 'https://schema.org/InStock', undefined],
  ] as const)('notice %s → availability %s, priceValidUntil %s', (notice, availability, validUntil) => {
    const offers = ld(input({ notice }))?.offers;
    expect(offers?.availability).toBe(availability);
    expect(offers?.priceValidUntil).toBe(validUntil);
  });

  it('leaves out image when the ad has no photos and priceValidUntil when it never expires', () => {
    const out = ld(input({}, { expiresAt: null }));
    expect(out).not.toHaveProperty('image');
    expect(out?.offers).not.toHaveProperty('priceValidUntil');
  });

  it('cuts the description to 500 characters, whitespace folded', () => {
    const out = ld(input({}, { description: `${'cuvânt '.repeat(200)}\n\n  sfârșit` }));
    const text = String(out?.description);
    expect(text.length).toBeLessThanOrEqual(500);
    expect(text).not.toMatch(/\s{2}|\n/);
  });

  it('names only the category when the ad has no subcategory', () => {
    expect(ld(input({ subcategory: undefined }))?.category).toBe('Imobiliare');
  });
});

describe('adJsonLd: JobPosting', () => {
  const job = (over: Partial<AdJsonLdInput> = {}, post: Partial<AdJsonLdInput['post']> = {}) =>
    ld(
      input({ category: JOBS, subcategory: JOB_OFFERS, ...over }, { price: 3000, currency: 'RON', ...post }),
    );

  it('says everything the ad page shows, its description as escaped paragraphs', () => {
    expect(
      adJsonLd(
        input(
          { category: JOBS, subcategory: JOB_OFFERS, fields: { jobType: 'normă întreagă' } },
          {
            title: 'Angajăm vânzătoare',
            description: 'Program <8h> & tichete.\nSunați: 0744 123 456\n\nFără experiență.',
            price: 3000,
            currency: 'RON',
          },
        ),
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Angajăm vânzătoare',
      description: `<p>Program &lt;8h&gt; &amp; tichete.<br>Sunați: ${PHONE_MASK}</p><p>Fără experiență.</p>`,
      datePosted: '2026-03-10T08:30:00.000Z',
      validThrough: '2026-04-09T08:30:00.000Z',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Ion Popescu' },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Rădăuți',
          addressRegion: 'Suceava',
          addressCountry: 'RO',
        },
      },
      directApply: false,
      url: `${SITE}/anunt/imobiliare/apartament-2-camere-42`,
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'RON',
        value: { '@type': 'QuantitativeValue', value: 3000, unitText: 'MONTH' },
      },
    });
  });

  it.each([
    ['part-time', 'PART_TIME'],
    ['normă întreagă', 'FULL_TIME'],
    [undefined, 'FULL_TIME'],
  ])('jobType %s → employmentType %s', (jobType, type) => {
    expect(job({ fields: jobType ? { jobType } : {} })?.employmentType).toBe(type);
  });

  it.each([
    ['bumped', { bumpedAt: T, publishedAt: T - DAY }, T],
    ['published, never bumped', { bumpedAt: null, publishedAt: T - DAY }, T - DAY],
    ['never published', { bumpedAt: null, publishedAt: null, createdAt: T - 2 * DAY }, T - 2 * DAY],
  ])('dates a %s offer from its last publication; valid 30 days without an expiry', (_n, dates, posted) => {
    const out = job({}, { ...dates, expiresAt: null });
    expect(out?.datePosted).toBe(new Date(posted).toISOString());
    expect(out?.validThrough).toBe(new Date(posted + 30 * DAY).toISOString());
  });

  it('has no baseSalary when the offer states no pay', () => {
    expect(job({}, { price: 0 })).not.toHaveProperty('baseSalary');
  });
});

describe('breadcrumbJsonLd and websiteJsonLd', () => {
  it('numbers the trail from 1 with absolute URLs', () => {
    expect(
      breadcrumbJsonLd(SITE, [
        { name: 'Acasă', href: '/' },
        { name: 'Imobiliare', href: '/anunturi/imobiliare' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Acasă', item: `${SITE}/` },
        { '@type': 'ListItem', position: 2, name: 'Imobiliare', item: `${SITE}/anunturi/imobiliare` },
      ],
    });
  });

  it('gives the site its search action', () => {
    expect(websiteJsonLd(SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'eRădăuți',
      url: `${SITE}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${SITE}/cautare?q={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('toParagraphsHtml', () => {
  it.each([
    ['one line', '<p>one line</p>'],
    ['a\nb', '<p>a<br>b</p>'],
    ['a\r\n\r\nb', '<p>a</p><p>b</p>'],
    ['  a  \n \n\n b ', '<p>a</p><p>b</p>'],
    ['<script>&', '<p>&lt;script&gt;&amp;</p>'],
    ['', ''],
  ])('%j → %j', (text, html) => {
    expect(toParagraphsHtml(text)).toBe(html);
  });
});
