import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { isLocal } from '../../src/dev/routes';
import { DEMO_AUTHORS, demoAds } from '../../src/dev/seed-data';
import { LOCALITIES } from '../../src/lib/localities';
import { maskPhones } from '../../src/lib/phone';
import { ORIGIN } from '../fixtures';

const seed = () =>
  exports.default.fetch(
    new Request(`${ORIGIN}/__dev/seed`, {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: new FormData(),
    }),
  );

describe('demo data', () => {
  it('is deterministic and varied: ≥ 200 ads over every category, subcategory and many localities', () => {
    const now = Date.UTC(2026, 4, 1);
    const ads = demoAds(now);
    expect(demoAds(now)).toEqual(ads);
    expect(ads.length).toBeGreaterThanOrEqual(200);
    const subs = new Set(ads.map((a) => a.subcategoryId ?? a.categoryId));
    for (const id of [101, 102, 103, 104, 105, 201, 202, 203, 204, 301, 302, 4, 5, 6, 7, 8])
      expect(subs).toContain(id);
    expect(new Set(ads.map((a) => a.locality)).size).toBeGreaterThan(15);
    for (const a of ads) expect(LOCALITIES as readonly string[]).toContain(a.locality);
    expect(ads.some((a) => a.currency === 'EUR') && ads.some((a) => a.currency === 'RON')).toBe(true);
    for (const s of ['published', 'expired', 'sold'] as const)
      expect(ads.filter((a) => a.status === s).length).toBeGreaterThan(3);
    expect(ads.filter((a) => a.promotion > 0 && (a.promotedUntil ?? 0) > now).length).toBeGreaterThan(5);
    expect(ads.filter((a) => maskPhones(a.description) !== a.description).length).toBeGreaterThan(10);
    const lengths = ads.map((a) => a.description.length);
    expect(Math.max(...lengths)).toBeGreaterThan(2 * Math.min(...lengths));
  });

  it('has a dozen authors; the first three are two sellers and the operator', () => {
    expect(DEMO_AUTHORS.length).toBe(12);
    expect(DEMO_AUTHORS.slice(0, 3).map((a) => a.role)).toEqual(['user', 'user', 'operator']);
    for (const a of DEMO_AUTHORS) expect(a.email).toMatch(/@[a-z.]*example\.ro$/);
  });

  it('POST /__dev/seed fills an empty database once; a second call changes nothing', async () => {
    const first = await seed();
    expect(first.status).toBe(200);
    expect(await first.text()).toMatch(/date demo: 12 autori, \d{3} anunțuri/);
    const count = async () =>
      (await env.DB.prepare('SELECT count(*) AS n FROM posts').first<{ n: number }>())?.n ?? 0;
    const n = await count();
    expect(n).toBeGreaterThanOrEqual(200);
    const second = await seed();
    expect(await second.text()).toContain('existau deja');
    expect(await count()).toBe(n);
    const clerkIds = await env.DB.prepare(
      "SELECT clerk_id FROM users WHERE clerk_id LIKE 'user_demo_%' ORDER BY id",
    ).all<{ clerk_id: string }>();
    expect(clerkIds.results.slice(0, 3).map((r) => r.clerk_id)).toEqual([
      'user_demo_ion',
      'user_demo_maria',
      'user_demo_elena',
    ]);
    const masked = await env.DB.prepare(
      "SELECT count(*) AS n FROM posts WHERE search_text LIKE '%**********%'",
    ).first<{ n: number }>();
    expect(masked?.n).toBeGreaterThan(0);
  });

  it('after seeding, the category with most ads has a second page and ads render', async () => {
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/anunturi/imobiliare/pagina-2`, { headers: { accept: 'text/html' } }),
    );
    expect(res.status).toBe(200);
  });

  it('the seed endpoint exists only on a local site', () => {
    expect(isLocal({ ENVIRONMENT: 'development', SITE_URL: 'http://127.0.0.1:8787' })).toBe(true);
    expect(isLocal({ ENVIRONMENT: 'production', SITE_URL: 'http://127.0.0.1:8787' })).toBe(false);
    expect(isLocal({ ENVIRONMENT: 'development', SITE_URL: 'https://eradauti.ro' })).toBe(false);
  });
});
