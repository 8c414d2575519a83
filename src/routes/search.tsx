// `/cautare` (docs/search.md): full-text search with filters, sorting, pages and an Atom feed.
// Canonical addresses use the query string (`/cautare?q=masina&pagina=2`), which is what the GET
// form submits; the path shapes `/cautare/<q>[/pagina-<n>]` answer 301 to it. Parameters that do
// not parse are ignored (never a 500); a malformed or past-the-end page is 404.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { type CategoryTree, getCategoryTreeCached, kindOf } from '../db/categories';
import { PAGE_SIZE } from '../db/posts';
import type { Category } from '../db/schema';
import {
  type FieldFilter,
  MAX_CANDIDATES,
  SEARCH_SORTS,
  type SearchFilters,
  type SearchSort,
  searchText,
} from '../db/search';
import type { AppEnv } from '../env';
import { parsePageSegment, segmentsAfter } from '../http/browse-paths';
import { ATOM_CONTENT_TYPE, renderAtom } from '../lib/atom';
import { isoDate } from '../lib/dates';
import { NotFound } from '../lib/errors';
import { absoluteUrl, postHref, type QueryValue, route } from '../lib/links';
import { isLocality, LOCALITIES } from '../lib/localities';
import { maskPhones } from '../lib/phone';
import type { Currency } from '../lib/price';
import { type FieldFilterDef, fieldFilters, parseQuery } from '../lib/search-query';
import { truncate } from '../lib/text';
import { type SearchFormState, SearchPage } from '../pages/SearchPage';
import { limitSearch } from '../platform/rate-limits';

export const searchRoutes = new Hono<AppEnv>();

/** Entries in a feed: newest first. */
const FEED_SIZE = 30;
/** No one pages this deep; it bounds OFFSET work. */
const MAX_PAGE = 500;

/** A non-negative whole number typed by a person (`50.000`, `50 000` allowed), or undefined. */
function parseAmount(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const compact = value.replace(/[\s.]/g, '');
  if (!/^\d{1,10}$/.test(compact)) return undefined;
  const n = Number(compact);
  return Number.isSafeInteger(n) ? n : undefined;
}

interface ParsedRequest {
  form: SearchFormState;
  category?: Category;
  fieldDefs: FieldFilterDef[];
  filters: SearchFilters;
  /** Anything beyond `q` and the page (filters or a non-default sort). */
  filtered: boolean;
  page: number;
  atom: boolean;
  /** `exact=1`: search the words as typed, never corrected (the link under a corrected search). */
  exact: boolean;
}

function parseRequest(url: URL, tree: CategoryTree): ParsedRequest | null {
  const get = (name: string) => url.searchParams.get(name)?.slice(0, 200).trim() || undefined;
  const pageParam = get('pagina');
  let page = 1;
  if (pageParam !== undefined) {
    const n = parsePageSegment(`pagina-${pageParam}`);
    if (n === null || n > MAX_PAGE) return null;
    page = n;
  }
  const parsed = parseQuery(url.searchParams.get('q') ?? '');
  const q = parsed.text;

  const slug = get('categorie');
  const category = slug ? tree.bySlug.get(slug) : undefined;
  const currency: Currency = get('moneda') === 'EUR' ? 'EUR' : 'RON';
  let priceMin = parseAmount(get('pret_min'));
  let priceMax = parseAmount(get('pret_max'));
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  const localityParam = get('localitate');
  const locality = localityParam && isLocality(localityParam) ? localityParam : undefined;
  const withPhotos = ['1', 'da', 'on', 'true'].includes(get('cu_poze') ?? '');

  // Category fields: only those of the chosen (sub)category's kind, validated against their defs.
  const kind = category
    ? kindOf(tree, category.parentId ?? category.id, category.parentId ? category.id : null)
    : null;
  const fieldDefs = kind ? fieldFilters(kind) : [];
  const fields: FieldFilter[] = [];
  const fieldValues: Record<string, string> = {};
  for (const { field, param } of fieldDefs) {
    if (field.type === 'choice') {
      const v = get(param);
      if (v && field.choices?.includes(v)) {
        fields.push({ name: field.name, op: 'eq', value: v });
        fieldValues[param] = v;
      }
      continue;
    }
    for (const [suffix, op] of [
      ['min', 'min'],
      ['max', 'max'],
    ] as const) {
      const n = parseAmount(get(`${param}_${suffix}`));
      if (n === undefined) continue;
      fields.push({ name: field.name, op, value: n });
      fieldValues[`${param}_${suffix}`] = String(n);
    }
  }

  const sortParam = get('ordine') as SearchSort | undefined;
  const defaultSort: SearchSort = q ? 'relevanta' : 'noi';
  const sort = sortParam && SEARCH_SORTS.includes(sortParam) ? sortParam : defaultSort;

  const filters: SearchFilters = {
    categoryId: category && category.parentId === null ? category.id : undefined,
    subcategoryId: category && category.parentId !== null ? category.id : undefined,
    priceMin,
    priceMax,
    currency,
    locality,
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
      categorie: category?.slug ?? '',
      pretMin: priceMin,
      pretMax: priceMax,
      moneda: currency,
      localitate: locality ?? '',
      cuPoze: withPhotos,
      fields: fieldValues,
      ordine: sort,
      defaultSort,
    },
    category,
    fieldDefs,
    filters,
    filtered,
    page,
    atom: get('format') === 'atom',
    exact: get('exact') === '1',
  };
}

/** The query string of a search, in a stable order, without defaults. */
function searchQuery(
  form: SearchFormState,
  extra: Record<string, QueryValue> = {},
): Record<string, QueryValue> {
  const hasPrice = form.pretMin !== undefined || form.pretMax !== undefined;
  return {
    q: form.q,
    categorie: form.categorie,
    pret_min: form.pretMin,
    pret_max: form.pretMax,
    moneda: hasPrice ? form.moneda : undefined,
    localitate: form.localitate,
    cu_poze: form.cuPoze,
    ...form.fields,
    ordine: form.ordine !== form.defaultSort ? form.ordine : undefined,
    ...extra,
  };
}

function runSearch(c: Context<AppEnv>, req: ParsedRequest, limit: number, offset: number, withText: boolean) {
  return searchText(c.env.DB, {
    q: req.form.q,
    filters: req.filters,
    // Feeds are always newest first.
    sort: withText ? 'noi' : req.form.ordine,
    limit,
    offset,
    now: Date.now(),
    withText,
    exact: req.exact,
    suggest: !withText && offset === 0,
  });
}

function describe(req: ParsedRequest): string {
  if (req.form.q) return `„${req.form.q}”`;
  if (req.category) return req.category.name;
  return 'toate anunțurile';
}

async function atomFeed(c: Context<AppEnv>, req: ParsedRequest, tree: CategoryTree) {
  const result = await runSearch(c, req, FEED_SIZE, 0, true);
  const site = c.env.SITE_URL;
  const pageUrl = absoluteUrl(site, route('search', {}, searchQuery(req.form)));
  const selfUrl = absoluteUrl(site, route('search', {}, searchQuery(req.form, { format: 'atom' })));
  const entries = result.hits.map((hit) => {
    const category = tree.byId.get(hit.categoryId);
    const sub = hit.subcategoryId ? tree.byId.get(hit.subcategoryId) : undefined;
    const url = absoluteUrl(site, postHref(tree, hit));
    const date = isoDate(hit.bumpedAt ?? 0);
    return {
      id: url,
      title: maskPhones(hit.title),
      url,
      updated: date,
      category: sub?.name ?? category?.name,
      // search_text is already masked by every writer; masking again costs nothing.
      summary: truncate(
        maskPhones(hit.text ?? '')
          .replace(/\s+/g, ' ')
          .trim(),
        300,
      ),
    };
  });
  const xml = renderAtom({
    id: selfUrl,
    title: `eRădăuți — anunțuri noi: ${describe(req)}`,
    subtitle: 'Anunțuri din Rădăuți și județul Suceava',
    selfUrl,
    alternateUrl: pageUrl,
    updated: entries[0]?.updated ?? isoDate(Date.now()),
    authorName: 'eRădăuți',
    entries,
  });
  return c.body(xml, 200, { 'Content-Type': ATOM_CONTENT_TYPE });
}

async function search(c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  const tree = await getCategoryTreeCached(c.get('db'));
  const req = parseRequest(url, tree);
  if (!req) throw new NotFound();
  // Only searches that reach D1 count: answers from the edge cache never get here.
  await limitSearch(c);
  if (req.atom) return atomFeed(c, req, tree);

  const searched = !!req.form.q || req.filtered;
  const result = await runSearch(c, req, PAGE_SIZE, (req.page - 1) * PAGE_SIZE, false);
  const totalPages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  if (req.page > totalPages) throw new NotFound();

  const pageSuffix = req.page > 1 ? ` — pagina ${req.page}` : '';
  const title = req.form.q
    ? `Căutare: ${req.form.q}${pageSuffix}`
    : req.category
      ? `Căutare în ${req.category.name}${pageSuffix}`
      : `Căutare${pageSuffix}`;
  // Only a plain query with results is worth indexing; filter combinations point to it.
  const canonical = route('search', {}, { q: req.form.q, pagina: !req.filtered && req.page > 1 && req.page });
  const noindex = req.filtered || req.exact || !!result.corrected || !req.form.q || result.total === 0;
  const exactExtra = req.exact ? { exact: 1 } : {};
  const feedHref = route('search', {}, searchQuery(req.form, { format: 'atom' }));
  return c.render(
    <SearchPage
      form={req.form}
      tree={tree}
      fieldDefs={req.fieldDefs}
      localities={LOCALITIES}
      searched={searched}
      filtered={req.filtered}
      total={result.total}
      capped={result.total >= MAX_CANDIDATES}
      hits={result.hits}
      page={req.page}
      pageSize={PAGE_SIZE}
      totalPages={totalPages}
      hrefFor={(n) => route('search', {}, searchQuery(req.form, { ...exactExtra, pagina: n > 1 && n }))}
      corrected={result.corrected?.text ?? null}
      exactHref={result.corrected ? route('search', {}, searchQuery(req.form, { exact: 1 })) : null}
      suggestion={result.suggestion?.text ?? null}
      suggestionHref={
        result.suggestion
          ? route('search', {}, searchQuery({ ...req.form, q: result.suggestion.text }))
          : null
      }
      clearFiltersHref={req.filtered ? route('search', {}, { q: req.form.q }) : null}
      feedHref={feedHref}
    />,
    {
      title,
      description: req.form.q
        ? `Anunțuri din Rădăuți și județul Suceava pentru „${req.form.q}”${pageSuffix}.`
        : `Caută în anunțurile din Rădăuți și județul Suceava: imobiliare, auto, locuri de muncă și altele${pageSuffix}.`,
      canonical,
      noindex,
      feeds: [{ title: `Anunțuri noi: ${describe(req)}`, href: feedHref }],
    },
  );
}

/** `/cautare/<q>[/pagina-<n>]` and `/cautare/pagina-<n>`: 301 to the query-string address. */
function pathForm(c: Context<AppEnv>) {
  const parsed = segmentsAfter(c.req.url, '/cautare');
  if (!parsed || parsed.segments.length > 2) throw new NotFound();
  const url = new URL(c.req.url);
  const params = new URLSearchParams(url.search);
  const segments = [...parsed.segments];
  const last = segments[segments.length - 1];
  if (last && /^pagina-/.test(last)) {
    const page = parsePageSegment(last);
    if (page === null) throw new NotFound();
    segments.pop();
    params.delete('pagina');
    if (page > 1) params.set('pagina', String(page));
  }
  if (segments.length > 1) throw new NotFound();
  if (segments[0] !== undefined) params.set('q', segments[0]);
  const ordered = new URLSearchParams();
  for (const key of ['q', ...new Set(params.keys())]) {
    const value = params.get(key);
    if (value !== null && !ordered.has(key)) ordered.set(key, value);
  }
  const qs = ordered.toString();
  return c.redirect(`${route('search')}${qs ? `?${qs}` : ''}`, 301);
}

searchRoutes.get('/cautare', search);
searchRoutes.get('/cautare/*', pathForm);
