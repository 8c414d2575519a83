// The per-request shortcuts of a signed-in request (docs/performance.md#per-request-cost): verified
// session claims kept in the isolate until the token's exp, the session's person read with statements
// built once, the drizzle handle built from a schema config derived once. None of them may let a token
// through that Clerk's middleware would refuse, nor keep a ban or a role from D1.
import { env } from 'cloudflare:workers';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_COPY_MS } from '../../src/auth/menu-copy';
import * as schema from '../../src/db/schema';
import { openSession } from '../../src/db/session';
import { findSessionUser } from '../../src/db/users';
import {
  callWorker,
  cookieFor,
  db,
  getAs,
  insertPhoto,
  makePost,
  mintSessionToken,
  ORIGIN,
  person,
  postFormAs,
  sessionCookie,
  signIn,
} from '../fixtures';

interface Menu {
  signedIn: boolean;
  name?: string;
  isOperator?: boolean;
  banned?: boolean;
}

/** `/api/cont` through the worker's own fetch (same isolate, so the claims cache is shared). */
async function menu(cookie: string): Promise<Menu> {
  const res = await callWorker(
    new Request(`${ORIGIN}/api/cont`, { headers: { cookie, accept: 'application/json' } }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Menu;
}

const now = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.useRealTimers();
});

describe('verified claims kept in the isolate', () => {
  it('a ban refuses the next write at once though the token stays cached; the menu shows it once its copy has aged', async () => {
    const { user, cookie } = await person();
    // Twice: the second answer comes through the cached claims (and the menu's copy of the person).
    expect(await menu(cookie)).toMatchObject({ signedIn: true, banned: false });
    expect(await menu(cookie)).toMatchObject({ signedIn: true, banned: false });
    await db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, user.id));
    // Every decision reads the person from D1: refused at once.
    const write = await postFormAs('/profile/edit', { name: 'Altul' }, cookie);
    expect(write.status).toBe(403);
    // The menu is display only; an operator's change reaches it within MENU_COPY_MS (src/auth/menu-copy.ts).
    vi.setSystemTime(Date.now() + MENU_COPY_MS);
    expect(await menu(cookie)).toMatchObject({ signedIn: true, banned: true });
    await db.update(schema.users).set({ banned: false }).where(eq(schema.users.id, user.id));
    vi.setSystemTime(Date.now() + MENU_COPY_MS);
    expect(await menu(cookie)).toMatchObject({ signedIn: true, banned: false });
    expect((await postFormAs('/profile/edit', { name: 'Altul' }, cookie)).status).toBe(303);
  });

  it('a role given or taken reaches the console at once and the menu once its copy has aged', async () => {
    const { user, cookie } = await person();
    expect((await menu(cookie)).isOperator).toBe(false);
    await db.update(schema.users).set({ role: 'operator' }).where(eq(schema.users.id, user.id));
    expect((await getAs('/moderare', cookie)).status).toBe(200);
    vi.setSystemTime(Date.now() + MENU_COPY_MS);
    expect((await menu(cookie)).isOperator).toBe(true);
    await db.update(schema.users).set({ role: 'user' }).where(eq(schema.users.id, user.id));
    expect((await getAs('/moderare', cookie)).status).toBe(403);
    vi.setSystemTime(Date.now() + MENU_COPY_MS);
    expect((await menu(cookie)).isOperator).toBe(false);
  });

  it('a cached token is refused once it has expired', async () => {
    const { cookie } = await signIn('user_cache_expiry', { exp: now() + 60 });
    expect((await menu(cookie)).signedIn).toBe(true);
    expect((await menu(cookie)).signedIn).toBe(true);
    // Past exp and past any clock skew Clerk allows: neither the cache nor Clerk takes it.
    vi.setSystemTime(Date.now() + 10 * 60_000);
    expect((await menu(cookie)).signedIn).toBe(false);
  });

  it('after a genuine token is cached, forged, re-signed and foreign tokens for the same person are refused', async () => {
    const clerkId = 'user_cache_forgery';
    const { cookie } = await signIn(clerkId);
    expect((await menu(cookie)).signedIn).toBe(true);
    const genuine = await mintSessionToken(clerkId);
    expect((await menu(cookieFor(genuine))).signedIn).toBe(true);
    const [header, payload, signature] = genuine.split('.');
    const otherKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const tampered = btoa(JSON.stringify({ ...claims, exp: claims.exp + 1 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    const refused = [
      // The cached token's signature on a changed payload.
      cookieFor(`${header}.${tampered}.${signature}`),
      // The cached token's payload with its signature cut short.
      cookieFor(`${header}.${payload}.${signature.slice(0, -4)}`),
      await sessionCookie(clerkId, { signingKey: otherKey }),
      await sessionCookie(clerkId, { iss: 'https://evil.example.com' }),
      await sessionCookie(clerkId, { claims: { azp: 'https://evil.example.com' } }),
      await sessionCookie(clerkId, { iat: now() - 7200, exp: now() - 3600 }),
    ];
    for (const bad of refused) {
      expect((await menu(bad)).signedIn).toBe(false);
      // Asked twice: a refusal is never kept as a session either.
      expect((await menu(bad)).signedIn).toBe(false);
    }
    // The genuine token is still a session.
    expect((await menu(cookie)).signedIn).toBe(true);
  });

  it('a token cached in development is refused when the same isolate serves the public site', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { cookie } = await signIn('user_cache_public');
    expect((await menu(cookie)).signedIn).toBe(true);
    const res = await callWorker(
      new Request(`${ORIGIN}/api/cont`, { headers: { cookie, accept: 'application/json' } }),
      { ENVIRONMENT: 'production' },
    );
    expect(((await res.json()) as Menu).signedIn).toBe(false);
    expect((await menu(cookie)).signedIn).toBe(true);
  });
});

describe('the session person read with statements built once', () => {
  it('gives exactly the rows drizzle reads: the person, the unread count, the profile photo', async () => {
    const { user: seller } = await person();
    const post = await makePost(seller.id);
    const photo = await insertPhoto(post.id, seller.id, (n) => `avatar-${n}.webp`, { kind: 'avatar' });
    await db.update(schema.users).set({ avatarPhotoId: photo.id }).where(eq(schema.users.id, seller.id));
    const t = Date.now();
    let buyer = seller;
    // Two conversations with unread messages for the seller, one read.
    for (const unreadSeller of [2, 0, 1]) {
      buyer = (await person()).user;
      await db.insert(schema.conversations).values({
        postId: post.id,
        buyerId: buyer.id,
        sellerId: seller.id,
        postTitle: 'x',
        createdAt: t,
        lastMessageAt: t,
        unreadSeller,
      });
    }
    const { db: sessionDb } = openSession(env.DB, 'first-primary');
    const found = await findSessionUser(sessionDb, seller.clerkId);
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, seller.id));
    const [photoRow] = await db.select().from(schema.photos).where(eq(schema.photos.id, photo.id));
    expect(found).toEqual({ user: row, unreadMessages: 2, avatar: photoRow });
    expect(typeof found?.user.banned).toBe('boolean');
    const other = await findSessionUser(sessionDb, buyer.clerkId);
    expect(other).toMatchObject({ unreadMessages: 0, avatar: null });
    expect(await findSessionUser(sessionDb, 'user_nobody_here')).toBeNull();
  });

  it("the request's drizzle handle still answers relational queries", async () => {
    const { user } = await person();
    const { db: sessionDb } = openSession(env.DB, 'first-primary');
    const found = await sessionDb.query.users.findFirst({ where: eq(schema.users.id, user.id) });
    expect(found?.clerkId).toBe(user.clerkId);
  });
});
