// A first message typed by someone not signed in survives the sign-in (docs/messages.md#drafts):
// the POST keeps it in D1 under a random id held by an HttpOnly cookie scoped to /mesaje, and the
// first page of the ad's message box (or of the conversation) after sign-in fills it in. No
// JavaScript involved; the text never travels in an address.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { DRAFT_TTL_MS, keepDraft, takeDraft } from '../db/message-drafts';
import type { AppEnv } from '../env';
import { route } from '../lib/links';
import { parseMessageText } from '../lib/message-text';
import { base64UrlEncode } from '../lib/signed-token';
import { draftAllowed } from '../platform/rate-limits';

export const DRAFT_COOKIE = 'mesaj_ciorna';
const COOKIE_PATH = route('messages');
const DRAFT_ID = /^[A-Za-z0-9_-]{22}$/;

function secure(c: Context<AppEnv>): boolean {
  return new URL(c.req.url).protocol === 'https:';
}

function cookieId(c: Context<AppEnv>): string | null {
  const id = getCookie(c, DRAFT_COOKIE);
  return id && DRAFT_ID.test(id) ? id : null;
}

/** Keeps what an anonymous visitor typed about `postId` (nothing when it is empty or the client keeps too many). */
export async function keepTypedMessage(c: Context<AppEnv>, postId: number, raw: unknown): Promise<void> {
  const parsed = parseMessageText(raw);
  if (!parsed.ok) return;
  if (!(await draftAllowed(c))) return;
  const id = base64UrlEncode(crypto.getRandomValues(new Uint8Array(16)));
  await keepDraft(c.get('db'), { id, postId, body: parsed.text, now: Date.now(), previousId: cookieId(c) });
  setCookie(c, DRAFT_COOKIE, id, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    maxAge: DRAFT_TTL_MS / 1000,
  });
}

/** The message this browser kept about `postId` before signing in, handed out once; null when none. */
export async function takeTypedMessage(c: Context<AppEnv>, postId: number): Promise<string | null> {
  const id = cookieId(c);
  if (!id) return null;
  const text = await takeDraft(c.get('db'), id, postId, Date.now());
  if (text !== null) deleteCookie(c, DRAFT_COOKIE, { path: COOKIE_PATH, secure: secure(c) });
  return text;
}
