// The account menu's copy of each signed-in person (docs/performance.md#the-account-menus-copy).
//
// `GET /api/cont` is asked by every page a signed-in person opens (the menu is filled in the browser),
// and in the local runtime one D1 call, even `SELECT 1`, costs more than the rest of the request. So
// each time this isolate reads a person from D1 (any signed-in request) it keeps what the menu shows
// for `MENU_COPY_MS`, and a menu request may answer from that copy. The rule, in one place:
// - only `GET /api/cont` reads a copy: every action, page, owner control and console check reads the
//   person, their ban and their role from D1;
// - never for a request carrying the bookmark cookie: the person's own writes (any write, including the
//   GETs that write: reading a conversation, coming back from sign-in) hand out that cookie for 90 s,
//   longer than a copy lives, so the menu is never older than the person's own last write;
// - what it may miss is what someone else changed in the last `MENU_COPY_MS` (a new message, an
//   operator's ban or role): the menu shows it at most that much later, the refusal is at once.
// A cache of this isolate only: nothing relies on it holding, and another isolate simply reads D1.
import type { SessionUser } from '../db/users';

/** How long a copy of what the menu shows may answer the menu. */
export const MENU_COPY_MS = 10_000;
/** Copies kept by one isolate; the oldest goes first. */
const MAX_COPIES = 1000;

const copies = new Map<string, { found: SessionUser; until: number }>();

/** Keeps what D1 just said of `clerkId` (null: no such person any more, and the copy goes). */
export function keepMenuCopy(clerkId: string, found: SessionUser | null, now = Date.now()): void {
  copies.delete(clerkId);
  if (!found) return;
  while (copies.size >= MAX_COPIES) {
    const oldest = copies.keys().next().value;
    if (oldest === undefined) break;
    copies.delete(oldest);
  }
  copies.set(clerkId, { found, until: now + MENU_COPY_MS });
}

/**
 * Forgets the copy of `clerkId` kept by this isolate (the account is being deleted): the menu asked
 * next, here, reads D1. Another isolate's copy ages out within MENU_COPY_MS, and shows only the menu.
 */
export function forgetMenuCopy(clerkId: string): void {
  copies.delete(clerkId);
}

/** The copy of `clerkId` the menu may answer from, or null when there is none young enough. */
export function menuCopy(clerkId: string, now = Date.now()): SessionUser | null {
  const hit = copies.get(clerkId);
  if (!hit) return null;
  if (hit.until <= now) {
    copies.delete(clerkId);
    return null;
  }
  return hit.found;
}
