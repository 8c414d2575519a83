// Signed-in requests for tests: real RS256 session tokens signed with the test run's private key
// (vitest.config.ts), verified by the real Clerk middleware against CLERK_JWT_KEY. No real Clerk
// secret, no network.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { base64url, signRs256 } from '../src/auth/tokens';
import type { User } from '../src/db/schema';
import * as schema from '../src/db/schema';
import { get, postForm } from './helpers';

export interface MintOptions {
  /** Seconds since the epoch; default now − 10 s. */
  iat?: number;
  /** Seconds since the epoch; default iat + 1 h. */
  exp?: number;
  nbf?: number;
  email?: string;
  name?: string;
  /** Default `TEST_CLERK_ISSUER`. */
  iss?: string;
  /** `RS256` (default), `none` (unsigned) or `HS256` (HMAC keyed with the public key PEM). */
  alg?: 'RS256' | 'none' | 'HS256';
  /** Another PKCS#8 private key PEM (a wrong signature). */
  signingKey?: string;
  /** Extra or overriding claims (e.g. `{ sts: 'pending' }`). */
  claims?: Record<string, unknown>;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** A Clerk-shaped session token for `clerkUserId`. */
export async function mintSessionToken(clerkUserId: string, opts: MintOptions = {}): Promise<string> {
  const iat = opts.iat ?? now() - 10;
  const claims: Record<string, unknown> = {
    iss: opts.iss ?? env.TEST_CLERK_ISSUER,
    sub: clerkUserId,
    sid: `sess_test_${clerkUserId}`,
    iat,
    nbf: opts.nbf ?? iat - 5,
    exp: opts.exp ?? iat + 3600,
    v: 2,
    azp: new URL(env.SITE_URL).origin,
    ...(opts.email ? { email: opts.email } : {}),
    ...(opts.name ? { name: opts.name } : {}),
    ...opts.claims,
  };
  const alg = opts.alg ?? 'RS256';
  if (alg === 'RS256') return signRs256(opts.signingKey ?? (env.LOCAL_SIGNING_KEY as string), claims, 'test');
  const input = `${base64url(JSON.stringify({ alg, typ: 'JWT', kid: 'test' }))}.${base64url(JSON.stringify(claims))}`;
  if (alg === 'none') return `${input}.`;
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(env.CLERK_JWT_KEY as string),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(input)));
  return `${input}.${base64url(sig)}`;
}

/** The `Cookie` header a browser signed in as `clerkUserId` sends. */
export async function sessionCookie(clerkUserId: string, opts: MintOptions = {}): Promise<string> {
  const iat = opts.iat ?? now() - 10;
  const token = await mintSessionToken(clerkUserId, { ...opts, iat });
  return cookieFor(token, iat);
}

/** The cookies for an arbitrary `__session` value (e.g. garbage). */
export function cookieFor(sessionValue: string, clientUat: number = now() - 10): string {
  return `__session=${sessionValue}; __client_uat=${clientUat}; __clerk_db_jwt=dvb_test`;
}

export interface SignInOptions extends MintOptions {
  name?: string;
  email?: string;
  role?: 'user' | 'operator';
  banned?: boolean;
  phone?: string | null;
}

/**
 * Makes sure a users row exists for `clerkUserId` (created or updated with the given fields) and
 * returns it with the headers of a signed-in browser.
 */
export async function signIn(
  clerkUserId: string,
  opts: SignInOptions = {},
): Promise<{ user: User; headers: { cookie: string }; cookie: string }> {
  const db = drizzle(env.DB, { schema });
  const t = Date.now();
  const name = opts.name ?? `Test ${clerkUserId}`;
  const email = opts.email ?? `${clerkUserId}@example.test`;
  await db
    .insert(schema.users)
    .values({
      clerkId: clerkUserId,
      name,
      email,
      role: opts.role ?? 'user',
      banned: opts.banned ?? false,
      phone: opts.phone ?? null,
      createdAt: t,
      updatedAt: t,
    })
    .onConflictDoUpdate({
      target: schema.users.clerkId,
      set: {
        ...(opts.name !== undefined ? { name } : {}),
        ...(opts.email !== undefined ? { email } : {}),
        ...(opts.role !== undefined ? { role: opts.role } : {}),
        ...(opts.banned !== undefined ? { banned: opts.banned } : {}),
        ...(opts.phone !== undefined ? { phone: opts.phone } : {}),
        updatedAt: t,
      },
    });
  const [user] = await db.select().from(schema.users).where(eq(schema.users.clerkId, clerkUserId));
  const cookie = await sessionCookie(clerkUserId, opts);
  return { user, headers: { cookie }, cookie };
}

/** GET as a signed-in browser (HTML by default; pass `accept` in `headers` for JSON). */
export function getAs(path: string, cookie: string, headers: Record<string, string> = {}): Promise<Response> {
  return get(path, { headers: { cookie, ...headers } });
}

/** A same-origin form POST as a signed-in browser. */
export function postFormAs(
  path: string,
  body: FormData | URLSearchParams | Record<string, string>,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = body instanceof FormData || body instanceof URLSearchParams ? body : new URLSearchParams(body);
  return postForm(path, form, { cookie, ...headers });
}
