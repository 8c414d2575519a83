// `/static-page/<nume>`: the Markdown pages of content/, rendered and sanitised at build time
// (src/tools/build-pages.mjs); the title and description are read from the Markdown here.
import { Hono } from 'hono';
import despreAnunturilePromovate from '../../content/despre-anunturile-promovate.md';
import politicaDeConfidentialitate from '../../content/politica-de-confidentialitate.md';
import taxiRadauti from '../../content/taxi-radauti.md';
import termeniSiConditii from '../../content/termeni-si-conditii.md';
import type { Crumb } from '../components/Breadcrumbs';
import type { AppEnv } from '../env';
import STATIC_HTML from '../generated/static-pages.json';
import { segmentsAfter } from '../http/browse-paths';
import { NotFound } from '../lib/errors';
import { breadcrumbJsonLd } from '../lib/json-ld';
import { PRIVACY_PAGE, route, routeBase, routePath } from '../lib/links';
import { truncate } from '../lib/text';
import { StaticPage } from '../pages/StaticPage';

export const pageRoutes = new Hono<AppEnv>();

/** The static pages, by URL name: a fixed list, so no path from the URL ever reaches a file. */
const PAGES: Record<string, string> = {
  'termeni-si-conditii': termeniSiConditii,
  'despre-anunturile-promovate': despreAnunturilePromovate,
  'taxi-radauti': taxiRadauti,
  [PRIVACY_PAGE]: politicaDeConfidentialitate,
};

interface RenderedPage {
  title: string;
  description: string;
  html: string;
}

const rendered = new Map<string, RenderedPage>();

/** A page's HTML (rendered at build time), title (its first `# heading`) and description, once per isolate. */
function renderPage(name: string): RenderedPage | null {
  const source = Object.hasOwn(PAGES, name) ? PAGES[name] : undefined;
  if (source === undefined) return null;
  const cached = rendered.get(name);
  if (cached) return cached;
  const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? name;
  const firstParagraph =
    source
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .find((p) => p && !/^[#>|\-*\d]/.test(p)) ?? title;
  const description = truncate(firstParagraph.replace(/[*_`[\]]|\(.*?\)/g, '').replace(/\s+/g, ' '), 160);
  const html = (STATIC_HTML as Record<string, string>)[name] ?? '';
  const page = { title, description, html };
  rendered.set(name, page);
  return page;
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
