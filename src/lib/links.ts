import { toSlug } from './slug';

/**
 * Route patterns (docs/product.md#urls, docs/architecture.md#routes). Every path a route registers
 * comes from here through `routePath()` (or `routeBase()`/`areaPath()`), and every internal link is
 * built from one of these with `link()`/`route()`, never by string concatenation.
 *
 * Segments: `[name]` is one value; `[name:number]` a positive whole number (the id rule, `ID_PATTERN`);
 * `[name:a|b]` one of the listed words; `[[...name]]` any number of segments (a catch-all).
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
  legacyAuth: '/auth/[page:login|signup|forgot-password|reset-password|verify]',
  signIn: '/clerk/sign-in/[[...params]]',
  signUp: '/clerk/sign-up/[[...params]]',
  afterAuth: '/clerk/after-auth/[[...params]]',
  signOut: '/clerk/sign-out',
  legacyPhoto: '/foto-radauti/[[...params]]',
  // The old site's API and logo addresses (docs/move-in.md#old-urls).
  legacyPostsApi: '/api/posts',
  legacyLogoPng: '/logo.png',
  legacyLogoWebp: '/logo.webp',
  logo: '/logo-200.png',
  newPost: '/posts/new',
  editPost: '/posts/edit/[postId]',
  editPostAny: '/posts/edit/[postId]/[[...rest]]',
  deletePost: '/posts/edit/[postId]/sterge',
  myPosts: '/posts/mine',
  postAction: '/posts/edit/[postId]/[action]',
  profile: '/profile/edit',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  staticPage: '/static-page/[[...params]]',
  photo: '/api/poze/[id]/[fileName]',
  photoResponsive: '/api/poze/responsive/[id]/[fileName]',
  photoUpload: '/api/poze',
  photoDelete: '/api/poze/[id]',
  photoAny: '/api/poze/[[...rest]]',
  accountMenu: '/api/cont',
  adView: '/api/vazut/[postId]',
  account: '/cont',
  mailPreferences: '/cont/notificari',
  accountData: '/cont/date',
  accountDelete: '/cont/sterge',
  unsubscribe: '/dezabonare/[token]',
  renewByMail: '/reinnoire/[token]',
  report: '/raporteaza/[postId]',
  moderation: '/moderare',
  moderationItem: '/moderare/anunt/[postId]',
  moderatePost: '/moderare/anunt/[postId]/[action]',
  moderationPerson: '/moderare/utilizator/[userId]',
  moderateUser: '/moderare/utilizator/[userId]/[action]',
  moderationSearch: '/moderare/cautare',
  moderationBulk: '/moderare/in-masa',
  /** An operator's undo of an ad's deletion, within 30 days (docs/privacy.md#deleted-ads). */
  moderationRestore: '/moderare/restaurare/[postId]',
  moderationRules: '/moderare/reguli',
  moderationRule: '/moderare/reguli/[ruleId]/[action]',
  moderationStats: '/moderare/statistici',
  moderationStatus: '/moderare/stare',
  backupDownload: '/moderare/stare/copii/[name]',
  messages: '/mesaje',
  conversation: '/mesaje/[id:number]',
  conversationAction: '/mesaje/[id:number]/[action]',
  conversationRead: '/mesaje/[id:number]/citit',
  conversationBlock: '/mesaje/[id:number]/[action:blocheaza|deblocheaza]',
  conversationReport: '/mesaje/[id:number]/raporteaza',
  conversationClearReport: '/mesaje/[id:number]/inchide-raportul',
  conversationLive: '/mesaje/[id:number]/live',
  messageAd: '/mesaje/anunt/[postId]',
  messagesOnlyPost: '/mesaje/doar-mesaje/[postId]',
  favourites: '/salvate',
  favourite: '/salvate/[postId]',
  favouriteNotice: '/salvate/[postId]/notificare',
  favouritesApi: '/api/salvate',
  favouritesSync: '/api/salvate/sincronizare',
  savedSearches: '/cont/cautari',
  savedSearchAction: '/cont/cautari/[id]/[action:redenumeste|opreste|reia|sterge]',
  devSeed: '/__dev/seed',
  devSeedLarge: '/__dev/seed-large',
  // Machine-to-machine routes (bearer token, src/auth/admin-token.ts): the importer, backups.
  adminStatus: '/__admin/status',
  adminImport: '/__admin/import/[step]',
  adminBackups: '/__admin/backups',
  adminBackupFile: '/__admin/backups/[name]',
  adminRestore: '/__admin/restore',
  adminRestoreStep: '/__admin/restore/[step]',
  adminRestorePhoto: '/__admin/restore/photo/[id]',
} as const;

/** The id rule of addresses as a Hono pattern (`[name:number]`); `parseId` (lib/ids.ts) is its check. */
export const ID_PATTERN = '[0-9]+';

/** One segment of a route pattern as a Hono path segment. */
type HonoParam<N extends string> = N extends `${infer Name}:number`
  ? `:${Name}{[0-9]+}`
  : N extends `${infer Name}:${infer Words}`
    ? `:${Name}{${Words}}`
    : `:${N}`;

/**
 * A route pattern as a Hono path: `[name]` becomes `:name`, `[name:number]` `:name{[0-9]+}`,
 * `[name:a|b]` `:name{a|b}`, a catch-all `[[...name]]` `*`.
 */
export type HonoPath<P extends string> = P extends `${infer A}[[...${string}]]${infer B}`
  ? `${A}*${HonoPath<B>}`
  : P extends `${infer A}[${infer N}]${infer B}`
    ? `${A}${HonoParam<N>}${HonoPath<B>}`
    : P;

/** The Hono path of a route, so sub-apps answer the very addresses `route()` builds. */
export function routePath<N extends RouteName>(name: N): HonoPath<(typeof ROUTES)[N]> {
  // One pass over the segments: a replaced segment is never read again (`{[0-9]+}` holds brackets).
  return ROUTES[name].replace(/\[\[\.\.\.[^\]]+\]\]|\[([^\]:]+)(?::([^\]]+))?\]/g, (_, param, kind) =>
    !param ? '*' : !kind ? `:${param}` : `:${param}{${kind === 'number' ? ID_PATTERN : kind}}`,
  ) as HonoPath<(typeof ROUTES)[N]>;
}

/** A route's path without its catch-all (`/cautare` for `/cautare/[[...params]]`): the bare address. */
export function routeBase(name: RouteName): string {
  return ROUTES[name].replace(/\/\[\[\.\.\.[^\]]+\]\]$/, '') || '/';
}

/** Everything below a route's area (`/moderare/*`), for middleware that guards the whole area. */
export function areaPath(name: RouteName): `/${string}/*` {
  return `${areaOf(name)}/*` as `/${string}/*`;
}

/** The area of a route: its first path segment (`/posts` for `/posts/edit/[postId]`). */
export function areaOf(name: RouteName): string {
  return `/${ROUTES[name].split('/')[1]}`;
}

/** Whether `path` is the area itself or below it. */
export function isInArea(path: string, area: string): boolean {
  return path === area || path.startsWith(`${area}/`);
}

/**
 * The areas whose answers are personal, act or are not pages (photos and APIs, the editor and the
 * owner's list, the profile, moderation, reports, sign-in, the account, development tools): the
 * edge page cache never answers from nor keeps anything below them.
 */
export const UNCACHED_AREAS: readonly string[] = (
  [
    'photoUpload',
    'newPost',
    'profile',
    'moderation',
    'signIn',
    'login',
    'devSeed',
    'adminStatus',
    'report',
    'account',
  ] as const
).map(areaOf);

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
 * Builds a path from a route pattern (docs/product.md#links): `[name]` and `[[...name]]` segments are replaced
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
    const match = /^\[\[?(?:\.\.\.)?([^\]:]+)(?::[^\]]+)?\]?\]$/.exec(segment);
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

/** Makes a relative address absolute with the site's base URL (docs/product.md#links). */
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

/** The longest return path kept; anything longer is not a page of this site. */
const RETURN_PATH_MAX = 2048;

/** Characters some software reads as `/` or `\\` (fullwidth, division, fraction, small forms…). */
const SLASH_LOOKALIKES = /[\uFF0F\u2215\u2044\u29F8\u2571]/g;
const BACKSLASH_LOOKALIKES = /[\uFF3C\u2216\u29F5\u29F9\uFE68\u2572]/g;

/** An origin no real request has: the base a relative candidate is resolved against. */
const NO_ORIGIN = 'https://return-path.invalid';

/** `%XX` decoded again and again (up to 4 rounds, as layered decoders would), bytes read as UTF-8. */
function decodedForCheck(value: string): string {
  let current = value;
  for (let round = 0; round < 4; round++) {
    const bytes: number[] = [];
    for (let i = 0; i < current.length; i++) {
      const m = /^%([0-9a-f]{2})/i.exec(current.slice(i, i + 3));
      if (m) {
        bytes.push(Number.parseInt(m[1], 16));
        i += 2;
      } else {
        for (const b of new TextEncoder().encode(current[i])) bytes.push(b);
      }
    }
    const next = new TextDecoder().decode(new Uint8Array(bytes));
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Invisible characters a URL parser drops or keeps silently (soft hyphen, zero widths, BOM…). */
const INVISIBLE = /[\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/;

/** Control characters (C0, DEL, C1) or invisible ones. */
function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return INVISIBLE.test(value);
}

/** A path as a browser (or a lenient proxy) might end up reading it, unsafe if it leaves the site. */
function leavesSite(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return true;
  if (path.includes('\\') || hasControl(path)) return true;
  const decoded = decodedForCheck(path);
  if (hasControl(decoded) || decoded.includes('\\')) return true;
  const folded = decoded.normalize('NFKC').replace(SLASH_LOOKALIKES, '/').replace(BACKSLASH_LOOKALIKES, '\\');
  if (folded.includes('\\')) return true;
  // Resolved again after decoding and folding: dot segments may now reach the start (`/.%2f/x`).
  try {
    const again = new URL(folded, NO_ORIGIN);
    if (again.origin !== NO_ORIGIN) return true;
    if (again.pathname.startsWith('//') || folded.startsWith('//')) return true;
  } catch {
    return true;
  }
  return false;
}

/**
 * The one judge of every return address (after signing in, up or out, after an action): a path on
 * this site, or `fallback`. `value` is resolved the way a browser resolves it (`new URL(value, origin)`:
 * dot segments, `%2e`, backslashes, tabs and newlines), must stay on this origin (absolute URLs only
 * when their origin is one of `ownOrigins`, never with a user name or password) and is rebuilt from
 * the parsed pathname, query and fragment. What comes out can never start with `//` or `/\\`, nor hold
 * a backslash or a control character, even after percent-decoding and folding Unicode look-alikes
 * of `/` and `\\`: otherwise `fallback`.
 */
export function safeReturnPath(
  value: string | null | undefined,
  fallback = '/',
  ownOrigins: readonly string[] = [],
): string {
  if (!value || typeof value !== 'string' || value.length > RETURN_PATH_MAX) return fallback;
  // Raw control characters and backslashes are never part of a path we link to; a browser would
  // silently drop tabs and newlines or read `\\` as `/`.
  if (hasControl(value) || value.includes('\\') || /^\s|\s$/.test(value)) return fallback;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (!absolute && !value.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(value, NO_ORIGIN);
  } catch {
    return fallback;
  }
  if (absolute) {
    if (!/^https?:$/.test(url.protocol) || !ownOrigins.includes(url.origin)) return fallback;
    if (url.username || url.password) return fallback;
  } else if (url.origin !== NO_ORIGIN) {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  return leavesSite(path) ? fallback : path;
}

/** `/anunt/<categorie>/<slug>-<id>`: the canonical address of an ad (docs/product.md#urls). */
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

/** The category segment of an ad whose category is not in the tree (a category removed since). */
export const FALLBACK_CATEGORY_SLUG = 'diverse';

/** A category tree, as far as addresses need it. */
export interface SlugTree {
  byId: ReadonlyMap<number, { slug: string }>;
}

/** The slug of a category, `diverse` when the tree does not hold it. */
export function categorySlugOf(tree: SlugTree, categoryId: number): string {
  return tree.byId.get(categoryId)?.slug ?? FALLBACK_CATEGORY_SLUG;
}

/** The canonical address of an ad, its category segment read from the tree. */
export function postHref(tree: SlugTree, post: { id: number; slug: string; categoryId: number }): string {
  return postPath(post, categorySlugOf(tree, post.categoryId));
}

/** The static page of the privacy policy (content/politica-de-confidentialitate.md). */
export const PRIVACY_PAGE = 'politica-de-confidentialitate';

/** `/static-page/politica-de-confidentialitate`: linked from every form that collects personal data. */
export function privacyPath(): string {
  return link(ROUTES.staticPage, { params: [PRIVACY_PAGE] });
}
