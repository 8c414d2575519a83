// Every route that sends someone back somewhere (sign-in, sign-up, after-auth, the old /auth/*
// addresses, every action on an ad) is fed the same table of hostile return addresses: the answer
// must always stay on this site, whatever a browser does to the Location header.
import { describe, expect, it } from 'vitest';
import type { PostStatus } from '../../src/db/schema';
import { safeReturnPath } from '../../src/lib/links';
import { callWorker, HOUSE, makePost, ORIGIN, signIn } from '../fixtures';
import { HOSTILE_RETURNS, LEGITIMATE_RETURNS } from './hostile-returns';

function hasControl(value: string): boolean {
  return [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
}

/** Percent-decoded as far as it goes (a lenient reader of the header would do the same). */
function decoded(value: string): string {
  let current = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = unescape(current);
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/** What a browser would make of `location`, and what a lenient reader would, both on this site. */
function expectStaysOnSite(location: string | null, where: string) {
  expect(location, `${where}: no Location`).toBeTruthy();
  const value = location as string;
  expect(value, `${where}: ${JSON.stringify(value)}`).toMatch(/^\/(?![/\\])/);
  expect(hasControl(value) || value.includes('\\'), `${where}: control character or backslash`).toBe(false);
  const url = new URL(value, ORIGIN);
  expect(url.origin, `${where}: ${value}`).toBe(ORIGIN);
  expect(url.pathname.startsWith('//'), `${where}: ${value}`).toBe(false);
  const plain = decoded(value).normalize('NFKC');
  expect(plain, `${where}: decoded ${JSON.stringify(plain)}`).not.toMatch(/^[/\\\uFF0F\u2215\u2044]{2}/);
  expect(hasControl(plain) || plain.includes('\\'), `${where}: decoded ${JSON.stringify(plain)}`).toBe(false);
  expect(new URL(plain, ORIGIN).origin, `${where}: decoded ${plain}`).toBe(ORIGIN);
  expect(url.host, `${where}: ${value}`).not.toContain('evil');
}

function request(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return callWorker(
    new Request(new URL(path, ORIGIN), {
      redirect: 'manual',
      ...init,
      headers: {
        accept: 'text/html',
        ...(init.method === 'POST' ? { origin: ORIGIN } : {}),
        ...init.headers,
      },
    }),
  );
}

function hiddenRedirectUrl(html: string): string | null {
  const m = /name="redirect_url" value="([^"]*)"/.exec(html);
  if (!m) return null;
  return m[1]
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('safeReturnPath: the one judge of return addresses', () => {
  it(`refuses all ${HOSTILE_RETURNS.length} hostile addresses or turns them into a path on this site`, () => {
    expect(HOSTILE_RETURNS.length).toBeGreaterThanOrEqual(40);
    for (const value of HOSTILE_RETURNS) {
      const out = safeReturnPath(value, '/', [ORIGIN]);
      expectStaysOnSite(out, `safeReturnPath(${JSON.stringify(value.slice(0, 80))})`);
    }
  });

  it('gives the fallback for the classic bounces (protocol-relative after normalisation, foreign, script)', () => {
    for (const value of [
      '/.//evil.com/phish',
      '/%2e//evil.com',
      '/a/..//evil.com',
      '/./\\evil.com',
      '/\t/evil.com',
      '/%2f/evil.com',
      '/%5cevil.com',
      '/\uFF0Fevil.com',
      '/%ef%bc%8fevil.com',
      'javascript:alert(1)',
      'http://user:pass@127.0.0.1:8787/posts/mine',
    ]) {
      expect(safeReturnPath(value, '/fallback', [ORIGIN]), JSON.stringify(value)).toBe('/fallback');
    }
  });

  it('keeps legitimate paths, and absolute URLs of this origin as their path', () => {
    for (const value of LEGITIMATE_RETURNS) expect(safeReturnPath(value, '/', [ORIGIN])).toBe(value);
    expect(safeReturnPath(`${ORIGIN}/cautare?q=ma%C8%99in%C4%83#r`, '/', [ORIGIN])).toBe(
      '/cautare?q=ma%C8%99in%C4%83#r',
    );
    expect(safeReturnPath('/a/./b/../c?x=1', '/', [ORIGIN])).toBe('/a/c?x=1');
    expect(safeReturnPath(`${ORIGIN}/posts/mine`, '/')).toBe('/');
  });
});

// Hundreds of requests per test: generous limits for a loaded machine.
const TABLE_TIMEOUT_MS = 180_000;

describe('every redirecting route with hostile return addresses', () => {
  it(
    'GET /clerk/after-auth and /clerk/after-auth/sso answer 303 to a path on this site',
    async () => {
      for (const value of HOSTILE_RETURNS) {
        for (const base of ['/clerk/after-auth', '/clerk/after-auth/sso']) {
          const where = `GET ${base} ${JSON.stringify(value.slice(0, 80))}`;
          const res = await request(`${base}?redirect_url=${encodeURIComponent(value)}`);
          expect(res.status, where).toBe(303);
          expectStaysOnSite(res.headers.get('location'), where);
        }
      }
    },
    TABLE_TIMEOUT_MS,
  );

  it(
    'POST /clerk/sign-in and /clerk/sign-up (the local form) sign in and go to a path on this site',
    async () => {
      for (const value of HOSTILE_RETURNS) {
        for (const base of ['/clerk/sign-in', '/clerk/sign-up']) {
          const where = `POST ${base} ${JSON.stringify(value.slice(0, 80))}`;
          const res = await request(base, {
            method: 'POST',
            body: new URLSearchParams({ email: 'intoarcere@example.ro', redirect_url: value }),
          });
          expect(res.status, where).toBe(303);
          expect(
            res.headers.getSetCookie().some((c) => c.startsWith('__session=')),
            where,
          ).toBe(true);
          expectStaysOnSite(res.headers.get('location'), where);
        }
      }
    },
    TABLE_TIMEOUT_MS,
  );

  it(
    'GET /clerk/sign-in and /clerk/sign-up carry only a checked return address in the form',
    async () => {
      for (const value of HOSTILE_RETURNS) {
        for (const base of ['/clerk/sign-in', '/clerk/sign-up']) {
          const where = `GET ${base} ${JSON.stringify(value.slice(0, 80))}`;
          const res = await request(`${base}?redirect_url=${encodeURIComponent(value)}`);
          expect(res.status, where).toBe(200);
          const hidden = hiddenRedirectUrl(await res.text());
          if (hidden !== null) expectStaysOnSite(hidden, where);
        }
      }
    },
    TABLE_TIMEOUT_MS,
  );

  it(
    'GET /auth/login and /auth/signup forward only a checked return address',
    async () => {
      for (const value of HOSTILE_RETURNS) {
        for (const base of ['/auth/login', '/auth/signup']) {
          const where = `GET ${base} ${JSON.stringify(value.slice(0, 80))}`;
          const res = await request(`${base}?redirect_url=${encodeURIComponent(value)}`);
          expect(res.status, where).toBe(302);
          const location = res.headers.get('location');
          expectStaysOnSite(location, where);
          const inner = new URL(location as string, ORIGIN).searchParams.get('redirect_url');
          if (inner !== null) expectStaysOnSite(inner, `${where} (forwarded redirect_url)`);
        }
      }
    },
    TABLE_TIMEOUT_MS,
  );

  it(
    'every action on an ad (publish, renew, sold, unpublish, delete) returns to a path on this site',
    async () => {
      const { user, cookie } = await signIn('user_return_paths', { name: 'Întoarcere Sigură' });
      const actions: [string, PostStatus, Record<string, string>][] = [
        ['publica', 'draft', {}],
        ['reinnoieste', 'published', {}],
        ['vandut', 'published', {}],
        ['retrage', 'published', {}],
        ['sterge', 'published', { confirm: 'da' }],
      ];
      for (const value of HOSTILE_RETURNS) {
        for (const [action, status, extra] of actions) {
          const ad = await makePost(user.id, { status }, HOUSE);
          const where = `POST ${action} ${JSON.stringify(value.slice(0, 80))}`;
          const res = await request(`/posts/edit/${ad.id}/${action}`, {
            method: 'POST',
            body: new URLSearchParams({ returnTo: value, ...extra }),
            headers: { cookie },
          });
          expect(res.status, `${where}: ${await res.clone().text()}`).toBe(303);
          expectStaysOnSite(res.headers.get('location'), where);
        }
      }
    },
    TABLE_TIMEOUT_MS,
  );
});

describe('legitimate return addresses still work', () => {
  it('after-auth, sign-in, sign-up and /auth/login keep /posts/mine and an ad with query and fragment', async () => {
    for (const value of LEGITIMATE_RETURNS) {
      const after = await request(`/clerk/after-auth?redirect_url=${encodeURIComponent(value)}`);
      expect(after.headers.get('location')).toBe(value);
      for (const base of ['/clerk/sign-in', '/clerk/sign-up']) {
        const res = await request(base, {
          method: 'POST',
          body: new URLSearchParams({ email: 'intoarcere@example.ro', redirect_url: value }),
        });
        expect(res.headers.get('location')).toBe(value);
        const page = await request(`${base}?redirect_url=${encodeURIComponent(value)}`);
        expect(hiddenRedirectUrl(await page.text())).toBe(value);
      }
      const login = await request(`/auth/login?redirect_url=${encodeURIComponent(value)}`);
      expect(login.headers.get('location')).toBe(
        `/clerk/sign-in?${new URLSearchParams({ redirect_url: value })}`,
      );
    }
  });

  it('an action returns to the page it came from, with its confirmation', async () => {
    const { user, cookie } = await signIn('user_return_paths', { name: 'Întoarcere Sigură' });
    const ad = await makePost(user.id, {}, HOUSE);
    const res = await request(`/posts/edit/${ad.id}/vandut`, {
      method: 'POST',
      body: new URLSearchParams({ returnTo: '/anunt/x/y-12?contact=1#tel' }),
      headers: { cookie },
    });
    expect(res.headers.get('location')).toBe('/anunt/x/y-12?contact=1#tel');
    expect(res.headers.get('set-cookie')).toMatch(/flash=/);
    const mine = await makePost(user.id, {}, HOUSE);
    const back = await request(`/posts/edit/${mine.id}/retrage`, {
      method: 'POST',
      body: new URLSearchParams({ returnTo: '/posts/mine' }),
      headers: { cookie },
    });
    expect(back.headers.get('location')).toBe('/posts/mine');
  });
});
