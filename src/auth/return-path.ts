import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { safeReturnPath } from '../lib/links';

/**
 * Where to send someone after signing in, up or out: a same-site path from `redirect_url`
 * (Clerk's components pass absolute URLs, accepted only for this site's own origin), never an
 * auth page (a loop) and never another site; otherwise `/`.
 */
export function checkedReturnPath(c: Context<AppEnv>, value: string | null | undefined): string {
  if (!value) return '/';
  let candidate = value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    try {
      const url = new URL(value);
      const own = [new URL(c.req.url).origin];
      try {
        own.push(new URL(c.env.SITE_URL).origin);
      } catch {
        // a malformed SITE_URL adds nothing
      }
      if (!own.includes(url.origin)) return '/';
      candidate = url.pathname + url.search + url.hash;
    } catch {
      return '/';
    }
  }
  const path = safeReturnPath(candidate);
  return /^\/(clerk|auth)(\/|$|\?|#)/.test(path) ? '/' : path;
}
