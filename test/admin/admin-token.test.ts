// The `/__admin` area: machine-to-machine routes behind the ADMIN_API_TOKEN bearer token.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { bearerToken, constantTimeEqual } from '../../src/http/admin-token';
import { callWorker, ORIGIN } from '../fixtures';

const TOKEN = env.ADMIN_API_TOKEN ?? '';

function admin(path: string, init: RequestInit = {}, overrides: Record<string, string> = {}) {
  return callWorker(new Request(new URL(path, ORIGIN), { redirect: 'manual', ...init }), overrides);
}

describe('requireAdminToken', () => {
  it('answers with the right bearer token, as JSON and never cached', async () => {
    const res = await admin('/__admin/status', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ ok: true, environment: 'test' });
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer wrong-token-wrong-token-wrong-token-0000'],
    ['the token with one character more', `Bearer ${TOKEN}x`],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['another scheme', `Basic ${TOKEN}`],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401 and WWW-Authenticate', async (_name, authorization) => {
    const res = await admin('/__admin/status', {
      headers: authorization ? { authorization, accept: 'application/json' } : {},
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.json()) as object).toEqual({
      error: 'Cheia de administrare lipsește sau nu este corectă.',
    });
  });

  it('closes the area (403) when the site has no secret, even for a request carrying one', async () => {
    for (const secret of ['', 'short-secret']) {
      const res = await admin(
        '/__admin/status',
        { headers: { authorization: `Bearer ${secret || 'anything'}` } },
        { ADMIN_API_TOKEN: secret },
      );
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toContain('ADMIN_API_TOKEN');
    }
  });

  it('lets a POST with the token through without a browser Origin, and refuses one without it', async () => {
    // An unknown admin path: with the token the origin check lets it through to a 404.
    const withToken = await admin('/__admin/status', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(withToken.status).toBe(404);
    const withoutToken = await admin('/__admin/status', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
    });
    expect(withoutToken.status).toBe(403);
    expect(await withoutToken.text()).toContain('nu a pornit de pe acest site');
  });

  it('exempts nothing outside /__admin: the token opens no browser route', async () => {
    const res = await admin('/posts/new', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' },
    });
    expect(res.status).toBe(403);
  });

  it('parses bearer headers strictly and compares in constant time whatever the lengths', async () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer   abc ')).toBe('abc');
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(null)).toBeNull();
    expect(await constantTimeEqual('abc', 'abc')).toBe(true);
    expect(await constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(await constantTimeEqual('', 'a')).toBe(false);
  });
});
