import { env } from 'cloudflare:workers';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { cookieFor, db, get, getAs, mintSessionToken, postFormAs, sessionCookie, signIn } from '../fixtures';

async function account(cookie: string, headers: Record<string, string> = {}) {
  const res = await getAs('/api/cont', cookie, { accept: 'application/json', ...headers });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    signedIn: boolean;
    name?: string;
    isOperator?: boolean;
    links: { label: string }[];
  };
}

function rowsFor(clerkId: string) {
  return db.select().from(schema.users).where(eq(schema.users.clerkId, clerkId));
}

const now = () => Math.floor(Date.now() / 1000);

describe('session middleware', () => {
  it('reports a visitor without cookies as signed out', async () => {
    const res = await get('/api/cont', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as { signedIn: boolean; links: { label: string }[] };
    expect(body.signedIn).toBe(false);
    expect(body.links.map((l) => l.label)).toEqual(['Conectare', 'Cont nou']);
  });

  it('signs in a browser whose session token is signed with the instance key', async () => {
    const { cookie } = await signIn('user_session_ok', { name: 'Ana Test' });
    const body = await account(cookie);
    expect(body.signedIn).toBe(true);
    expect(body.name).toBe('Ana Test');
    expect(body.links.map((l) => l.label)).toEqual([
      'Anunțurile mele',
      'Mesaje',
      'Publică anunț',
      'Salvate',
      'Căutări salvate',
      'Profil',
      'Ieșire',
    ]);
  });

  it('accepts a well-formed bearer token too', async () => {
    await signIn('user_bearer');
    const token = await mintSessionToken('user_bearer');
    const res = await get('/api/cont', {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    expect(((await res.json()) as { signedIn: boolean }).signedIn).toBe(true);
  });

  it('never sends Clerk debug headers', async () => {
    const { cookie } = await signIn('user_headers');
    for (const c of [cookie, cookieFor('garbage')]) {
      const res = await getAs('/', c);
      for (const name of res.headers.keys()) expect(name.startsWith('x-clerk')).toBe(false);
    }
  });

  const otherKey = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;

  const badCookies: [string, () => Promise<string>][] = [
    ['a malformed token', async () => cookieFor('a.b.c')],
    ['a garbage cookie', async () => cookieFor('%%%not-a-token;;')],
    ['an empty cookie', async () => cookieFor('')],
    ['an expired token', () => sessionCookie('user_bad', { iat: now() - 7200, exp: now() - 3600 })],
    ['a token signed with another key', () => sessionCookie('user_bad', { signingKey: otherKey })],
    ['a token from another issuer', () => sessionCookie('user_bad', { iss: 'https://evil.example.com' })],
    ['an unsigned alg none token', () => sessionCookie('user_bad', { alg: 'none' })],
    ['an HS256 token keyed with the public key', () => sessionCookie('user_bad', { alg: 'HS256' })],
    [
      'a token issued in the future',
      () => sessionCookie('user_bad', { iat: now() + 3600, nbf: now() + 3600 }),
    ],
    ['a pending session', () => sessionCookie('user_bad', { claims: { sts: 'pending' } })],
    ['a token without subject', () => sessionCookie('', {})],
    [
      'a tampered payload',
      async () => {
        const token = await mintSessionToken('user_bad');
        const [h, , s] = token.split('.');
        const forged = btoa(
          JSON.stringify({ sub: 'user_operator_env', iss: env.TEST_CLERK_ISSUER, exp: now() + 99 }),
        )
          .replace(/=+$/, '')
          .replace(/\+/g, '-')
          .replace(/\//g, '_');
        return cookieFor(`${h}.${forged}.${s}`);
      },
    ],
  ];

  for (const [label, make] of badCookies) {
    it(`treats ${label} as signed out, with no error, on pages and the account endpoint`, async () => {
      const cookie = await make();
      const page = await getAs('/', cookie);
      expect(page.status).toBe(200);
      const json = await getAs('/api/cont', cookie, { accept: 'application/json' });
      expect(json.status).toBe(200);
      expect(((await json.json()) as { signedIn: boolean }).signedIn).toBe(false);
      const profile = await getAs('/profile/edit', cookie);
      expect(profile.status).toBe(401);
    });
  }

  it('treats a malformed bearer header as signed out', async () => {
    for (const value of ['Bearer a.b.c', 'Bearer ak_123', 'Bearer mt_123', 'Basic Zm9vOmJhcg==', 'Bearer ']) {
      const res = await get('/api/cont', { headers: { accept: 'application/json', authorization: value } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { signedIn: boolean }).signedIn).toBe(false);
    }
  });

  it('ignores a handshake query and refresh cookies instead of calling Clerk', async () => {
    const { cookie } = await signIn('user_handshake');
    const res = await getAs(
      '/api/cont?__clerk_handshake_nonce=abc&__clerk_handshake=x.y.z',
      `${cookie}; __refresh_abc=1`,
      {
        accept: 'application/json',
      },
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { signedIn: boolean }).signedIn).toBe(true);
  });

  it('creates our user row the first time a verified session is seen, once', async () => {
    const cookie = await sessionCookie('user_first_sight', { email: 'nou@example.ro', name: 'Ion Nou' });
    expect(await rowsFor('user_first_sight')).toHaveLength(0);
    await Promise.all([account(cookie), account(cookie), account(cookie)]);
    const rows = await rowsFor('user_first_sight');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ion Nou', email: 'nou@example.ro', role: 'user', banned: false });
  });

  it('names a new user after the e-mail address when the token has no name', async () => {
    const cookie = await sessionCookie('user_no_name', { email: 'dorel@example.ro' });
    expect((await account(cookie)).name).toBe('dorel');
  });

  it('recognises operators by OPERATOR_USER_IDS and by role', async () => {
    const envOp = await signIn('user_operator_env');
    const roleOp = await signIn('user_role_op', { role: 'operator' });
    const plain = await signIn('user_plain');
    for (const { cookie } of [envOp, roleOp]) {
      const body = await account(cookie);
      expect(body.isOperator).toBe(true);
      expect(body.links.map((l) => l.label)).toContain('Moderare');
    }
    const body = await account(plain.cookie);
    expect(body.isOperator).toBe(false);
    expect(body.links.map((l) => l.label)).not.toContain('Moderare');
  });

  it('lets a banned user read but refuses every write with Acces refuzat', async () => {
    const { cookie } = await signIn('user_banned', { banned: true });
    expect((await getAs('/', cookie)).status).toBe(200);
    expect((await getAs('/profile/edit', cookie)).status).toBe(200);
    const res = await postFormAs('/profile/edit', { name: 'Altul' }, cookie);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Acces refuzat');
  });
});
