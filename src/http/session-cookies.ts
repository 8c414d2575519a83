// Ending the session on this device: what sign-out and the deletion of an account both do.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE_NAME } from '../auth/session';
import { CLIENT_UAT_COOKIE, DEV_BROWSER_COOKIE, SESSION_COOKIE } from '../auth/tokens';
import type { AppEnv } from '../env';

/** Removes the session cookies (every instance-suffixed one too); `__client_uat=0` says "signed out". */
export function clearSessionCookies(c: Context<AppEnv>): void {
  const secure = new URL(c.req.url).protocol === 'https:';
  const names = new Set([SESSION_COOKIE, CLIENT_UAT_COOKIE, DEV_BROWSER_COOKIE]);
  for (const name of Object.keys(getCookie(c))) if (SESSION_COOKIE_NAME.test(name)) names.add(name);
  for (const name of names) {
    // Clerk reads `__client_uat=0` as "signed out on this device".
    if (name.startsWith(CLIENT_UAT_COOKIE))
      setCookie(c, name, '0', { path: '/', sameSite: 'Lax', secure, maxAge: 31536000 });
    else deleteCookie(c, name, { path: '/', secure });
  }
}
