// Hostile input for the fuzz tests: unicode of every kind, huge values, wrong types, path tricks,
// repeated parameters and bad cookies; and the checks every response must pass.
import fc from 'fast-check';
import { expect } from 'vitest';
import { callWorker } from '../fixtures';

export const ORIGIN = 'http://127.0.0.1:8787';

/** Strings people (and attackers) type: traversal, encodings, injection, FTS syntax, numbers at the edges. */
export const NASTY = [
  '',
  ' ',
  '.',
  '..',
  '../',
  '..%2f',
  '%2e%2e%2f',
  '%2e%2e/%2e%2e/etc/passwd',
  '..\\..\\windows',
  '..;/',
  '//evil.example',
  '/\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '%00',
  '\u0000',
  '%',
  '%%',
  '%ff%fe',
  '%C0%AE%C0%AE/',
  '%u002e',
  '\uFEFF',
  '\u202Eevil',
  '\uD800',
  '\uDFFF\uD800',
  'ţş ŢŞ țș ȚȘ îâ ÎÂ ăĂ',
  'mașină',
  'maşină',
  '🙂🏠🚗👩‍👩‍👧‍👦',
  '𝕬𝖓𝖚𝖓𝖙',
  'Z̴̡̙̳̈́a̷̟̓l̸̝̈g̶̱̈́o̵̲͝',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; DROP TABLE posts; --",
  '" OR 1=1 --',
  'NEAR(a b)',
  'a NOT b',
  '"unbalanced',
  '*',
  '-',
  '^',
  '(',
  ')',
  'title:x',
  '{"$ne":null}',
  '[object Object]',
  'undefined',
  'null',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e308',
  '1e-308',
  '0x1F',
  '9007199254740993',
  '99999999999999999999999999999999',
  '2147483648',
  '-2147483649',
  '1.5',
  '1,5',
  '١٢٣',
  'pagina-0',
  'pagina--1',
  'pagina-99999999999999999999',
  'pagina-1',
  'pagina-2',
  'pagina-abc',
  'a'.repeat(2000),
  'ș'.repeat(3000),
  '/'.repeat(300),
  '?'.repeat(50),
  '#frag',
  '\r\nSet-Cookie: x=1',
  '\t\n\v\f\r',
];

const hugeString = fc.integer({ min: 5_000, max: 40_000 }).map((n) => 'x'.repeat(n));

/** One hostile string: a nasty one, random unicode, random code points, or a huge one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 200 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: hugeString },
);

/** A path segment: hostile text, raw or percent-encoded (encoding a lone surrogate throws: keep it raw). */
export const segment: fc.Arbitrary<string> = fc.tuple(hostileString, fc.boolean()).map(([s, encode]) => {
  if (!encode) return s;
  try {
    return encodeURIComponent(s);
  } catch {
    return s;
  }
});

/** A plausible segment: slugs and ids mixed with hostile ones, so routes get past their first check. */
export const plausibleSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'imobiliare',
    'apartamente',
    'auto-moto',
    'locuri-de-munca',
    'servicii',
    'electronice',
    'diverse',
    'animale',
    'casa-si-gradina',
    'apartament-2-camere-1',
    'x-1',
    '1',
    '2',
    'pagina-2',
    'termeni-si-conditii',
    'taxi-radauti',
    'despre-anunturile-promovate',
    'large-1-foto',
    'thumb-1-x',
    'foto.webp',
    'foto.jpg',
  ),
  fc.integer({ min: -5, max: 100_000 }).map(String),
  fc.integer({ min: 1, max: 400 }).map((n) => `anunt-${n}`),
  segment,
);

/** Query strings with repeated parameters, arrays, and hostile values. */
export const queryString: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'q',
        'q',
        'q',
        'pagina',
        'page',
        'categorie',
        'subcategorie',
        'pret_min',
        'pret_max',
        'min',
        'max',
        'moneda',
        'localitate',
        'foto',
        'sort',
        'ordine',
        'camere',
        'an',
        'combustibil',
        'format',
        'w',
        'contact',
        'redirect_url',
        'returnTo',
        'next',
        '__clerk_handshake',
        '__clerk_handshake_nonce',
        'q[]',
        'q[0]',
        '__proto__',
        'constructor',
      ),
      hostileString,
    ),
    { maxLength: 8 },
  )
  .map((pairs) => {
    const search = new URLSearchParams();
    for (const [k, v] of pairs) search.append(k, v);
    return search.toString();
  });

/** Cookie header values: bad sessions of every shape (never valid: these must mean "signed out"). */
const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
export const badCookie: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__session=',
    '__session=a.b.c',
    '__session=...',
    '__session=eyJ',
    `__session=${b64url('{"alg":"none","typ":"JWT"}')}.${b64url('{"sub":"user_x","exp":9999999999}')}.`,
    `__session=${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url('{"sub":"user_operator_env","exp":9999999999,"iat":1}')}.c2ln`,
    `__session=${b64url('{"alg":"RS256","typ":"JWT","kid":"x"}')}.${b64url('{"sub":"user_x","exp":1,"iat":1}')}.AAAA`,
    '__session=x; __session=y; __client_uat=1; __clerk_db_jwt=z',
    '__client_uat=99999999999999999999; __session=a.b.c',
    '__client_uat=-1',
    '__clerk_db_jwt=%%%',
    '__refresh_abc=1; __session=a.b.c',
    '__clerk_handshake=a.b.c',
    '__session=%E0%A4%A',
    `__session=${'A'.repeat(8000)}`,
    'a=b; ; ;=; ==; __session',
  ),
  fc
    .string({ unit: 'binary-ascii', maxLength: 300 })
    // Only what a header may carry: printable ASCII, no cookie separator.
    .map((s) => `__session=${[...s].filter((ch) => ch >= ' ' && ch <= '~' && ch !== ';').join('')}`),
);

/** Headers that are legal to send (no CR/LF/NUL), with a hostile cookie and varied Accept. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    cookie: badCookie,
    accept: fc.constantFrom(
      'text/html',
      'application/json',
      '*/*',
      'image/webp',
      'application/atom+xml',
      'x/y;q=bad',
    ),
    'accept-language': fc.constantFrom('ro-RO', 'en', '*', 'xx-ÿÿ'.replace(/ÿ/g, 'y')),
    authorization: fc.constantFrom(
      'Bearer a.b.c',
      'Bearer ak_123',
      'Bearer mt_1',
      'Bearer oat_1',
      'Basic Og==',
      'Bearer ',
    ),
    'if-none-match': fc.constantFrom('"x"', '*', 'W/"1"', ''),
    range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=999999999-', 'bytes=a-b'),
  },
  { requiredKeys: ['accept'] },
);

/** A request as a browser (or attacker) would send it to the worker. */
export async function send(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null } = {},
): Promise<Response> {
  let request: Request;
  try {
    const url = new URL(path, ORIGIN);
    // `//host/…` is another site to a browser: it never reaches this one.
    if (url.origin !== ORIGIN) return new Response(null, { status: 299 });
    request = new Request(url, { redirect: 'manual', ...init });
  } catch {
    // A URL or header no client could send: nothing to test.
    return new Response(null, { status: 299 });
  }
  // Not `exports.default.fetch`: its loopback would make 10 000 cases take hours (see callWorker).
  return callWorker(request);
}

/** Paths that must never be publicly cacheable (personal or behind sign-in). */
export function isPrivatePath(path: string): boolean {
  let url: URL;
  try {
    url = new URL(path, ORIGIN);
  } catch {
    return false;
  }
  return (
    /^\/(posts|profile)(\/|$)/.test(url.pathname) ||
    /^\/api\/cont(\/|$)/.test(url.pathname) ||
    /^\/moderare(\/|$)/.test(url.pathname) ||
    (/^\/anunt\//.test(url.pathname) && url.searchParams.has('contact'))
  );
}

export interface Stats {
  cases: number;
  byStatus: Map<number, number>;
  started: number;
}

export function newStats(): Stats {
  return { cases: 0, byStatus: new Map(), started: Date.now() };
}

/** What every response must satisfy, whatever was sent. */
export async function checkResponse(
  path: string,
  res: Response,
  stats: Stats,
  method = 'GET',
): Promise<void> {
  stats.cases++;
  if (res.status === 299) return; // unsendable request
  stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
  const where = `${method} ${path.slice(0, 200)} → ${res.status}`;
  const type = res.headers.get('content-type') ?? '';
  let body = '';
  if (/text|json|xml/.test(type)) body = await res.text();
  else await res.body?.cancel();
  expect(res.status, `${where}\n${body.slice(0, 500)}`).toBeLessThan(500);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, `${where}: no CSP`).not.toBe('');
  expect(csp, `${where}: CSP without frame-ancestors 'none'`).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-content-type-options'), `${where}: nosniff`).toBe('nosniff');
  expect(res.headers.get('referrer-policy') ?? '', `${where}: referrer policy`).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  const cache = res.headers.get('cache-control') ?? '';
  if (isPrivatePath(path) || res.headers.has('set-cookie')) {
    expect(cache, `${where}: a private page is publicly cacheable (${cache})`).not.toMatch(/public|s-maxage/);
    expect(cache, `${where}: a private page lacks private/no-store (${cache})`).toMatch(/private|no-store/);
  }
  if (res.status >= 400) expect(cache, `${where}: an error is cacheable (${cache})`).not.toMatch(/public/);
  // No stack traces or internals leak into a page.
  expect(body, `${where}: a stack trace leaked`).not.toMatch(/\n\s+at .+\.(ts|tsx|js):\d+|D1_ERROR|SQLITE_/);
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.get('location') ?? '';
    const target = new URL(location, ORIGIN);
    // Same site, or the identity provider's own pages (the test Clerk instance of vitest.config.ts).
    const allowed = [ORIGIN, 'https://clerk.test.eradauti.local', 'https://accounts.test.eradauti.local'];
    expect(allowed, `${where}: redirects off-site to ${location}`).toContain(target.origin);
  }
}

export function report(name: string, stats: Stats) {
  const statuses = [...stats.byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}×${n}`);
  const seconds = (Date.now() - stats.started) / 1000;
  console.log(
    `[fuzz] ${name}: ${stats.cases} cases in ${seconds.toFixed(1)} s; statuses ${statuses.join(' ')}`,
  );
}
