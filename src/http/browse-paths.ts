// Parsing of the public browse URLs. Anything unexpected (encoded slashes, control characters,
// absurd lengths or numbers) parses to null, which the routes answer with 404: never a 500.

import { MAX_ID, parseId } from '../lib/ids';

/** Longer paths than this are not ours. */
export const MAX_PATH_LENGTH = 512;

/**
 * The decoded path segments after `prefix` (`/anunturi`), or null when the path is hostile or not
 * under the prefix. `trailingSlash` tells whether the path ended in `/` (redirected away by routes).
 */
export function segmentsAfter(
  url: string,
  prefix: string,
): { segments: string[]; trailingSlash: boolean } | null {
  const pathname = new URL(url).pathname;
  if (pathname.length > MAX_PATH_LENGTH) return null;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return null;
  const rest = pathname.slice(prefix.length);
  const raw = rest.split('/').slice(1);
  const trailingSlash = raw.length > 0 && raw[raw.length - 1] === '';
  if (trailingSlash) raw.pop();
  const segments: string[] = [];
  for (const part of raw) {
    if (part === '') return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    // An encoded slash or backslash, dot segments, control characters: not a path of ours.
    if (/[/\\]/.test(decoded) || decoded === '.' || decoded === '..') return null;
    if ([...decoded].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
    segments.push(decoded);
  }
  return { segments, trailingSlash };
}

/** `pagina-<n>` → n (1 included, so the route can redirect it); anything else null. */
export function parsePageSegment(segment: string | undefined): number | null {
  const m = segment ? /^pagina-([1-9]\d{0,8})$/.exec(segment) : null;
  if (!m) return null;
  const n = Number(m[1]);
  return n <= MAX_ID ? n : null;
}

/** `<slug>-<id>` or `<id>` → both parts; null when there is no valid numeric id. */
export function parseSlugId(segment: string | undefined): { slug: string; id: number } | null {
  const m = segment ? /^(?:(.*)-)?([1-9]\d{0,9})$/.exec(segment) : null;
  const id = m ? parseId(m[2]) : null;
  return m && id !== null ? { slug: m[1] ?? '', id } : null;
}

/** A plain slug segment (lower-case ASCII letters, digits and hyphens). */
export function isSlug(segment: string | undefined): segment is string {
  return !!segment && segment.length <= 120 && /^[a-z0-9|-]+$/.test(segment);
}
