import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { app } from '../../src/index';
import { db, get, getAs, ORIGIN, postForm, postFormAs, sessionCookie, signIn, textOf } from '../fixtures';

function setCookies(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const i = pair.indexOf('=');
    out[pair.slice(0, i)] = line;
  }
  return out;
}

function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((l) => l.split(';')[0])
    .join('; ');
}

async function isSignedIn(cookie: string) {
  const res = await getAs('/api/cont', cookie, { accept: 'application/json' });
  return (await res.json()) as { signedIn: boolean; name?: string };
}

/** Calls the app with a modified environment (production, a real-looking Clerk instance…). */
async function fetchWith(overrides: Record<string, unknown>, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN), {
      redirect: 'manual',
      ...init,
      headers: { accept: 'text/html', ...(init.headers as Record<string, string>) },
    }),
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const clerkHost = 'clerk.eradauti.example.com';
const clerkEnv = {
  CLERK_PUBLISHABLE_KEY: `pk_test_${btoa(`${clerkHost}$`)}`,
  CLERK_SECRET_KEY: 'sk_test_not_real',
  LOCAL_SIGNING_KEY: undefined,
};

async function seedDemoUsers() {
  const t = Date.now();
  await db
    .insert(schema.users)
    .values([
      {
        clerkId: 'user_demo_ion',
        name: 'Ion Demo',
        email: 'ion.demo@example.ro',
        createdAt: t,
        updatedAt: t,
      },
      {
        clerkId: 'user_demo_maria',
        name: 'Maria Demo',
        email: 'maria.demo@example.ro',
        createdAt: t,
        updatedAt: t,
      },
      {
        clerkId: 'user_demo_elena',
        name: 'Elena Operator',
        email: 'elena.demo@example.ro',
        role: 'operator',
        createdAt: t,
        updatedAt: t,
      },
      {
        clerkId: 'user_demo_vasile',
        name: 'Vasile Demo',
        email: 'vasile.demo@example.ro',
        createdAt: t,
        updatedAt: t,
      },
    ])
    .onConflictDoNothing();
}

describe('local sign-in', () => {
  it('shows a Romanian form with an e-mail field and three demo accounts, the operator among them', async () => {
    await seedDemoUsers();
    const res = await get('/clerk/sign-in');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('name="email"');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Conectare<\/button>/);
    expect(html).toContain('elena.demo@example.ro');
    expect(html).toContain('operator');
    expect(html.match(/demo-accounts__button/g)).toHaveLength(3);
    expect(html).toContain('noindex');
  });

  it('signs in an existing user found by e-mail, with a session the middleware accepts', async () => {
    await signIn('user_existing_local', { email: 'Existent@Example.ro', name: 'Existent' });
    const res = await postForm('/clerk/sign-in', new URLSearchParams({ email: 'existent@example.ro' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const cookies = setCookies(res);
    expect(cookies.__session).toMatch(/HttpOnly/i);
    expect(cookies.__session).toMatch(/SameSite=Lax/i);
    expect(cookies.__session).toMatch(/Path=\//);
    expect(cookies.__client_uat).toBeDefined();
    expect(cookies.__clerk_db_jwt).toBeDefined();
    const info = await isSignedIn(cookieHeader(res));
    expect(info).toMatchObject({ signedIn: true, name: 'Existent' });
    const rows = await db.select().from(schema.users).where(eq(schema.users.email, 'Existent@Example.ro'));
    expect(rows).toHaveLength(1);
  });

  it('makes a local session that lasts a working day', async () => {
    const res = await postForm('/clerk/sign-in', new URLSearchParams({ email: 'zi@example.ro' }));
    const token = /__session=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] ?? '';
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    expect(payload.exp - payload.iat).toBeGreaterThanOrEqual(10 * 3600);
    expect(payload.iss).toBe(env.TEST_CLERK_ISSUER);
    expect(token.split('.')[0]).toBe(
      btoa(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'local' })).replace(/=+$/, ''),
    );
  });

  it('creates a new user_local_ account for an unknown address, with the given name', async () => {
    const res = await postForm(
      '/clerk/sign-up',
      new URLSearchParams({ email: 'nou.local@example.ro', name: 'Nou Local' }),
    );
    expect(res.status).toBe(303);
    const [row] = await db.select().from(schema.users).where(eq(schema.users.email, 'nou.local@example.ro'));
    expect(row.clerkId).toMatch(/^user_local_[0-9a-f]{24}$/);
    expect(row.name).toBe('Nou Local');
    expect(await isSignedIn(cookieHeader(res))).toMatchObject({ signedIn: true, name: 'Nou Local' });
  });

  it('goes back to a same-site page after signing in, and never to another site', async () => {
    const ok = await postForm(
      '/clerk/sign-in',
      new URLSearchParams({ email: 'r@example.ro', redirect_url: '/posts/new' }),
    );
    expect(ok.headers.get('location')).toBe('/posts/new');
    for (const evil of [
      'https://evil.example.com/',
      '//evil.example.com',
      '/\\evil.example.com',
      'javascript:alert(1)',
      '/clerk/sign-in',
    ]) {
      const res = await postForm(
        '/clerk/sign-in',
        new URLSearchParams({ email: 'r@example.ro', redirect_url: evil }),
      );
      expect(res.headers.get('location')).toBe('/');
    }
    const own = await postForm(
      '/clerk/sign-in',
      new URLSearchParams({ email: 'r@example.ro', redirect_url: `${ORIGIN}/cautare?q=x` }),
    );
    expect(own.headers.get('location')).toBe('/cautare?q=x');
  });

  it('re-renders the form with the typed values and a message for a bad e-mail address', async () => {
    const res = await postForm('/clerk/sign-in', new URLSearchParams({ email: 'nu-e-email', name: 'Ion' }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('value="nu-e-email"');
    expect(html).toContain('value="Ion"');
    expect(textOf(html)).toContain('Scrieți o adresă de e-mail validă, de exemplu nume@exemplu.ro.');
    expect(res.headers.getSetCookie()).toHaveLength(0);
  });

  it('refuses a new account name longer than 256 characters with the Romanian limit message', async () => {
    const res = await postForm(
      '/clerk/sign-up',
      new URLSearchParams({ email: 'lung@example.ro', name: 'a'.repeat(257) }),
    );
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain('Numele poate avea cel mult 256 de caractere.');
  });

  it('refuses to work in production or on an https site, with a clear message', async () => {
    for (const overrides of [{ ENVIRONMENT: 'production' }, { SITE_URL: 'https://eradauti.ro' }]) {
      const page = await fetchWith(overrides, '/clerk/sign-in');
      expect(page.status).toBe(403);
      const text = textOf(await page.text());
      expect(text).toContain('Conectarea locală este doar pentru dezvoltare');
      expect(text).not.toContain('Conturi demonstrative');
      const post = await fetchWith(overrides, '/clerk/sign-in', {
        method: 'POST',
        body: new URLSearchParams({ email: 'ion.demo@example.ro' }),
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(post.status).toBe(403);
      expect(post.headers.getSetCookie().filter((c) => c.startsWith('__session='))).toHaveLength(0);
    }
  });

  it('refuses a sign-in form posted from another site', async () => {
    const res = await postForm('/clerk/sign-in', new URLSearchParams({ email: 'x@example.ro' }), {
      origin: 'https://evil.example.com',
    });
    expect(res.status).toBe(403);
  });
});

describe('auth addresses', () => {
  it('sends /auth/* to the matching identity-provider page, keeping a checked return address', async () => {
    const cases: [string, string][] = [
      ['/auth/login', '/clerk/sign-in'],
      ['/auth/signup', '/clerk/sign-up'],
      ['/auth/forgot-password', '/clerk/sign-in'],
      ['/auth/reset-password', '/clerk/sign-in/reset-password'],
      ['/auth/verify', '/clerk/sign-up/verify-email-address'],
    ];
    for (const [from, to] of cases) {
      const res = await get(`${from}?redirect_url=${encodeURIComponent('/posts/new')}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${to}?redirect_url=%2Fposts%2Fnew`);
      const evil = await get(`${from}?redirect_url=${encodeURIComponent('https://evil.example.com/x')}`);
      expect(evil.headers.get('location')).toBe(to);
    }
  });

  it('syncs the user at after-auth and redirects only to same-site pages', async () => {
    const cookie = await sessionCookie('user_after_auth', {
      email: 'after@example.ro',
      name: 'După Autentificare',
    });
    const res = await getAs('/clerk/after-auth?redirect_url=%2Fprofile%2Fedit', cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profile/edit');
    const again = await getAs('/clerk/after-auth/sso?redirect_url=https%3A%2F%2Fevil.example.com', cookie);
    expect(again.headers.get('location')).toBe('/');
    const rows = await db.select().from(schema.users).where(eq(schema.users.clerkId, 'user_after_auth'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'after@example.ro', name: 'După Autentificare' });
  });

  it('keeps one row per identity however often after-auth runs, recording a new e-mail address', async () => {
    await signIn('user_sync_twice', { name: 'Nume Ales', email: 'vechi@example.ro' });
    const cookie = await sessionCookie('user_sync_twice', { email: 'nou@example.ro', name: 'Alt Nume' });
    for (let i = 0; i < 3; i++) await getAs('/clerk/after-auth', cookie);
    const rows = await db.select().from(schema.users).where(eq(schema.users.clerkId, 'user_sync_twice'));
    expect(rows).toHaveLength(1);
    // The display name is edited on the site; the address follows the identity provider.
    expect(rows[0]).toMatchObject({ name: 'Nume Ales', email: 'nou@example.ro' });
  });

  it('signs out: clears the session cookies and goes home', async () => {
    const { cookie } = await signIn('user_sign_out');
    const res = await postFormAs('/clerk/sign-out', {}, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const cookies = setCookies(res);
    expect(cookies.__session).toMatch(/Max-Age=0/);
    expect(cookies.__client_uat).toMatch(/^__client_uat=0/);
    const after = cookieHeader(res);
    expect((await isSignedIn(after)).signedIn).toBe(false);
  });
});

describe('with a Clerk instance configured', () => {
  it('mounts Clerk sign-in from its Frontend API script, in Romanian, with a checked return address', async () => {
    const res = await fetchWith(clerkEnv, '/clerk/sign-in?redirect_url=https%3A%2F%2Fevil.example.com');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`src="https://${clerkHost}/npm/@clerk/clerk-js@6/dist/clerk.browser.js"`);
    expect(html).toContain(`src="https://${clerkHost}/npm/@clerk/ui@1/dist/ui.browser.js"`);
    expect(html).toContain(`data-clerk-publishable-key="${clerkEnv.CLERK_PUBLISHABLE_KEY}"`);
    expect(html).toContain('id="clerk-auth"');
    expect(html).toContain('data-mode="sign-in"');
    expect(html).toContain('data-redirect-url="/"');
    expect(html).not.toContain('name="email"');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`https://${clerkHost}`);
    // Clerk's bot protection (Cloudflare Turnstile) loads a script and a frame from its own origin.
    expect(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/.test(csp)).toBe(true);
    expect(/frame-src [^;]*https:\/\/challenges\.cloudflare\.com/.test(csp)).toBe(true);
  });

  it('mounts Clerk sign-up on /clerk/sign-up and its sub-pages', async () => {
    const res = await fetchWith(clerkEnv, '/clerk/sign-up/verify-email-address?redirect_url=%2Fposts%2Fnew');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-mode="sign-up"');
    expect(html).toContain('data-redirect-url="/posts/new"');
    expect(html).toContain('data-after-auth-url="/clerk/after-auth?redirect_url=%2Fposts%2Fnew"');
  });

  it('refuses the local sign-in form when Clerk is configured', async () => {
    const res = await fetchWith(clerkEnv, '/clerk/sign-in', {
      method: 'POST',
      body: new URLSearchParams({ email: 'ion.demo@example.ro' }),
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('__session='))).toHaveLength(0);
  });

  it('verifies Clerk session tokens networkless with CLERK_JWT_KEY', async () => {
    await signIn('user_clerk_real', { name: 'Clerk Real' });
    const cookie = await sessionCookie('user_clerk_real', { iss: `https://${clerkHost}` });
    const res = await fetchWith(clerkEnv, '/api/cont', { headers: { cookie, accept: 'application/json' } });
    expect(await res.json()).toMatchObject({ signedIn: true, name: 'Clerk Real' });
    const wrongIssuer = await sessionCookie('user_clerk_real');
    const res2 = await fetchWith(clerkEnv, '/api/cont', {
      headers: { cookie: wrongIssuer, accept: 'application/json' },
    });
    expect(await res2.json()).toMatchObject({ signedIn: false });
  });

  it('loads ClerkJS on the profile form so the short-lived session stays fresh, and not locally', async () => {
    const { cookie } = await signIn('user_clerk_profile');
    const clerkCookie = await sessionCookie('user_clerk_profile', { iss: `https://${clerkHost}` });
    const res = await fetchWith(clerkEnv, '/profile/edit', { headers: { cookie: clerkCookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`https://${clerkHost}/npm/@clerk/clerk-js@6/dist/clerk.browser.js`);
    expect(html).toMatch(/\/build\/signin-[A-Z0-9]+\.js/);
    const local = await (await getAs('/profile/edit', cookie)).text();
    expect(local).not.toContain('clerk.browser.js');
  });

  it('lets an expired session on a page navigation go through Clerk handshake, and nowhere else', async () => {
    const cookie = await sessionCookie('user_clerk_real', {
      iss: `https://${clerkHost}`,
      iat: Math.floor(Date.now() / 1000) - 7200,
      exp: Math.floor(Date.now() / 1000) - 3600,
    });
    const res = await fetchWith(clerkEnv, '/', { headers: { cookie } });
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get('location') ?? '').host).toBe(clerkHost);
    expect(res.headers.get('cache-control')).toBe('no-store');
    for (const name of res.headers.keys()) expect(name.startsWith('x-clerk')).toBe(false);
    const json = await fetchWith(clerkEnv, '/api/cont', { headers: { cookie, accept: 'application/json' } });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ signedIn: false });
  });
});
