// D1's session bookmark as the browser carries it after a write, so the next pages that person opens
// are read from a replica at least as fresh as their own write. Pure: shape checks and comparison.

/** The HttpOnly cookie holding the bookmark of the person's last write. */
export const BOOKMARK_COOKIE = 'd1b';
/** Long enough for any replica to catch up; after that the person reads like everyone else. */
export const BOOKMARK_MAX_AGE_S = 90;

/**
 * D1 bookmarks are dash-separated groups of hex digits (`00000000-00000003-00000000-<hash>`).
 * Anything else (garbage, an old format, something made up) is ignored: D1 accepts any string
 * locally, and a replica must never be asked to wait for a position that does not exist.
 */
const SHAPE = /^[0-9a-f]{8}(?:-[0-9a-f]{8}){2}-[0-9a-f]{16,64}$/;

export function validBookmark(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.length <= 128 && SHAPE.test(value) ? value : null;
}

/**
 * Whether a Cookie header carries a valid bookmark (such a request wants fresh pages and skips the
 * page cache). A cookie of that name whose value is not a bookmark's shape counts as absent: anyone
 * can set one, and it would otherwise make every request of a flood bypass the cache.
 */
export function hasBookmarkCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const at = pair.indexOf('=');
    if (at < 0) return false;
    return pair.slice(0, at).trim() === BOOKMARK_COOKIE && validBookmark(pair.slice(at + 1).trim()) !== null;
  });
}

/** Whether bookmark `a` is at least as recent as `b` (their leading groups are positions in D1's log). */
export function bookmarkAtLeast(a: string, b: string): boolean {
  const pa = a.split('-');
  const pb = b.split('-');
  for (let i = 0; i < 3; i++) {
    const x = Number.parseInt(pa[i] ?? '0', 16);
    const y = Number.parseInt(pb[i] ?? '0', 16);
    if (x !== y) return x > y;
  }
  return true;
}
