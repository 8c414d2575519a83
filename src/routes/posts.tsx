// `/anunturi[/<categorie>[/<subcategorie>]][/pagina-<n>]` and `/anunturi/de/<nume>-<id>`: listings.
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Crumb } from '../components/Breadcrumbs';
import {
  type CategoryNode,
  type CategoryTree,
  categoryLookupOf,
  getCategoryTreeCached,
} from '../db/categories';
import { legacyCategory as oldCategory, postAddress, userAlias } from '../db/import';
import { listPosts, PAGE_SIZE } from '../db/posts';
import type { Category } from '../db/schema';
import { getAuthor } from '../db/users';
import type { AppEnv } from '../env';
import { isSlug, parsePageSegment, parseSlugId, segmentsAfter } from '../http/browse-paths';
import { refuseGoneAd } from '../http/gone-ad';
import { Gone, NotFound } from '../lib/errors';
import { breadcrumbJsonLd } from '../lib/json-ld';
import { authorPath, listingPath, postHref, route, routeBase, routePath } from '../lib/links';
import { LOCALITIES } from '../lib/localities';
import { parseSearchParams } from '../lib/search-params';
import { sharedDataMaxAgeMs } from '../page-cache';
import { AuthorPage } from '../pages/AuthorPage';
import { ListingPage } from '../pages/ListingPage';

export const postsRoutes = new Hono<AppEnv>();

const HOME_CRUMB: Crumb = { name: 'Acasă', href: route('home') };
const ALL_CRUMB: Crumb = { name: 'Anunțuri', href: listingPath() };

function totalPagesOf(total: number) {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** Splits a trailing `pagina-<n>` (or the old `pagina/<n>`) off the segments. */
function splitPage(segments: string[]): { rest: string[]; page: number; legacy: boolean } | null {
  const last = segments[segments.length - 1];
  if (last && /^pagina-/.test(last)) {
    const page = parsePageSegment(last);
    return page === null ? null : { rest: segments.slice(0, -1), page, legacy: false };
  }
  const prev = segments[segments.length - 2];
  if (prev === 'pagina' && last && /^\d{1,9}$/.test(last)) {
    const page = parsePageSegment(`pagina-${last}`);
    return page === null ? null : { rest: segments.slice(0, -2), page, legacy: true };
  }
  return { rest: segments, page: 1, legacy: false };
}

function redirect(c: Context<AppEnv>, path: string) {
  const search = new URL(c.req.url).search;
  return c.redirect(path + search, 301);
}

type Resolved =
  | { kind: 'all' }
  | { kind: 'category'; category: CategoryNode; subcategory?: Category }
  | { kind: 'redirect'; path: string }
  | null;

/** The category path segments to what they name; a subcategory at the wrong place redirects. */
function resolveCategory(tree: CategoryTree, rest: string[], page: number): Resolved {
  if (rest.length === 0) return { kind: 'all' };
  if (rest.length > 2 || !rest.every(isSlug)) {
    // Legacy `/anunturi/<categorie>-<id>` (the old site's category URLs carried the id).
    const legacy = rest.length === 1 ? parseSlugId(rest[0]) : null;
    if (legacy) return legacyCategory(tree, legacy.id);
    return null;
  }
  const [first, second] = rest;
  const cat = tree.bySlug.get(first);
  if (!cat) {
    const legacy = rest.length === 1 ? parseSlugId(first) : null;
    return legacy ? legacyCategory(tree, legacy.id) : null;
  }
  if (cat.parentId !== null) {
    // `/anunturi/apartamente` → `/anunturi/imobiliare/apartamente`
    if (second) return null;
    const parent = tree.byId.get(cat.parentId);
    return parent ? { kind: 'redirect', path: listingPath(parent.slug, cat.slug, page) } : null;
  }
  const node = tree.roots.find((r) => r.id === cat.id);
  if (!node) return null;
  if (!second) return { kind: 'category', category: node };
  const sub = tree.bySlug.get(second);
  if (!sub || sub.parentId === null) return null;
  if (sub.parentId !== node.id) {
    const parent = tree.byId.get(sub.parentId);
    return parent ? { kind: 'redirect', path: listingPath(parent.slug, sub.slug, page) } : null;
  }
  return { kind: 'category', category: node, subcategory: sub };
}

function legacyCategory(tree: CategoryTree, id: number): Resolved {
  const cat = tree.byId.get(id);
  if (!cat) return null;
  if (cat.parentId === null) return { kind: 'redirect', path: listingPath(cat.slug) };
  const parent = tree.byId.get(cat.parentId);
  return parent ? { kind: 'redirect', path: listingPath(parent.slug, cat.slug) } : null;
}

/**
 * The old site's listing and ad addresses (docs/move-in.md#old-urls): `/anunturi/<old slug>` and
 * `/anunturi/<slug>-<old id>` (with `/pagina-N`; past the end → the last page) lead to the v3
 * category they were mapped to (410 when retired), and v2 ad addresses
 * `/anunturi/<categorie>-<id>/<slug>-<ad id>` to the ad. Null when the path is not one of them.
 */
async function oldSiteAddress(
  c: Context<AppEnv>,
  tree: CategoryTree,
  rest: string[],
  page: number,
  now: number,
): Promise<string | null> {
  const db = c.get('db');
  if (rest.length === 2 && page === 1) {
    const cat = parseSlugId(rest[0]);
    const ad = parseSlugId(rest[1]);
    if (!cat || !ad || tree.bySlug.has(rest[0])) return null;
    const post = await postAddress(db, ad.id);
    if (post) return postHref(tree, post);
    await refuseGoneAd(c, ad.id);
    return null;
  }
  if (rest.length !== 1 || tree.bySlug.has(rest[0])) return null;
  const byId = parseSlugId(rest[0]);
  const found =
    (byId ? await oldCategory(db, { id: byId.id }) : null) ?? (await oldCategory(db, { slug: rest[0] }));
  if (!found) return null;
  if (found.categoryId === null) throw new Gone('Această categorie nu mai există pe eRădăuți.');
  const target = tree.byId.get(found.categoryId);
  if (!target) return null;
  const parent = target.parentId === null ? null : tree.byId.get(target.parentId);
  let last = 1;
  if (page > 1) {
    const filter = parent ? { subcategoryId: target.id } : { categoryId: target.id };
    last = totalPagesOf((await listPosts(db, filter, 1, now)).total);
  }
  return parent
    ? listingPath(parent.slug, target.slug, Math.min(page, last))
    : listingPath(target.slug, null, Math.min(page, last));
}

async function listing(c: Context<AppEnv>) {
  const parsed = segmentsAfter(c.req.url, routeBase('posts'));
  if (!parsed) throw new NotFound();
  const { segments } = parsed;
  if (segments[0] === 'de') return authorListing(c, segments.slice(1));
  const split = splitPage(segments);
  if (!split) throw new NotFound();
  const { rest, page } = split;
  const db = c.get('db');
  const now = Date.now();
  const tree = await getCategoryTreeCached(db, now);
  const old = await oldSiteAddress(c, tree, rest, page, now);
  if (old) return redirect(c, old);
  const resolved = resolveCategory(tree, rest, page);
  if (!resolved) throw new NotFound();
  if (resolved.kind === 'redirect') return redirect(c, resolved.path);

  const category = resolved.kind === 'category' ? resolved.category : undefined;
  const subcategory = resolved.kind === 'category' ? resolved.subcategory : undefined;
  const canonical = listingPath(category?.slug, subcategory?.slug, page);
  // pagina-1, a trailing slash, the old `pagina/<n>`, needless escapes: one address per page.
  if (canonical !== new URL(c.req.url).pathname) return redirect(c, canonical);

  const data = await listPosts(
    db,
    subcategory ? { subcategoryId: subcategory.id } : category ? { categoryId: category.id } : {},
    page,
    now,
    { countsMaxAgeMs: sharedDataMaxAgeMs(c.env.PAGE_CACHE_SECONDS) },
  );
  const totalPages = totalPagesOf(data.total);
  if (page > totalPages) throw new NotFound();

  const crumbs: Crumb[] = [HOME_CRUMB, ALL_CRUMB];
  if (category) crumbs.push({ name: category.name, href: listingPath(category.slug) });
  if (category && subcategory)
    crumbs.push({ name: subcategory.name, href: listingPath(category.slug, subcategory.slug) });
  const named = subcategory ?? category;
  const heading = named ? named.name : 'Toate anunțurile';
  const pageSuffix = page > 1 ? ` — pagina ${page}` : '';
  const title = named
    ? `${subcategory && category ? `${subcategory.name} — ${category.name}` : named.name} în Rădăuți și județul Suceava${pageSuffix}`
    : `Toate anunțurile din Rădăuți și județul Suceava${pageSuffix}`;
  // The filters at the top submit to /cautare with this category fixed (docs/search.md).
  const filters = named
    ? parseSearchParams(new URLSearchParams({ categorie: named.slug }), categoryLookupOf(tree))
    : null;
  return c.render(
    <ListingPage
      heading={heading}
      intro={named?.description}
      crumbs={crumbs}
      tree={data.tree}
      counts={data.counts}
      category={category ? data.tree.roots.find((r) => r.id === category.id) : undefined}
      subcategory={subcategory}
      posts={data.posts}
      total={data.total}
      page={page}
      totalPages={totalPages}
      hrefFor={(n) => listingPath(category?.slug, subcategory?.slug, n)}
      showCategories={!category && page === 1}
      filters={
        filters && named
          ? {
              form: filters.form,
              fieldDefs: filters.fieldDefs,
              localities: LOCALITIES,
              categorySlug: named.slug,
            }
          : undefined
      }
      saveSearchQuery={named ? `categorie=${named.slug}` : ''}
    />,
    {
      title,
      islands: ['favourites'],
      description: named?.description
        ? `${named.description}${pageSuffix}`
        : `Cele mai noi anunțuri din Rădăuți și județul Suceava, pe categorii${pageSuffix}.`,
      canonical,
      jsonLd: [breadcrumbJsonLd(c.env.SITE_URL, crumbs)],
      feeds: named
        ? [
            {
              title: `Anunțuri noi: ${named.name}`,
              href: route('search', {}, { categorie: named.slug, format: 'atom' }),
            },
          ]
        : [],
    },
  );
}

async function authorListing(c: Context<AppEnv>, segments: string[]) {
  const split = splitPage(segments);
  if (split?.rest.length !== 1) throw new NotFound();
  const who = parseSlugId(split.rest[0]);
  if (!who) throw new NotFound();
  const db = c.get('db');
  let author = await getAuthor(db, who.id);
  if (!author) {
    // An old account merged into another by letter case: its address leads to the survivor's.
    const survivor = await userAlias(db, who.id);
    author = survivor === null ? null : await getAuthor(db, survivor);
    if (author && !author.banned) return redirect(c, authorPath(author, split.page));
  }
  // A banned person's page stays visible to operators (docs/moderation.md#person), never cached.
  const operatorView = !!author?.banned && !!c.get('user')?.isOperator;
  if (!author || (author.banned && !operatorView)) throw new NotFound();
  if (operatorView) c.header('Cache-Control', 'private, no-store');
  const page = split.page;
  const canonical = authorPath(author, page);
  if (canonical !== new URL(c.req.url).pathname) return redirect(c, canonical);
  const data = await listPosts(db, { userId: author.id, withBannedAuthor: operatorView }, page, Date.now(), {
    countsMaxAgeMs: sharedDataMaxAgeMs(c.env.PAGE_CACHE_SECONDS),
  });
  const totalPages = totalPagesOf(data.total);
  if (page > totalPages) throw new NotFound();
  const crumbs: Crumb[] = [HOME_CRUMB, ALL_CRUMB, { name: author.name, href: authorPath(author) }];
  const pageSuffix = page > 1 ? ` — pagina ${page}` : '';
  return c.render(
    <AuthorPage
      author={author}
      crumbs={crumbs}
      tree={data.tree}
      posts={data.posts}
      total={data.total}
      page={page}
      totalPages={totalPages}
      hrefFor={(n) => authorPath(author, n)}
      bannedNotice={operatorView ? route('moderationPerson', { userId: author.id }) : undefined}
    />,
    {
      title: `Anunțurile publicate de ${author.name}${pageSuffix}`,
      islands: ['favourites'],
      description: `Toate anunțurile publicate de ${author.name} pe eRădăuți: Rădăuți și județul Suceava${pageSuffix}.`,
      canonical,
      jsonLd: [breadcrumbJsonLd(c.env.SITE_URL, crumbs)],
    },
  );
}

postsRoutes.get(routeBase('posts'), listing);
postsRoutes.get(routePath('posts'), listing);
