// Purges of the edge page cache after a write that takes something away from the public: an ad
// hidden, held, deleted, sold, edited or expired by its owner, an author banned. In this data centre,
// every page that may show the ad is forgotten at once (see page-cache.ts: each page has one key,
// whatever tracking parameters were appended); other data centres follow within PAGE_CACHE_SECONDS.
import { getCategoryTreeCached } from './db/categories';
import { authorOfPurge, type PurgeablePost, postsOfAuthorForPurge } from './db/purge';
import type { Db } from './env';
import { authorPath, categorySlugOf, listingPath, postPath, route } from './lib/links';
import { forgetPages } from './page-cache';

/** Listing pages purged per listing: an ad just published or renewed is on the first ones. */
export const LISTING_PAGES_PURGED = 3;
/** Pages of an author's ads purged (20 ads a page). */
export const AUTHOR_PAGES_PURGED = 5;
/** Ads of a banned author whose pages are purged, most recent first (each costs a cache delete). */
export const AUTHOR_POSTS_PURGED = 100;

type Tree = Awaited<ReturnType<typeof getCategoryTreeCached>>;

/** Every page that lists this ad or is about it, besides the author's pages. */
function pathsOfPost(tree: Tree, post: PurgeablePost): string[] {
  const sub = post.subcategoryId ? tree.byId.get(post.subcategoryId) : undefined;
  const catSlug = categorySlugOf(tree, post.categoryId);
  const paths = [postPath(post, catSlug)];
  for (let page = 1; page <= LISTING_PAGES_PURGED; page++) {
    paths.push(listingPath(null, null, page), listingPath(catSlug, null, page));
    if (sub) paths.push(listingPath(catSlug, sub.slug, page));
  }
  // The category feeds (search pages keep at most a few seconds anyway).
  paths.push(route('search', {}, { categorie: catSlug, format: 'atom' }));
  if (sub) paths.push(route('search', {}, { categorie: sub.slug, format: 'atom' }));
  return paths;
}

function pathsOfAuthor(author: { id: number; name: string }): string[] {
  const paths: string[] = [];
  for (let page = 1; page <= AUTHOR_PAGES_PURGED; page++) paths.push(authorPath(author, page));
  return paths;
}

/** The pages every change shows on: home, the whole listing, the general feed, the sitemap. */
const SITE_PATHS = [route('home'), route('sitemap'), route('search', {}, { format: 'atom' })];

/**
 * Forgets in this data centre every page that may show the ad: its own page, the listings it
 * appears on (all ads, its category and subcategory, their first pages), its author's pages, the
 * home page, the feeds and the sitemap. `extraPaths`: addresses the ad had before an edit.
 */
export async function purgeForPost(
  requestUrl: string,
  db: Db,
  post: PurgeablePost,
  extraPaths: string[] = [],
): Promise<void> {
  try {
    const [tree, author] = await Promise.all([getCategoryTreeCached(db), authorOfPurge(db, post.userId)]);
    const paths = [...SITE_PATHS, ...pathsOfPost(tree, post), ...extraPaths];
    if (author) paths.push(...pathsOfAuthor(author));
    await forgetPages(requestUrl, paths);
  } catch {
    // A purge never fails the write it follows: the pages then expire within PAGE_CACHE_SECONDS.
  }
}

/**
 * Forgets in this data centre everything an author's ads appear on (after a ban or unban): each of
 * their ads' pages and listings, their own pages, the home page, the feeds and the sitemap.
 */
export async function purgeForAuthor(requestUrl: string, db: Db, userId: number): Promise<void> {
  try {
    const [tree, author, ads] = await Promise.all([
      getCategoryTreeCached(db),
      authorOfPurge(db, userId),
      postsOfAuthorForPurge(db, userId, AUTHOR_POSTS_PURGED),
    ]);
    const paths = [...SITE_PATHS];
    if (author) paths.push(...pathsOfAuthor(author));
    for (const ad of ads) paths.push(...pathsOfPost(tree, ad));
    await forgetPages(requestUrl, paths);
  } catch {
    // As above: never fails the ban.
  }
}

/**
 * After a restore: every listing page (all ads, each category and subcategory, their first pages),
 * the home page, the feeds and the sitemap, since the empty site's copies may have been kept — a
 * browser prefetching the links of the empty home page is enough.
 */
export async function purgeAllListings(requestUrl: string, db: Db): Promise<void> {
  try {
    const tree = await getCategoryTreeCached(db);
    const paths = [...SITE_PATHS];
    for (let page = 1; page <= LISTING_PAGES_PURGED; page++) {
      paths.push(listingPath(null, null, page));
      for (const root of tree.roots) {
        paths.push(listingPath(root.slug, null, page));
        for (const sub of root.children) paths.push(listingPath(root.slug, sub.slug, page));
      }
    }
    await forgetPages(requestUrl, paths);
  } catch {
    // Never fails the restore: the pages then expire within PAGE_CACHE_SECONDS.
  }
}
