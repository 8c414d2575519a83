// Signed-in people and the edge page cache (src/page-cache.ts, docs/performance.md#signed-in-cache):
// on pages whose HTML does not depend on who asks they get the anonymous copy (from the cache, or an
// anonymous render that is then stored); the ad's author, operators, anyone who has just written and
// anyone on a personal page get their own fresh page, which is never stored.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { BOOKMARK_COOKIE } from '../../src/lib/bookmark';
import { FLASH_COOKIE } from '../../src/lib/flash';
import { isSharedPath, OPERATOR_HINT_COOKIE, PAGE_OWNER_HEADER } from '../../src/page-cache';
import { callWorker, db, makePost, ORIGIN, person, sessionCookie, signIn } from '../fixtures';

/** The worker with the cache on (the suite's config turns it off so tests read their own writes). */
async function fetchCached(path: string, headers: Record<string, string> = {}) {
  const res = await callWorker(
    new Request(new URL(path, ORIGIN), { headers: { accept: 'text/html', ...headers }, redirect: 'manual' }),
    { PAGE_CACHE_SECONDS: '60' },
  );
  return { res, body: await res.text(), state: res.headers.get('x-page-cache') };
}

/** A fresh public ad of a fresh author, and its page's address. */
async function freshAd(title: string, opts: Parameters<typeof person>[0] = {}) {
  const author = await person(opts);
  const post = await makePost(author.user.id, { title });
  return { author, post, path: `/anunt/imobiliare/${post.slug}-${post.id}` };
}

/** The author's panel (status, figures, actions) on their ad page. */
const ownerMark = (_postId: number) => 'id="owner-panel-title"';
const operatorMark = (postId: number) => `/moderare/anunt/${postId}/ascunde`;

describe('which pages a signed-in person may get from the cache', () => {
  it('home, listings, author pages, search, static pages and ad pages; nothing personal', () => {
    for (const path of [
      '/',
      '/anunturi',
      '/anunturi/imobiliare',
      '/anunt/auto/x-1',
      '/cautare',
      '/static-page/x',
    ])
      expect(isSharedPath(path), path).toBe(true);
    for (const path of ['/cont', '/mesaje', '/mesaje/3', '/salvate', '/posts/mine', '/moderare', '/anuntx'])
      expect(isSharedPath(path), path).toBe(false);
  });
});

describe('signed-in people get the anonymous copy of shared pages', () => {
  it('the HTML of these pages does not depend on who asks: a fresh render for a reader is the visitor’s', async () => {
    const { path } = await freshAd('Birou randat pentru toți');
    const reader = await person();
    for (const page of [
      path,
      '/',
      '/anunturi',
      '/anunturi/imobiliare',
      '/cautare?q=birou',
      '/static-page/taxi-radauti',
    ]) {
      const fresh = (headers: Record<string, string>) =>
        callWorker(new Request(new URL(page, ORIGIN), { headers: { accept: 'text/html', ...headers } }), {
          PAGE_CACHE_SECONDS: '0',
        }).then((r) => r.text());
      const [anonymous, signedIn] = await Promise.all([fresh({}), fresh({ cookie: reader.cookie })]);
      expect(signedIn, page).toBe(anonymous);
    }
  });

  it('a listing: a hit, byte for byte the anonymous page, told to browsers as private', async () => {
    const reader = await person();
    await freshAd('Garsonieră pentru cititori semnați');
    const path = `/cautare?q=${encodeURIComponent('garsonieră cititori semnați')}`;
    const anonymous = await fetchCached(path);
    expect(anonymous.res.status).toBe(200);
    expect(anonymous.body).toContain('Garsonieră pentru cititori semnați');
    const signedIn = await fetchCached(path, { cookie: reader.cookie });
    expect(signedIn.state).toBe('hit');
    expect(signedIn.body).toBe(anonymous.body);
    // Their browser keeps nothing as public and asks again next time (as for their own pages).
    expect(signedIn.res.headers.get('cache-control')).toBe('private, no-cache');
    expect(signedIn.res.headers.has(PAGE_OWNER_HEADER)).toBe(false);
    expect(signedIn.res.headers.has('x-browser-cache-control')).toBe(false);
    expect(signedIn.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('an ad page for someone who is not its author: the anonymous copy, without the author’s name tag', async () => {
    const { post, path } = await freshAd('Bicicletă văzută de alții');
    const reader = await person();
    const anonymous = await fetchCached(path);
    expect(anonymous.state).toBe('miss');
    expect(anonymous.res.headers.has(PAGE_OWNER_HEADER)).toBe(false);
    const signedIn = await fetchCached(path, { cookie: reader.cookie });
    expect(signedIn.state).toBe('hit');
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.body).not.toContain(ownerMark(post.id));
    expect(signedIn.body).not.toContain(operatorMark(post.id));
    // The message form and the report form are there, as for anyone who is not the author.
    expect(signedIn.body).toContain(`/mesaje/anunt/${post.id}`);
    expect(signedIn.body).toContain(`/raporteaza/${post.id}`);
  });

  it('on a miss, the page is rendered anonymously, stored, and identical to what a visitor then gets', async () => {
    const { path } = await freshAd('Canapea cerută întâi de un semnat');
    const reader = await person();
    const first = await fetchCached(path, { cookie: reader.cookie });
    expect(first.res.status).toBe(200);
    expect(first.state).toBe('miss');
    expect(first.res.headers.get('cache-control')).toBe('private, no-cache');
    const anonymous = await fetchCached(path);
    expect(anonymous.state).toBe('hit');
    expect(anonymous.body).toBe(first.body);
    // The anonymous visitor is told what the app tells visitors, not the signed-in answer's `private`.
    expect(anonymous.res.headers.get('cache-control')).toMatch(/^public/);
  });

  it('parallel first requests of several people all get the same anonymous page', async () => {
    const { path } = await freshAd('Masă cerută de mulți deodată');
    const readers = await Promise.all([person(), person(), person(), person()]);
    const answers = await Promise.all(readers.map((r) => fetchCached(path, { cookie: r.cookie })));
    const anonymous = await fetchCached(path);
    for (const a of answers) {
      expect(a.res.status).toBe(200);
      expect(['hit', 'miss']).toContain(a.state);
      expect(a.body).toBe(anonymous.body);
    }
  });
});

describe('who gets a fresh page of their own, never stored', () => {
  it('the ad’s author, with their controls, whether the page is stored or not, and it stays theirs', async () => {
    const { author, post, path } = await freshAd('Frigider al autorului');
    // Nothing stored yet: the author's page is their own render.
    const before = await fetchCached(path, { cookie: author.cookie });
    expect(before.res.status).toBe(200);
    expect(before.state).toBeNull();
    expect(before.body).toContain(ownerMark(post.id));
    expect(before.res.headers.get('cache-control')).toMatch(/^private/);
    // The internal name tag never leaves the worker, whatever path the answer took.
    expect(before.res.headers.has(PAGE_OWNER_HEADER)).toBe(false);
    // What got stored meanwhile is an anonymous render: the next visitor gets no author's controls.
    const anonymous = await fetchCached(path);
    expect(anonymous.state).toBe('hit');
    expect(anonymous.body).not.toContain(ownerMark(post.id));
    // Now that a copy is stored, the author still gets theirs.
    const after = await fetchCached(path, { cookie: author.cookie });
    expect(after.state).toBeNull();
    expect(after.body).toContain(ownerMark(post.id));
  });

  it('the author sees their edit at once, while others get the stored copy', async () => {
    const { author, post, path } = await freshAd('Dulap înainte de schimbare');
    await fetchCached(path);
    await db.update(schema.posts).set({ title: 'Dulap după schimbare' }).where(eq(schema.posts.id, post.id));
    const reader = await person();
    const theirs = await fetchCached(path, { cookie: reader.cookie });
    expect(theirs.state).toBe('hit');
    expect(theirs.body).toContain('Dulap înainte de schimbare');
    const mine = await fetchCached(path, { cookie: author.cookie });
    expect(mine.body).toContain('Dulap după schimbare');
  });

  it('an operator by role gets the panel: the hint is set on their first page after signing in or on /moderare', async () => {
    const { post, path } = await freshAd('Televizor de verificat');
    await fetchCached(path);
    const op = await person({ role: 'operator' });
    // The page after signing in carries the sign-in confirmation (flash cookie): always fresh, and it
    // hands out the hint.
    const first = await fetchCached('/', { cookie: `${op.cookie}; ${FLASH_COOKIE}=conectat` });
    expect(first.state).toBeNull();
    const hint = first.res.headers.getSetCookie().find((c) => c.startsWith(`${OPERATOR_HINT_COOKIE}=1`));
    expect(hint).toMatch(/HttpOnly/);
    expect(hint).toMatch(/Max-Age=\d{6,}/);
    const hinted = `${op.cookie}; ${OPERATOR_HINT_COOKIE}=1`;
    const page = await fetchCached(path, { cookie: hinted });
    expect(page.state).toBeNull();
    expect(page.body).toContain(operatorMark(post.id));
    // Listings too are the operator's own render (author pages of banned people are theirs to see).
    const listing = await fetchCached('/anunturi/imobiliare', { cookie: hinted });
    expect(listing.state).toBeNull();
    // Opening the moderation page hands out the hint as well.
    const other = await person({ role: 'operator' });
    const moderation = await fetchCached('/moderare', { cookie: other.cookie });
    expect(moderation.res.status).toBe(200);
    expect(moderation.res.headers.getSetCookie().some((c) => c.startsWith(`${OPERATOR_HINT_COOKIE}=1`))).toBe(
      true,
    );
  });

  it('an operator named in OPERATOR_USER_IDS gets the panel without any hint', async () => {
    const { post, path } = await freshAd('Aspirator văzut de operatorul din listă');
    await fetchCached(path);
    const op = await signIn('user_operator_env');
    const page = await fetchCached(path, { cookie: op.cookie });
    expect(page.state).toBeNull();
    expect(page.body).toContain(operatorMark(post.id));
    // Their render is never stored: the first visitor of another ad they opened first renders it.
    const unseen = await freshAd('Uscător deschis întâi de operator');
    expect((await fetchCached(unseen.path, { cookie: op.cookie })).body).toContain(
      operatorMark(unseen.post.id),
    );
    const visitor = await fetchCached(unseen.path);
    expect(visitor.state).toBe('miss');
    expect(visitor.body).not.toContain(operatorMark(unseen.post.id));
  });

  it('the hint only bypasses: a person who is not an operator gets no panel, and the hint is cleared', async () => {
    const { post, path } = await freshAd('Lampă cu indiciu fals');
    await fetchCached(path);
    const pretender = await person();
    const page = await fetchCached(path, { cookie: `${pretender.cookie}; ${OPERATOR_HINT_COOKIE}=1` });
    expect(page.res.status).toBe(200);
    expect(page.state).toBeNull();
    expect(page.body).not.toContain(operatorMark(post.id));
    expect(page.res.headers.getSetCookie().some((c) => /^op=;.*Max-Age=0/.test(c))).toBe(true);
  });

  it('someone who has just written (bookmark cookie) or has a confirmation to see (flash) gets fresh pages', async () => {
    const { post, path } = await freshAd('Scaun scris adineauri');
    const writer = await person();
    await fetchCached(path);
    await db
      .update(schema.posts)
      .set({ title: 'Scaun rescris adineauri' })
      .where(eq(schema.posts.id, post.id));
    const bookmark = `${BOOKMARK_COOKIE}=00000000-00000001-00000000-${'a'.repeat(32)}`;
    const written = await fetchCached(path, { cookie: `${writer.cookie}; ${bookmark}` });
    expect(written.state).toBeNull();
    expect(written.body).toContain('Scaun rescris adineauri');
    const flashed = await fetchCached(path, { cookie: `${writer.cookie}; ${FLASH_COOKIE}=salvat` });
    expect(flashed.state).toBeNull();
    expect(flashed.body).toContain('Scaun rescris adineauri');
    // Without either, they get the stored copy like everyone else (until it expires or is purged).
    expect((await fetchCached(path, { cookie: writer.cookie })).state).toBe('hit');
  });

  it('a session that does not verify (expired token) is rendered as before, not answered from the cache', async () => {
    const { path } = await freshAd('Covor pentru token expirat');
    await fetchCached(path);
    const someone = await person();
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await sessionCookie(someone.user.clerkId, { iat: past, exp: past + 60 });
    const page = await fetchCached(path, { cookie: expired });
    expect(page.res.status).toBe(200);
    expect(page.state).toBeNull();
  });

  it('personal pages are never answered from the cache, even when an anonymous copy exists', async () => {
    const me = await person();
    for (const path of ['/salvate', '/mesaje', '/cont', '/posts/mine']) {
      await fetchCached(path);
      await fetchCached(path);
      const mine = await fetchCached(path, { cookie: me.cookie });
      expect(mine.state, path).toBeNull();
      expect(mine.res.headers.get('cache-control'), path).toMatch(/private|no-store/);
    }
  });
});

describe('a banned person', () => {
  it('gets public pages like anyone; their own ad (no longer public) is their own fresh page', async () => {
    const { author, post, path } = await freshAd('Motocicletă a unui autor blocat');
    await fetchCached(path);
    await db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, author.user.id));
    // A copy stored before the ban (as in another data centre, not purged) is still what visitors get
    // until it expires; the banned author sees at once what the ban means for their ad.
    const mine = await fetchCached(path, { cookie: author.cookie });
    expect(mine.state).toBeNull();
    expect(mine.body).toContain(ownerMark(post.id));
    expect(mine.body).toContain('suspendat de un operator');
    // Someone else's public page: the anonymous copy, as for anyone (nothing on it is personal).
    const other = await freshAd('Fotoliu văzut de un blocat');
    const anonymous = await fetchCached(other.path);
    const seen = await fetchCached(other.path, { cookie: author.cookie });
    expect(seen.state).toBe('hit');
    expect(seen.body).toBe(anonymous.body);
  });
});
