// Sessions belong to this site: a token issued to another party (`azp`) or to none is no session
// here; on the public site the local development key is never trusted even when configured; the
// session cookies of the local sign-in last exactly as long as their token.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPublicHalfOf, LOCAL_SESSION_SECONDS } from '../../src/auth/tokens';
import { callWorker, cookieFor, mintSessionToken, ORIGIN, signIn } from '../fixtures';

/** Whether the worker (with `overrides` in its environment) sees `cookie` as signed in. */
async function signedIn(cookie: string, overrides: Record<string, string> = {}, bearer?: string) {
  const headers: Record<string, string> = { accept: 'application/json', cookie };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const res = await callWorker(new Request(`${ORIGIN}/api/cont`, { headers }), overrides);
  expect(res.status).toBe(200);
  return ((await res.json()) as { signedIn: boolean }).signedIn;
}

const now = () => Math.floor(Date.now() / 1000);

describe('azp: only tokens issued to this site', () => {
  it("signs in a token whose azp is the site's origin", async () => {
    await signIn('user_azp_right');
    const token = await mintSessionToken('user_azp_right', { claims: { azp: ORIGIN } });
    expect(await signedIn(cookieFor(token))).toBe(true);
    expect(await signedIn('', {}, token)).toBe(true);
  });

  it('treats a wrong azp as signed out (cookie and bearer)', async () => {
    await signIn('user_azp_wrong');
    for (const azp of [
      'https://evil.example',
      'http://127.0.0.1:8788',
      'http://127.0.0.1:8787/',
      'https://127.0.0.1:8787',
      'null',
      '',
    ]) {
      const token = await mintSessionToken('user_azp_wrong', { claims: { azp } });
      expect(await signedIn(cookieFor(token)), azp).toBe(false);
      expect(await signedIn('', {}, token), `bearer ${azp}`).toBe(false);
    }
    const notAString = await mintSessionToken('user_azp_wrong', { claims: { azp: [ORIGIN] } });
    expect(await signedIn(cookieFor(notAString))).toBe(false);
  });

  it('treats a token without azp as signed out', async () => {
    await signIn('user_azp_missing');
    const token = await mintSessionToken('user_azp_missing', { claims: { azp: undefined } });
    expect(JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))).not.toHaveProperty(
      'azp',
    );
    expect(await signedIn(cookieFor(token))).toBe(false);
    expect(await signedIn('', {}, token)).toBe(false);
  });

  it('the local sign-in mints tokens for the site origin, which then sign in', async () => {
    const res = await callWorker(
      new Request(`${ORIGIN}/clerk/sign-in`, {
        method: 'POST',
        headers: { origin: ORIGIN, accept: 'text/html' },
        body: new URLSearchParams({ email: 'azp.local@example.ro' }),
        redirect: 'manual',
      }),
    );
    expect(res.status).toBe(303);
    const session = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('__session='))
      ?.split(';')[0]
      .slice('__session='.length) as string;
    const claims = JSON.parse(atob(session.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expect(claims.azp).toBe(new URL(env.SITE_URL).origin);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(await signedIn(cookie)).toBe(true);
  });
});

describe('the local key on the public site', () => {
  afterEach(() => vi.restoreAllMocks());

  const clerkHost = 'clerk.eradauti.example.com';
  /** A "real" Clerk instance whose CLERK_JWT_KEY is (wrongly) the local key's public half. */
  const realClerkWithLocalKey = {
    CLERK_PUBLISHABLE_KEY: `pk_live_${btoa(`${clerkHost}$`)}`,
    CLERK_SECRET_KEY: 'sk_live_not_real',
  };

  it('knows the public half of the local key', async () => {
    expect(await isPublicHalfOf(env.LOCAL_SIGNING_KEY as string, env.CLERK_JWT_KEY as string)).toBe(true);
    expect(await isPublicHalfOf(env.LOCAL_SIGNING_KEY as string, 'not a key')).toBe(false);
  });

  it('refuses tokens signed by the local key with ENVIRONMENT=production or an https SITE_URL, and logs it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { cookie } = await signIn('user_local_in_prod');
    // The same token is a session in development: only the environment differs.
    expect(await signedIn(cookie)).toBe(true);
    const publicSite: Record<string, string>[] = [
      { ENVIRONMENT: 'production' },
      { SITE_URL: 'https://eradauti.ro' },
      { ENVIRONMENT: 'production', SITE_URL: 'https://eradauti.ro' },
    ];
    for (const overrides of publicSite) {
      expect(await signedIn(cookie, overrides), JSON.stringify(overrides)).toBe(false);
    }
    expect(errors.mock.calls.some((call) => String(call[0]).includes('LOCAL_SIGNING_KEY'))).toBe(true);
  });

  it('with real Clerk keys, a CLERK_JWT_KEY that is the local public half verifies nothing in production', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await signIn('user_local_clerk');
    const token = await mintSessionToken('user_local_clerk', { iss: `https://${clerkHost}` });
    // Development with these keys: the token verifies (the positive control).
    expect(await signedIn('', realClerkWithLocalKey, token)).toBe(true);
    expect(await signedIn('', { ...realClerkWithLocalKey, ENVIRONMENT: 'production' }, token)).toBe(false);
    expect(await signedIn('', { ...realClerkWithLocalKey, SITE_URL: 'https://eradauti.ro' }, token)).toBe(
      false,
    );
  });

  it('the local sign-in form is refused in production and sets no cookie', async () => {
    const res = await callWorker(
      new Request(`${ORIGIN}/clerk/sign-in`, {
        method: 'POST',
        headers: { origin: ORIGIN, accept: 'text/html' },
        body: new URLSearchParams({ email: 'prod@example.ro' }),
        redirect: 'manual',
      }),
      { ENVIRONMENT: 'production' },
    );
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('__session='))).toHaveLength(0);
  });
});

describe('session cookie lifetime', () => {
  it('the cookies of the local sign-in last exactly as long as the token', async () => {
    const before = now();
    const res = await callWorker(
      new Request(`${ORIGIN}/clerk/sign-in`, {
        method: 'POST',
        headers: { origin: ORIGIN, accept: 'text/html' },
        body: new URLSearchParams({ email: 'durata@example.ro' }),
        redirect: 'manual',
      }),
    );
    const after = now();
    const lines = res.headers.getSetCookie();
    const session = lines.find((c) => c.startsWith('__session=')) as string;
    const token = session.split(';')[0].slice('__session='.length);
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expect(claims.exp - claims.iat).toBe(LOCAL_SESSION_SECONDS);
    for (const name of ['__session', '__client_uat', '__clerk_db_jwt']) {
      const line = lines.find((c) => c.startsWith(`${name}=`)) as string;
      const maxAge = Number(/Max-Age=(\d+)/i.exec(line)?.[1]);
      // Max-Age = exp − now, measured between the request's start and its end.
      expect(maxAge, name).toBeGreaterThanOrEqual(claims.exp - after);
      expect(maxAge, name).toBeLessThanOrEqual(claims.exp - before);
      expect(maxAge, name).toBeLessThanOrEqual(LOCAL_SESSION_SECONDS);
    }
  });
});
