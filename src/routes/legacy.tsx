// The old site's photo addresses (`/foto-radauti/…`), redirected to today's photo URLs.
import { Hono } from 'hono';
import { getServablePhoto } from '../db/photos';
import type { AppEnv } from '../env';
import { segmentsAfter } from '../http/browse-paths';
import { NotFound } from '../lib/errors';
import { parseId } from '../lib/ids';
import { route, routeBase, routePath } from '../lib/links';
import { photoUrl, responsiveUrl } from '../photos/urls';

export const legacyRoutes = new Hono<AppEnv>();

/**
 * The old site's photo URLs, `/foto-radauti/<size>-<photoId>-<anything>`: `large` goes to the full
 * WebP, any other size to the responsive variant (docs/product.md#photos). Anything else is 404.
 */
legacyRoutes.get(routePath('legacyPhoto'), async (c) => {
  const parsed = segmentsAfter(c.req.url, routeBase('legacyPhoto'));
  if (parsed?.segments.length !== 1) throw new NotFound();
  const m = /^([a-z0-9]{1,20})-([1-9]\d{0,9})-(.*)$/i.exec(parsed.segments[0]);
  if (!m) throw new NotFound();
  const id = parseId(m[2]);
  if (id === null) throw new NotFound();
  const servable = await getServablePhoto(c.get('db'), id);
  // The old addresses only ever led to public photos: a hidden ad's photo is missing here too.
  if (!servable?.isPublic) throw new NotFound();
  const { photo } = servable;
  const target = m[1].toLowerCase() === 'large' ? photoUrl(photo) : responsiveUrl(photo, 640);
  return c.redirect(target, 301);
});

/** The old site's JSON of the newest ads per category: gone for good, with a short text. */
legacyRoutes.get(routePath('legacyPostsApi'), (c) => {
  c.header('Cache-Control', 'public, max-age=86400');
  return c.text('Această adresă nu mai există. Anunțurile sunt pe https://eradauti.ro/anunturi.\n', 410);
});

/** The old site's logo addresses (shared on Facebook and in old e-mails): the logo of today. */
legacyRoutes.get(routePath('legacyLogoPng'), (c) => c.redirect(route('logo'), 301));
legacyRoutes.get(routePath('legacyLogoWebp'), (c) => c.redirect(route('logo'), 301));
