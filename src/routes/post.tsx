// `/anunt/<categorie>/<slug>-<id>`: the ad page, its canonical redirect, contact reveal and JSON-LD.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { operatorIds } from '../auth/config';
import { breadcrumbJsonLd, type Crumb } from '../components/Breadcrumbs';
import type { ContactState } from '../components/ContactReveal';
import { actionsFor } from '../components/PostActions';
import type { OperatorPanelProps, OwnerPanelProps } from '../components/PostControls';
import type { CategoryTree } from '../db/categories';
import { kindOf } from '../db/categories';
import { countOpenReports, getUser } from '../db/moderation';
import { getPostDetails, type PhotoRef, type PostDetails } from '../db/posts';
import { HIDE_REASONS, REPORT_REASONS } from '../db/schema';
import type { AppEnv, CurrentUser } from '../env';
import { parseSlugId, segmentsAfter } from '../http/browse-paths';
import { markPrivate } from '../http/helpers';
import { bucharestDay, DAY_MS, formatDate, isoDate } from '../lib/dates';
import { NotFound } from '../lib/errors';
import { absoluteUrl, authorPath, link, listingPath, postPath, route } from '../lib/links';
import { maskPhones } from '../lib/phone';
import { plural } from '../lib/plural';
import { describeFields, parseStoredFields } from '../lib/post-fields';
import { adPageStatus, statusSummary } from '../lib/post-status';
import { formatPrice } from '../lib/price';
import { truncate } from '../lib/text';
import { PostPage } from '../pages/PostPage';
import { FULL_MAX_WIDTH, photoUrl } from '../photos/urls';
import { limitContactReveal } from '../platform/rate-limits';

export const postRoutes = new Hono<AppEnv>();

/** The size of the full WebP (at most FULL_MAX_WIDTH wide): what og:image declares. */
function fullSize(photo: PhotoRef) {
  if (photo.width <= FULL_MAX_WIDTH) return { width: photo.width, height: photo.height };
  return { width: FULL_MAX_WIDTH, height: Math.round((photo.height * FULL_MAX_WIDTH) / photo.width) };
}

/** Job offers (not people looking for work) are JobPostings; services are not goods. */
const JOB_OFFERS_SLUG = 'oferte';
const NOT_GOODS = new Set(['servicii', 'locuri-de-munca']);

function categoryOf(tree: CategoryTree, id: number | null) {
  return id === null ? undefined : tree.byId.get(id);
}

async function adPage(c: Context<AppEnv>) {
  const parsed = segmentsAfter(c.req.url, '/anunt');
  if (!parsed || parsed.segments.length < 1 || parsed.segments.length > 2) throw new NotFound();
  const target = parseSlugId(parsed.segments[parsed.segments.length - 1]);
  if (!target) throw new NotFound();
  const now = Date.now();
  const details = await getPostDetails(c.get('db'), target.id, now);
  if (!details) throw new NotFound();
  const { post, author, tree } = details;
  const { notice, isPublic } = adPageStatus(post, author.banned, now);
  const user = c.get('user');
  const privileged = !!user && (user.id === post.userId || user.isOperator);
  if (!isPublic && !privileged) throw new NotFound();

  const category = categoryOf(tree, post.categoryId);
  const subcategory = categoryOf(tree, post.subcategoryId);
  if (!category) throw new NotFound();
  const canonical = postPath(post, category.slug);
  const url = new URL(c.req.url);
  if (url.pathname !== canonical) return c.redirect(canonical + url.search, 301);

  const wantsContact = url.searchParams.has('contact');
  const active = notice === null;
  let contact: ContactState | null = null;
  if (active || !isPublic) {
    const phone = post.phone ?? author.phone;
    if (phone && wantsContact) await limitContactReveal(c, post.id);
    contact = !phone
      ? { state: 'none' }
      : wantsContact
        ? { state: 'shown', phone }
        : { state: 'hidden', revealHref: `${link(canonical, {}, { contact: true })}#contact` };
  }
  // The contact reveal and the owner's view of a hidden ad are personal: never cached or indexed.
  if (wantsContact || !isPublic) markPrivate(c);
  const panels = user ? await controlPanels(c, details, user, canonical, now) : {};
  // The author's and operators' panels make the page theirs alone.
  if (panels.ownerPanel || panels.operatorPanel) markPrivate(c);

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

  const jsonLd: object[] = [breadcrumbJsonLd(siteUrl, crumbs)];
  const imageUrls = details.photos.map((p) => absoluteUrl(siteUrl, photoUrl(p)));
  const published = post.bumpedAt ?? post.publishedAt ?? post.createdAt;
  if (category.slug === 'locuri-de-munca' && subcategory?.slug === JOB_OFFERS_SLUG) {
    const validThrough = post.expiresAt ?? published + 30 * 86_400_000;
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: post.title,
      description: toParagraphsHtml(maskPhones(post.description)),
      datePosted: isoDate(published),
      validThrough: isoDate(validThrough),
      employmentType: fields.jobType === 'part-time' ? 'PART_TIME' : 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: author.name },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: post.locality,
          addressRegion: 'Suceava',
          addressCountry: 'RO',
        },
      },
      directApply: false,
      url: absoluteUrl(siteUrl, canonical),
      ...(post.price > 0
        ? {
            baseSalary: {
              '@type': 'MonetaryAmount',
              currency: post.currency,
              value: { '@type': 'QuantitativeValue', value: post.price, unitText: 'MONTH' },
            },
          }
        : {}),
    });
  } else if (!NOT_GOODS.has(category.slug) && post.price > 0) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: post.title,
      description: truncate(plainText, 500),
      sku: String(post.id),
      category: subcategory ? `${category.name} > ${subcategory.name}` : category.name,
      ...(imageUrls.length ? { image: imageUrls } : {}),
      offers: {
        '@type': 'Offer',
        url: absoluteUrl(siteUrl, canonical),
        price: post.price,
        priceCurrency: post.currency,
        availability:
          notice === 'sold'
            ? 'https://schema.org/SoldOut'
            : notice === 'expired'
              ? 'https://schema.org/Discontinued'
              : 'https://schema.org/InStock',
        ...(notice === null && post.expiresAt
          ? { priceValidUntil: isoDate(post.expiresAt).slice(0, 10) }
          : {}),
        areaServed: post.locality,
        seller: { '@type': 'Person', name: author.name },
      },
    });
  }

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
      editHref={!isPublic && privileged ? route('editPost', { postId: post.id }) : undefined}
      ownerPanel={panels.ownerPanel}
      operatorPanel={panels.operatorPanel}
      canReport={!user || user.id !== post.userId}
    />,
    {
      title: [post.title, price, post.locality].filter(Boolean).join(' — '),
      description: truncate(plainText, 160),
      canonical,
      noindex: notice !== null || wantsContact,
      image: first ? { url: photoUrl(first), ...fullSize(first) } : undefined,
      jsonLd,
      islands: details.photos.length ? ['contact', 'gallery'] : ['contact'],
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
    out.ownerPanel = {
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
      getUser(c.get('db'), post.userId),
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

/** Paragraphs as minimal HTML for JobPosting.description (which accepts HTML); text escaped. */
function toParagraphsHtml(text: string): string {
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

postRoutes.get('/anunt', () => {
  throw new NotFound();
});
postRoutes.get('/anunt/*', adPage);
