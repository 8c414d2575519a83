// `/`: the home page (categories with counts, promoted ads, the newest ads).
import { Hono } from 'hono';
import { homeData } from '../db/posts';
import type { AppEnv } from '../env';
import { websiteJsonLd } from '../lib/json-ld';
import { route, routePath } from '../lib/links';
import { sharedDataMaxAgeMs } from '../page-cache';
import { HomePage } from '../pages/HomePage';

export const homeRoutes = new Hono<AppEnv>();

homeRoutes.get(routePath('home'), async (c) => {
  const data = await homeData(c.get('db'), Date.now(), {
    countsMaxAgeMs: sharedDataMaxAgeMs(c.env.PAGE_CACHE_SECONDS),
  });
  return c.render(<HomePage {...data} />, {
    title: 'Anunțuri din Rădăuți și județul Suceava',
    canonical: route('home'),
    islands: ['favourites'],
    jsonLd: [websiteJsonLd(c.env.SITE_URL)],
  });
});
