// What state an ad is in, in words, and which of the owner's actions apply now (and why not): one pure
// rule used by the ad page, the editor, "Anunțurile mele" and the lifecycle routes.
import type { PostStatus } from '../db/schema';
import { DAY_MS, formatDate } from './dates';

/** What an ad is called to someone who may not see it (or when it no longer exists): the same always. */
export const UNAVAILABLE_AD = 'Anunț indisponibil';

/** A renewal (or republishing) raises an ad to the top at most once per this interval. */
export const RENEW_INTERVAL_MS = DAY_MS;

export type LifecycleAction = 'publish' | 'renew' | 'sold' | 'unpublish';

/** Each owner action by the word its address ends in (`/posts/edit/<id>/<word>`). */
export const ACTION_WORDS = {
  publica: 'publish',
  reinnoieste: 'renew',
  vandut: 'sold',
  retrage: 'unpublish',
} as const satisfies Record<string, LifecycleAction>;

/** The states each owner action starts from (an operator's `hidden` and the automatic `held` none). */
export const LIFECYCLE_FROM: Record<LifecycleAction, readonly PostStatus[]> = {
  publish: ['draft', 'sold'],
  renew: ['published', 'expired'],
  sold: ['published', 'expired'],
  unpublish: ['published', 'expired', 'sold'],
};

export interface StatusPost {
  status: PostStatus;
  expiresAt: number | null;
  bumpedAt: number | null;
  /** The operator's reason, when hidden. */
  hiddenReason?: string | null;
  /** When the author changed the ad after it was hidden (it waits for an operator again). */
  hiddenEditedAt?: number | null;
  /** When the ad was last renewed (null: never, it runs on its first publication). */
  renewedAt?: number | null;
}

/** The status as people see it: a published ad past its expiry is expired even before the daily job. */
export function shownStatus(post: Pick<StatusPost, 'status' | 'expiresAt'>, now: number): PostStatus {
  return post.status === 'published' && post.expiresAt !== null && post.expiresAt <= now
    ? 'expired'
    : post.status;
}

export function isExpired(post: Pick<StatusPost, 'status' | 'expiresAt'>, now: number): boolean {
  return shownStatus(post, now) === 'expired';
}

export const STATUS_NAMES: Record<PostStatus, string> = {
  draft: 'Ciornă (nepublicat)',
  published: 'Publicat',
  expired: 'Expirat',
  sold: 'Vândut',
  hidden: 'Ascuns de un operator',
  held: 'În verificare',
  deleted: 'Șters',
};

/** What goes with the status name: its date, or the operator's reason (null when nothing). */
export function statusDetail(post: StatusPost, now: number): string | null {
  switch (shownStatus(post, now)) {
    case 'published':
      return post.expiresAt ? `expiră pe ${formatDate(post.expiresAt)}` : null;
    case 'expired':
      return post.expiresAt ? `a expirat pe ${formatDate(post.expiresAt)}` : null;
    case 'hidden':
      return post.hiddenReason ? `motivul: ${post.hiddenReason}` : null;
    default:
      return null;
  }
}

/** The status in one line, with its date: "Publicat · expiră pe 12 decembrie 2026". */
export function statusLine(post: StatusPost, now: number): string {
  const detail = statusDetail(post, now);
  const name = STATUS_NAMES[shownStatus(post, now)];
  return detail ? `${name} · ${detail}` : name;
}

/** What the author is shown of an ad's status: its name, its CSS modifier, its date or reason, advice. */
export function statusSummary(post: StatusPost, now: number) {
  const status = shownStatus(post, now);
  return {
    status,
    name: STATUS_NAMES[status],
    className: `status--${status}`,
    detail: statusDetail(post, now),
    advice: statusAdvice(post, now),
  };
}

/** The dates line of a row of "Anunțurile mele": when it expires or expired, else when it last changed. */
export function myPostDates(
  post: Pick<StatusPost, 'status' | 'expiresAt'> & { updatedAt: number },
  now: number,
): string {
  const status = shownStatus(post, now);
  if (status === 'published' && post.expiresAt) return `Expiră pe ${formatDate(post.expiresAt)}`;
  if (status === 'expired' && post.expiresAt) return `A expirat pe ${formatDate(post.expiresAt)}`;
  return `Modificat pe ${formatDate(post.updatedAt)}`;
}

/** The notice above an ad on its page: null for an ad on show, else the state it is in. */
export type AdPageNotice = Exclude<PostStatus, 'published'> | null;

/**
 * What the ad page says of an ad and whether the public may see it: published, expired and sold ads
 * are public (an expired or sold one with its notice); drafts, held and hidden ads, and every ad of a
 * banned author, only to the author and the operators.
 */
export function adPageStatus(
  post: Pick<StatusPost, 'status' | 'expiresAt'>,
  authorBanned: boolean,
  now: number,
): { notice: AdPageNotice; isPublic: boolean } {
  if (authorBanned) return { notice: 'hidden', isPublic: false };
  const status = shownStatus(post, now);
  switch (status) {
    case 'published':
      return { notice: null, isPublic: true };
    case 'expired':
    case 'sold':
      return { notice: status, isPublic: true };
    case 'draft':
    case 'held':
    case 'deleted':
      return { notice: status, isPublic: false };
    default:
      return { notice: 'hidden', isPublic: false };
  }
}

/** What the author should know or do, beyond the status itself (null when nothing). */
export function statusAdvice(post: StatusPost, now: number): string | null {
  switch (shownStatus(post, now)) {
    case 'expired':
      return 'Anunțul nu mai apare în listări. Reînnoiți-l pentru încă 30 de zile.';
    case 'sold':
      return 'Anunțul nu mai apare în listări. Dacă nu s-a vândut, îl puteți publica din nou.';
    case 'hidden':
      return post.hiddenEditedAt
        ? 'Ați modificat anunțul după ce a fost ascuns; un operator îl va verifica din nou.'
        : 'Doar dumneavoastră și operatorii îl vedeți. Corectați anunțul (butonul Editează): după salvare, un operator îl verifică din nou.';
    case 'held':
      return 'Anunțul a fost raportat de mai mulți vizitatori și așteaptă verificarea unui operator. Până atunci nu apare în listări.';
    case 'draft':
      return 'Anunțul nu este publicat: doar dumneavoastră îl vedeți.';
    default:
      return null;
  }
}

export interface Choice {
  allowed: boolean;
  /** Why not (shown instead of the button), when there is something to say. */
  why?: string;
}

export interface OwnerChoices {
  edit: Choice;
  renew: Choice;
  sold: Choice;
  /** Publishing again a draft or a sold ad. */
  republish: Choice;
  unpublish: Choice;
  remove: Choice;
}

export interface Viewer {
  banned: boolean;
}

const NO: Choice = { allowed: false };

/** When a renewal is possible again, or null when it is possible now. */
export function renewAvailableAt(post: Pick<StatusPost, 'bumpedAt'>, now: number): number | null {
  if (!post.bumpedAt || post.bumpedAt <= now - RENEW_INTERVAL_MS) return null;
  return post.bumpedAt + RENEW_INTERVAL_MS;
}

/** Whether the lifecycle action may run on an ad in this state now (the routes' own check). */
export function canApply(post: StatusPost, action: LifecycleAction, now: number): boolean {
  if (!LIFECYCLE_FROM[action].includes(post.status)) return false;
  if (action === 'renew') return renewAvailableAt(post, now) === null;
  return true;
}

/** The author's (or an operator's, acting for them) actions on one ad, each allowed or why not. */
export function ownerChoices(post: StatusPost, viewer: Viewer, now: number): OwnerChoices {
  if (viewer.banned) {
    const why: Choice = { allowed: false, why: 'Contul dumneavoastră a fost suspendat.' };
    return { edit: why, renew: NO, sold: NO, republish: NO, unpublish: NO, remove: NO };
  }
  const status = post.status;
  const yes: Choice = { allowed: true };
  const base = { edit: yes, remove: yes };
  if (status === 'hidden' || status === 'held') {
    return { ...base, renew: NO, sold: NO, republish: NO, unpublish: NO };
  }
  let renew: Choice = NO;
  if (LIFECYCLE_FROM.renew.includes(status)) {
    const at = renewAvailableAt(post, now);
    // A freshly published ad, never renewed, has its whole lifetime ahead: no word about renewing.
    renew =
      at === null
        ? yes
        : !post.renewedAt
          ? NO
          : {
              allowed: false,
              why: `Un anunț se poate reînnoi o dată pe zi: din nou după ${formatDate(at, 'longTime')}.`,
            };
  }
  return {
    ...base,
    renew,
    sold: LIFECYCLE_FROM.sold.includes(status) ? yes : NO,
    republish: LIFECYCLE_FROM.publish.includes(status) ? yes : NO,
    unpublish: LIFECYCLE_FROM.unpublish.includes(status) ? yes : NO,
  };
}
