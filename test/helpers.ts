import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import worker from '../src/index';

export const ORIGIN = 'http://127.0.0.1:8787';

/**
 * Calls the worker's own fetch handler directly (optionally with some bindings changed) and waits for
 * its background work. For long runs: the pool's `exports.default.fetch` loopback slows down with
 * every request it has served (400 requests took 12 s, 1 000 took minutes).
 */
export async function callWorker(
  request: Request,
  overrides: Record<string, string> = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, { ...env, ...overrides } as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

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
