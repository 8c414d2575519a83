// The edge page cache: public pages do not vary by user (the account menu is filled in the browser),
// so an anonymous visitor's GET of a page the app marked `public` is answered from the Cache API of
// the data centre for PAGE_CACHE_SECONDS, without rendering or touching D1.
//
// Who bypasses it: anyone with a session (a signed-in person sees their own hidden ads, fresh edits and
// their drafts) or a D1 bookmark cookie (someone who has just written), any request that is not GET, photo and JSON routes (photos have their own immutable
// caching and must answer 404 as soon as their ad is hidden). What is stored: only 200 responses that
// the app itself marked `Cache-Control: public` without a cookie, so private pages can never leak.
// The stored copy lives PAGE_CACHE_SECONDS (60 by default, "0" turns the cache off); a newly published,
// edited or hidden ad reaches anonymous listings within that time.
//
// One entry per page, whatever is appended to its address: tracking parameters (`utm_*`, `fbclid`,
// `gclid`…) are dropped from the key, so a shared link's variants are the page everyone gets and a
// purge reaches them all. Only search (and its feeds) reads its query string; any other page asked
// with a parameter it does not use (`?ok=`, `?contact`, `?raportat`, `?x=123`) is neither answered
// from the cache nor stored, so every stored copy of a page is under the one key a purge can name.
// Search pages are keyed by whatever was typed and cannot be named by a purge: they are kept at
// most SEARCH_CACHE_SECONDS.
import type { MiddlewareHandler } from 'hono';
import { SESSION_COOKIE_NAME } from './auth/session';
import { forgetCounts } from './db/posts';
import type { AppEnv } from './env';
import { inBackground } from './http/helpers';
import { hasBookmarkCookie } from './lib/bookmark';
import { hasFlashCookie } from './lib/flash';
import { areaOf, isInArea, UNCACHED_AREAS } from './lib/links';

const STORABLE_TYPES = /^(text\/html|application\/xml|text\/xml|application\/atom\+xml|text\/plain)/;
const DEFAULT_SECONDS = 60;
/** Where the stored copy keeps the Cache-Control the app gave browsers. */
const BROWSER_CACHE_CONTROL = 'X-Browser-Cache-Control';

/** Seconds a search page or feed is kept at most: purges cannot name them. */
export const SEARCH_CACHE_SECONDS = 10;

/** Parameters that only say where a visitor came from: never part of a page's identity. */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ref',
  'ref_src',
  'srsltid',
]);

/** Whether a query parameter only tracks the visit (`utm_*`, `fbclid`, `gclid`, `msclkid`…). */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

/** Pages whose content depends on their query string (search and its Atom feeds). */
function readsQuery(path: string): boolean {
  return isInArea(path, areaOf('search'));
}

/**
 * The cache key of a page address, or null when the page must not come from the cache: tracking
 * parameters dropped, the rest sorted (search only); a page that reads no parameters and is asked
 * with one anyway has no key.
 */
export function pageCacheKey(url: string): string | null {
  const u = new URL(url);
  const kept = [...u.searchParams].filter(([name]) => !isTrackingParam(name));
  if (kept.length > 0 && !readsQuery(u.pathname)) return null;
  kept.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  u.search = new URLSearchParams(kept).toString();
  u.hash = '';
  return u.toString();
}

/** Seconds the edge keeps this path: search pages and feeds at most SEARCH_CACHE_SECONDS. */
export function edgeSecondsFor(path: string, seconds: number): number {
  return readsQuery(path) ? Math.min(seconds, SEARCH_CACHE_SECONDS) : seconds;
}

/** Whether the request carries anything that could make the page personal. */
export function hasSession(cookieHeader: string | undefined, authorization: string | undefined): boolean {
  if (authorization) return true;
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const [name, value = ''] = pair.trim().split('=');
    const match = name ? SESSION_COOKIE_NAME.exec(name) : null;
    // `__client_uat=0` is Clerk's "signed out" marker.
    return !!match && value !== '' && !(match[1] === 'client_uat' && value === '0');
  });
}

/** Seconds to keep a page, from the PAGE_CACHE_SECONDS setting (0 disables the cache). */
export function pageCacheSeconds(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return DEFAULT_SECONDS;
  const n = Number(setting);
  return Number.isInteger(n) && n >= 0 && n <= 3600 ? n : DEFAULT_SECONDS;
}

/**
 * How long an isolate may reuse what every listing shares (the per-category counts): as long as a
 * whole page may be kept, so the figures are never older than the pages showing them.
 */
export function sharedDataMaxAgeMs(setting: string | undefined): number {
  return pageCacheSeconds(setting) * 1000;
}

/** A path whose answers may be kept: pages and feeds, not photos, APIs or the account area. */
export function isCacheablePath(path: string): boolean {
  return !UNCACHED_AREAS.some((area) => isInArea(path, area));
}

/** Workers' default cache of this data centre (the DOM lib in tsconfig hides its `default`). */
function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

export const pageCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const seconds = pageCacheSeconds(c.env.PAGE_CACHE_SECONDS);
  const eligible =
    seconds > 0 &&
    c.req.method === 'GET' &&
    typeof caches !== 'undefined' &&
    isCacheablePath(c.req.path) &&
    !hasSession(c.req.header('cookie'), c.req.header('authorization')) &&
    // Someone who has just written must see fresh pages, not what the data centre kept.
    !hasBookmarkCookie(c.req.header('cookie')) &&
    // A one-time confirmation makes the page personal: never answered from, nor put into, the cache.
    !hasFlashCookie(c.req.header('cookie'));
  const keyUrl = eligible ? pageCacheKey(c.req.url) : null;
  if (!keyUrl) return next();

  const cache = edgeCache();
  // One entry per page: a 200 never depends on Accept (only error answers do, and they are not kept).
  const key = new Request(keyUrl);
  const hit = await cache.match(key);
  if (hit) {
    const res = new Response(hit.body, hit);
    res.headers.set('Cache-Control', hit.headers.get(BROWSER_CACHE_CONTROL) ?? 'public, max-age=60');
    res.headers.delete(BROWSER_CACHE_CONTROL);
    res.headers.set('X-Page-Cache', 'hit');
    return res;
  }
  await next();
  const res = c.res;
  const cacheControl = res.headers.get('cache-control') ?? '';
  if (
    res.status !== 200 ||
    !/(^|,)\s*public\b/.test(cacheControl) ||
    res.headers.has('set-cookie') ||
    !STORABLE_TYPES.test(res.headers.get('content-type') ?? '')
  )
    return;
  const stored = new Response(res.clone().body, res);
  // The cache's own lifetime; what browsers are told stays as the app set it.
  stored.headers.set(BROWSER_CACHE_CONTROL, cacheControl);
  const lifetime = edgeSecondsFor(c.req.path, seconds);
  stored.headers.set('Cache-Control', `public, max-age=${lifetime}, s-maxage=${lifetime}`);
  const put = cache.put(key, stored).catch(() => {});
  // No execution context (called directly): store before answering.
  if (!inBackground(c, put)) await put;
  c.res.headers.set('X-Page-Cache', 'miss');
};

/**
 * Drops pages from this data centre's cache after a write (an ad published, edited, sold, hidden,
 * deleted…), and this isolate's category counts, so the person who made the change and anyone nearby
 * see it at once; other data centres and isolates follow within PAGE_CACHE_SECONDS. Never fails the
 * write it follows.
 */
export async function forgetPages(requestUrl: string, paths: string[]): Promise<void> {
  forgetCounts();
  if (typeof caches === 'undefined') return;
  const cache = edgeCache();
  const keys = new Set<string>();
  for (const path of paths) {
    const key = pageCacheKey(new URL(path, requestUrl).toString());
    if (key) keys.add(key);
  }
  await Promise.all([...keys].map((key) => cache.delete(new Request(key)).catch(() => false)));
}
