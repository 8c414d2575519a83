// How many D1 round trips one request costs (docs/performance.md#d1-round-trips): the worker is given
// a D1 binding that counts every query that reaches the database (a statement's first/all/run/raw, and
// a batch as one), through the same Sessions API the request's session uses. Isolate-level caches (the
// category tree, the per-category counts, verified session tokens) are warmed by one request first:
// the figure is what a request costs in steady state. A signed-in reader's listing or ad page answered
// from the edge page cache (src/page-cache.ts) costs none.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callWorker, makePost, ORIGIN, person } from '../fixtures';

interface Counter {
  trips: number;
  log: string[];
}

function countingStatement(stmt: D1PreparedStatement, counter: Counter, sql: string): D1PreparedStatement {
  return new Proxy(stmt, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'bind')
        return (...args: unknown[]) => countingStatement(target.bind(...args), counter, sql);
      if (prop === 'first' || prop === 'all' || prop === 'run' || prop === 'raw')
        return (...args: unknown[]) => {
          counter.trips++;
          counter.log.push(sql.slice(0, 120));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Statements inside a batch are unwrapped: the batch is the one round trip. */
const UNWRAP = Symbol('unwrap');

function countingSession<T extends D1Database | D1DatabaseSession>(inner: T, counter: Counter): T {
  return new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'prepare')
        return (sql: string) => {
          const stmt = target.prepare(sql);
          const wrapped = countingStatement(stmt, counter, sql);
          (wrapped as unknown as Record<symbol, unknown>)[UNWRAP] = stmt;
          return wrapped;
        };
      if (prop === 'batch')
        return (stmts: D1PreparedStatement[]) => {
          counter.trips++;
          counter.log.push(`batch(${stmts.length})`);
          return target.batch(stmts);
        };
      if (prop === 'withSession')
        return (start?: string) => countingSession((target as D1Database).withSession(start), counter);
      if (prop === 'exec')
        return (sql: string) => {
          counter.trips++;
          counter.log.push(`exec ${sql.slice(0, 80)}`);
          return (target as D1Database).exec(sql);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The D1 round trips of one request (after a warm-up request of the same kind). */
async function tripsOf(
  path: string,
  headers: Record<string, string> = {},
  vars: Record<string, string> = {},
) {
  const request = () =>
    new Request(new URL(path, ORIGIN), { redirect: 'manual', headers: { accept: 'text/html', ...headers } });
  const warm = await callWorker(request(), vars);
  await warm.arrayBuffer();
  const counter: Counter = { trips: 0, log: [] };
  const res = await callWorker(request(), { ...vars, DB: countingSession(env.DB, counter) as never });
  const body = await res.text();
  return {
    status: res.status,
    body,
    trips: counter.trips,
    log: counter.log,
    cache: res.headers.get('x-page-cache'),
  };
}

async function expectTrips(path: string, headers: Record<string, string>, most: number) {
  const r = await tripsOf(path, headers);
  expect(r.status, path).toBe(200);
  expect(r.trips, `${path}: ${JSON.stringify(r.log)}`).toBeLessThanOrEqual(most);
  expect(r.trips, `${path} reads D1`).toBeGreaterThan(0);
  return r;
}

describe('D1 round trips per request', () => {
  it('an anonymous listing, ad page and search each cost one', async () => {
    const owner = await person();
    const ad = await makePost(owner.user.id, { title: 'Apartament numărat anonim' });
    await expectTrips('/anunturi', {}, 1);
    await expectTrips('/anunturi/imobiliare', {}, 1);
    await expectTrips('/', {}, 1);
    const page = await expectTrips(`/anunt/imobiliare/apartament-numarat-anonim-${ad.id}`, {}, 1);
    expect(page.body).toContain('Apartament numărat anonim');
    const search = await expectTrips('/cautare?q=apartament', {}, 1);
    expect(search.body).toContain('Apartament numărat anonim');
  });

  it('a signed-in listing and ad page cost at most two, the owner’s figures included', async () => {
    const owner = await person({ phone: '0740123456' });
    const other = await person();
    const ad = await makePost(owner.user.id, { title: 'Apartament numărat semnat' });
    const path = `/anunt/imobiliare/apartament-numarat-semnat-${ad.id}`;
    await expectTrips('/anunturi', { cookie: other.cookie }, 2);
    await expectTrips('/anunturi/imobiliare', { cookie: owner.cookie }, 2);
    const mine = await expectTrips(path, { cookie: owner.cookie }, 2);
    // The owner's panel with its figures is there: they came in the same batch as the ad.
    expect(mine.log.some((line) => line.startsWith('batch('))).toBe(true);
    expect(mine.body).toContain('Apartament numărat semnat');
    expect(mine.body).toMatch(/Vizualizări|vizualizări/);
    const theirs = await expectTrips(path, { cookie: other.cookie }, 2);
    expect(theirs.body).not.toMatch(/Vizualizări|vizualizări/);
  });

  it('a signed-in listing or ad page answered from the edge cache costs none', async () => {
    const owner = await person();
    const reader = await person();
    const ad = await makePost(owner.user.id, { title: 'Apartament numărat din cache' });
    for (const path of ['/anunturi/imobiliare', `/anunt/imobiliare/apartament-numarat-din-cache-${ad.id}`]) {
      // The warm-up request stores the page (an anonymous render); the counted one is answered from it.
      const r = await tripsOf(path, { cookie: reader.cookie }, { PAGE_CACHE_SECONDS: '60' });
      expect(r.status, path).toBe(200);
      expect(r.cache, path).toBe('hit');
      expect(r.trips, `${path}: ${JSON.stringify(r.log)}`).toBe(0);
    }
    // Its author is not answered from the cache: their page (with their panel) costs what it did.
    const mine = await tripsOf(
      `/anunt/imobiliare/apartament-numarat-din-cache-${ad.id}`,
      { cookie: owner.cookie },
      { PAGE_CACHE_SECONDS: '60' },
    );
    expect(mine.cache).toBeNull();
    expect(mine.trips).toBeGreaterThan(0);
    expect(mine.trips).toBeLessThanOrEqual(2);
  });

  it('/api/cont costs none from the menu copy, and one (person, unread count, avatar) right after a write', async () => {
    const me = await person();
    // Steady state: the warm-up request read the person and kept the menu's copy (src/auth/menu-copy.ts).
    const r = await tripsOf('/api/cont', { cookie: me.cookie, accept: 'application/json' });
    expect(r.status).toBe(200);
    expect(r.trips, JSON.stringify(r.log)).toBe(0);
    const info = JSON.parse(r.body) as { signedIn: boolean; unreadMessages: number };
    expect(info.signedIn).toBe(true);
    expect(info.unreadMessages).toBe(0);
    // Carrying the bookmark of the person's own write: read from D1, in one batch.
    const wrote = `${me.cookie}; d1b=00000000-00000003-00000000-0123456789abcdef`;
    const fresh = await expectTrips('/api/cont', { cookie: wrote, accept: 'application/json' }, 1);
    expect(JSON.parse(fresh.body)).toMatchObject({ signedIn: true, unreadMessages: 0 });
    await expectTrips('/cont', { cookie: me.cookie }, 1);
  });
});
