import { toSlug } from './slug';

/**
 * Route patterns of spec §2. Every internal link is built from one of these with `link()`,
 * never by string concatenation in pages.
 */
export const ROUTES = {
  home: '/',
  notFound: '/404',
  post: '/anunt/[[...params]]',
  posts: '/anunturi/[[...params]]',
  author: '/anunturi/de/[[...params]]',
  search: '/cautare/[[...params]]',
  login: '/auth/login',
  signup: '/auth/signup',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  verify: '/auth/verify',
  signIn: '/clerk/sign-in/[[...params]]',
  signUp: '/clerk/sign-up/[[...params]]',
  afterAuth: '/clerk/after-auth/[[...params]]',
  signOut: '/clerk/sign-out',
  legacyPhoto: '/foto-radauti/[[...params]]',
  newPost: '/posts/new',
  editPost: '/posts/edit/[postId]',
  myPosts: '/posts/mine',
  postAction: '/posts/edit/[postId]/[action]',
  profile: '/profile/edit',
  sitemap: '/sitemap.xml',
  staticPage: '/static-page/[[...params]]',
  photo: '/api/poze/[id]/[fileName]',
  photoResponsive: '/api/poze/responsive/[id]/[fileName]',
  photoUpload: '/api/poze',
  accountMenu: '/api/cont',
  account: '/cont',
  report: '/raporteaza/[postId]',
  moderation: '/moderare',
  moderatePost: '/moderare/anunt/[postId]/[action]',
  moderateUser: '/moderare/utilizator/[userId]/[action]',
} as const;

export type RouteName = keyof typeof ROUTES;
type ParamValue =
  | string
  | number
  | null
  | undefined
  | false
  | ReadonlyArray<string | number | null | undefined | false>;
export type QueryValue = string | number | boolean | null | undefined;

/**
 * Builds a path from a route pattern (spec §2): `[name]` and `[[...name]]` segments are replaced
 * by the supplied values, each URL-encoded; falsy values (and empty catch-alls) are skipped.
 * Query parameters with falsy values are skipped too.
 */
export function link(
  pattern: string,
  params: Record<string, ParamValue> = {},
  query: Record<string, QueryValue> = {},
): string {
  const segments: string[] = [];
  for (const segment of pattern.split('/')) {
    const match = /^\[\[?(?:\.\.\.)?([^\]]+)\]?\]$/.exec(segment);
    if (!match) {
      if (segment) segments.push(segment);
      continue;
    }
    const value = params[match[1]];
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v || v === 0) segments.push(encodeURIComponent(String(v)));
    }
  }
  const path = `/${segments.join('/')}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value || value === 0) search.append(key, value === true ? '1' : String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** `link()` by route name. */
export function route(
  name: RouteName,
  params?: Record<string, ParamValue>,
  query?: Record<string, QueryValue>,
) {
  return link(ROUTES[name], params, query);
}

/** Makes a relative address absolute with the site's base URL (spec §2). */
export function absoluteUrl(siteUrl: string, path: string): string {
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  if (/^https?:\/\//i.test(path)) return new URL(path).toString();
  // A request path such as `//x` or `/\\x` is a path on this site, never another host.
  const local = `/${path.replace(/^[/\\]+/, '')}`;
  try {
    return new URL(local, base).toString();
  } catch {
    return base;
  }
}

/** Keeps only same-site relative paths (`/…`, not `//…` or `/\…`): guards every redirect target. */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return fallback;
  try {
    const url = new URL(value, 'http://x.invalid');
    if (url.origin !== 'http://x.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** `/anunt/<categorie>/<slug>-<id>`: the canonical address of an ad (DECISIONS.md). */
export function postPath(post: { id: number; slug: string }, categorySlug: string): string {
  return link(ROUTES.post, {
    params: [categorySlug, post.slug ? `${post.slug}-${post.id}` : String(post.id)],
  });
}

/** `/anunturi[/<categorie>[/<subcategorie>]][/pagina-<n>]`; page 1 has no suffix. */
export function listingPath(categorySlug?: string | null, subcategorySlug?: string | null, page = 1): string {
  return link(ROUTES.posts, {
    params: [categorySlug, categorySlug && subcategorySlug, page > 1 && `pagina-${page}`],
  });
}

/** `/anunturi/de/<nume>-<id>`: one author's ads. */
export function authorPath(user: { id: number; name: string }, page = 1): string {
  const name = toSlug(user.name) || 'autor';
  return link(ROUTES.author, { params: [`${name}-${user.id}`, page > 1 && `pagina-${page}`] });
}
