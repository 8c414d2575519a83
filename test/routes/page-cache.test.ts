// The edge page cache (src/page-cache.ts): anonymous visitors' public pages come from the Cache API;
// private pages and errors never do; signed-in people: test/freshness/signed-in-cache.test.ts.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { hasSession, isCacheablePath, pageCacheSeconds } from '../../src/page-cache';
import { callWorker, db, makePost, makeUser, ORIGIN, sessionCookie } from '../fixtures';

/** The worker with the cache on (the suite's config turns it off so tests read their own writes). */
async function fetchCached(
  path: string,
  headers: Record<string, string> = {},
  seconds = '60',
  init: RequestInit = {},
) {
  const res = await callWorker(
    new Request(new URL(path, ORIGIN), {
      headers: { accept: 'text/html', ...headers },
      redirect: 'manual',
      ...init,
    }),
    { PAGE_CACHE_SECONDS: seconds },
  );
  const body = await res.text();
  return { res, body };
}

const unique = () => `x=${Math.random().toString(36).slice(2)}`;

describe('page cache helpers', () => {
  it('treats a Clerk session cookie or an Authorization header as a session, `__client_uat=0` not', () => {
    expect(hasSession(undefined, undefined)).toBe(false);
    expect(hasSession('theme=dark; _ga=1', undefined)).toBe(false);
    expect(hasSession('__client_uat=0', undefined)).toBe(false);
    expect(hasSession('__session=a.b.c', undefined)).toBe(true);
    expect(hasSession('x=1; __session_AbC12=a.b.c', undefined)).toBe(true);
    expect(hasSession('__client_uat=1700000000', undefined)).toBe(true);
    expect(hasSession(undefined, 'Bearer a.b.c')).toBe(true);
  });

  it('reads PAGE_CACHE_SECONDS: 60 by default, 0 turns it off, nonsense falls back', () => {
    expect(pageCacheSeconds(undefined)).toBe(60);
    expect(pageCacheSeconds('')).toBe(60);
    expect(pageCacheSeconds('0')).toBe(0);
    expect(pageCacheSeconds('120')).toBe(120);
    expect(pageCacheSeconds('-5')).toBe(60);
    expect(pageCacheSeconds('abc')).toBe(60);
  });

  it('keeps pages and feeds, never photos, APIs, the editor, the profile or moderation', () => {
    for (const path of ['/', '/anunturi/imobiliare', '/anunt/auto-moto/x-1', '/cautare', '/sitemap.xml'])
      expect(isCacheablePath(path), path).toBe(true);
    for (const path of ['/api/poze/1/a.webp', '/api/cont', '/posts/new', '/profile/edit', '/moderare'])
      expect(isCacheablePath(path), path).toBe(false);
  });
});

describe('page cache over HTTP', () => {
  let adPath: string;
  let postId: number;
  let cookie: string;

  beforeAll(async () => {
    const author = await makeUser({ name: 'Vânzător Cache' });
    const post = await makePost(author.id, { title: 'Apartament pentru cache test' });
    postId = post.id;
    adPath = `/anunt/imobiliare/${post.slug}-${post.id}`;
    cookie = await sessionCookie(author.clerkId);
  });

  it('answers an anonymous visitor from the cache the second time, with the same page and headers', async () => {
    const path = `/cautare?${unique()}`;
    const first = await fetchCached(path);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('x-page-cache')).toBe('miss');
    const second = await fetchCached(path);
    expect(second.res.headers.get('x-page-cache')).toBe('hit');
    expect(second.body).toBe(first.body);
    // What browsers are told is what the app said, and the security headers travel with the page.
    expect(second.res.headers.get('cache-control')).toBe(first.res.headers.get('cache-control'));
    expect(second.res.headers.has('x-browser-cache-control')).toBe(false);
    expect(second.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(second.res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never serves an ad’s author from the cache: they see their edit at once', async () => {
    const first = await fetchCached(adPath);
    expect(first.res.status).toBe(200);
    await db
      .update(schema.posts)
      .set({ title: 'Apartament renovat complet' })
      .where(eq(schema.posts.id, postId));
    const anonymous = await fetchCached(adPath);
    expect(anonymous.res.headers.get('x-page-cache')).toBe('hit');
    expect(anonymous.body).toContain('Apartament pentru cache test');
    const owner = await fetchCached(adPath, { cookie });
    expect(owner.res.headers.get('x-page-cache')).toBeNull();
    expect(owner.body).toContain('Apartament renovat complet');
  });

  it('forgets an ad page as soon as an operator hides it: visitors get 404 at once', async () => {
    const author = await makeUser({ name: 'Autor Ascuns' });
    const post = await makePost(author.id, { title: 'Anunț care va fi ascuns' });
    const path = `/anunt/imobiliare/${post.slug}-${post.id}`;
    await fetchCached(path);
    expect((await fetchCached(path)).res.headers.get('x-page-cache')).toBe('hit');
    const op = await makeUser({ name: 'Operator Cache', role: 'operator' });
    const hidden = await fetchCached(
      `/moderare/anunt/${post.id}/ascunde`,
      { cookie: await sessionCookie(op.clerkId), origin: ORIGIN },
      '60',
      { method: 'POST', body: new URLSearchParams({ hideReason: 'Spam sau anunț duplicat' }) },
    );
    expect(hidden.res.status).toBe(303);
    expect((await fetchCached(path)).res.status).toBe(404);
  });

  it('does not keep private pages, the revealed contact or errors', async () => {
    for (const path of [
      '/posts/new',
      `${adPath}?contact&${unique()}`,
      `/pagina-care-nu-exista?${unique()}`,
    ]) {
      await fetchCached(path);
      const again = await fetchCached(path);
      expect(again.res.headers.get('x-page-cache'), path).not.toBe('hit');
    }
  });

  it('is off when PAGE_CACHE_SECONDS is 0', async () => {
    const path = `/?${unique()}`;
    await fetchCached(path, {}, '0');
    const again = await fetchCached(path, {}, '0');
    expect(again.res.headers.get('x-page-cache')).toBeNull();
  });
});
