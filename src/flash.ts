// The one-time confirmation after a redirecting action (src/lib/flash.ts holds the catalogue).
// `setFlash` adds the cookie to the redirect; `flashMiddleware` reads it on the next request, hands the
// message to the layout and, on the HTML page that shows it, clears the cookie and forbids any cache
// from keeping that page. The edge page cache never answers nor stores a request carrying it.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import {
  FLASH_MESSAGES,
  type FlashCode,
  flashClearCookie,
  flashSetCookie,
  hasFlashCookie,
  readFlashCode,
} from './lib/flash';

function isSecure(c: Context<AppEnv>): boolean {
  return new URL(c.req.url).protocol === 'https:';
}

/** Confirms `code` on the page the response redirects to. */
export function setFlash(c: Context<AppEnv>, code: FlashCode): void {
  c.header('Set-Cookie', flashSetCookie(code, isSecure(c)), { append: true });
}

/** The message this request's page shows, if any (read by the renderer). */
export function flashMessage(c: Context<AppEnv>): string | undefined {
  return c.get('flashMessage');
}

export const flashMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const cookieHeader = c.req.header('cookie');
  if (!hasFlashCookie(cookieHeader)) return next();
  const isPage = c.req.method === 'GET';
  const code = isPage ? readFlashCode(cookieHeader) : null;
  if (code) c.set('flashMessage', FLASH_MESSAGES[code]);
  await next();
  const type = c.res.headers.get('content-type') ?? '';
  // A redirect (e.g. to a canonical address) keeps the message for the page it leads to.
  if (!isPage || !type.startsWith('text/html') || (c.res.status >= 300 && c.res.status < 400)) return;
  const res = new Response(c.res.body, c.res);
  res.headers.append('Set-Cookie', flashClearCookie(isSecure(c)));
  res.headers.set('Cache-Control', 'private, no-store');
  c.res = undefined;
  c.res = res;
};
