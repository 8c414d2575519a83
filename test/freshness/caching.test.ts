// Never stale for the person who acted: signed-in answers are private, the page cache never serves a
// signed-in person or one carrying a bookmark, and D1's bookmark follows a write to the next page.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BOOKMARK_COOKIE, bookmarkAtLeast, validBookmark } from '../../src/lib/bookmark';
import { get, getAs, HOUSE, makePost, person, postFormAs, textOf } from '../fixtures';
import { browserRequest, callWithDb, setCookie, watchedDb } from './support';

/** A GET with the page cache on (the test environment turns it off). */
function cached(path: string, cookie?: string): Promise<Response> {
  return callWithDb(browserRequest(path, { cookie }), env.DB, { PAGE_CACHE_SECONDS: '60' });
}

const BOOKMARK = /^[0-9a-f]{8}(-[0-9a-f]{8}){2}-[0-9a-f]{16,64}$/;

describe('caching for signed-in people', () => {
  it('never marks an answer to a signed-in request `public`, on every kind of page', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { title: 'Garsonieră de închiriat lângă gară' }, HOUSE);
    const adPath = `/anunt/imobiliare/${ad.slug}-${ad.id}`;
    const pages = [
      '/',
      '/anunturi',
      '/anunturi/imobiliare',
      adPath,
      '/cautare?q=garsoniera',
      '/posts/mine',
      '/posts/new',
    ];
    for (const path of pages) {
      const res = await getAs(path, cookie);
      expect(res.status, path).toBe(200);
      const cacheControl = res.headers.get('cache-control') ?? '';
      expect(cacheControl, path).not.toMatch(/public/);
      expect(cacheControl, path).toMatch(/private|no-store/);
      expect(res.headers.get('x-page-cache'), path).toBeNull();
    }
    // The same public pages are cacheable for anonymous visitors.
    const anonymous = await get(adPath);
    expect(anonymous.headers.get('cache-control')).toMatch(/^public/);
  });

  it('does not serve a signed-in person the copy the page cache keeps for visitors', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { title: 'Bicicletă de munte aproape nouă' }, HOUSE);
    const path = `/anunt/imobiliare/${ad.slug}-${ad.id}`;
    await cached(path);
    expect((await cached(path)).headers.get('x-page-cache')).toBe('hit');
    expect((await postFormAs(`/posts/edit/${ad.id}/vandut`, {}, cookie)).status).toBe(303);
    const own = await cached(path, cookie);
    expect(own.headers.get('x-page-cache')).toBeNull();
    expect(own.headers.get('cache-control')).toMatch(/^private, no-(cache|store)$/);
    expect(textOf(await own.text())).toMatch(/vândut/i);
  });
});

describe('reads from the nearest replica, with read-your-writes', () => {
  it('starts anonymous reads unconstrained and writes at the primary', async () => {
    const { db, starts } = watchedDb();
    expect((await callWithDb(browserRequest('/'), db)).status).toBe(200);
    expect(starts).toEqual(['first-unconstrained']);
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const res = await callWithDb(
      browserRequest(`/posts/edit/${ad.id}/vandut`, { method: 'POST', cookie }),
      db,
    );
    expect(res.status).toBe(303);
    expect(starts).toEqual(['first-unconstrained', 'first-primary']);
  });

  it('gives the writer the bookmark in a short-lived HttpOnly cookie, and the next page starts from it', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { title: 'Canapea extensibilă gri deschis' }, HOUSE);
    const { db, starts } = watchedDb();
    const write = await callWithDb(
      browserRequest(`/posts/edit/${ad.id}/vandut`, { method: 'POST', cookie }),
      db,
    );
    expect(write.status).toBe(303);
    const set = setCookie(write, BOOKMARK_COOKIE);
    expect(set?.value).toMatch(BOOKMARK);
    expect(set?.attributes).toMatch(/HttpOnly/i);
    expect(set?.attributes).toMatch(/Max-Age=90\b/);
    expect(set?.attributes).toMatch(/SameSite=Lax/i);
    expect(set?.attributes).toMatch(/Path=\//);
    expect(set?.attributes).not.toMatch(/Secure/i); // http locally; https adds Secure
    const bookmark = set?.value ?? '';

    const location = write.headers.get('location') ?? '';
    const read = await callWithDb(
      browserRequest(location, { cookie: `${cookie}; ${BOOKMARK_COOKIE}=${bookmark}` }),
      db,
    );
    expect(read.status).toBe(200);
    expect(starts.at(-1)).toBe(bookmark);
    expect(textOf(await read.text())).toMatch(/vândut/i);
    expect(read.headers.get('cache-control')).toMatch(/^private, no-(cache|store)$/);

    // A later write's bookmark is at least as far along as the one it started from.
    const again = await callWithDb(
      browserRequest(`/posts/edit/${ad.id}/retrage`, {
        method: 'POST',
        cookie: `${cookie}; d1b=${bookmark}`,
      }),
      db,
    );
    const next = setCookie(again, BOOKMARK_COOKIE)?.value ?? '';
    expect(next).toMatch(BOOKMARK);
    expect(bookmarkAtLeast(next, bookmark)).toBe(true);
    expect(bookmarkAtLeast(bookmark, next)).toBe(next === bookmark);
  });

  it('sets the bookmark cookie with Secure on https', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const res = await callWithDb(
      new Request(`https://eradauti.example/posts/edit/${ad.id}/vandut`, {
        method: 'POST',
        headers: { accept: 'text/html', origin: 'https://eradauti.example', cookie },
        redirect: 'manual',
      }),
      watchedDb().db,
    );
    expect(res.status).toBe(303);
    expect(setCookie(res, BOOKMARK_COOKIE)?.attributes).toMatch(/Secure/);
  });

  it('ignores a garbage or foreign bookmark cookie: no 500, no echo, an unconstrained read', async () => {
    const values = [
      'garbage',
      '',
      '%00%ff',
      'x'.repeat(5000),
      "00000000-00000001-00000000-'; DROP TABLE posts; --",
      '00000000-00000001-00000000',
      'ZZZZZZZZ-00000001-00000000-0123456789abcdef0123456789abcdef',
      '{"bookmark":"00000000-00000001-00000000-abc"}',
      '00000000-00000001-00000000-0123456789abcdef0123456789abcdef-extra',
    ];
    for (const value of values) {
      const { db, starts } = watchedDb();
      const res = await callWithDb(
        browserRequest('/anunturi/imobiliare', { cookie: `${BOOKMARK_COOKIE}=${value}` }),
        db,
      );
      expect(res.status, value).toBe(200);
      expect(starts, value).toEqual(['first-unconstrained']);
      expect(setCookie(res, BOOKMARK_COOKIE), value).toBeNull();
      // Not a bookmark: the request is anyone's, and gets the public page like anyone.
      expect(res.headers.get('cache-control'), value).not.toBe('private, no-cache');
    }
    expect(validBookmark(values[6])).toBeNull();
  });

  it('never serves a page from the page cache to a request carrying a bookmark', async () => {
    // A tracking parameter shares the bare page's entry.
    const path = `/anunturi/imobiliare?utm_source=${Math.random()}`;
    await cached(path);
    expect((await cached(path)).headers.get('x-page-cache')).toBe('hit');
    const { user } = await person();
    await makePost(user.id, {}, HOUSE);
    const session = env.DB.withSession('first-primary');
    await session.prepare('SELECT 1').run();
    const bookmark = session.getBookmark() ?? '';
    expect(bookmark).toMatch(BOOKMARK);
    const res = await cached(path, `${BOOKMARK_COOKIE}=${bookmark}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-cache')).toBeNull();
  });

  it('a cookie named like the bookmark but not one does not bypass the page cache (a cache-busting flood)', async () => {
    const path = `/anunturi/imobiliare?utm_source=${Math.random()}`;
    await cached(path);
    for (const value of ['1', 'garbage', `00000000-00000001-00000000-${'z'.repeat(16)}`, 'x'.repeat(300)]) {
      const res = await cached(path, `${BOOKMARK_COOKIE}=${value}`);
      expect(res.status, value).toBe(200);
      expect(res.headers.get('x-page-cache'), value).toBe('hit');
    }
  });
});
