// Moderation reaches cached copies: tracking variants of a page share its one edge-cache entry, and
// hiding, deleting, withdrawing an ad or banning its author forgets, in this data centre, every page
// that showed it (its page and variants, listings, home, the author's pages) before the next request.
import { describe, expect, it } from 'vitest';
import type * as schema from '../../src/db/schema';
import { authorPath, listingPath } from '../../src/lib/links';
import {
  edgeSecondsFor,
  forgetPages,
  isTrackingParam,
  pageCacheKey,
  SEARCH_CACHE_SECONDS,
} from '../../src/page-cache';
import { callWorker, makePost, makeUser, ORIGIN, sessionCookie } from '../fixtures';

/** The worker with the edge cache on (the suite's config turns it off). */
async function fetchCached(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await callWorker(
    new Request(new URL(path, ORIGIN), {
      ...init,
      headers: { accept: 'text/html', ...init.headers },
      redirect: 'manual',
    }),
    { PAGE_CACHE_SECONDS: '60' },
  );
  return { res, body: await res.text(), cache: res.headers.get('x-page-cache') };
}

async function operatorPost(path: string, body: Record<string, string> = {}) {
  const op = await makeUser({ name: 'Operator Purjare', role: 'operator' });
  const res = await fetchCached(path, {
    method: 'POST',
    body: new URLSearchParams(body),
    headers: { cookie: await sessionCookie(op.clerkId), origin: ORIGIN },
  });
  expect(res.res.status, path).toBe(303);
}

const adPathOf = (post: schema.Post) => `/anunt/imobiliare/${post.slug}-${post.id}`;

/** An ad just published (first on every listing) by a new author, with all its pages cached. */
async function cachedAd(title: string) {
  const author = await makeUser({ name: `Autor ${title}` });
  const post = await makePost(author.id, { title, age: 0 });
  const ad = adPathOf(post);
  const pages = ['/', listingPath(), listingPath('imobiliare'), listingPath('imobiliare', 'apartamente')];
  pages.push(authorPath(author));
  // The ad was written straight to D1 (no route purged): drop copies kept by earlier tests.
  await forgetPages(ORIGIN, pages);
  for (const path of [ad, ...pages]) {
    const first = await fetchCached(path);
    expect(first.res.status, path).toBe(200);
    expect(first.body, path).toContain(`${post.slug}-${post.id}`);
    expect((await fetchCached(path)).cache, path).toBe('hit');
  }
  // A tracking variant of the ad is the same entry: already a hit.
  expect((await fetchCached(`${ad}?utm_source=facebook`)).cache).toBe('hit');
  return { author, post, ad, pages };
}

/**
 * After the write, nothing of the ad reaches an anonymous visitor: its page answers `status` (404 for
 * a hidden ad, 410 for a deleted one, docs/privacy.md#deleted-ads).
 */
async function expectGone(ad: string, pages: string[], status = 404) {
  for (const path of [
    ad,
    `${ad}?utm_source=facebook`,
    `${ad}?fbclid=IwAR0abc`,
    `${ad}?gclid=x&utm_medium=cpc`,
  ]) {
    expect((await fetchCached(path)).res.status, path).toBe(status);
  }
  for (const path of pages) {
    const { res, body } = await fetchCached(path);
    if (res.status === 200) expect(body, path).not.toContain(ad);
    else expect(res.status, path).toBe(404);
  }
}

describe('edge-cache keys', () => {
  it('drop tracking parameters and keep nothing else on pages that read no query', () => {
    const base = `${ORIGIN}/anunt/imobiliare/casa-1`;
    for (const q of [
      'utm_source=a',
      'fbclid=b',
      'gclid=c',
      'msclkid=d',
      'utm_campaign=x&utm_medium=y',
      '_ga=1',
      'UTM_Source=z',
    ])
      expect(pageCacheKey(`${base}?${q}`), q).toBe(base);
    expect(pageCacheKey(`${base}#galerie`)).toBe(base);
    // A parameter the page does not read: not from the cache, not stored.
    for (const q of ['x=1', 'contact', 'raportat=1', 'ok=sterge', 'utm_source=a&x=1'])
      expect(pageCacheKey(`${base}?${q}`), q).toBeNull();
    expect(isTrackingParam('utm_anything')).toBe(true);
    expect(isTrackingParam('q')).toBe(false);
  });

  it('keep search parameters, sorted, without the tracking ones', () => {
    expect(pageCacheKey(`${ORIGIN}/cautare?q=casa&categorie=imobiliare&utm_source=n`)).toBe(
      `${ORIGIN}/cautare?categorie=imobiliare&q=casa`,
    );
    expect(pageCacheKey(`${ORIGIN}/cautare?format=atom&categorie=auto`)).toBe(
      pageCacheKey(`${ORIGIN}/cautare?categorie=auto&format=atom&fbclid=1`),
    );
  });

  it('keep search pages and feeds only briefly (a purge cannot name them), other pages the full time', () => {
    expect(edgeSecondsFor('/cautare', 60)).toBe(SEARCH_CACHE_SECONDS);
    expect(edgeSecondsFor('/cautare/imobiliare', 60)).toBe(SEARCH_CACHE_SECONDS);
    expect(edgeSecondsFor('/cautare', 5)).toBe(5);
    expect(edgeSecondsFor('/anunturi', 60)).toBe(60);
  });
});

describe('one cache entry for tracking variants', () => {
  it('serves ?utm_source=… and ?fbclid=… from the bare URL’s entry, the same page', async () => {
    const author = await makeUser({ name: 'Autor Variante' });
    const post = await makePost(author.id, { title: 'Garsonieră pentru variante' });
    const ad = adPathOf(post);
    const bare = await fetchCached(ad);
    expect(bare.cache).toBe('miss');
    for (const variant of [
      `${ad}?utm_source=a`,
      `${ad}?fbclid=b`,
      `${ad}?utm_source=a&utm_medium=social&gclid=z`,
    ]) {
      const again = await fetchCached(variant);
      expect(again.cache, variant).toBe('hit');
      expect(again.body, variant).toBe(bare.body);
    }
  });

  it('neither serves nor stores a page asked with a parameter it does not read', async () => {
    const author = await makeUser({ name: 'Autor Parametri' });
    const post = await makePost(author.id, { title: 'Apartament cu parametri' });
    const ad = adPathOf(post);
    await fetchCached(ad);
    const odd = `${ad}?x=${Math.random()}`;
    expect((await fetchCached(odd)).cache).toBeNull();
    expect((await fetchCached(odd)).cache).toBeNull();
  });
});

describe('purges after moderation and owner actions', () => {
  it('an operator hides an ad: its page, variants, listings, home and author page drop it at once', async () => {
    const { post, ad, pages } = await cachedAd('Apartament ascuns de operator');
    await operatorPost(`/moderare/anunt/${post.id}/ascunde`, { hideReason: 'Conținut nepotrivit' });
    await expectGone(ad, pages);
  });

  it('an operator deletes an ad: the same', async () => {
    const { post, ad, pages } = await cachedAd('Apartament șters de operator');
    await operatorPost(`/moderare/anunt/${post.id}/sterge`, { confirm: 'da' });
    await expectGone(ad, pages, 410);
  });

  it('an operator bans the author: every ad of theirs and their page drop at once', async () => {
    const { author, ad, pages } = await cachedAd('Apartament al unui autor blocat');
    const second = await makePost(author.id, { title: 'Al doilea anunț al autorului blocat', age: 0 });
    const secondAd = adPathOf(second);
    await fetchCached(secondAd);
    expect((await fetchCached(`${secondAd}?fbclid=q`)).cache).toBe('hit');
    await operatorPost(`/moderare/utilizator/${author.id}/blocheaza`, {
      hideReason: 'Spam sau anunț duplicat',
      confirm: 'da',
    });
    await expectGone(ad, pages);
    await expectGone(secondAd, []);
    expect((await fetchCached(authorPath(author))).res.status).toBe(404);
  });

  it('the owner withdraws their ad: it is gone from the cached pages at once', async () => {
    const { author, post, ad, pages } = await cachedAd('Apartament retras de proprietar');
    const res = await fetchCached(`/posts/edit/${post.id}/retrage`, {
      method: 'POST',
      body: new URLSearchParams(),
      headers: { cookie: await sessionCookie(author.clerkId), origin: ORIGIN },
    });
    expect(res.res.status).toBe(303);
    await expectGone(ad, pages);
  });
});
