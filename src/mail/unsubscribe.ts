// One-click unsubscribe: every non-transactional mail links to /dezabonare/<token>, a signed token
// naming the person, the kind of mail and optionally one thing of that kind (`ref`, e.g. one saved
// search). A POST there (what mail clients send for `List-Unsubscribe-Post`) turns it off without a
// session; a GET shows a page with a button. What "off" means for a `ref` is the kind's own hook.

import { setMailKind } from '../db/mail-prefs';
import { describeSavedSearchRef, pauseSavedSearchByMail } from '../db/saved-searches';
import type { Bindings, Db } from '../env';
import { absoluteUrl, route } from '../lib/links';
import { isMailKind, type MailKind } from '../lib/mail-kinds';
import { signToken, verifyToken } from '../lib/signed-token';

/** Unsubscribe links stay valid this long (a year: people find old mails). */
export const UNSUBSCRIBE_TTL_MS = 365 * 86_400_000;

export interface UnsubscribeTarget {
  userId: number;
  kind: MailKind;
  /** One thing of that kind (e.g. a saved search's id); absent: the whole kind. */
  ref?: string;
}

function secretOf(env: Pick<Bindings, 'SIGNING_SECRET'>): string {
  const secret = env.SIGNING_SECRET;
  if (!secret) throw new Error('SIGNING_SECRET is not set');
  return secret;
}

export async function unsubscribeToken(
  env: Pick<Bindings, 'SIGNING_SECRET'>,
  target: UnsubscribeTarget,
  now = Date.now(),
): Promise<string> {
  const payload: Record<string, unknown> = { p: 'unsub', u: target.userId, k: target.kind };
  if (target.ref !== undefined) payload.r = target.ref;
  return signToken(secretOf(env), payload, now + UNSUBSCRIBE_TTL_MS);
}

export async function unsubscribeUrl(
  env: Pick<Bindings, 'SIGNING_SECRET' | 'SITE_URL'>,
  userId: number,
  kind: MailKind,
  ref?: string,
  now = Date.now(),
): Promise<string> {
  const token = await unsubscribeToken(env, { userId, kind, ref }, now);
  return absoluteUrl(env.SITE_URL, route('unsubscribe', { token }));
}

/** The headers that let mail clients offer their own one-click "unsubscribe" (RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** What a genuine unsubscribe token says; null when tampered with, expired or not an unsubscribe token. */
export async function readUnsubscribeToken(
  env: Pick<Bindings, 'SIGNING_SECRET'>,
  token: string,
  now = Date.now(),
): Promise<UnsubscribeTarget | null> {
  if (!env.SIGNING_SECRET) return null;
  const payload = await verifyToken(env.SIGNING_SECRET, token, now);
  if (payload?.p !== 'unsub') return null;
  const { u, k, r } = payload;
  if (typeof u !== 'number' || !Number.isSafeInteger(u) || u <= 0 || !isMailKind(k)) return null;
  if (r !== undefined && typeof r !== 'string') return null;
  return { userId: u, kind: k, ...(r !== undefined ? { ref: r } : {}) };
}

/**
 * What unsubscribing one thing of a kind does (`ref` set): the kind registers its own, e.g. pausing
 * one saved search. It returns a short description of what was turned off for the page, or null when
 * that thing no longer exists (then nothing is changed). Kinds without a hook turn the whole kind off.
 * A kind adds its hook to this map (e.g. `'saved-search': pauseSavedSearchByMail`).
 */
export type UnsubscribeRefHook = (db: Db, userId: number, ref: string, now: number) => Promise<string | null>;

export const UNSUBSCRIBE_REF_HOOKS: Partial<Record<MailKind, UnsubscribeRefHook>> = {
  'saved-search': pauseSavedSearchByMail,
};

/** What the `ref` of a kind names, for the page before the click (the same words as its hook's). */
export const UNSUBSCRIBE_REF_NAMES: Partial<
  Record<MailKind, (db: Db, userId: number, ref: string) => Promise<string | null>>
> = {
  'saved-search': describeSavedSearchRef,
};

/** The one thing a stop link names (e.g. `căutarea salvată „Case Rădăuți”`), or null for a whole kind. */
export async function describeUnsubscribe(db: Db, target: UnsubscribeTarget): Promise<string | null> {
  const describe = target.ref !== undefined ? UNSUBSCRIBE_REF_NAMES[target.kind] : undefined;
  return describe && target.ref !== undefined ? describe(db, target.userId, target.ref) : null;
}

export interface UnsubscribeOutcome {
  kind: MailKind;
  /**
   * `kind`: the whole kind was turned off; `ref`: only the one thing (`what` describes it);
   * `gone`: the thing named no longer exists, nothing was changed.
   */
  scope: 'kind' | 'ref' | 'gone';
  what: string | null;
}

/** Applies an unsubscribe (idempotent): the thing named by `ref` through its kind's hook, else the whole kind. */
export async function applyUnsubscribe(
  db: Db,
  target: UnsubscribeTarget,
  now = Date.now(),
): Promise<UnsubscribeOutcome> {
  const hook = target.ref !== undefined ? UNSUBSCRIBE_REF_HOOKS[target.kind] : undefined;
  if (hook && target.ref !== undefined) {
    const what = await hook(db, target.userId, target.ref, now);
    return { kind: target.kind, scope: what === null ? 'gone' : 'ref', what };
  }
  await setMailKind(db, target.userId, target.kind, false, now);
  return { kind: target.kind, scope: 'kind', what: null };
}
