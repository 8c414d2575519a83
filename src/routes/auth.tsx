// Sign-in, sign-up, after-auth and sign-out (docs/product.md#urls). With a Clerk instance, its own components
// (in Romanian) do the work in the browser; without one (local development and tests), a plain
// form mints a session token with the local key pair. Both end up in the same middleware.

import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { clerkScripts } from '../auth/clerk-browser';
import { clerkClient } from '../auth/clerk-client';
import { localSignInRefusal, sessionConfig } from '../auth/config';
import { MESSAGES, NAME_MAX } from '../auth/messages';
import { siteOrigin } from '../auth/origin-check';
import { checkedReturnPath } from '../auth/return-path';
import { identityFromClaims, sessionClaims } from '../auth/session';
import { CLIENT_UAT_COOKIE, DEV_BROWSER_COOKIE, mintLocalSession, SESSION_COOKIE } from '../auth/tokens';
import { keepOwnWrite } from '../d1-session';
import type { User } from '../db/schema';
import { findUserByEmail, listDemoUsers, type SessionIdentity, upsertUserFromSession } from '../db/users';
import type { AppEnv } from '../env';
import { setFlash } from '../flash';
import { markPrivate, optionalForm, uncachedAnswers } from '../http/helpers';
import { clearSessionCookies } from '../http/session-cookies';
import { IMPORTED_CLERK_PREFIX } from '../lib/import-map';
import { areaPath, route, routeBase, routePath } from '../lib/links';
import * as z from '../lib/zod';
import { LocalSignInPage } from '../pages/LocalSignInPage';
import { SignInPage } from '../pages/SignInPage';
import { limitSignIn, signInRefusal } from '../platform/rate-limits';

export const authRoutes = new Hono<AppEnv>();
// Redirects and sign-in pages are never stored; the pages themselves are also private.
authRoutes.use(areaPath('login'), uncachedAnswers);
authRoutes.use(areaPath('signIn'), uncachedAnswers);

type Mode = 'sign-in' | 'sign-up';

// `/auth/*`: the old addresses, sent to the matching identity-provider page with the return address.
const SHORTCUTS: Record<string, string> = {
  login: route('signIn'),
  signup: route('signUp'),
  // Clerk's sign-in starts the password reset ("Ați uitat parola?") once the address is known.
  'forgot-password': route('signIn'),
  'reset-password': route('signIn', { params: 'reset-password' }),
  verify: route('signUp', { params: 'verify-email-address' }),
};

authRoutes.get(routePath('legacyAuth'), (c) => {
  const target = SHORTCUTS[c.req.param('page')];
  const raw = c.req.query('redirect_url');
  const back = raw ? checkedReturnPath(c, raw) : '/';
  return c.redirect(back === '/' ? target : `${target}?${new URLSearchParams({ redirect_url: back })}`, 302);
});

function otherPage(mode: Mode, redirectUrl: string): string {
  const q = { redirect_url: redirectUrl !== '/' ? redirectUrl : undefined };
  return mode === 'sign-in' ? route('signUp', {}, q) : route('signIn', {}, q);
}

async function renderLocal(
  c: Context<AppEnv>,
  mode: Mode,
  opts: {
    values?: { email: string; name: string };
    errors?: Record<string, string>;
    redirectUrl: string;
    status?: number;
  },
) {
  const refusal = localSignInRefusal(c.env) ?? undefined;
  const demo = refusal ? [] : await listDemoUsers(c.get('db'), 3);
  markPrivate(c);
  c.status((refusal ? 403 : (opts.status ?? 200)) as 200);
  return c.render(
    <LocalSignInPage
      mode={mode}
      action={mode === 'sign-up' ? route('signUp') : route('signIn')}
      redirectUrl={opts.redirectUrl !== '/' ? opts.redirectUrl : undefined}
      values={opts.values ?? { email: '', name: '' }}
      errors={opts.errors ?? {}}
      demoAccounts={demo.map((u) => ({
        name: u.name,
        email: u.email ?? '',
        isOperator: u.role === 'operator',
      }))}
      refusal={refusal}
      otherHref={otherPage(mode, opts.redirectUrl)}
    />,
    { title: mode === 'sign-up' ? 'Cont nou' : 'Conectare', noindex: true },
  );
}

function showPage(mode: Mode) {
  return async (c: Context<AppEnv>) => {
    const redirectUrl = checkedReturnPath(c, c.req.query('redirect_url'));
    const config = sessionConfig(c.env);
    if (config.mode !== 'clerk') return renderLocal(c, mode, { redirectUrl });
    c.set('externalScripts', clerkScripts(config.frontendApi, config.publishableKey));
    markPrivate(c);
    return c.render(
      <SignInPage
        mode={mode}
        path={mode === 'sign-up' ? route('signUp') : route('signIn')}
        signInUrl={route('signIn')}
        signUpUrl={route('signUp')}
        redirectUrl={redirectUrl}
        afterAuthUrl={route('afterAuth', {}, { redirect_url: redirectUrl !== '/' ? redirectUrl : undefined })}
      />,
      { title: mode === 'sign-up' ? 'Cont nou' : 'Conectare', noindex: true, islands: ['signin'] },
    );
  };
}

const localForm = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.maxLength(320, MESSAGES.emailInvalid)),
    z.email(MESSAGES.emailInvalid),
  ),
  name: z.string().check(z.trim(), z.maxLength(NAME_MAX, MESSAGES.nameTooLong)),
});

function newLocalId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `user_local_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function localSignIn(mode: Mode) {
  return async (c: Context<AppEnv>) => {
    const form = await optionalForm(c);
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const values = { email: str(form.get('email')).trim(), name: str(form.get('name')).trim() };
    const redirectUrl = checkedReturnPath(c, str(form.get('redirect_url')));
    const config = sessionConfig(c.env);
    if (config.mode === 'clerk' || localSignInRefusal(c.env)) return renderLocal(c, mode, { redirectUrl });
    const limited = await signInRefusal(c);
    if (limited)
      return renderLocal(c, mode, { values, errors: { email: limited }, redirectUrl, status: 429 });
    const parsed = localForm.safeParse(values);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'email');
        errors[field] ??= issue.message;
      }
      return renderLocal(c, mode, { values, errors, redirectUrl, status: 400 });
    }
    const db = c.get('db');
    let user: User | null = await findUserByEmail(db, parsed.data.email);
    // An account imported from the old site is taken over by its first sign-in (db/users.ts).
    if (user?.clerkId.startsWith(IMPORTED_CLERK_PREFIX)) user = null;
    if (!user) {
      const identity: SessionIdentity = {
        clerkId: newLocalId(),
        email: parsed.data.email,
        name: parsed.data.name || null,
      };
      user = await upsertUserFromSession(db, identity);
    }
    const { token, iat, exp } = await mintLocalSession(c.env.LOCAL_SIGNING_KEY as string, {
      clerkId: user.clerkId,
      issuer: config.issuer,
      authorizedParty: siteOrigin(c.req.url, c.env.SITE_URL),
      email: user.email,
      name: user.name,
    });
    // The cookies last exactly as long as the token they carry.
    const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
    const secure = new URL(c.req.url).protocol === 'https:';
    setCookie(c, SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge });
    setCookie(c, CLIENT_UAT_COOKIE, String(iat), { path: '/', sameSite: 'Lax', secure, maxAge });
    setCookie(c, DEV_BROWSER_COOKIE, `dvb_local_${crypto.randomUUID()}`, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure,
      maxAge,
    });
    setFlash(c, 'conectat');
    return c.redirect(redirectUrl, 303);
  };
}

for (const [mode, name] of [
  ['sign-in', 'signIn'],
  ['sign-up', 'signUp'],
] as const) {
  authRoutes.get(routeBase(name), showPage(mode));
  authRoutes.get(routePath(name), showPage(mode));
  authRoutes.post(routeBase(name), localSignIn(mode));
}

/** Name and e-mail at Clerk (Backend API), best effort: the session claims rarely carry them. */
async function identityFromClerk(c: Context<AppEnv>, identity: SessionIdentity): Promise<SessionIdentity> {
  if (identity.email && identity.name) return identity;
  const clerk = clerkClient(c.env);
  if (!clerk) return identity;
  try {
    const user = await Promise.race([
      clerk.users.getUser(identity.clerkId),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000)),
    ]);
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || null;
    return {
      clerkId: identity.clerkId,
      email: identity.email ?? user.primaryEmailAddress?.emailAddress ?? null,
      name: identity.name ?? name,
    };
  } catch {
    return identity;
  }
}

// After Clerk's sign-in or sign-up: make sure our row exists and is current, then go on (checked).
const afterAuth = async (c: Context<AppEnv>) => {
  await limitSignIn(c);
  const target = checkedReturnPath(c, c.req.query('redirect_url'));
  const claims = sessionClaims(c);
  if (claims) {
    const identity = await identityFromClerk(c, identityFromClaims(claims));
    await upsertUserFromSession(c.get('db'), identity, { refresh: true });
    // The name and e-mail just refreshed are what the menu shows next.
    keepOwnWrite(c);
    setFlash(c, 'conectat');
  }
  return c.redirect(target, 303);
};
authRoutes.get(routeBase('afterAuth'), afterAuth);
authRoutes.get(routePath('afterAuth'), afterAuth);

// Sign-out: the session cookies go; with Clerk, the session is also ended at Clerk (best effort),
// so its handshake cannot bring it back.
authRoutes.post(routePath('signOut'), async (c) => {
  const clerk = clerkClient(c.env);
  const sid = sessionClaims(c)?.sid;
  if (clerk && typeof sid === 'string') {
    try {
      await Promise.race([
        clerk.sessions.revokeSession(sid),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]);
    } catch {
      // the cookies still go; the session expires at Clerk on its own
    }
  }
  clearSessionCookies(c);
  setFlash(c, 'deconectat');
  return c.redirect(route('home'), 303);
});
