// The one-time confirmation as a browser carries it: the `flash` cookie a redirect sets, sent with the
// next request.

/** `flash=<code>` from a response's Set-Cookie, or null when it sets none. */
export function flashCookieOf(res: Response): string | null {
  for (const line of res.headers.getSetCookie()) {
    const m = /^flash=([^;]*)/.exec(line);
    if (m?.[1] && !/Max-Age=0/i.test(line)) return `flash=${m[1]}`;
  }
  return null;
}

/** The Cookie header of the next request: the session cookies (if any) plus the response's flash. */
export function withFlash(res: Response, cookie?: string): string {
  const flash = flashCookieOf(res);
  if (!flash) throw new Error(`no flash cookie set (status ${res.status})`);
  return cookie ? `${cookie}; ${flash}` : flash;
}

/** The text of the page's confirmation (`role="status"` set by the layout), or null. */
export function flashText(html: string): string | null {
  const m = /<p class="notice notice--ok flash" role="status">([\s\S]*?)<\/p>/.exec(html);
  return m ? m[1] : null;
}
