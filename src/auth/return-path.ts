import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { safeReturnPath } from '../lib/links';
import { siteOrigins } from './origin-check';

/**
 * Where to send someone after signing in, up or out: a same-site path from `redirect_url`
 * (Clerk's components pass absolute URLs, accepted only for this site's own origin), never an
 * auth page (a loop) and never another site; otherwise `/`. `safeReturnPath` is the judge.
 */
export function checkedReturnPath(c: Context<AppEnv>, value: string | null | undefined): string {
  const path = safeReturnPath(value, '/', siteOrigins(c.req.url, c.env.SITE_URL));
  return /^\/(clerk|auth)(\/|$|\?|#)/i.test(path) ? '/' : path;
}
