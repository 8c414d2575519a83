// Every photo URL of the site is built here (docs/product.md#photos): pages, JSON-LD, sitemaps and redirects.
import type { Photo } from '../db/schema';
import { route } from '../lib/links';

/** What a URL needs from a photo. */
export type PhotoLike = Pick<Photo, 'id' | 'fileName'>;

/** Widths of the responsive variants, for `srcset` (docs/product.md#photos). */
export const RESPONSIVE_WIDTHS = [320, 640, 960, 1280] as const;
export type ResponsiveWidth = (typeof RESPONSIVE_WIDTHS)[number];
/** `/api/poze/responsive/…` without `w` serves this width. */
export const DEFAULT_RESPONSIVE_WIDTH: ResponsiveWidth = 640;
/** The full-size WebP is at most this wide. */
export const FULL_MAX_WIDTH = 1600;

/** The stored name with its extension changed to `.webp`: the full photo's file name. */
export function webpName(fileName: string): string {
  return `${fileName.replace(/\.[a-z0-9]+$/i, '')}.webp`;
}

/** The full-size WebP: `/api/poze/{id}/{fileName as .webp}`. */
export function photoUrl(photo: PhotoLike): string {
  return route('photo', { id: photo.id, fileName: webpName(photo.fileName) });
}

/** The responsive variant of the given width: `/api/poze/responsive/{id}/{fileName}?w=…`. */
export function responsiveUrl(photo: PhotoLike, width: ResponsiveWidth): string {
  return route('photoResponsive', { id: photo.id, fileName: photo.fileName }, { w: width });
}

/** `srcset` with every responsive width. */
export function photoSrcSet(photo: PhotoLike): string {
  return RESPONSIVE_WIDTHS.map((w) => `${responsiveUrl(photo, w)} ${w}w`).join(', ');
}
