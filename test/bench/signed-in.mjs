// @ts-check
// The signed-in side of `npm run bench` (run.mjs): a real local session (the `/clerk/sign-in` form of
// local mode, exactly what a browser posts) whose cookies the load rows send, so every request is
// verified by Clerk's middleware. Listing and ad page are pages that do not depend on who asks: the
// person gets the edge cache's anonymous copy (docs/caching.md#signed-in-people); /api/cont answers
// from the isolate's copy of the person, read from D1 at most every MENU_COPY_MS and every time for
// someone who has just written (docs/performance.md#the-account-menus-copy).
//
// Run alone (`PORT=8860 node test/bench/signed-in.mjs`, after `npm run build:client`) it starts its
// own site and measures only the static asset, the anonymous rendered listing and the signed-in rows
// with their ratios to the static asset: a quick check of these targets without the whole bench.
import { pathToFileURL } from 'node:url';

/** Targets, as ratios to the static asset in the same run (docs/performance.md). */
export const SIGNED_IN_RATIO = 0.3;
export const ACCOUNT_MENU_RATIO = 0.5;

/** A bookmark-shaped D1 bookmark (src/lib/bookmark.ts): the local D1 accepts any position. */
const JUST_WROTE_BOOKMARK = '00000000-00000001-00000000-0123456789abcdef';

/** Signs in locally as `email` and returns the `Cookie` header of that browser. */
export async function localSessionCookie(base, email = 'bench-signed-in@example.test') {
  const res = await fetch(`${base}/clerk/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams({ email, name: 'Cititor de test' }),
  });
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => /^__(session|client_uat|clerk_db_jwt)=/.test(c));
  if (!cookies.some((c) => c.startsWith('__session=')))
    throw new Error(`local sign-in set no __session cookie (status ${res.status})`);
  // The person is signed in from here on: the account menu says so.
  const check = await fetch(`${base}/api/cont`, {
    headers: { cookie: cookies.join('; '), accept: 'application/json' },
  });
  const info = /** @type {{ signedIn?: boolean }} */ (await check.json());
  if (!info.signedIn) throw new Error('the local session does not verify: /api/cont answers signed out');
  return cookies.join('; ');
}

/**
 * The text of a page, asked again while the freshly started site does not answer: on a loaded machine
 * the first request to `wrangler dev` can stall for minutes (the same before the signed-in cache).
 */
async function firstAnswer(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (await fetch(url, { signal: AbortSignal.timeout(15_000) })).text();
    } catch (err) {
      if (attempt >= 8) throw err;
    }
  }
}

/** The load rows of a signed-in person: [name, path, headers]. */
export function signedInRows(cookie, listingPath, adPath) {
  return /** @type {[string, string | null, Record<string, string>][]} */ ([
    ['listing, signed in', listingPath, { cookie }],
    ['ad page, signed in', adPath, { cookie }],
    ['/api/cont, signed in', '/api/cont', { cookie, accept: 'application/json' }],
    // Diagnostic, no target: the menu of someone who has just written (the bookmark cookie) is read
    // from D1 every time (src/auth/menu-copy.ts); this row is what one D1 round trip costs here.
    [
      '/api/cont, just wrote (D1)',
      '/api/cont',
      { cookie: `${cookie}; d1b=${JUST_WROTE_BOOKMARK}`, accept: 'application/json' },
    ],
  ]);
}

/** The signed-in targets for the rows measured (each with its ratio to the static asset). */
export function signedInTargets(load) {
  const out = [];
  for (const [name, floor] of [
    ['listing, signed in', SIGNED_IN_RATIO],
    ['ad page, signed in', SIGNED_IN_RATIO],
    ['/api/cont, signed in', ACCOUNT_MENU_RATIO],
  ]) {
    const row = load.find((r) => r.name === name);
    if (row?.ratioToStatic === undefined) continue;
    out.push({
      target: `${name} ≥ ${floor} × static`,
      value: row.ratioToStatic,
      pass: row.ratioToStatic >= floor,
    });
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { default: autocannon } = await import('autocannon');
  const { startSite } = await import('../e2e/server.mjs');
  const port = Number(process.env.PORT ?? 8860);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const site = await startSite({ port, label: 'bench-signed-in' });
  try {
    const base = site.base;
    const listingHtml = await firstAnswer(`${base}/anunturi/imobiliare`);
    const adPath = /href="(\/anunt\/[^"?#]+-\d+)"/.exec(listingHtml)?.[1] ?? null;
    const cookie = await localSessionCookie(base);
    /** @type {[string, string | null, Record<string, string>][]} */
    const rows = [
      ['static asset', '/logo.svg', {}],
      ['listing, rendered', '/anunturi/imobiliare', { cookie: '__client_uat=1' }],
      ...signedInRows(cookie, '/anunturi/imobiliare', adPath),
    ];
    /** @type {any[]} */
    const load = [];
    let seq = 0;
    for (const [name, path, extra] of rows) {
      const headers = { accept: 'text/html', ...extra };
      const requests = [
        {
          setupRequest: (req) => {
            seq++;
            return {
              ...req,
              headers: { ...req.headers, 'cf-connecting-ip': `10.9.${(seq >> 8) & 255}.${seq & 255}` },
            };
          },
        },
      ];
      const url = `${base}${path}`;
      await autocannon({ url, connections: 4, duration: 1, headers, requests });
      const r = await autocannon({ url, connections, duration: seconds, headers, requests });
      load.push({
        name,
        requestsPerSecond: Math.round(r.requests.average),
        p50Ms: r.latency.p50,
        non2xx: r.non2xx,
        errors: r.errors,
      });
    }
    const staticRps = load[0].requestsPerSecond || 1;
    for (const r of load) r.ratioToStatic = +(r.requestsPerSecond / staticRps).toFixed(2);
    console.table(load);
    console.table(signedInTargets(load));
  } finally {
    await site.stop();
  }
}
