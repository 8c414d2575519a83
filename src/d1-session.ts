// Every request reads and writes D1 through one session (src/db/session.ts):
// - a request that may write (any unsafe method) starts at the primary, and its answer (unless a
//   refusal) carries D1's bookmark back in a short-lived HttpOnly cookie;
// - a request carrying that cookie starts its session from the bookmark, so whichever replica serves
//   it has the person's own last write (read-your-writes);
// - a GET that writes what its person reads next (reading a conversation marks it read) says so with
//   `keepOwnWrite`, and its answer carries the bookmark too;
// - any other read starts wherever is nearest (`first-unconstrained`).
// A cookie that does not look like a bookmark is ignored.
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { openSession } from './db/session';
import type { AppEnv } from './env';
import { BOOKMARK_COOKIE, BOOKMARK_MAX_AGE_S, validBookmark } from './lib/bookmark';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** This safe-method request wrote something its person reads next: its answer carries the bookmark. */
export function keepOwnWrite(c: Context<AppEnv>): void {
  c.set('ownWrite', true);
}

export const d1Session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const writes = !SAFE_METHODS.has(c.req.method);
  const carried = validBookmark(getCookie(c, BOOKMARK_COOKIE));
  const session = openSession(c.env.DB, writes ? 'first-primary' : (carried ?? 'first-unconstrained'));
  c.set('db', session.db);
  c.set('d1', session.d1);
  await next();
  // Only a request that wrote and went through (a refusal or a failure wrote nothing) hands out a bookmark.
  if (!(writes || c.get('ownWrite')) || c.res.status >= 400) return;
  const latest = validBookmark(session.bookmark());
  if (!latest) return;
  setCookie(c, BOOKMARK_COOKIE, latest, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: BOOKMARK_MAX_AGE_S,
  });
};
