import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { safeReturnPath } from '../lib/links';

/** This site's origins: the request's own and `SITE_URL`'s (when it parses). */
export function ownOrigins(c: Context<AppEnv>): string[] {
  const own = [new URL(c.req.url).origin];
  try {
    const site = new URL(c.env.SITE_URL).origin;
    if (!own.includes(site)) own.push(site);
  } catch {
    // a malformed SITE_URL adds nothing
  }
  return own;
}

/**
 * Where to send someone after signing in, up or out: a same-site path from `redirect_url`
 * (Clerk's components pass absolute URLs, accepted only for this site's own origin), never an
 * auth page (a loop) and never another site; otherwise `/`. `safeReturnPath` is the judge.
 */
export function checkedReturnPath(c: Context<AppEnv>, value: string | null | undefined): string {
  const path = safeReturnPath(value, '/', ownOrigins(c));
  return /^\/(clerk|auth)(\/|$|\?|#)/i.test(path) ? '/' : path;
}
