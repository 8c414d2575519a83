// `/anunt/<categorie>/<slug>-<id>`: the ad page, its canonical redirect, contact reveal and JSON-LD.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { operatorIds } from '../auth/config';
import type { Crumb } from '../components/Breadcrumbs';
import type { ContactState } from '../components/ContactReveal';
import { actionsFor } from '../components/PostActions';
import type { OperatorPanelProps, OwnerPanelProps } from '../components/PostControls';
import type { CategoryTree } from '../db/categories';
import { getCategoryTreeCached, kindOf } from '../db/categories';
import { isGonePost } from '../db/gone-posts';
import { restorableUntil } from '../db/lifecycle';
import { countOpenReports } from '../db/moderation';
import { countableAd, figuresOfAuthor, NO_FIGURES } from '../db/post-stats';
import { getPostDetails, type PhotoRef, type PostDetails, similarPosts } from '../db/posts';
import { HIDE_REASONS, REPORT_REASONS } from '../db/schema';
import { findUserById } from '../db/users';
import type { AppEnv, CurrentUser } from '../env';
import { countAdEvent, countsAsVisit } from '../http/ad-stats';
import { parseSlugId, segmentsAfter } from '../http/browse-paths';
import { GONE_AD } from '../http/gone-ad';
import { markPrivate } from '../http/helpers';
import { bucharestDay, DAY_MS, formatDate, weekStartDay } from '../lib/dates';
import { NotFound } from '../lib/errors';
import { adJsonLd, breadcrumbJsonLd } from '../lib/json-ld';
import { authorPath, link, listingPath, postPath, route, routeBase, routePath } from '../lib/links';
import { maskPhones } from '../lib/phone';
import { plural } from '../lib/plural';
import { describeFields, parseStoredFields } from '../lib/post-fields';
import { adPageStatus, statusSummary } from '../lib/post-status';
import { formatPrice } from '../lib/price';
import { truncate } from '../lib/text';
import { PAGE_OWNER_HEADER } from '../page-cache';
import { MissingAdPage } from '../pages/MissingAdPage';
import { PostPage } from '../pages/PostPage';
import { FULL_MAX_WIDTH, photoUrl } from '../photos/urls';
import { limitContactReveal } from '../platform/rate-limits';

export const postRoutes = new Hono<AppEnv>();

/** The size of the full WebP (at most FULL_MAX_WIDTH wide): what og:image declares. */
function fullSize(photo: PhotoRef) {
  if (photo.width <= FULL_MAX_WIDTH) return { width: photo.width, height: photo.height };
  return { width: FULL_MAX_WIDTH, height: Math.round((photo.height * FULL_MAX_WIDTH) / photo.width) };
}

function categoryOf(tree: CategoryTree, id: number | null) {
  return id === null ? undefined : tree.byId.get(id);
}

/** What a missing (not public, or deleted) ad answers (404). */
const MISSING_AD = 'Anunțul căutat nu mai există, a fost retras sau adresa este greșită.';
/** Similar ads shown on a missing ad's page. */
const SIMILAR_COUNT = 4;

/**
 * The old address of an ad that is not there: 404 (or 410 when removed for good) with a few ads of
 * the category the address names. Only the address is used, never the missing ad's row, so a
 * hidden or draft ad of someone else answers exactly as one that never existed.
 */
async function missingAd(c: Context<AppEnv>, segments: string[], id: number, gone: boolean) {
  const db = c.get('db');
  const tree = await getCategoryTreeCached(db);
  const named = segments.length === 2 ? tree.bySlug.get(segments[0]) : undefined;
  const top = named && named.parentId !== null ? tree.byId.get(named.parentId) : named;
  const similar = top ? await similarPosts(db, top.id, id, SIMILAR_COUNT) : [];
  const status = gone ? 410 : 404;
  c.status(status);
  return c.render(
    <MissingAdPage
      status={status}
      message={gone ? GONE_AD : MISSING_AD}
      category={top ? { name: top.name, slug: top.slug } : null}
      similar={similar}
      tree={tree}
    />,
    { title: 'Anunțul nu mai este disponibil', noindex: true },
  );
}

async function adPage(c: Context<AppEnv>) {
  const parsed = segmentsAfter(c.req.url, routeBase('post'));
  if (!parsed || parsed.segments.length < 1 || parsed.segments.length > 2) throw new NotFound();
  const target = parseSlugId(parsed.segments[parsed.segments.length - 1]);
  if (!target) throw new NotFound();
  const now = Date.now();
  const viewer = c.get('user');
  // The author's figures travel with the ad (one round trip); another viewer's read finds none.
  const details = await getPostDetails(
    c.get('db'),
    target.id,
    now,
    viewer ? { userId: viewer.id, weekFromDay: weekStartDay(now), weekFromMs: now - 7 * DAY_MS } : undefined,
  );
  // Removed for good (its author's account deleted, expired past the retention rule, or an old ad not
  // carried over by the import: db/gone-posts.ts): 410 with similar ads, not 404.
  const gone = () => isGonePost(c.get('db'), target.id);
  if (!details) return missingAd(c, parsed.segments, target.id, await gone());
  const { post, author, tree } = details;
  const { notice, isPublic } = adPageStatus(post, author.banned, now);
  const user = c.get('user');
  // A deleted ad (kept 30 days for an operator's undo) answers everyone else, its author too, exactly
  // as an ad removed for good (docs/privacy.md#deleted-ads).
  const deleted = post.status === 'deleted';
  if (deleted && !user?.isOperator) return missingAd(c, parsed.segments, target.id, true);
  const privileged = !!user && (user.id === post.userId || user.isOperator);
  if (!isPublic && !privileged) return missingAd(c, parsed.segments, target.id, await gone());

  const category = categoryOf(tree, post.categoryId);
  const subcategory = categoryOf(tree, post.subcategoryId);
  if (!category) throw new NotFound();
  const canonical = postPath(post, category.slug);
  const url = new URL(c.req.url);
  if (url.pathname !== canonical) return c.redirect(canonical + url.search, 301);

  const wantsContact = url.searchParams.has('contact');
  const active = notice === null;
  let contact: ContactState | null = null;
  // "Doar mesaje" (the ad's or the author's): the phone is not shown at all, not even on request.
  const messagesOnly = post.messagesOnly || author.messagesOnly;
  if (active || !isPublic) {
    const phone = messagesOnly ? null : (post.phone ?? author.phone);
    if (phone && wantsContact) {
      await limitContactReveal(c, post.id);
      if (active && countsAsVisit(c, post.userId)) countAdEvent(c, post.id, 'reveals', now);
    }
    contact = messagesOnly
      ? { state: 'messages' }
      : !phone
        ? { state: 'none' }
        : wantsContact
          ? { state: 'shown', phone }
          : { state: 'hidden', revealHref: `${link(canonical, {}, { contact: true })}#contact` };
  }
  // The contact reveal and the owner's view of a hidden ad are personal: never cached or indexed.
  if (wantsContact || !isPublic) markPrivate(c);
  const panels = user && !deleted ? await controlPanels(c, details, user, canonical, now) : {};
  // The author's and operators' panels make the page theirs alone.
  if (panels.ownerPanel || panels.operatorPanel) markPrivate(c);
  // A stored copy names its author, so the page cache gives them a fresh page with their controls
  // (the header never leaves the worker: src/page-cache.ts).
  c.header(PAGE_OWNER_HEADER, author.clerkId);

  const crumbs: Crumb[] = [
    { name: 'Acasă', href: route('home') },
    { name: category.name, href: listingPath(category.slug) },
  ];
  if (subcategory)
    crumbs.push({ name: subcategory.name, href: listingPath(category.slug, subcategory.slug) });
  crumbs.push({ name: post.title, href: canonical });

  const kind = kindOf(tree, post.categoryId, post.subcategoryId);
  const fields = parseStoredFields(kind, post.fields);
  const price = formatPrice(post.price, post.currency);
  const plainText = maskPhones(post.description).replace(/\s+/g, ' ').trim();
  const siteUrl = c.env.SITE_URL;
  const first = details.photos[0];

  const adLd = adJsonLd({
    post,
    authorName: author.name,
    category,
    subcategory,
    fields,
    notice,
    siteUrl,
    path: canonical,
    imagePaths: details.photos.map((p) => photoUrl(p)),
  });
  const jsonLd = [breadcrumbJsonLd(siteUrl, crumbs), ...(adLd ? [adLd] : [])];

  return c.render(
    <PostPage
      post={post}
      author={author}
      authorHref={authorPath(author)}
      photos={details.photos}
      tree={tree}
      crumbs={crumbs}
      notice={notice}
      contact={contact}
      fields={describeFields(kind, fields)}
      newer={details.newer}
      older={details.older}
      similar={details.similar}
      listingHref={listingPath(category.slug, subcategory?.slug)}
      reportAction={route('report', { postId: post.id })}
      reportReasons={REPORT_REASONS}
      editHref={!isPublic && privileged && !deleted ? route('editPost', { postId: post.id }) : undefined}
      restore={
        deleted && post.deletedAt !== null
          ? {
              action: route('moderationRestore', { postId: post.id }),
              until: formatDate(restorableUntil(post.deletedAt), 'longTime'),
              open: restorableUntil(post.deletedAt) > now,
              returnTo: canonical,
            }
          : undefined
      }
      ownerPanel={panels.ownerPanel}
      operatorPanel={panels.operatorPanel}
      canReport={!deleted && (!user || user.id !== post.userId)}
      messageAction={active && user?.id !== post.userId ? route('messageAd', { postId: post.id }) : undefined}
      shareUrl={isPublic ? new URL(canonical, siteUrl).href : undefined}
      viewBeacon={isPublic && active ? route('adView', { postId: post.id }) : undefined}
      messagesOnlyToggle={
        panels.ownerPanel
          ? {
              action: route('messagesOnlyPost', { postId: post.id }),
              on: post.messagesOnly,
              byProfile: author.messagesOnly,
            }
          : undefined
      }
    />,
    {
      title: [post.title, price, post.locality].filter(Boolean).join(' — '),
      description: truncate(plainText, 160),
      canonical,
      noindex: notice !== null || wantsContact,
      image: first ? { url: photoUrl(first), ...fullSize(first) } : undefined,
      jsonLd,
      islands: details.photos.length
        ? ['contact', 'gallery', 'favourites', 'share']
        : ['contact', 'favourites', 'share'],
    },
  );
}

const OPEN_REPORTS = { none: 'Niciun raport deschis', one: '1 raport deschis', many: 'rapoarte deschise' };

/** The author's status and actions, and the operator's tools, for a signed-in viewer entitled to them. */
async function controlPanels(
  c: Context<AppEnv>,
  details: PostDetails,
  user: CurrentUser,
  canonical: string,
  now: number,
): Promise<{ ownerPanel?: OwnerPanelProps; operatorPanel?: OperatorPanelProps }> {
  const { post, author } = details;
  const out: { ownerPanel?: OwnerPanelProps; operatorPanel?: OperatorPanelProps } = {};
  if (user.id === post.userId) {
    const status = statusSummary(post, now);
    const figures =
      details.ownerFigures ??
      (await figuresOfAuthor(c.get('db'), user.id, weekStartDay(now), now - 7 * DAY_MS, post.id)).get(
        post.id,
      );
    out.ownerPanel = {
      figures: figures ?? NO_FIGURES,
      statusName: status.name,
      statusDetail: status.detail,
      statusClass: status.className,
      advice: status.advice,
      actions: actionsFor(post, user, now, canonical),
      banned: user.banned,
    };
  }
  if (user.isOperator && !user.banned) {
    const [openReports, authorRow] = await Promise.all([
      countOpenReports(c.get('db'), post.id),
      findUserById(c.get('db'), post.userId),
    ]);
    const action = (name: string) => route('moderatePost', { postId: post.id, action: name });
    const userAction = (name: string) => route('moderateUser', { userId: post.userId, action: name });
    const promoted = post.promotion > 0 && (post.promotedUntil ?? 0) > now;
    // Operators cannot be banned (the ban route refuses them too).
    const authorIsOperator =
      author.id === user.id ||
      authorRow?.role === 'operator' ||
      operatorIds(c.env).has(authorRow?.clerkId ?? '');
    out.operatorPanel = {
      hidden: post.status === 'hidden',
      hiddenReason: post.hiddenReason,
      openReports,
      openReportsLabel: plural(openReports, OPEN_REPORTS),
      reportsHref: `${route('moderation')}#anunt-${post.id}`,
      hideAction: action('ascunde'),
      unhideAction: action('arata'),
      hideReasons: HIDE_REASONS,
      promoteAction: action('promoveaza'),
      stopPromotionAction: promoted ? action('opreste-promovarea') : undefined,
      promotedUntilLabel: promoted && post.promotedUntil ? formatDate(post.promotedUntil) : undefined,
      minPromotionDate: bucharestDay(now + DAY_MS),
      defaultPromotionDate: bucharestDay(now + 7 * DAY_MS),
      banAction: authorIsOperator || author.banned ? undefined : userAction('blocheaza'),
      unbanAction: author.banned ? userAction('deblocheaza') : undefined,
      authorName: author.name,
      returnTo: canonical,
    };
  }
  return out;
}

postRoutes.get(routeBase('post'), () => {
  throw new NotFound();
});
postRoutes.get(routePath('post'), adPage);

/** A transparent 1×1 GIF: the ad page's view beacon. */
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (ch) =>
  ch.charCodeAt(0),
);

// The view beacon (docs/stats.md): an image the ad page loads, so a view is counted even when the
// page itself came from the edge cache, and never for a prefetch (which fetches only the page).
postRoutes.get(routePath('adView'), async (c) => {
  const postId = Number(c.req.param('postId'));
  if (Number.isSafeInteger(postId) && postId > 0) {
    const ad = await countableAd(c.get('db'), postId);
    if (ad?.published && countsAsVisit(c, ad.userId)) countAdEvent(c, postId, 'views');
  }
  return c.body(PIXEL, 200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
});
