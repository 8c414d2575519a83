import { describe, expect, it } from 'vitest';
import { get, textOf } from '../fixtures';

describe('static pages', () => {
  it.each([
    ['termeni-si-conditii', 'Termeni și condiții'],
    ['despre-anunturile-promovate', 'Despre anunțurile promovate'],
    ['taxi-radauti', 'Taxi Rădăuți'],
  ])('/static-page/%s renders its Markdown with its own title', async (name, title) => {
    const res = await get(`/static-page/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const html = await res.text();
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain(`<title>${title} | eRădăuți v3</title>`);
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:8787/static-page/${name}"/>`);
  });

  it('the taxi page recommends the real non-stop service, with no placeholder or editor note', async () => {
    const html = await (await get('/static-page/taxi-radauti')).text();
    expect(html).toContain('<table>');
    expect(html).toContain('href="tel:+40749977812"');
    expect(html).toContain('href="tel:+40766210240"');
    expect(html).toContain('href="https://wa.me/40766210240"');
    const text = textOf(html);
    expect(text).toContain('0749 977 812');
    expect(text).toContain('non-stop');
    expect(text).toMatch(/aeroport/);
    expect(text).not.toMatch(/exemplu|exemple|fictiv|content\/|\.md\b|0{3}/i);
    // Two short columns: the table fits a 320 px phone without scrolling sideways.
    expect((/<tr>[\s\S]*?<\/tr>/.exec(html)?.[0].match(/<th/g) ?? []).length).toBe(2);
  });

  it('sanitises the output: no scripts, no inline handlers', async () => {
    for (const name of ['termeni-si-conditii', 'despre-anunturile-promovate', 'taxi-radauti']) {
      const html = await (await get(`/static-page/${name}`)).text();
      const article = /<article[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';
      expect(article).not.toMatch(/<script|onerror=|onclick=|javascript:/i);
    }
  });

  it.each([
    '/static-page',
    '/static-page/',
    '/static-page/nu-exista',
    '/static-page/..%2Fpackage.json',
    '/static-page/..%2F..%2Fwrangler.toml',
    '/static-page/termeni-si-conditii.md',
    '/static-page/termeni-si-conditii/extra',
    '/static-page/__proto__',
    '/static-page/constructor',
    '/static-page/toString',
    '/static-page/%00',
    `/static-page/${'a'.repeat(2000)}`,
  ])('%s is 404', async (path) => {
    expect((await get(path)).status).toBe(404);
  });
});
