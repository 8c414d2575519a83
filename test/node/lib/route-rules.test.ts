import { describe, expect, it } from 'vitest';
import { MAX_ID, parseId, parseIds } from '../../../src/lib/ids';
import {
  areaPath,
  categorySlugOf,
  ID_PATTERN,
  isInArea,
  postHref,
  ROUTES,
  route,
  routeBase,
  routePath,
  UNCACHED_AREAS,
} from '../../../src/lib/links';
import { adPageStatus, myPostDates, statusSummary } from '../../../src/lib/post-status';
import { isCacheablePath } from '../../../src/page-cache';

describe('parseId: one rule for ids in addresses and forms', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [String(MAX_ID), MAX_ID],
  ])('accepts %s', (value, id) => {
    expect(parseId(value)).toBe(id);
  });
  it.each(['', '0', '01', '-1', '+1', ' 1', '1.0', '1e3', String(MAX_ID + 1), '99999999999', 'abc', '١٢'])(
    'refuses %j',
    (value) => {
      expect(parseId(value)).toBeNull();
    },
  );
  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, {}, new File([], 'x')]) expect(parseId(value)).toBeNull();
  });
  it('parseIds keeps distinct ids in order, trimmed, and skips the rest', () => {
    expect(parseIds([' 3', '1', '3', 'x', '0', String(MAX_ID + 1), new File([], 'f'), '2 '])).toEqual([
      3, 1, 2,
    ]);
  });
});

describe('addresses of ads from the category tree', () => {
  const tree = { byId: new Map([[5, { slug: 'auto' }]]) };
  it('uses the category slug, or `diverse` for a category the tree does not hold', () => {
    expect(categorySlugOf(tree, 5)).toBe('auto');
    expect(categorySlugOf(tree, 999)).toBe('diverse');
    expect(postHref(tree, { id: 7, slug: 'golf-4', categoryId: 5 })).toBe('/anunt/auto/golf-4-7');
    expect(postHref(tree, { id: 7, slug: '', categoryId: 999 })).toBe('/anunt/diverse/7');
  });
});

describe('the areas the page cache never keeps', () => {
  it('are the private and acting URL families, each a first path segment', () => {
    expect([...UNCACHED_AREAS].sort()).toEqual(
      [
        '/__admin',
        '/__dev',
        '/api',
        '/auth',
        '/clerk',
        '/cont',
        '/moderare',
        '/posts',
        '/profile',
        '/raporteaza',
      ].sort(),
    );
  });
  it.each([
    ['/posts/mine', false],
    ['/posts', false],
    ['/api/poze/1/a.webp', false],
    ['/cont', false],
    ['/moderare/anunt/1/ascunde', false],
    ['/postsx', true],
    ['/contact', true],
    ['/anunturi/auto', true],
    ['/cautare', true],
    ['/', true],
  ])('%s cacheable: %s', (path, cacheable) => {
    expect(isCacheablePath(path)).toBe(cacheable);
  });
  it('an area is itself or below it, never a longer name', () => {
    expect(isInArea('/cautare', '/cautare')).toBe(true);
    expect(isInArea('/cautare/x', '/cautare')).toBe(true);
    expect(isInArea('/cautarex', '/cautare')).toBe(false);
  });
});

describe('ad status decided once', () => {
  const now = Date.UTC(2026, 5, 15, 12);
  const past = now - 1000;
  const future = now + 86_400_000;
  it('a published ad past its expiry is expired on the ad page, in the summary and in the dates line', () => {
    const post = { status: 'published' as const, expiresAt: past, bumpedAt: null, updatedAt: past };
    expect(adPageStatus(post, false, now)).toEqual({ notice: 'expired', isPublic: true });
    expect(statusSummary(post, now)).toMatchObject({
      status: 'expired',
      name: 'Expirat',
      className: 'status--expired',
    });
    expect(myPostDates(post, now)).toMatch(/^A expirat pe /);
  });
  it('a published ad still in time has no notice and says when it expires', () => {
    const post = { status: 'published' as const, expiresAt: future, bumpedAt: null, updatedAt: past };
    expect(adPageStatus(post, false, now)).toEqual({ notice: null, isPublic: true });
    expect(myPostDates(post, now)).toMatch(/^Expiră pe /);
  });
  it.each([
    ['sold', 'sold', true],
    ['draft', 'draft', false],
    ['held', 'held', false],
    ['hidden', 'hidden', false],
  ] as const)('%s: notice %s, public %s', (status, notice, isPublic) => {
    expect(adPageStatus({ status, expiresAt: future }, false, now)).toEqual({ notice, isPublic });
  });
  it('every ad of a banned author is hidden from the public, whatever its state', () => {
    expect(adPageStatus({ status: 'published', expiresAt: future }, true, now)).toEqual({
      notice: 'hidden',
      isPublic: false,
    });
  });
  it('a draft says when it was last changed', () => {
    expect(myPostDates({ status: 'draft', expiresAt: null, updatedAt: past }, now)).toMatch(/^Modificat pe /);
  });
});

describe('routePath: the sub-apps answer the addresses route() builds', () => {
  it.each([
    ['newPost', '/posts/new'],
    ['editPost', '/posts/edit/:postId'],
    ['moderatePost', '/moderare/anunt/:postId/:action'],
    ['photoResponsive', '/api/poze/responsive/:id/:fileName'],
    ['post', '/anunt/*'],
    ['home', '/'],
  ] as const)('%s → %s', (name, path) => {
    expect(routePath(name)).toBe(path);
  });
});

describe('routePath: the Hono path of every route, from the one table', () => {
  it('writes numeric and word-list parameters once, as Hono patterns', () => {
    expect(routePath('conversation')).toBe('/mesaje/:id{[0-9]+}');
    expect(routePath('conversationBlock')).toBe('/mesaje/:id{[0-9]+}/:action{blocheaza|deblocheaza}');
    expect(routePath('savedSearchAction')).toBe('/cont/cautari/:id/:action{redenumeste|opreste|reia|sterge}');
    expect(routePath('editPostAny')).toBe('/posts/edit/:postId/*');
    expect(routePath('post')).toBe('/anunt/*');
    expect(routeBase('post')).toBe('/anunt');
    expect(routeBase('home')).toBe('/');
    expect(areaPath('moderation')).toBe('/moderare/*');
  });
  it('builds links to typed parameters by their plain name', () => {
    expect(route('conversation', { id: 12 })).toBe('/mesaje/12');
    expect(route('conversationBlock', { id: 12, action: 'blocheaza' })).toBe('/mesaje/12/blocheaza');
    expect(route('savedSearchAction', { id: 3, action: 'sterge' })).toBe('/cont/cautari/3/sterge');
  });
  it('leaves no bracket of the table in any Hono path', () => {
    for (const name of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      expect(routePath(name).replace(`{${ID_PATTERN}}`, '')).not.toMatch(/[[\]]/);
    }
  });
});
