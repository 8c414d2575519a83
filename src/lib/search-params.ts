// The search page's query string (`/cautare?q=…&categorie=…&pret_min=…`), read into a typed search
// and written back in a stable order. Pure. The Romanian names exist only as query keys (SEARCH_KEYS,
// FIELD_PARAMS); the code uses the English ones. A value that does not parse is ignored (never an
// error); only a malformed or too deep page makes the whole request invalid (the route's 404).

import type { Category } from '../db/schema';
// biome-ignore lint/style/noRestrictedImports: the db query's input type, built by this parser (type only; test/conventions/allowlist.ts)
import type { FieldFilter, SearchFilters } from '../db/search';
import { type DistanceKm, isDistance } from './geo';
import type { QueryValue } from './links';
import { isLocality } from './localities';
import { type CategoryKind, FIELDS_BY_KIND, type FieldDef } from './post-fields';
import type { Currency } from './price';
import { parseQuery } from './search-query';

/** The query key of each search parameter. */
export const SEARCH_KEYS = {
  q: 'q',
  page: 'pagina',
  category: 'categorie',
  priceMin: 'pret_min',
  priceMax: 'pret_max',
  currency: 'moneda',
  locality: 'localitate',
  distance: 'distanta',
  withPhotos: 'cu_poze',
  sort: 'ordine',
  format: 'format',
  exact: 'exact',
} as const;

/** The orders a search can list in (their query values). */
export type SearchSort = 'relevanta' | 'noi' | 'pret_asc' | 'pret_desc';
export const SEARCH_SORTS: readonly SearchSort[] = ['relevanta', 'noi', 'pret_asc', 'pret_desc'];

/** No one pages this deep; it bounds OFFSET work. */
export const MAX_PAGE = 500;
/** A longer parameter value is cut to this many characters before it is read. */
const MAX_VALUE_LENGTH = 200;
/** Values of the photos checkbox that mean "only ads with photos". */
const YES = ['1', 'da', 'on', 'true'];

/** A category field as a search filter: its URL parameter(s) and how it compares. */
export interface FieldFilterDef {
  field: FieldDef;
  /** URL parameter: `camere` for a choice, `camere_min`/`camere_max` for a number range. */
  param: string;
}

/** Romanian URL names of the category fields of src/lib/post-fields.ts. */
export const FIELD_PARAMS: Record<string, string> = {
  rooms: 'camere',
  area: 'suprafata',
  year: 'an',
  km: 'km',
  fuel: 'combustibil',
  jobType: 'program',
};

/** The field filters a category kind offers (none for `general`). */
export function fieldFilters(kind: CategoryKind): FieldFilterDef[] {
  return FIELDS_BY_KIND[kind].map((field) => ({ field, param: FIELD_PARAMS[field.name] ?? field.name }));
}

/** The values of the search form, as the route understood them (invalid ones dropped). */
export interface SearchFormState {
  q: string;
  /** Category or subcategory slug, or ''. */
  category: string;
  priceMin?: number;
  priceMax?: number;
  currency: Currency;
  /** A known locality, or ''. */
  locality: string;
  /** Kilometres around the locality (lib/geo DISTANCES_KM); 0 without a locality. */
  distance: DistanceKm;
  withPhotos: boolean;
  /** Category field parameters (`camere_min`, `combustibil`, …) and their values. */
  fields: Record<string, string>;
  sort: SearchSort;
  /** `relevanta` with words, `noi` without. */
  defaultSort: SearchSort;
}

/** A search as the query string asks for it. */
export interface ParsedSearch {
  form: SearchFormState;
  category?: Category;
  fieldDefs: FieldFilterDef[];
  filters: SearchFilters;
  /** Anything beyond `q` and the page (filters or a non-default sort). */
  filtered: boolean;
  page: number;
  /** `format=atom`: the Atom feed of the search. */
  atom: boolean;
  /** `exact=1`: search the words as typed, never corrected (the link under a corrected search). */
  exact: boolean;
}

/** A category chosen by its slug, with the kind that decides its field filters. */
export type CategoryLookup = (slug: string) => { category: Category; kind: CategoryKind } | undefined;

/** A non-negative whole number typed by a person (`50.000`, `50 000` allowed), or undefined. */
export function parseAmount(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const compact = value.replace(/[\s.]/g, '');
  if (!/^\d{1,10}$/.test(compact)) return undefined;
  const n = Number(compact);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The category field filters given for `fieldDefs`, and the form values they came from. */
function readFields(fieldDefs: FieldFilterDef[], get: (key: string) => string | undefined) {
  const fields: FieldFilter[] = [];
  const values: Record<string, string> = {};
  for (const { field, param } of fieldDefs) {
    if (field.type === 'choice') {
      const v = get(param);
      if (v && field.choices?.includes(v)) {
        fields.push({ name: field.name, op: 'eq', value: v });
        values[param] = v;
      }
      continue;
    }
    for (const op of ['min', 'max'] as const) {
      const n = parseAmount(get(`${param}_${op}`));
      if (n === undefined) continue;
      fields.push({ name: field.name, op, value: n });
      values[`${param}_${op}`] = String(n);
    }
  }
  return { fields, values };
}

/**
 * Reads a search's query string. Null when the page is malformed or beyond MAX_PAGE; any other
 * value that does not parse is ignored. Swapped price bounds are put in order; category fields count
 * only for the chosen (sub)category's kind and only with valid values.
 */
export function parseSearchParams(params: URLSearchParams, lookup: CategoryLookup): ParsedSearch | null {
  const get = (key: string) => params.get(key)?.slice(0, MAX_VALUE_LENGTH).trim() || undefined;
  const pageParam = get(SEARCH_KEYS.page);
  let page = 1;
  if (pageParam !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(pageParam) || Number(pageParam) > MAX_PAGE) return null;
    page = Number(pageParam);
  }
  const q = parseQuery(params.get(SEARCH_KEYS.q) ?? '').text;

  const slug = get(SEARCH_KEYS.category);
  const chosen = slug ? lookup(slug) : undefined;
  const category = chosen?.category;
  const currency: Currency = get(SEARCH_KEYS.currency) === 'EUR' ? 'EUR' : 'RON';
  let priceMin = parseAmount(get(SEARCH_KEYS.priceMin));
  let priceMax = parseAmount(get(SEARCH_KEYS.priceMax));
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  const localityParam = get(SEARCH_KEYS.locality);
  const locality = localityParam && isLocality(localityParam) ? localityParam : undefined;
  const distanceParam = Number(get(SEARCH_KEYS.distance) ?? '0');
  const distance: DistanceKm = locality && isDistance(distanceParam) ? distanceParam : 0;
  const withPhotos = YES.includes(get(SEARCH_KEYS.withPhotos) ?? '');

  const fieldDefs = chosen ? fieldFilters(chosen.kind) : [];
  const { fields, values } = readFields(fieldDefs, get);

  const sortParam = get(SEARCH_KEYS.sort) as SearchSort | undefined;
  const defaultSort: SearchSort = q ? 'relevanta' : 'noi';
  const sort = sortParam && SEARCH_SORTS.includes(sortParam) ? sortParam : defaultSort;

  const filters: SearchFilters = {
    categoryId: category && category.parentId === null ? category.id : undefined,
    subcategoryId: category && category.parentId !== null ? category.id : undefined,
    priceMin,
    priceMax,
    currency,
    locality,
    distanceKm: distance || undefined,
    withPhotos,
    fields,
  };
  const filtered =
    !!category ||
    priceMin !== undefined ||
    priceMax !== undefined ||
    !!locality ||
    withPhotos ||
    fields.length > 0 ||
    sort !== defaultSort;
  return {
    form: {
      q,
      category: category?.slug ?? '',
      priceMin,
      priceMax,
      currency,
      locality: locality ?? '',
      distance,
      withPhotos,
      fields: values,
      sort,
      defaultSort,
    },
    category,
    fieldDefs,
    filters,
    filtered,
    page,
    atom: get(SEARCH_KEYS.format) === 'atom',
    exact: get(SEARCH_KEYS.exact) === '1',
  };
}

/** The query of a search, in a stable order, without defaults (the currency only with a price). */
export function searchQueryOf(
  form: SearchFormState,
  extra: Record<string, QueryValue> = {},
): Record<string, QueryValue> {
  const hasPrice = form.priceMin !== undefined || form.priceMax !== undefined;
  return {
    [SEARCH_KEYS.q]: form.q,
    [SEARCH_KEYS.category]: form.category,
    [SEARCH_KEYS.priceMin]: form.priceMin,
    [SEARCH_KEYS.priceMax]: form.priceMax,
    [SEARCH_KEYS.currency]: hasPrice ? form.currency : undefined,
    [SEARCH_KEYS.locality]: form.locality,
    [SEARCH_KEYS.distance]: form.locality && form.distance > 0 ? form.distance : undefined,
    [SEARCH_KEYS.withPhotos]: form.withPhotos,
    ...form.fields,
    [SEARCH_KEYS.sort]: form.sort !== form.defaultSort ? form.sort : undefined,
    ...extra,
  };
}
