import { exports } from 'cloudflare:workers';

export const ORIGIN = 'http://127.0.0.1:8787';

/** Calls the worker like a browser would. */
export function get(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(
    new Request(new URL(path, ORIGIN), {
      redirect: 'manual',
      ...init,
      headers: { accept: 'text/html', ...(init.headers as Record<string, string>) },
    }),
  );
}

/** A same-origin form POST (as a browser sends it, with the Origin header). */
export function postForm(
  path: string,
  body: FormData | URLSearchParams,
  headers: Record<string, string> = {},
) {
  return exports.default.fetch(
    new Request(new URL(path, ORIGIN), {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: { accept: 'text/html', origin: ORIGIN, ...headers },
    }),
  );
}

/** The visible text of an HTML document, tags stripped and whitespace folded (for assertions). */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}
