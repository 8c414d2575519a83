import { describe, expect, it } from 'vitest';
import { get, textOf } from '../fixtures';

describe('page shell: head, header, footer, overlay', () => {
  it('renders the Romanian shell with the default title, description and metadata', async () => {
    const res = await get('/cautare');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="ro">');
    expect(html).toMatch(/<title>[^<]+ \| eRădăuți v3<\/title>/);
    expect(html).toContain('<meta property="og:locale" content="ro_RO"/>');
    expect(html).toContain('<meta property="og:image" content="http://127.0.0.1:8787/logo-200.png"/>');
    expect(html).toContain('<meta property="og:image:width" content="200"/>');
    expect(html).toContain('<meta property="og:image:height" content="200"/>');
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1:8787/cautare"/>');
  });

  it('has the header: logo home, the prominent publish link and the Cont fallback', async () => {
    const html = await (await get('/cautare')).text();
    expect(html).toMatch(/<a class="logo" href="\/"/);
    expect(html).toContain('href="/posts/new">Publică anunț</a>');
    expect(html).toMatch(/id="account-menu"[\s\S]*?<span>Cont<\/span>/);
  });

  it('has the footer links with the exact texts and the copyright year', async () => {
    const html = await (await get('/cautare')).text();
    expect(html).toContain('<a href="/posts/new">Publică un anunț</a>');
    expect(html).toContain('<a href="/cautare">Căutare</a>');
    expect(html).toContain('<a href="/static-page/termeni-si-conditii">Termeni și condiții</a>');
    expect(html).toContain('<a href="/static-page/despre-anunturile-promovate">Anunțuri promovate</a>');
    expect(html).toContain('<a href="/static-page/taxi-radauti">Taxi Rădăuți</a>');
    expect(textOf(html)).toContain(`© ${new Date().getUTCFullYear()} eRădăuți`);
  });

  it('loads only our own hashed scripts and has the hidden overlay with "Un moment..."', async () => {
    const html = await (await get('/cautare')).text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect(src).toMatch(/^\/build\/[a-z-]+-[A-Z0-9]+\.js$/);
    expect(html).toMatch(/<div id="overlay" class="overlay" hidden="">[\s\S]*Un moment\.\.\./);
  });

  it('sends security headers: CSP with only our scripts, nosniff, no framing, strict referrer', async () => {
    const res = await get('/cautare');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lets public pages be cached briefly', async () => {
    const res = await get('/cautare');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
  });
});

describe('error catalogue: 401, 403, 404 and other errors', () => {
  it.each(['/posts/new', '/profile/edit', '/posts/edit/1'])(
    'answers 401 with the info icon, "Trebuie să vă conectați" and a Conectare button on %s',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(401);
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      const html = await res.text();
      expect(html).toContain('error-box--info');
      expect(html).toContain('Trebuie să vă conectați');
      expect(html).toMatch(
        new RegExp(
          `<a class="btn btn--primary" href="/auth/login\\?redirect_url=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">Conectare</a>`,
        ),
      );
    },
  );

  it('answers 404 with a helpful Romanian page for /404 and unknown paths', async () => {
    for (const path of ['/404', '/nu-exista', '/a/b/c/d']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      const text = textOf(await res.text());
      expect(text).toContain('Pagina nu a fost găsită');
      expect(text).toContain('Prima pagină');
    }
  });

  it('answers JSON errors to API calls', async () => {
    const res = await get('/api/nimic', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
  });
});

describe('CSRF (unsafe methods from another site)', () => {
  it('refuses a form posted from another origin with 403 Acces refuzat, not a 500', async () => {
    const res = await get('/posts/new', {
      method: 'POST',
      body: new URLSearchParams({ title: 'x' }),
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Acces refuzat');
  });
});

describe('malformed form bodies', () => {
  it('answers a broken multipart body with 400 and a Romanian message, not a 500', async () => {
    const res = await get('/clerk/sign-in', {
      method: 'POST',
      body: '--xyz\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--xyz--\r\n',
      headers: { origin: 'http://127.0.0.1:8787', 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Formularul trimis nu a putut fi citit');
  });
});
