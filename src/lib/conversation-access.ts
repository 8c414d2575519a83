// Who may read and write a private conversation, as pure rules (the routes apply them):
// its two participants read it; operators read it only once it was reported; a participant writes
// unless banned, blocked, or the ad is gone or hidden.
import type { PostStatus } from '../db/schema';
import { shownStatus } from './post-status';

export interface AccessViewer {
  id: number;
  banned: boolean;
  isOperator: boolean;
}

export interface AccessConversation {
  buyerId: number;
  sellerId: number;
  blockedBy: number | null;
  reportedAt: number | null;
}

/** The ad as the conversation's writers see it. */
export type AdState = 'active' | 'closed' | 'hidden' | 'deleted';

export type ReadAccess = 'participant' | 'operator' | null;

export function readAccess(conversation: AccessConversation, viewer: AccessViewer | null): ReadAccess {
  if (!viewer) return null;
  if (viewer.id === conversation.buyerId || viewer.id === conversation.sellerId) return 'participant';
  if (viewer.isOperator && !viewer.banned && conversation.reportedAt !== null) return 'operator';
  return null;
}

export const REFUSALS = {
  banned: 'Contul dumneavoastră a fost suspendat: nu puteți trimite mesaje.',
  ownAd: 'Acesta este anunțul dumneavoastră: nu vă puteți trimite mesaje singur.',
  notParticipant: 'Nu participați la această conversație.',
  hidden: 'Anunțul nu mai este disponibil, așa că nu se mai pot trimite mesaje despre el.',
  deleted: 'Anunțul a fost șters, așa că nu se mai pot trimite mesaje despre el.',
  inactive: 'Anunțul nu mai este activ: puteți scrie doar despre anunțurile active.',
  blockedByOther: 'Această persoană nu mai primește mesaje de la dumneavoastră.',
  blockedByMe: 'Ați blocat această persoană. Deblocați-o ca să îi puteți scrie din nou.',
  otherDeleted: 'Această persoană și-a șters contul: nu îi mai puteți scrie.',
} as const;

export type Refusal = keyof typeof REFUSALS;

/** Why `viewer` may not write in this conversation (whose other side may have deleted their account), or null when they may. */
export function writeRefusal(
  conversation: AccessConversation,
  viewer: AccessViewer,
  ad: AdState,
  otherDeleted = false,
): Refusal | null {
  if (viewer.id !== conversation.buyerId && viewer.id !== conversation.sellerId) return 'notParticipant';
  if (viewer.banned) return 'banned';
  if (otherDeleted) return 'otherDeleted';
  if (conversation.blockedBy !== null)
    return conversation.blockedBy === viewer.id ? 'blockedByMe' : 'blockedByOther';
  if (ad === 'deleted') return 'deleted';
  if (ad === 'hidden') return 'hidden';
  return null;
}

/**
 * Why `viewer` may not open a conversation about an ad, or null when they may. `blockedBy`: who of
 * the two blocked the other, on any ad (a block is about the person), or null.
 */
export function startRefusal(
  viewer: AccessViewer,
  sellerId: number,
  ad: AdState,
  blockedBy: number | null = null,
): Refusal | null {
  if (viewer.banned) return 'banned';
  if (viewer.id === sellerId) return 'ownAd';
  if (blockedBy !== null) return blockedBy === viewer.id ? 'blockedByMe' : 'blockedByOther';
  if (ad === 'deleted') return 'deleted';
  if (ad === 'hidden') return 'hidden';
  if (ad === 'closed') return 'inactive';
  return null;
}

/** The HTTP status of a refusal. */
export function refusalStatus(refusal: Refusal): 403 | 404 | 409 {
  if (refusal === 'deleted') return 404;
  if (refusal === 'hidden' || refusal === 'inactive') return 409;
  return 403;
}

/** An ad's state for messages: visible and current, closed (sold, expired), hidden, or gone. */
export function adState(
  post: { status: string; expiresAt: number | null; authorBanned: boolean } | null,
  now: number,
): AdState {
  if (!post) return 'deleted';
  if (post.authorBanned) return 'hidden';
  const status = shownStatus({ status: post.status as PostStatus, expiresAt: post.expiresAt }, now);
  if (status === 'published') return 'active';
  if (status === 'sold' || status === 'expired') return 'closed';
  return 'hidden';
}

/** Whether anyone may see the ad: published, sold or expired, by an author who is not banned. */
export function isPublicAd(
  post: { status: string; expiresAt: number | null; authorBanned: boolean },
  now: number,
): boolean {
  const state = adState(post, now);
  return state === 'active' || state === 'closed';
}
