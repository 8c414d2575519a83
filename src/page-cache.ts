// The edge page cache: public pages do not vary by user (the account menu is filled in the browser),
// so a GET of a page the app marked `public` is answered from the Cache API of the data centre for
// PAGE_CACHE_SECONDS, without rendering or touching D1 (docs/performance.md#page-cache).
//
// Anonymous visitors: answered from the cache; a miss renders and stores the page. Only 200 responses
// that the app itself marked `Cache-Control: public` without a cookie are stored, so private pages can
// never leak. The stored copy lives PAGE_CACHE_SECONDS (60 by default, "0" turns the cache off); a newly
// published, edited or hidden ad reaches anonymous listings within that time.
//
// Signed-in people (docs/performance.md#signed-in-cache): on the pages whose HTML does not depend on
// who asks (home, listings and author pages, search, static pages, ad pages) they get the very copy an
// anonymous visitor gets: from the cache, or, on a miss, an anonymous render of the same address made
// through the app (no cookies), which is what gets stored. Their own render is never stored. They get
// their own fresh page instead when they are the ad's author (the stored copy names its author in an
// internal header, compared with the verified token's subject: no D1), when they are an operator (the
// `op` hint cookie, the OPERATOR_USER_IDS list, or an operator this isolate has seen), when their
// session does not verify, and on any other page (account, messages, favourites, the editor…).
// Browsers are told `private, no-cache` for a signed-in person's copy, as for their own pages.
//
// Who always bypasses it: a D1 bookmark cookie (someone who has just written sees nothing older than
// their write) and the flash cookie (a one-time confirmation), any request that is not GET, photo and
// JSON routes (photos have their own immutable caching and must answer 404 as soon as their ad is
// hidden), and the areas that are personal or act.
//
// One entry per page, whatever is appended to its address: tracking parameters (`utm_*`, `fbclid`,
// `gclid`…) are dropped from the key, so a shared link's variants are the page everyone gets and a
// purge reaches them all. Only search (and its feeds) reads its query string; any other page asked
// with a parameter it does not use (`?ok=`, `?contact`, `?raportat`, `?x=123`) is neither answered
// from the cache nor stored, so every stored copy of a page is under the one key a purge can name.
// Search pages are keyed by whatever was typed and cannot be named by a purge: they are kept at
// most SEARCH_CACHE_SECONDS.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { operatorIds } from './auth/config';
import { SESSION_COOKIE_NAME, verifyRequest } from './auth/session';
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

/**
 * Internal header of a stored ad page naming its author (Clerk user id): the author must get a fresh
 * render with their controls, never the stored copy. Never leaves the worker.
 */
export const PAGE_OWNER_HEADER = 'X-Page-Owner';
/**
 * A hint cookie an operator's browser carries (set on any page they get fresh): it only makes their
 * requests bypass the cache, so they get the operator panel; it never grants anything.
 */
export const OPERATOR_HINT_COOKIE = 'op';
const OPERATOR_HINT_MAX_AGE_S = 30 * 24 * 3600;

/** Areas whose HTML does not depend on who asks (bar an ad's author and operators). */
const SHARED_AREAS: readonly string[] = (['home', 'posts', 'post', 'search', 'staticPage'] as const).map(
  (name) => (name === 'home' ? '/' : areaOf(name)),
);

/** Whether a signed-in person may get this path's stored anonymous copy (docs/performance.md#signed-in-cache). */
export function isSharedPath(path: string): boolean {
  return SHARED_AREAS.some((area) => (area === '/' ? path === '/' : isInArea(path, area)));
}

/** Whether the Cookie header carries the operator hint. */
export function hasOperatorHint(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => pair.trim().split('=')[0] === OPERATOR_HINT_COOKIE);
}

/** Operators this isolate has seen (Clerk ids), so they bypass the cache even without the hint. */
const KNOWN_OPERATORS_MAX = 200;
const knownOperators = new Set<string>();

/** The owner named by an anonymous render of this request (read by a signed-in request that asked for it). */
const ownerOfRender = new WeakMap<Request, string>();

/** Renders a request through the whole app (an anonymous copy of a signed-in request). */
export type RenderApp = (
  request: Request,
  env: AppEnv['Bindings'],
  ctx?: Context<AppEnv>['executionCtx'],
) => Promise<Response>;

function storable(res: Response): boolean {
  return (
    res.status === 200 &&
    /(^|,)\s*public\b/.test(res.headers.get('cache-control') ?? '') &&
    !res.headers.has('set-cookie') &&
    STORABLE_TYPES.test(res.headers.get('content-type') ?? '')
  );
}

/** What leaves the worker, whatever path it took: internal headers stripped, the operator hint kept. */
function finish(c: Context<AppEnv>): void {
  const owner = c.res.headers.get(PAGE_OWNER_HEADER);
  if (owner !== null) {
    ownerOfRender.set(c.req.raw, owner);
    c.res.headers.delete(PAGE_OWNER_HEADER);
  }
  const user = c.get('user');
  if (!user) return;
  const hinted = hasOperatorHint(c.req.header('cookie'));
  if (user.isOperator) {
    if (!knownOperators.has(user.clerkId)) {
      while (knownOperators.size >= KNOWN_OPERATORS_MAX) {
        const oldest = knownOperators.values().next().value;
        if (oldest === undefined) break;
        knownOperators.delete(oldest);
      }
      knownOperators.add(user.clerkId);
    }
    // Renewed on each fresh page, so it lasts as long as they keep working.
    appendHint(c, OPERATOR_HINT_MAX_AGE_S);
  } else {
    knownOperators.delete(user.clerkId);
    if (hinted) appendHint(c, 0);
  }
}

function appendHint(c: Context<AppEnv>, maxAge: number): void {
  const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
  try {
    c.res.headers.append(
      'Set-Cookie',
      `${OPERATOR_HINT_COOKIE}=${maxAge ? '1' : ''}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
    );
  } catch {
    // Immutable headers (a redirect from a sub-request): the hint waits for the next page.
  }
}

/** A stored (or just stored) copy as the answer: the browser told what the app said, or `private` for a person. */
function answer(stored: Response, state: 'hit' | 'miss', signedIn: boolean): Response {
  const res = new Response(stored.body, stored);
  res.headers.set(
    'Cache-Control',
    signedIn ? 'private, no-cache' : (stored.headers.get(BROWSER_CACHE_CONTROL) ?? 'public, max-age=60'),
  );
  res.headers.delete(BROWSER_CACHE_CONTROL);
  res.headers.delete(PAGE_OWNER_HEADER);
  res.headers.set('X-Page-Cache', state);
  return res;
}

/** The request an anonymous visitor would send for the same page: no cookies, no credentials. */
function anonymousRequest(c: Context<AppEnv>, keyUrl: string): Request {
  const headers = new Headers({ accept: c.req.header('accept') ?? 'text/html' });
  for (const name of ['cf-connecting-ip', 'user-agent', 'accept-language']) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  return new Request(keyUrl, { method: 'GET', headers, redirect: 'manual' });
}

function executionContext(c: Context<AppEnv>): Context<AppEnv>['executionCtx'] | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/**
 * A signed-in person's GET of a shared page: the anonymous copy (from the cache, or rendered
 * anonymously and stored) unless they are its author or an operator; then, or when anything is
 * unsure, their own fresh render, never stored.
 */
async function signedInLookup(
  c: Context<AppEnv>,
  next: Next,
  keyUrl: string,
  render: RenderApp,
): Promise<Response | undefined> {
  const fresh = async () => {
    await next();
    finish(c);
    return undefined;
  };
  if (!isSharedPath(c.req.path) || hasOperatorHint(c.req.header('cookie'))) return fresh();
  const verification = await verifyRequest(c);
  if (verification.kind !== 'signed-in') return fresh();
  const subject = verification.claims.sub;
  if (knownOperators.has(subject) || operatorIds(c.env).has(subject)) return fresh();
  const cache = edgeCache();
  const hit = await cache.match(new Request(keyUrl));
  if (hit) {
    if (hit.headers.get(PAGE_OWNER_HEADER) === subject) {
      await hit.body?.cancel();
      return fresh();
    }
    return answer(hit, 'hit', true);
  }
  // Nothing stored: render the page as an anonymous visitor would (which stores it), and give that.
  const inner = anonymousRequest(c, keyUrl);
  const rendered = await render(inner, c.env, executionContext(c));
  const state = rendered.headers.get('X-Page-Cache');
  if ((state !== 'miss' && state !== 'hit') || !storable(rendered) || ownerOfRender.get(inner) === subject) {
    await rendered.body?.cancel();
    return fresh();
  }
  return answer(rendered, 'miss', true);
}

/** The edge page cache middleware; `render` runs the app for the anonymous copy of a signed-in request. */
export function pageCache(render: RenderApp): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const seconds = pageCacheSeconds(c.env.PAGE_CACHE_SECONDS);
    const cookie = c.req.header('cookie');
    const eligible =
      seconds > 0 &&
      c.req.method === 'GET' &&
      typeof caches !== 'undefined' &&
      isCacheablePath(c.req.path) &&
      // Someone who has just written must see fresh pages, not what the data centre kept.
      !hasBookmarkCookie(cookie) &&
      // A one-time confirmation makes the page personal: never answered from, nor put into, the cache.
      !hasFlashCookie(cookie);
    const keyUrl = eligible ? pageCacheKey(c.req.url) : null;
    if (!keyUrl) {
      await next();
      finish(c);
      return;
    }
    if (hasSession(cookie, c.req.header('authorization'))) return signedInLookup(c, next, keyUrl, render);

    const cache = edgeCache();
    // One entry per page: a 200 never depends on Accept (only error answers do, and they are not kept).
    const key = new Request(keyUrl);
    const hit = await cache.match(key);
    if (hit) {
      const owner = hit.headers.get(PAGE_OWNER_HEADER);
      if (owner !== null) ownerOfRender.set(c.req.raw, owner);
      return answer(hit, 'hit', false);
    }
    await next();
    const res = c.res;
    if (!storable(res)) {
      finish(c);
      return;
    }
    const cacheControl = res.headers.get('cache-control') ?? '';
    const stored = new Response(res.clone().body, res);
    // The cache's own lifetime; what browsers are told stays as the app set it.
    stored.headers.set(BROWSER_CACHE_CONTROL, cacheControl);
    const lifetime = edgeSecondsFor(c.req.path, seconds);
    stored.headers.set('Cache-Control', `public, max-age=${lifetime}, s-maxage=${lifetime}`);
    const put = cache.put(key, stored).catch(() => {});
    // No execution context (called directly): store before answering.
    if (!inBackground(c, put)) await put;
    finish(c);
    c.res.headers.set('X-Page-Cache', 'miss');
  };
}

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
