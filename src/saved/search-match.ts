// Saved searches and /cautare share one parser and one search: a saved search is the canonical query
// string the search route builds (lib/search-params parseSearchParams + searchQueryOf), and the digest
// runs it through db/search-text searchText, narrowed to the ads published or renewed since the last digest.
import { type CategoryTree, categoryLookupOf } from '../db/categories';
import type { SearchHit } from '../db/search';
import { searchText } from '../db/search-text';
import { route } from '../lib/links';
import { type ParsedSearch, parseSearchParams, searchQueryOf } from '../lib/search-params';

/** Ads listed per saved search in one digest at most. */
export const DIGEST_ADS_PER_SEARCH = 20;
/** The longest name a person may give a saved search. */
export const SAVED_SEARCH_NAME_MAX = 80;

function parse(query: string, tree: CategoryTree): ParsedSearch | null {
  return parseSearchParams(new URLSearchParams(query), categoryLookupOf(tree));
}

/**
 * The canonical query string of a search (what /cautare links to: stable order, no defaults, no
 * page, feed or `exact`), or null when it is not a search /cautare would run.
 */
export function canonicalQuery(query: string, tree: CategoryTree): string | null {
  const parsed = parse(query.replace(/^\?/, ''), tree);
  if (!parsed) return null;
  const path = route('search', {}, searchQueryOf(parsed.form));
  const i = path.indexOf('?');
  return i < 0 ? '' : path.slice(i + 1);
}

/** A default name for a saved search: the words, else the category, plus the filters in short. */
export function defaultSearchName(query: string, tree: CategoryTree): string {
  const parsed = parse(query, tree);
  if (!parsed) return 'Căutare';
  const parts: string[] = [];
  if (parsed.form.q) parts.push(`„${parsed.form.q}”`);
  if (parsed.category) parts.push(parsed.category.name);
  if (parsed.form.locality) parts.push(parsed.form.locality);
  if (parsed.form.priceMin !== undefined || parsed.form.priceMax !== undefined)
    parts.push(
      `${parsed.form.priceMin ?? 0}–${parsed.form.priceMax ?? '…'} ${parsed.form.currency === 'EUR' ? '€' : 'lei'}`,
    );
  if (parsed.form.withPhotos) parts.push('cu poze');
  const name = parts.join(', ') || 'Toate anunțurile';
  return name.slice(0, SAVED_SEARCH_NAME_MAX);
}

/** The /cautare address of a saved search (its "all results" link). */
export function searchPathOf(query: string): string {
  return query ? `${route('search')}?${query}` : route('search');
}

/**
 * The ads /cautare lists for this saved search that were published or renewed in (after, upTo],
 * newest first, at most DIGEST_ADS_PER_SEARCH, with how many there are (capped like /cautare).
 * The words are searched as typed (no spelling correction: a digest never swaps the person's words).
 */
export async function newAdsFor(
  d1: D1Database,
  tree: CategoryTree,
  query: string,
  window: { after: number; upTo: number; now: number },
): Promise<{ total: number; hits: SearchHit[] }> {
  const parsed = parse(query, tree);
  if (!parsed) return { total: 0, hits: [] };
  const result = await searchText(d1, {
    q: parsed.form.q,
    filters: { ...parsed.filters, bumpedAfter: window.after, bumpedUpTo: window.upTo },
    sort: 'noi',
    limit: DIGEST_ADS_PER_SEARCH,
    offset: 0,
    now: window.now,
    exact: true,
  });
  return { total: result.total, hits: result.hits };
}
