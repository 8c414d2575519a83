// Every request: verify the session with Clerk's middleware (`@clerk/hono`, the successor of
// `@hono/clerk-auth`) and put our own users row on `c.var.user`, or null. The row is read from D1,
// except for the account menu's own request, which may take it from the isolate's short-lived copy
// (src/auth/menu-copy.ts).
//
// Clerk's middleware runs inside a tiny private Hono app, so that whatever it does (debug headers,
// handshake redirects, thrown errors) stays there and is judged here: anything but a verified
// session token is "signed out", never a 500. In local mode and for anything that is not a page
// navigation, it is given a cleaned request (GET, JSON, only the session cookies and a well-formed
// Bearer JWT, no query string) so that it has no reason to reach Clerk's servers. With a real Clerk
// instance, page navigations get the original request, so Clerk's handshake can refresh its
// short-lived sessions; only redirects to Clerk's Frontend API or to this site are followed.
import { clerkMiddleware, getAuth } from '@clerk/hono';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { isDeletedIdentity } from '../db/account-deletion';
import type { User } from '../db/schema';
import { findSessionUser, type SessionIdentity, type SessionUser, upsertUserFromSession } from '../db/users';
import type { AppEnv, CurrentUser, Db } from '../env';
import { hasBookmarkCookie } from '../lib/bookmark';
import { identityHash } from '../lib/identity-hash';
import { routePath } from '../lib/links';
import { operatorIds, type SessionConfig, verificationConfig } from './config';
import { keepMenuCopy, menuCopy } from './menu-copy';
import { siteOrigins } from './origin-check';
import { base64url, CLIENT_UAT_COOKIE, SESSION_COOKIE } from './tokens';

const JWT_SHAPE = /^[A-Za-z0-9_-]{2,4096}\.[A-Za-z0-9_-]{2,8192}\.[A-Za-z0-9_-]{2,4096}$/;
const COOKIE_VALUE = /^[A-Za-z0-9._~+/=-]{1,8192}$/;

/** What the verification says about this request. */
export type Verification =
  | { kind: 'signed-in'; claims: SessionClaims }
  | { kind: 'signed-out' }
  | { kind: 'redirect'; response: Response };

export interface SessionClaims {
  sub: string;
  iss?: string;
  email?: string;
  name?: string;
  [claim: string]: unknown;
}

type InnerEnv = {
  Bindings: {
    CLERK_PUBLISHABLE_KEY: string;
    CLERK_SECRET_KEY: string;
    config: SessionConfig;
    /** This site's origins: the only `azp` a session token may carry. */
    authorizedParties: string[];
  };
};

// Clerk's middleware in its own app: options per request from the environment (PEM unescaped).
const verifier = new Hono<InnerEnv>();
verifier.use('*', (c, next) => {
  const { publishableKey, secretKey, jwtKey } = c.env.config;
  const { authorizedParties } = c.env;
  // `telemetry` is passed through to createClerkClient (not in the middleware's type): no beacons.
  const options = { publishableKey, secretKey, jwtKey, authorizedParties, telemetry: { disabled: true } };
  return clerkMiddleware(options as Parameters<typeof clerkMiddleware>[0])(c, next);
});
verifier.all('*', (c) => {
  const auth = getAuth(c) as {
    tokenType?: string;
    isAuthenticated?: boolean;
    userId?: string | null;
    sessionClaims?: Record<string, unknown> | null;
  };
  if (auth.tokenType !== 'session_token' || !auth.isAuthenticated || !auth.userId)
    return c.json({ signedIn: false });
  return c.json({ signedIn: true, claims: { ...auth.sessionClaims, sub: auth.userId } });
});
verifier.onError(() => new Response(null, { status: 599 }));

/** Clerk's session cookies, also in their instance-suffixed form (`__session_<suffix>`). */
export const SESSION_COOKIE_NAME = /^__(session|client_uat|clerk_db_jwt)(_[A-Za-z0-9_-]{1,64})?$/;

/** What of a request a session consists of: Clerk's session cookies and a JWT-shaped bearer token. */
interface SessionParts {
  /** `name=value; …` of the session cookies kept, or empty. */
  cookies: string;
  /** `Bearer <jwt>`, or empty. */
  authorization: string;
}

/** Only what a session needs, or null when the request carries no session worth verifying. */
function sessionParts(c: Context<AppEnv>): SessionParts | null {
  const cookies: string[] = [];
  let hasSession = false;
  for (const [name, value] of Object.entries(getCookie(c))) {
    const match = SESSION_COOKIE_NAME.exec(name);
    if (!match) continue;
    if (match[1] === 'session') {
      // A garbage session cookie is "signed out" before Clerk sees it.
      if (!JWT_SHAPE.test(value)) {
        if (name === SESSION_COOKIE) return null;
        continue;
      }
      hasSession = true;
    } else if (!COOKIE_VALUE.test(value)) continue;
    cookies.push(`${name}=${value}`);
  }
  const bearer = /^Bearer ([^\s]+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  const hasBearer = !!bearer && JWT_SHAPE.test(bearer);
  if (!hasSession && !hasBearer) return null;
  return { cookies: cookies.join('; '), authorization: hasBearer ? `Bearer ${bearer}` : '' };
}

/** The cleaned request Clerk's middleware is given: GET, JSON, the session parts, no query string. */
function cleanedRequest(c: Context<AppEnv>, parts: SessionParts): Request {
  const headers = new Headers({ accept: 'application/json' });
  if (parts.authorization) headers.set('authorization', parts.authorization);
  if (parts.cookies) headers.set('cookie', parts.cookies);
  const url = new URL(c.req.url);
  return new Request(`${url.origin}${url.pathname}`, { method: 'GET', headers });
}

/** A page navigation that Clerk's handshake may redirect (real Clerk only). */
function isNavigation(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'GET') return false;
  const accept = c.req.header('accept') ?? '';
  return accept.includes('text/html');
}

function mayRefresh(c: Context<AppEnv>): boolean {
  const uat = getCookie(c, CLIENT_UAT_COOKIE);
  const url = new URL(c.req.url);
  return (
    (!!uat && uat !== '0') ||
    url.searchParams.has('__clerk_handshake') ||
    url.searchParams.has('__clerk_handshake_nonce') ||
    url.searchParams.has('__clerk_db_jwt')
  );
}

function safeRedirect(location: string, config: SessionConfig, requestUrl: string): boolean {
  try {
    const target = new URL(location, requestUrl);
    if (target.protocol !== 'https:' && target.origin !== new URL(requestUrl).origin) return false;
    return target.host === config.frontendApi || target.origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
}

// Verified session claims kept by this isolate (docs/performance.md#verified-tokens): keyed by a
// SHA-256 of the verification settings and the exact session cookies and bearer token that were
// verified, until the token's `exp`. A cache that only skips re-checking a signature already checked:
// who the person is, their ban and role still come from D1 on every request.
const VERIFIED_MAX = 500;
const verified = new Map<string, { claims: SessionClaims; expMs: number }>();

async function verifiedKey(config: SessionConfig, parties: string[], session: SessionParts): Promise<string> {
  const material = [
    config.mode,
    config.issuer,
    config.publishableKey,
    config.jwtKey ?? '',
    parties.join(' '),
    session.cookies,
    session.authorization,
  ].join('\n');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(material));
  return base64url(new Uint8Array(digest));
}

function rememberVerified(key: string, claims: SessionClaims): void {
  const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : 0;
  if (exp <= Date.now()) return;
  verified.delete(key);
  // Bounded: the oldest entry goes first.
  while (verified.size >= VERIFIED_MAX) {
    const oldest = verified.keys().next().value;
    if (oldest === undefined) break;
    verified.delete(oldest);
  }
  verified.set(key, { claims, expMs: exp });
}

function recallVerified(key: string): SessionClaims | null {
  const hit = verified.get(key);
  if (!hit) return null;
  if (hit.expMs <= Date.now()) {
    verified.delete(key);
    return null;
  }
  return hit.claims;
}

/**
 * Whether Clerk's handshake could answer this request differently from the last time it saw the same
 * cookies (its query parameters, or arriving from another site): then it is always asked.
 */
function mayHandshake(c: Context<AppEnv>): boolean {
  const url = new URL(c.req.url);
  if ([...url.searchParams.keys()].some((name) => name.startsWith('__clerk'))) return true;
  const referer = c.req.header('referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin !== url.origin;
  } catch {
    return true;
  }
}

/** Verifies the request's session through Clerk's middleware. Never throws. */
export async function verifyRequest(c: Context<AppEnv>): Promise<Verification> {
  const config = await verificationConfig(c.env);
  if (config.mode === 'none') return { kind: 'signed-out' };
  const authorizedParties = siteOrigins(c.req.url, c.env.SITE_URL);
  let request: Request | null;
  const passThrough = config.mode === 'clerk' && isNavigation(c) && mayRefresh(c);
  const parts = sessionParts(c);
  const key =
    parts && !(passThrough && mayHandshake(c)) ? await verifiedKey(config, authorizedParties, parts) : null;
  const known = key ? recallVerified(key) : null;
  if (known) return { kind: 'signed-in', claims: known };
  if (passThrough) {
    const url = new URL(c.req.url);
    request = new Request(url, { method: 'GET', headers: c.req.raw.headers });
  } else {
    request = parts ? cleanedRequest(c, parts) : null;
  }
  if (!request) return { kind: 'signed-out' };
  try {
    const res = await verifier.fetch(request, {
      CLERK_PUBLISHABLE_KEY: config.publishableKey,
      CLERK_SECRET_KEY: config.secretKey,
      config,
      authorizedParties,
    });
    if (res.status >= 300 && res.status < 400) {
      const location = res.headers.get('location');
      if (passThrough && location && safeRedirect(location, config, c.req.url)) {
        const headers = new Headers({ location, 'cache-control': 'no-store' });
        for (const cookie of res.headers.getSetCookie()) headers.append('set-cookie', cookie);
        return { kind: 'redirect', response: new Response(null, { status: 307, headers }) };
      }
      return { kind: 'signed-out' };
    }
    if (res.status !== 200) return { kind: 'signed-out' };
    const body = (await res.json()) as { signedIn: boolean; claims?: SessionClaims };
    const claims = body.claims;
    if (!body.signedIn || !claims || typeof claims.sub !== 'string' || !claims.sub)
      return { kind: 'signed-out' };
    // Belt and braces: bearer tokens skip some of Clerk's cookie checks; the issuer is always ours.
    if (claims.iss !== config.issuer) return { kind: 'signed-out' };
    // A token issued to another application of the same Clerk instance is not a session here.
    if (typeof claims.azp !== 'string' || !authorizedParties.includes(claims.azp))
      return { kind: 'signed-out' };
    if (key) rememberVerified(key, claims);
    return { kind: 'signed-in', claims };
  } catch {
    return { kind: 'signed-out' };
  }
}

export function identityFromClaims(claims: SessionClaims): SessionIdentity {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 320) : null);
  const first = str(claims.first_name);
  const last = str(claims.last_name);
  return {
    clerkId: claims.sub,
    email: str(claims.email) ?? str(claims.primary_email_address),
    name: str(claims.name) ?? str(claims.full_name) ?? ([first, last].filter(Boolean).join(' ') || null),
  };
}

export function toCurrentUser(env: AppEnv['Bindings'], user: User): CurrentUser {
  return { ...user, isOperator: user.role === 'operator' || operatorIds(env).has(user.clerkId) };
}

/**
 * Our row for a verified identity with what the account menu shows, in one round trip; the row is
 * created the first time we see it. Null when the account of this identity was deleted: a session
 * issued before never brings it back.
 */
export async function userForIdentity(db: Db, identity: SessionIdentity): Promise<SessionUser | null> {
  const found = await findSessionUser(db, identity.clerkId);
  if (found) return found;
  if (await isDeletedIdentity(db, await identityHash(identity.clerkId))) return null;
  const user = await upsertUserFromSession(db, identity);
  // A person seen for the first time has no conversations and no profile photo yet.
  return user ? { user, unreadMessages: 0, avatar: null } : null;
}

// The verified claims of a request (session id for sign-out, profile claims for after-auth).
const claimsByRequest = new WeakMap<Request, SessionClaims>();

/** The verified session claims of this request, or null when signed out. */
export function sessionClaims(c: Context<AppEnv>): SessionClaims | null {
  return claimsByRequest.get(c.req.raw) ?? null;
}

const MENU_PATH = routePath('accountMenu');

/** The account menu's own request, by someone who has not just written (src/auth/menu-copy.ts). */
function mayAnswerFromMenuCopy(c: Context<AppEnv>): boolean {
  return c.req.method === 'GET' && c.req.path === MENU_PATH && !hasBookmarkCookie(c.req.header('cookie'));
}

export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null);
  c.set('accountSummary', null);
  const verification = await verifyRequest(c);
  if (verification.kind === 'redirect') return verification.response;
  if (verification.kind === 'signed-in') {
    const identity = identityFromClaims(verification.claims);
    // The account menu may answer from this isolate's copy of the person (src/auth/menu-copy.ts).
    const copy = mayAnswerFromMenuCopy(c) ? menuCopy(identity.clerkId) : null;
    // D1 failing here must not lose a form being sent: the routes see `sessionUnavailable` and give
    // the typed text back with a 503 (requireUser answers 503, never "sign in").
    const found =
      copy ??
      (await userForIdentity(c.get('db'), identity).then(
        (fresh) => {
          keepMenuCopy(identity.clerkId, fresh);
          return fresh;
        },
        (err) => {
          console.error('Session lookup failed', c.req.method, c.req.path, err);
          c.set('sessionUnavailable', true);
          return null;
        },
      ));
    if (found) {
      claimsByRequest.set(c.req.raw, verification.claims);
      c.set('user', toCurrentUser(c.env, found.user));
      c.set('accountSummary', { unreadMessages: found.unreadMessages, avatar: found.avatar });
    }
  }
  await next();
  for (const name of [...c.res.headers.keys()]) {
    if (name.startsWith('x-clerk-')) c.res.headers.delete(name);
  }
};
