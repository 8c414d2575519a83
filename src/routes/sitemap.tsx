// `/sitemap.xml`: fixed pages, listings and public ads, split into parts past 50 000 URLs.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { sitemapAds, sitemapPartStart, sitemapSummary } from '../db/sitemap';
import type { AppEnv } from '../env';
import { isoDate } from '../lib/dates';
import { NotFound } from '../lib/errors';
import { absoluteUrl, listingPath, PRIVACY_PAGE, postHref, route, routePath } from '../lib/links';

export const sitemapRoutes = new Hono<AppEnv>();

/** The sitemaps.org limit of URLs per file; past it `/sitemap.xml` becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapUrl {
  loc: string;
  lastmod?: number;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function urlsetXml(urls: SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${isoDate(u.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(locs: SitemapUrl[]): string {
  const body = locs
    .map(
      (u) =>
        `<sitemap><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${isoDate(u.lastmod)}</lastmod>` : ''}</sitemap>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/**
 * How the URLs are split: one file when everything fits, otherwise part 1 holds the fixed pages
 * and each further part up to `limit` ads (by ad offset).
 */
export function planSitemap(fixedCount: number, adCount: number, limit = SITEMAP_MAX_URLS) {
  if (fixedCount + adCount <= limit) return { index: false as const, parts: 1 };
  return { index: true as const, parts: 1 + Math.ceil(adCount / limit) };
}

function xml(c: Context<AppEnv>, body: string) {
  return c.body(body, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'public, max-age=3600, s-maxage=3600',
  });
}

sitemapRoutes.get(routePath('sitemap'), async (c) => {
  const db = c.get('db');
  const siteUrl = c.env.SITE_URL;
  const now = Date.now();
  const summary = await sitemapSummary(db, now);
  const abs = (path: string) => absoluteUrl(siteUrl, path);

  const fixed: SitemapUrl[] = [
    { loc: abs(route('home')), lastmod: summary.newest || undefined },
    { loc: abs(listingPath()), lastmod: summary.newest || undefined },
  ];
  for (const cat of summary.tree.roots) {
    fixed.push({ loc: abs(listingPath(cat.slug)), lastmod: summary.lastByCategory.get(cat.id) });
    for (const sub of cat.children) {
      fixed.push({ loc: abs(listingPath(cat.slug, sub.slug)), lastmod: summary.lastByCategory.get(sub.id) });
    }
  }
  for (const name of ['termeni-si-conditii', PRIVACY_PAGE, 'despre-anunturile-promovate', 'taxi-radauti']) {
    fixed.push({ loc: abs(route('staticPage', { params: name })) });
  }

  const plan = planSitemap(fixed.length, summary.total);
  const adUrls = (ads: Awaited<ReturnType<typeof sitemapAds>>): SitemapUrl[] =>
    ads.map((ad) => ({ loc: abs(postHref(summary.tree, ad)), lastmod: ad.lastmod }));

  const partParam = c.req.query('parte');
  if (partParam === undefined) {
    if (!plan.index) {
      const ads = await sitemapAds(db, 0, SITEMAP_MAX_URLS, now);
      return xml(c, urlsetXml([...fixed, ...adUrls(ads)]));
    }
    const parts: SitemapUrl[] = [];
    for (let n = 1; n <= plan.parts; n++) parts.push({ loc: abs(route('sitemap', {}, { parte: n })) });
    return xml(c, sitemapIndexXml(parts));
  }
  const part = /^[1-9]\d{0,5}$/.test(partParam) ? Number(partParam) : 0;
  if (!plan.index || part < 1 || part > plan.parts) throw new NotFound();
  if (part === 1) return xml(c, urlsetXml(fixed));
  const start = await sitemapPartStart(db, (part - 2) * SITEMAP_MAX_URLS, now);
  if (start === null) throw new NotFound();
  return xml(c, urlsetXml(adUrls(await sitemapAds(db, start, SITEMAP_MAX_URLS, now))));
});

/** Crawlers: everything public, nothing private, and where the sitemap is. */
sitemapRoutes.get(routePath('robots'), (c) => {
  const siteUrl = c.env.SITE_URL;
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /posts/',
    'Disallow: /profile/',
    'Disallow: /auth/',
    'Disallow: /clerk/',
    'Disallow: /api/cont',
    'Disallow: /moderare',
    'Disallow: /raporteaza/',
    'Disallow: /__dev/',
    'Disallow: /*?contact',
    'Disallow: /*&contact',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, route('sitemap'))}`,
    '',
  ];
  return c.text(lines.join('\n'), 200, { 'Cache-Control': 'public, max-age=3600' });
});
