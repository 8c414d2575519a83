// Full-text search over published ads (docs/search.md), the statement itself (search-text.ts runs it
// as /cautare does: synonyms, corrections, suggestions): the FTS5 table `posts_fts` of migrations
// 0002_search.sql and 0003_search_freshness.sql, kept in step with `posts` by triggers. One
// statement per search:
//  1. m: the freshest MAX_CANDIDATES visible matches (FTS5 walks its rowids, posts.search_key, a
//     sequence taken at each publication or renewal, downwards and stops there, so a word found
//     in 50 000 ads costs what one found in 500 does), with bm25 and the sort keys;
//  2. h: those ranked and cut to one page; the total is a count of m;
//  3. only that page joined back to posts for its text and first photo. Matches are marked in
//     JS (lib/search-query markText/snippetText): FTS5's highlight()/snippet() would re-run the
//     whole match, a prefix over thousands of ads, once per row.
import { KM_PER_DEG_LAT, KM_PER_DEG_LON } from '../lib/geo';
import { maskPhones } from '../lib/phone';
import type { Currency } from '../lib/price';
import type { SearchSort } from '../lib/search-params';
import { ftsString, type Highlighter, markText, snippetText } from '../lib/search-query';
import { publicTitle } from './ad-text';
import { firstPhotoSql, type PhotoRef, parsePhotoRef, visibleAdSql } from './fragments';

/**
 * Price filters and price sorting compare both currencies in lei at this fixed, approximate rate:
 * good enough to find "up to 50 000 €" among ads priced in lei. Price 0 ("not shown") never matches
 * a price filter and sorts last.
 */
const EUR_TO_RON = 5;

/**
 * A search considers at most this many matches, the most recently published or renewed first:
 * 10 pages of 20, and it bounds the work of very common words, so a search costs about the same at
 * 1 000 ads as at 100 000 (more are reported as "over 200"; a filter or another word narrows them).
 */
export const MAX_CANDIDATES = 200;

/**
 * bm25 weights of the columns title, body (masked description), category, locality, and the stems
 * of title and body (migration 0016): a word in the title counts ten times one in the description,
 * as written or inflected.
 */
const BM25 = 'bm25(posts_fts, 10.0, 1.0, 3.0, 2.0, 10.0, 1.0)';

export interface FieldFilter {
  /** A field name of src/lib/post-fields.ts (validated by the route: only known names). */
  name: string;
  op: 'min' | 'max' | 'eq';
  value: number | string;
}

export interface SearchFilters {
  categoryId?: number;
  subcategoryId?: number;
  /** Bounds in `currency`. */
  priceMin?: number;
  priceMax?: number;
  currency?: Currency;
  locality?: string;
  /** With `locality`: also the localities whose centre is at most this many km from its centre. */
  distanceKm?: number;
  withPhotos?: boolean;
  fields?: FieldFilter[];
  /** Only ads published or renewed after this time (ms), e.g. new since a saved search's last digest. */
  bumpedAfter?: number;
  /** Only ads published or renewed at or before this time (ms). */
  bumpedUpTo?: number;
}

export interface SearchRequest {
  /** An FTS5 expression from lib/search-query `toFtsQuery`, or null to list by the filters alone. */
  match: string | null;
  filters: SearchFilters;
  sort: SearchSort;
  limit: number;
  offset: number;
  now: number;
  /** Also return the start of the masked description (for feeds). */
  withText?: boolean;
  /** What to mark in titles and snippets (nothing when absent). */
  highlight?: Highlighter;
  /**
   * Slugs of the categories the query names (lib/search-query queryCategories): sorted by
   * relevance, their ads come first.
   */
  boostCategories?: readonly string[];
}

export interface SearchHit {
  id: number;
  title: string;
  /** The title with lib/search-query MARK_START/MARK_END around matched words. */
  titleMarked: string;
  /** A piece of the masked description around the matches, marked the same way. */
  snippet: string;
  slug: string;
  price: number;
  currency: Currency;
  negotiable: boolean;
  locality: string;
  categoryId: number;
  subcategoryId: number | null;
  bumpedAt: number | null;
  photo: PhotoRef | null;
  /** The masked description (first 600 characters), when asked for. */
  text?: string;
}

export interface SearchResult {
  /**
   * Matching visible ads over all pages, at most MAX_CANDIDATES (0 when a page past the end was
   * asked for).
   */
  total: number;
  hits: SearchHit[];
}

type Param = string | number;

const priceRon = `(CASE p.currency WHEN 'EUR' THEN p.price * ${EUR_TO_RON} ELSE p.price END)`;

/** ORDER BY over the columns `score`, `bumped_at`, `price`, `price_ron`, `id` of alias `t`. */
function orderBy(sort: SearchSort, hasMatch: boolean, t: string): string {
  const newest = `${t}.bumped_at DESC, ${t}.id DESC`;
  switch (sort) {
    case 'pret_asc':
      return `(${t}.price <= 0), ${t}.price_ron ASC, ${newest}`;
    case 'pret_desc':
      return `(${t}.price <= 0), ${t}.price_ron DESC, ${newest}`;
    case 'relevanta':
      return hasMatch ? `${t}.tier DESC, ${t}.score ASC, ${newest}` : newest;
    default:
      return newest;
  }
}

/** WHERE conditions shared by every search: visibility, then the filters. */
function conditions(req: SearchRequest, params: Param[]): string[] {
  const f = req.filters;
  const out = [visibleAdSql('p')];
  params.push(req.now);
  if (f.subcategoryId !== undefined) {
    out.push('p.subcategory_id = ?');
    params.push(f.subcategoryId);
  } else if (f.categoryId !== undefined) {
    out.push('p.category_id = ?');
    params.push(f.categoryId);
  }
  const rate = f.currency === 'EUR' ? EUR_TO_RON : 1;
  if (f.priceMin !== undefined || f.priceMax !== undefined) out.push('p.price > 0');
  if (f.priceMin !== undefined) {
    out.push(`${priceRon} >= ?`);
    params.push(f.priceMin * rate);
  }
  if (f.priceMax !== undefined) {
    out.push(`${priceRon} <= ?`);
    params.push(f.priceMax * rate);
  }
  if (f.locality && f.distanceKm) {
    // The localities within the radius (lib/geo distanceKm, as arithmetic SQLite evaluates), from
    // the reference table of migration 0016; the chosen one itself is always in.
    out.push(`(p.locality = ? OR p.locality IN (
      SELECT l.name FROM localities c JOIN localities l
      WHERE c.name = ?
        AND ((l.lat - c.lat) * ${KM_PER_DEG_LAT}) * ((l.lat - c.lat) * ${KM_PER_DEG_LAT})
          + ((l.lon - c.lon) * ${KM_PER_DEG_LON}) * ((l.lon - c.lon) * ${KM_PER_DEG_LON}) <= ?))`);
    params.push(f.locality, f.locality, f.distanceKm * f.distanceKm);
  } else if (f.locality) {
    out.push('p.locality = ?');
    params.push(f.locality);
  }
  if (f.bumpedAfter !== undefined) {
    out.push('p.bumped_at > ?');
    params.push(f.bumpedAfter);
  }
  if (f.bumpedUpTo !== undefined) {
    out.push('p.bumped_at <= ?');
    params.push(f.bumpedUpTo);
  }
  if (f.withPhotos) out.push("EXISTS (SELECT 1 FROM photos ph WHERE ph.post_id = p.id AND ph.kind = 'post')");
  for (const field of f.fields ?? []) {
    if (!/^[A-Za-z]+$/.test(field.name)) continue;
    const path = `$.${field.name}`;
    if (field.op === 'eq') {
      out.push('json_extract(p.fields, ?) = ?');
      params.push(path, field.value);
    } else {
      out.push(`CAST(json_extract(p.fields, ?) AS REAL) ${field.op === 'min' ? '>=' : '<='} ?`);
      params.push(path, Number(field.value));
    }
  }
  return out;
}

const CARD_COLUMNS = `p.id AS id, p.title AS title, p.slug AS slug, p.price AS price, p.currency AS currency,
  p.negotiable AS negotiable, p.locality AS locality, p.category_id AS category_id,
  p.subcategory_id AS subcategory_id, p.bumped_at AS bumped_at, ${firstPhotoSql('p')} AS photo`;

/**
 * The MATCH expression narrowed to one locality: the index holds each ad's locality, so FTS5
 * skips the other towns' ads instead of the query joining every match to test `p.locality` (a
 * word found in 10 000 ads, 50 of them in Siret). A superset: `p.locality = ?` still decides.
 */
function withLocality(match: string, locality: string | undefined): string {
  return locality ? `(${match}) AND locality : ${ftsString(locality)}` : match;
}

/** The one SQL statement of a search, with its parameters (exported for the benchmark). */
export function buildSearchSql(req: SearchRequest): { sql: string; params: Param[] } {
  const params: Param[] = [];
  const limit = Math.max(1, Math.min(100, Math.trunc(req.limit)));
  const offset = Math.max(0, Math.trunc(req.offset));
  const hasMatch = !!req.match;
  // With a radius the ads of several localities match: the index is not narrowed to one.
  if (req.match)
    params.push(req.filters.distanceKm ? req.match : withLocality(req.match, req.filters.locality));
  const where = conditions(req, params);
  params.push(limit, offset);
  const sortColumns = `p.bumped_at AS bumped_at, p.price AS price, ${priceRon} AS price_ron`;
  // tier: 1 for an ad in a category the query names. The slugs come from lib/search-lexicon (checked
  // here anyway); the subquery is evaluated once per statement.
  const slugs = (req.boostCategories ?? []).filter((x) => /^[a-z-]+$/.test(x));
  const named = `(SELECT id FROM categories WHERE slug IN (${slugs.map((x) => `'${x}'`).join(', ')}))`;
  const tier =
    slugs.length > 0 && req.sort === 'relevanta'
      ? `(p.category_id IN ${named} OR coalesce(p.subcategory_id IN ${named}, 0))`
      : '0';
  // m: the candidates with their sort keys, materialised (FTS5's bm25() can only be evaluated in
  // the query that scans the index, and m is read twice: the page and the count). CROSS JOIN
  // fixes the join order: FTS matches first, then each post by its search_key, through the
  // covering index posts_search_match unless a category-field filter needs the row itself.
  const matches = hasMatch
    ? `SELECT p.id AS id, ${req.sort === 'relevanta' ? BM25 : '0'} AS score, ${tier} AS tier, ${sortColumns}
  FROM posts_fts CROSS JOIN posts p ON p.search_key = posts_fts.rowid
  WHERE posts_fts MATCH ? AND ${where.join(' AND ')}
  ORDER BY posts_fts.rowid DESC
  LIMIT ${MAX_CANDIDATES}`
    : // posts_fresh: walk the published ads most recently published or renewed first and stop at
      // the cap, rather than read every ad of a category through posts_listing and sort them all.
      `SELECT p.id AS id, 0 AS score, 0 AS tier, ${sortColumns}
  FROM posts p INDEXED BY posts_fresh
  WHERE ${where.join(' AND ')}
  ORDER BY p.bumped_at DESC, p.id DESC
  LIMIT ${MAX_CANDIDATES}`;
  // h: one page of them (a top-N sort, not a full one).
  const page = `SELECT m.* FROM m ORDER BY ${orderBy(req.sort, hasMatch, 'm')} LIMIT ? OFFSET ?`;
  // Then only the page's rows are joined back: the post (its text to mark) and its first photo.
  const outer = `SELECT (SELECT count(*) FROM m) AS total, ${CARD_COLUMNS}, substr(p.search_text, 1, 4000) AS body
FROM h CROSS JOIN posts p ON p.id = h.id
ORDER BY ${orderBy(req.sort, hasMatch, 'h')}`;
  const sql = `WITH m AS MATERIALIZED (
  ${matches}
), h AS (
  ${page}
)
${outer}`;
  return { sql, params };
}

interface Row {
  total: number;
  id: number;
  title: string;
  slug: string;
  price: number;
  currency: Currency;
  negotiable: number;
  locality: string;
  category_id: number;
  subcategory_id: number | null;
  bumped_at: number | null;
  photo: string | null;
  body: string | null;
}

const NOTHING: Highlighter = { words: new Set(), prefixes: [] };

function toHit(row: Row, withText: boolean, h: Highlighter): SearchHit {
  // Title and search_text are stored masked; masking again before marking matches also covers rows
  // stored under an older masking rule (a mark inside a number would hide it from the mask).
  const { title, slug } = publicTitle(row);
  const body = maskPhones(row.body ?? '');
  const hit: SearchHit = {
    id: row.id,
    title,
    titleMarked: markText(title, h),
    snippet: snippetText(body, h),
    slug,
    price: row.price,
    currency: row.currency,
    negotiable: !!row.negotiable,
    locality: row.locality,
    categoryId: row.category_id,
    subcategoryId: row.subcategory_id,
    bumpedAt: row.bumped_at,
    photo: parsePhotoRef(row.photo),
  };
  if (withText) hit.text = body.slice(0, 600);
  return hit;
}

/** One page of search results with the total count. A page past the end answers no hits, total 0. */
export async function searchPosts(d1: D1Database, req: SearchRequest): Promise<SearchResult> {
  const { sql, params } = buildSearchSql(req);
  let rows: Row[];
  try {
    rows = (
      await d1
        .prepare(sql)
        .bind(...params)
        .all<Row>()
    ).results;
  } catch (err) {
    // The expression is built from quoted strings only, so this should never happen; if FTS5 still
    // refuses it, the visitor sees no results rather than an error page.
    if (/fts5/i.test(String(err))) {
      console.error('search: FTS5 refused a built query', req.match, err);
      return { total: 0, hits: [] };
    }
    throw err;
  }
  return {
    total: rows[0]?.total ?? 0,
    hits: rows.map((r) => toHit(r, !!req.withText, req.highlight ?? NOTHING)),
  };
}
