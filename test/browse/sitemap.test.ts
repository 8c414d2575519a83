import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../src/db/schema';
import { planSitemap, sitemapIndexXml, urlsetXml } from '../../src/routes/sitemap';
import { DAY, get, HOUSES, makePost, makeUser } from '../fixtures';

let visible: Post;
let expired: Post;
let hidden: Post;

beforeAll(async () => {
  const author = await makeUser();
  visible = await makePost(author.id, { title: 'Casă cu grădină & livadă', subcategoryId: HOUSES });
  expired = await makePost(author.id, { title: 'Expirat', age: 40 * DAY });
  hidden = await makePost(author.id, { title: 'Ascuns', status: 'hidden' });
});

const parser = new XMLParser({ ignoreAttributes: false });

describe('sitemap.xml', () => {
  it('lists home, categories, static pages and visible ads with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const doc = parser.parse(xml);
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = [].concat(doc.urlset.url) as { loc: string; lastmod?: string }[];
    const locs = urls.map((u) => u.loc);
    expect(locs).toContain('http://127.0.0.1:8787/');
    expect(locs).toContain('http://127.0.0.1:8787/anunturi/imobiliare');
    expect(locs).toContain('http://127.0.0.1:8787/anunturi/imobiliare/case');
    expect(locs).toContain('http://127.0.0.1:8787/static-page/taxi-radauti');
    const ad = urls.find(
      (u) => u.loc === `http://127.0.0.1:8787/anunt/imobiliare/${visible.slug}-${visible.id}`,
    );
    expect(ad?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(locs.some((l) => l.endsWith(`-${expired.id}`))).toBe(false);
    expect(locs.some((l) => l.endsWith(`-${hidden.id}`))).toBe(false);
    for (const l of locs) expect(l.startsWith('http://127.0.0.1:8787/')).toBe(true);
  });

  it('has only the elements the sitemaps schema allows, in order', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    const body = xml.replace(/^<\?xml[^>]*>\s*/, '');
    expect(body).toMatch(/^<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const tags = new Set([...body.matchAll(/<([a-z]+)[\s>]/gi)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(['lastmod', 'loc', 'url', 'urlset']);
    for (const m of body.matchAll(/<url>([\s\S]*?)<\/url>/g))
      expect(m[1]).toMatch(/^<loc>[^<]+<\/loc>(<lastmod>[^<]+<\/lastmod>)?$/);
  });

  it('escapes XML special characters', () => {
    expect(urlsetXml([{ loc: 'http://x/a?b=1&c=2' }])).toContain('<loc>http://x/a?b=1&amp;c=2</loc>');
  });

  it('switches to a sitemap index past 50 000 URLs', () => {
    expect(planSitemap(30, 49_970)).toEqual({ index: false, parts: 1 });
    expect(planSitemap(30, 49_971)).toEqual({ index: true, parts: 2 });
    expect(planSitemap(30, 120_000)).toEqual({ index: true, parts: 4 });
    const index = sitemapIndexXml([{ loc: 'http://x/sitemap.xml?parte=1' }]);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).toContain('<sitemap><loc>http://x/sitemap.xml?parte=1</loc></sitemap>');
  });

  it('a part number is 404 while everything fits in one file', async () => {
    expect((await get('/sitemap.xml?parte=2')).status).toBe(404);
    expect((await get('/sitemap.xml?parte=abc')).status).toBe(404);
  });
});

describe('robots.txt', () => {
  it('points to the sitemap and keeps crawlers out of private paths', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Sitemap: http://127.0.0.1:8787/sitemap.xml');
    for (const p of ['/posts/', '/profile/', '/auth/', '/clerk/', '/*?contact'])
      expect(text).toContain(`Disallow: ${p}`);
  });
});
