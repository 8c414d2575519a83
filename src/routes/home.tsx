// `/`: the home page (categories with counts, promoted ads, the newest ads).
import { Hono } from 'hono';
import { homeData } from '../db/posts';
import type { AppEnv } from '../env';
import { absoluteUrl, route } from '../lib/links';
import { sharedDataMaxAgeMs } from '../page-cache';
import { HomePage } from '../pages/HomePage';

export const homeRoutes = new Hono<AppEnv>();

homeRoutes.get('/', async (c) => {
  const data = await homeData(c.get('db'), Date.now(), {
    countsMaxAgeMs: sharedDataMaxAgeMs(c.env.PAGE_CACHE_SECONDS),
  });
  const siteUrl = c.env.SITE_URL;
  return c.render(<HomePage {...data} />, {
    title: 'Anunțuri din Rădăuți și județul Suceava',
    canonical: route('home'),
    islands: ['favourites'],
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'eRădăuți',
        url: absoluteUrl(siteUrl, route('home')),
        potentialAction: {
          '@type': 'SearchAction',
          target: `${absoluteUrl(siteUrl, route('search'))}?q={search_term_string}`,
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  });
});
