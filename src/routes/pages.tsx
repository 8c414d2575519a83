// `/static-page/<nume>`: the Markdown pages of content/, rendered and sanitised at build time
// (src/tools/build-pages.mjs), with their titles and summaries: the Worker ships no Markdown.
import { Hono } from 'hono';
import type { Crumb } from '../components/Breadcrumbs';
import type { AppEnv } from '../env';
import STATIC_PAGES from '../generated/static-pages.json';
import { segmentsAfter } from '../http/browse-paths';
import { NotFound } from '../lib/errors';
import { breadcrumbJsonLd } from '../lib/json-ld';
import { route, routeBase, routePath } from '../lib/links';
import { truncate } from '../lib/text';
import { StaticPage } from '../pages/StaticPage';

export const pageRoutes = new Hono<AppEnv>();

/** The static pages, by URL name (content/*.md, rendered at build time): a fixed list, so no path from the URL ever reaches a file. */
const PAGES = STATIC_PAGES as Record<string, { html: string; title: string; summary: string }>;

interface RenderedPage {
  title: string;
  description: string;
  html: string;
}

/** A page's HTML, title and description (its summary, shortened). */
function renderPage(name: string): RenderedPage | null {
  if (!Object.hasOwn(PAGES, name)) return null;
  const { html, title, summary } = PAGES[name];
  return { title, description: truncate(summary, 160), html };
}

pageRoutes.get(routePath('staticPage'), (c) => {
  const parsed = segmentsAfter(c.req.url, routeBase('staticPage'));
  if (parsed?.segments.length !== 1) throw new NotFound();
  const name = parsed.segments[0];
  const page = renderPage(name);
  if (!page) throw new NotFound();
  const canonical = route('staticPage', { params: name });
  if (new URL(c.req.url).pathname !== canonical) return c.redirect(canonical, 301);
  const crumbs: Crumb[] = [
    { name: 'Acasă', href: route('home') },
    { name: page.title, href: canonical },
  ];
  return c.render(<StaticPage html={page.html} crumbs={crumbs} />, {
    title: page.title,
    description: page.description,
    canonical,
    jsonLd: [breadcrumbJsonLd(c.env.SITE_URL, crumbs)],
  });
});

pageRoutes.get(routeBase('staticPage'), () => {
  throw new NotFound();
});
