// `/cautare` (docs/search.md): full-text search with filters, sorting, pages and an Atom feed.
// Canonical addresses use the query string (`/cautare?q=masina&pagina=2`), which is what the GET
// form submits; the path shapes `/cautare/<q>[/pagina-<n>]` answer 301 to it. Parameters that do
// not parse are ignored (never a 500); a malformed or past-the-end page is 404.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { type CategoryTree, categoryLookupOf, getCategoryTreeCached } from '../db/categories';
import { PAGE_SIZE } from '../db/posts';
import { MAX_CANDIDATES } from '../db/search';
import { searchText } from '../db/search-text';
import type { AppEnv } from '../env';
import { parsePageSegment, segmentsAfter } from '../http/browse-paths';
import { ATOM_CONTENT_TYPE, renderAtom } from '../lib/atom';
import { isoDate } from '../lib/dates';
import { NotFound } from '../lib/errors';
import { absoluteUrl, postHref, route, routeBase, routePath } from '../lib/links';
import { LOCALITIES } from '../lib/localities';
import { maskPhones } from '../lib/phone';
import { type ParsedSearch, parseSearchParams, searchQueryOf } from '../lib/search-params';
import { truncate } from '../lib/text';
import { SearchPage } from '../pages/SearchPage';
import { limitSearch } from '../platform/rate-limits';

/**
 * The words of an old-site search address, whose query string carried InstantSearch's state
 * (`<index>[query]=…`, `query=…`), or null when the address is not one (docs/move-in.md#old-urls).
 */
export function oldSearchQuery(params: URLSearchParams): string | null {
  if (params.has('q')) return null;
  for (const [key, value] of params) {
    if (key === 'query' || /^[\w-]{1,40}\[query\]$/.test(key)) return value.trim().slice(0, 200);
  }
  return null;
}

export const searchRoutes = new Hono<AppEnv>();

/** Entries in a feed: newest first. */
const FEED_SIZE = 30;

/** A search's query string read against the category tree (null: a malformed or too deep page). */
function parseRequest(url: URL, tree: CategoryTree): ParsedSearch | null {
  return parseSearchParams(url.searchParams, categoryLookupOf(tree));
}

function runSearch(c: Context<AppEnv>, req: ParsedSearch, limit: number, offset: number, withText: boolean) {
  return searchText(c.get('d1'), {
    q: req.form.q,
    filters: req.filters,
    // Feeds are always newest first.
    sort: withText ? 'noi' : req.form.sort,
    limit,
    offset,
    now: Date.now(),
    withText,
    exact: req.exact,
    suggest: !withText && offset === 0,
  });
}

function describe(req: ParsedSearch): string {
  if (req.form.q) return `„${req.form.q}”`;
  if (req.category) return req.category.name;
  return 'toate anunțurile';
}

async function atomFeed(c: Context<AppEnv>, req: ParsedSearch, tree: CategoryTree) {
  const result = await runSearch(c, req, FEED_SIZE, 0, true);
  const site = c.env.SITE_URL;
  const pageUrl = absoluteUrl(site, route('search', {}, searchQueryOf(req.form)));
  const selfUrl = absoluteUrl(site, route('search', {}, searchQueryOf(req.form, { format: 'atom' })));
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
  // The old site's InstantSearch state (`?posts[query]=…&posts[page]=…`): one 301 to `?q=`.
  const oldQuery = oldSearchQuery(url.searchParams);
  if (oldQuery !== null) return c.redirect(route('search', {}, { q: oldQuery }), 301);
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
  const feedHref = route('search', {}, searchQueryOf(req.form, { format: 'atom' }));
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
      hrefFor={(n) => route('search', {}, searchQueryOf(req.form, { ...exactExtra, pagina: n > 1 && n }))}
      corrected={result.corrected?.text ?? null}
      exactHref={result.corrected ? route('search', {}, searchQueryOf(req.form, { exact: 1 })) : null}
      suggestion={result.suggestion?.text ?? null}
      suggestionHref={
        result.suggestion
          ? route('search', {}, searchQueryOf({ ...req.form, q: result.suggestion.text }))
          : null
      }
      clearFiltersHref={req.filtered ? route('search', {}, { q: req.form.q }) : null}
      feedHref={feedHref}
      saveSearchQuery={route('search', {}, searchQueryOf(req.form)).split('?')[1] ?? ''}
    />,
    {
      title,
      description: req.form.q
        ? `Anunțuri din Rădăuți și județul Suceava pentru „${req.form.q}”${pageSuffix}.`
        : `Caută în anunțurile din Rădăuți și județul Suceava: imobiliare, auto, locuri de muncă și altele${pageSuffix}.`,
      canonical,
      noindex,
      feeds: [{ title: `Anunțuri noi: ${describe(req)}`, href: feedHref }],
      islands: ['favourites'],
    },
  );
}

/** `/cautare/<q>[/pagina-<n>]` and `/cautare/pagina-<n>`: 301 to the query-string address. */
function pathForm(c: Context<AppEnv>) {
  const parsed = segmentsAfter(c.req.url, routeBase('search'));
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

searchRoutes.get(routeBase('search'), search);
searchRoutes.get(routePath('search'), pathForm);
