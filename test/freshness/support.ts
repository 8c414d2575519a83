// Shared by the freshness tests: calling the worker with a D1 binding a test can watch or break.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../../src/index';
import { ORIGIN } from '../fixtures';

/** Calls the worker's fetch handler with `DB` replaced (and waits for its background work). */
export async function callWithDb(
  request: Request,
  db: D1Database = env.DB,
  vars: Record<string, string> = {},
): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, { ...env, ...vars, DB: db } as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The real D1 binding, recording how each request's session was started. */
export function watchedDb(): { db: D1Database; starts: string[] } {
  const starts: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'withSession')
        return (start?: string) => {
          starts.push(String(start));
          return target.withSession(start);
        };
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db, starts };
}

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

/**
 * The real D1 binding, except that every write fails the way D1 fails when it is unreachable or times
 * out: reads (the session lookup, categories, photos) still answer, any write statement or batch throws.
 */
export function failingWritesDb(message = 'D1_ERROR: Network connection lost.'): D1Database {
  const fail = () => Promise.reject(new Error(message));
  const wrapStatement = (stmt: D1PreparedStatement, writes: boolean): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'bind') return (...args: unknown[]) => wrapStatement(target.bind(...args), writes);
        if (writes && (prop === 'run' || prop === 'all' || prop === 'first' || prop === 'raw')) return fail;
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const wrapSession = <T extends object>(inner: T): T =>
    new Proxy(inner, {
      get(target, prop) {
        if (prop === 'prepare')
          return (query: string) =>
            wrapStatement((target as unknown as D1Database).prepare(query), WRITE.test(query));
        if (prop === 'batch') return fail;
        if (prop === 'withSession')
          return (start?: string) => wrapSession((target as unknown as D1Database).withSession(start));
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return wrapSession(env.DB);
}

/** A same-origin request as a browser sends it. */
export function browserRequest(
  path: string,
  init: { method?: string; cookie?: string; body?: FormData } = {},
) {
  const headers: Record<string, string> = { accept: 'text/html' };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.method && init.method !== 'GET') headers.origin = ORIGIN;
  return new Request(new URL(path, ORIGIN), {
    method: init.method ?? 'GET',
    body: init.body,
    headers,
    redirect: 'manual',
  });
}

/** The value of one cookie set by a response, with its attributes (null when not set). */
export function setCookie(res: Response, name: string): { value: string; attributes: string } | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === name)
      return { value: pair.slice(eq + 1).trim(), attributes: attrs.join(';').trim() };
  }
  return null;
}

/**
 * The hidden inputs the editor form carries back (version, opened photos, token), as FormData entries
 * in document order; the photo list's own `photoIds` are left to each test.
 */
export function hiddenInputs(html: string): [string, string][] {
  const form = html.slice(html.indexOf('id="editor-form"'));
  return [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)]
    .map((m): [string, string] => [m[1], m[2]])
    .filter(([name]) => name !== 'photoIds');
}

/**
 * The real D1 binding with every batch held back `ms` first: requests sent together all get past
 * their reads (a token not used yet, a rate limit) before any of their writes lands.
 */
export function slowBatchesDb(ms: number): D1Database {
  const wrap = <T extends object>(inner: T): T =>
    new Proxy(inner, {
      get(target, prop) {
        if (prop === 'batch')
          return async (statements: D1PreparedStatement[]) => {
            await new Promise((resolve) => setTimeout(resolve, ms));
            return (target as unknown as D1Database).batch(statements);
          };
        if (prop === 'withSession')
          return (start?: string) => wrap((target as unknown as D1Database).withSession(start));
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return wrap(env.DB);
}
