// The schema.org JSON-LD of the site's pages (BreadcrumbList, WebSite, Product, JobPosting). Pure:
// built from what the page already holds, with absolute URLs from the site's address.
import type { Post } from '../db/schema';
import { isoDate } from './dates';
import { absoluteUrl, route } from './links';
import { maskPhones } from './phone';
import type { PostFields } from './post-fields';
import { truncate } from './text';

/** One step of a breadcrumb trail: its name and site-relative path. */
export interface TrailItem {
  name: string;
  href: string;
}

/** A breadcrumb trail as schema.org BreadcrumbList (the last item is the current page). */
export function breadcrumbJsonLd(siteUrl: string, items: readonly TrailItem[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.href),
    })),
  };
}

/** The site itself with its search box (the home page's sitelinks search box). */
export function websiteJsonLd(siteUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: 'eRădăuți',
    url: absoluteUrl(siteUrl, route('home')),
    potentialAction: {
      '@type': 'SearchAction',
      target: `${absoluteUrl(siteUrl, route('search'))}?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The category whose subcategory `oferte` holds job offers (people looking for work are not). */
export const JOBS_SLUG = 'locuri-de-munca';
export const JOB_OFFERS_SLUG = 'oferte';
/** Categories whose ads are not goods: never a Product. */
export const NOT_GOODS: ReadonlySet<string> = new Set(['servicii', JOBS_SLUG]);
/** A job offer without an expiry is valid this long after it was published. */
const JOB_VALIDITY_MS = 30 * 86_400_000;

/** What the ad page knows about an ad that its JSON-LD says. */
export interface AdJsonLdInput {
  post: Pick<
    Post,
    | 'id'
    | 'title'
    | 'description'
    | 'price'
    | 'currency'
    | 'locality'
    | 'createdAt'
    | 'publishedAt'
    | 'bumpedAt'
    | 'expiresAt'
  >;
  authorName: string;
  category: { slug: string; name: string };
  subcategory?: { slug: string; name: string };
  /** The ad's category fields (a job offer's `jobType`). */
  fields: PostFields;
  /** Why the ad is not live (null when it is): sold and expired ads say so in their offer. */
  notice: 'expired' | 'sold' | 'hidden' | 'held' | 'draft' | 'deleted' | null;
  siteUrl: string;
  /** The ad's canonical site-relative path. */
  path: string;
  /** Site-relative paths of the ad's photos, in order. */
  imagePaths: readonly string[];
}

/**
 * The ad as a JobPosting (a job offer), a Product (goods with a price), or null (services, jobs
 * wanted, free items). Descriptions are masked: no phone number reaches structured data.
 */
export function adJsonLd(input: AdJsonLdInput): object | null {
  const { post, category, subcategory, notice, siteUrl } = input;
  const url = absoluteUrl(siteUrl, input.path);
  if (category.slug === JOBS_SLUG && subcategory?.slug === JOB_OFFERS_SLUG) {
    const published = post.bumpedAt ?? post.publishedAt ?? post.createdAt;
    const validThrough = post.expiresAt ?? published + JOB_VALIDITY_MS;
    return {
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: post.title,
      description: toParagraphsHtml(maskPhones(post.description)),
      datePosted: isoDate(published),
      validThrough: isoDate(validThrough),
      employmentType: input.fields.jobType === 'part-time' ? 'PART_TIME' : 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: input.authorName },
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
      url,
      ...(post.price > 0
        ? {
            baseSalary: {
              '@type': 'MonetaryAmount',
              currency: post.currency,
              value: { '@type': 'QuantitativeValue', value: post.price, unitText: 'MONTH' },
            },
          }
        : {}),
    };
  }
  if (NOT_GOODS.has(category.slug) || post.price <= 0) return null;
  const plainText = maskPhones(post.description).replace(/\s+/g, ' ').trim();
  const imageUrls = input.imagePaths.map((p) => absoluteUrl(siteUrl, p));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: post.title,
    description: truncate(plainText, 500),
    sku: String(post.id),
    category: subcategory ? `${category.name} > ${subcategory.name}` : category.name,
    ...(imageUrls.length ? { image: imageUrls } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: post.price,
      priceCurrency: post.currency,
      availability:
        notice === 'sold'
          ? 'https://schema.org/SoldOut'
          : notice === 'expired'
            ? 'https://schema.org/Discontinued'
            : 'https://schema.org/InStock',
      ...(notice === null && post.expiresAt ? { priceValidUntil: isoDate(post.expiresAt).slice(0, 10) } : {}),
      areaServed: post.locality,
      seller: { '@type': 'Person', name: input.authorName },
    },
  };
}

/** Paragraphs as minimal HTML for JobPosting.description (which accepts HTML); text escaped. */
export function toParagraphsHtml(text: string): string {
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
