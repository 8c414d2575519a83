// Unsafe requests (anything but GET, HEAD and OPTIONS) must come from this site, whatever their
// content type or body: JSON, text/plain and body-less requests are checked like forms. Browsers
// send `Origin` on every such request; when it is missing, `Sec-Fetch-Site` must say the request
// was made by this site itself (`same-origin`) or by the person directly (`none`). `Origin: null`
// (sandboxed frames, privacy redirects, `data:` pages) is never this site. SameSite cookies do the rest.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { hasValidAdminToken } from '../http/admin-token';
import { Forbidden } from '../lib/errors';
import { areaOf, isInArea } from '../lib/links';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_ORIGIN_REFUSAL =
  'Cererea nu a pornit de pe acest site, așa că a fost refuzată. Reîncărcați pagina și încercați din nou.';

/** This site's origins: the request's own and the configured `SITE_URL`'s. */
export function siteOrigins(requestUrl: string, siteUrl: string | undefined): string[] {
  const origins = [new URL(requestUrl).origin];
  try {
    const site = siteUrl ? new URL(siteUrl).origin : null;
    if (site && !origins.includes(site)) origins.push(site);
  } catch {
    // a malformed SITE_URL adds nothing
  }
  return origins;
}

/** The site's own origin: `SITE_URL`'s, or the request's when `SITE_URL` does not parse. */
export function siteOrigin(requestUrl: string, siteUrl: string | undefined): string {
  const origins = siteOrigins(requestUrl, siteUrl);
  return origins[origins.length - 1];
}

/** Whether a request with this method and these headers may act on this site. */
export function isSameSiteRequest(
  method: string,
  headers: Headers,
  requestUrl: string,
  siteUrl: string | undefined,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const origin = headers.get('origin');
  if (origin !== null) return siteOrigins(requestUrl, siteUrl).includes(origin);
  const fetchSite = headers.get('sec-fetch-site');
  return fetchSite === 'same-origin' || fetchSite === 'none';
}

/**
 * The one-click unsubscribe of a mail (`POST /dezabonare/<signed token>`): mail clients post it from
 * their own origin (RFC 8058), and the token itself is the authority, so it alone is exempt.
 */
export function isOneClickUnsubscribe(method: string, path: string): boolean {
  return method.toUpperCase() === 'POST' && /^\/dezabonare\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(path);
}

/**
 * Machine-to-machine calls to `/__admin` (the importer, backups) come from no browser and carry no
 * Origin: they are exempt only with the valid admin token (src/http/admin-token.ts). Without it they are
 * checked like any request and refused.
 */
async function isAdminCall(path: string, headers: Headers, env: AppEnv['Bindings']): Promise<boolean> {
  return isInArea(path, areaOf('adminStatus')) && hasValidAdminToken(headers, env);
}

export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isOneClickUnsubscribe(c.req.method, c.req.path)) return next();
  if (
    !SAFE_METHODS.has(c.req.method.toUpperCase()) &&
    (await isAdminCall(c.req.path, c.req.raw.headers, c.env))
  )
    return next();
  if (!isSameSiteRequest(c.req.method, c.req.raw.headers, c.req.url, c.env.SITE_URL))
    throw new Forbidden(CROSS_ORIGIN_REFUSAL);
  await next();
};
