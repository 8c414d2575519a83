import { describe, expect, it } from 'vitest';
import type { Category } from '../../../src/db/schema';
import { link } from '../../../src/lib/links';
import type { CategoryKind } from '../../../src/lib/post-fields';
import {
  type CategoryLookup,
  MAX_PAGE,
  type ParsedSearch,
  parseAmount,
  parseSearchParams,
  searchQueryOf,
} from '../../../src/lib/search-params';

const cat = (id: number, parentId: number | null, slug: string, kind: CategoryKind): Category => ({
  id,
  parentId,
  slug,
  name: slug,
  position: 0,
  kind,
  description: '',
});
const CATEGORIES: Record<string, { category: Category; kind: CategoryKind }> = {
  imobiliare: { category: cat(1, null, 'imobiliare', 'home'), kind: 'home' },
  apartamente: { category: cat(101, 1, 'apartamente', 'home'), kind: 'home' },
  terenuri: { category: cat(103, 1, 'terenuri', 'general'), kind: 'general' },
  'auto-moto': { category: cat(2, null, 'auto-moto', 'car'), kind: 'car' },
  oferte: { category: cat(301, 3, 'oferte', 'job'), kind: 'job' },
};
const lookup: CategoryLookup = (slug) => CATEGORIES[slug];
const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs), lookup);
const parsed = (qs: string) => parse(qs) as ParsedSearch;

describe('parseAmount: whole numbers as people type them', () => {
  it.each([
    ['50000', 50000],
    ['50.000', 50000],
    ['50 000', 50000],
    ['0', 0],
    ['9999999999', 9999999999],
    [undefined, undefined],
    ['', undefined],
    ['-5', undefined],
    ['5,5', undefined],
    ['1e5', undefined],
    ['12345678901', undefined],
    ['abc', undefined],
  ])('%j → %j', (value, n) => {
    expect(parseAmount(value)).toBe(n);
  });
});

describe('parseSearchParams: the page', () => {
  it.each([
    ['', 1],
    ['pagina=1', 1],
    ['pagina=2', 2],
    ['pagina=%202%20', 2],
    [`pagina=${MAX_PAGE}`, MAX_PAGE],
    ['pagina=', 1],
  ])('%j → page %d', (qs, page) => {
    expect(parsed(qs).page).toBe(page);
  });

  it.each([
    `pagina=${MAX_PAGE + 1}`,
    'pagina=0',
    'pagina=01',
    'pagina=-1',
    'pagina=2.5',
    'pagina=abc',
    'pagina=99999999999',
  ])('%j is not a page of ours (null: the route answers 404)', (qs) => {
    expect(parse(qs)).toBeNull();
  });
});

describe('parseSearchParams: filters, with Romanian keys and English fields', () => {
  it('reads nothing from an empty query: newest first, unfiltered', () => {
    expect(parsed('')).toEqual({
      form: {
        q: '',
        category: '',
        priceMin: undefined,
        priceMax: undefined,
        currency: 'RON',
        locality: '',
        distance: 0,
        withPhotos: false,
        fields: {},
        sort: 'noi',
        defaultSort: 'noi',
      },
      category: undefined,
      fieldDefs: [],
      filters: {
        categoryId: undefined,
        subcategoryId: undefined,
        priceMin: undefined,
        priceMax: undefined,
        currency: 'RON',
        locality: undefined,
        distanceKm: undefined,
        withPhotos: false,
        fields: [],
      },
      filtered: false,
      page: 1,
      atom: false,
      exact: false,
    });
  });

  it('reads every parameter of a full search', () => {
    const p = parsed(
      'q=apartament%20central&categorie=apartamente&pret_min=40.000&pret_max=60%20000&moneda=EUR&localitate=Suceava&cu_poze=da&camere_min=2&camere_max=3&ordine=pret_asc&exact=1&format=atom',
    );
    expect(p.form).toEqual({
      q: 'apartament central',
      category: 'apartamente',
      priceMin: 40000,
      priceMax: 60000,
      currency: 'EUR',
      locality: 'Suceava',
      distance: 0,
      withPhotos: true,
      fields: { camere_min: '2', camere_max: '3' },
      sort: 'pret_asc',
      defaultSort: 'relevanta',
    });
    expect(p.filters).toEqual({
      categoryId: undefined,
      subcategoryId: 101,
      priceMin: 40000,
      priceMax: 60000,
      currency: 'EUR',
      locality: 'Suceava',
      distanceKm: undefined,
      withPhotos: true,
      fields: [
        { name: 'rooms', op: 'min', value: 2 },
        { name: 'rooms', op: 'max', value: 3 },
      ],
    });
    expect(p.category?.id).toBe(101);
    expect(p.fieldDefs.map((d) => d.param)).toEqual(['camere', 'suprafata']);
    expect(p).toMatchObject({ filtered: true, atom: true, exact: true, page: 1 });
  });

  it.each([
    ['categorie=imobiliare', { categoryId: 1, subcategoryId: undefined }],
    ['categorie=apartamente', { categoryId: undefined, subcategoryId: 101 }],
    ['categorie=nu-exista', { categoryId: undefined, subcategoryId: undefined }],
  ])('%j → %o', (qs, ids) => {
    expect(parsed(qs).filters).toMatchObject(ids);
  });

  it.each([
    ['pret_min=500&pret_max=100', 100, 500],
    ['pret_min=100', 100, undefined],
    ['pret_max=abc', undefined, undefined],
  ])('%j → prices %s..%s (swapped bounds put in order)', (qs, min, max) => {
    const { form, filters } = parsed(qs);
    expect([form.priceMin, form.priceMax, filters.priceMin, filters.priceMax]).toEqual([min, max, min, max]);
  });

  it.each([
    ['moneda=EUR', 'EUR'],
    ['moneda=eur', 'RON'],
    ['moneda=USD', 'RON'],
    ['', 'RON'],
  ])('%j → currency %s', (qs, currency) => {
    expect(parsed(qs).form.currency).toBe(currency);
  });

  it.each([
    ['localitate=Suceava', 'Suceava'],
    ['localitate=R%C4%83d%C4%83u%C8%9Bi', 'Rădăuți'],
    ['localitate=Atlantida', ''],
  ])('%j → locality %j (only known localities)', (qs, locality) => {
    expect(parsed(qs).form.locality).toBe(locality);
  });

  it.each([
    ['cu_poze=1', true],
    ['cu_poze=da', true],
    ['cu_poze=on', true],
    ['cu_poze=true', true],
    ['cu_poze=0', false],
    ['cu_poze=nu', false],
  ])('%j → withPhotos %s', (qs, withPhotos) => {
    expect(parsed(qs).form.withPhotos).toBe(withPhotos);
  });

  it.each([
    ['', 'noi', 'noi'],
    ['q=casa', 'relevanta', 'relevanta'],
    ['ordine=pret_desc', 'pret_desc', 'noi'],
    ['q=casa&ordine=noi', 'noi', 'relevanta'],
    ['ordine=DROP%20TABLE', 'noi', 'noi'],
  ])('%j → sort %s (default %s)', (qs, sort, defaultSort) => {
    expect(parsed(qs).form).toMatchObject({ sort, defaultSort });
  });

  it('keeps only the chosen category kind fields, with valid values', () => {
    const car = parsed(
      'categorie=auto-moto&combustibil=motorin%C4%83&an_min=2010&km_max=abc&camere_min=2&program=part-time',
    );
    expect(car.filters.fields).toEqual([
      { name: 'year', op: 'min', value: 2010 },
      { name: 'fuel', op: 'eq', value: 'motorină' },
    ]);
    expect(car.form.fields).toEqual({ an_min: '2010', combustibil: 'motorină' });
    expect(parsed('categorie=auto-moto&combustibil=lemne').filters.fields).toEqual([]);
    expect(parsed('categorie=oferte&program=part-time').filters.fields).toEqual([
      { name: 'jobType', op: 'eq', value: 'part-time' },
    ]);
    expect(parsed('categorie=terenuri&camere_min=2').filters.fields).toEqual([]);
    expect(parsed('camere_min=2').filters.fields).toEqual([]);
  });

  it.each([
    ['q=casa', false],
    ['q=casa&pagina=2', false],
    ['q=casa&ordine=relevanta', false],
    ['q=casa&ordine=noi', true],
    ['categorie=imobiliare', true],
    ['pret_max=5', true],
    ['localitate=Suceava', true],
    ['cu_poze=1', true],
    ['moneda=EUR', false],
    ['categorie=nu-exista', false],
  ])('%j → filtered %s', (qs, filtered) => {
    expect(parsed(qs).filtered).toBe(filtered);
  });

  it('trims values, cuts them to 200 characters and ignores blank ones', () => {
    expect(parsed('localitate=%20Suceava%20&categorie=%20').form).toMatchObject({
      locality: 'Suceava',
      category: '',
    });
    expect(parsed(`pret_min=${'1'.repeat(300)}`).form.priceMin).toBeUndefined();
  });

  it('reads the words through the query parser (whitespace folded, at most 200 characters)', () => {
    expect(parsed('q=%20%20casa%20%20%20mare%20').form.q).toBe('casa mare');
    expect(parsed(`q=${'a'.repeat(300)}`).form.q).toHaveLength(200);
  });
});

describe('searchQueryOf: the query of a search, stable and without defaults', () => {
  it.each([
    ['', ''],
    ['q=casa', 'q=casa'],
    ['q=casa&ordine=relevanta', 'q=casa'],
    ['ordine=pret_asc&q=casa', 'q=casa&ordine=pret_asc'],
    ['moneda=EUR', ''],
    ['moneda=EUR&pret_max=5', 'pret_max=5&moneda=EUR'],
    [
      'cu_poze=da&localitate=Suceava&pret_min=10&categorie=apartamente&q=x&camere_max=3&camere_min=2',
      'q=x&categorie=apartamente&pret_min=10&moneda=RON&localitate=Suceava&cu_poze=1&camere_min=2&camere_max=3',
    ],
  ])('%j → %j', (qs, expected) => {
    expect(link('/cautare', {}, searchQueryOf(parsed(qs).form))).toBe(
      expected ? `/cautare?${expected}` : '/cautare',
    );
  });

  it('appends the extra parameters last', () => {
    expect(Object.keys(searchQueryOf(parsed('q=x').form, { pagina: 2, format: 'atom' })).slice(-2)).toEqual([
      'pagina',
      'format',
    ]);
  });

  it('round-trips: what it writes parses back to the same form', () => {
    const form = parsed(
      'q=casa&categorie=apartamente&pret_min=1&pret_max=9&moneda=EUR&localitate=Suceava&cu_poze=1&camere_min=2&ordine=noi',
    ).form;
    const written = new URL(link('/cautare', {}, searchQueryOf(form)), 'https://www.eradauti.ro');
    expect(parseSearchParams(written.searchParams, lookup)?.form).toEqual(form);
  });
});
