// The one-click renewal link of expiry reminders: a signed token naming the owner, the ad and the
// expiry date the mail was about, valid RENEW_LINK_TTL_MS and usable once (its id `j` is recorded in
// D1 when used). It opens a confirmation page; only that page's POST renews.
import type { Bindings } from '../env';
import { absoluteUrl, route } from '../lib/links';
import { base64UrlEncode, signToken, verifyToken } from '../lib/signed-token';

export const RENEW_LINK_TTL_MS = 7 * 86_400_000;

export interface RenewClaim {
  /** The token's own id (single use). */
  id: string;
  userId: number;
  postId: number;
  /** The ad's expiry date when the mail was written. */
  expiresAt: number;
}

export type RenewTokenCheck =
  | { ok: true; claim: RenewClaim; validUntil: number }
  | { ok: false; reason: 'invalid' | 'expired' };

export async function renewToken(
  env: Pick<Bindings, 'SIGNING_SECRET'>,
  claim: Omit<RenewClaim, 'id'>,
  now = Date.now(),
): Promise<string> {
  if (!env.SIGNING_SECRET) throw new Error('SIGNING_SECRET is not set');
  const id = base64UrlEncode(crypto.getRandomValues(new Uint8Array(12)));
  return signToken(
    env.SIGNING_SECRET,
    { p: 'renew', j: id, u: claim.userId, i: claim.postId, e: claim.expiresAt },
    now + RENEW_LINK_TTL_MS,
  );
}

export async function renewUrl(
  env: Pick<Bindings, 'SIGNING_SECRET' | 'SITE_URL'>,
  claim: Omit<RenewClaim, 'id'>,
  now = Date.now(),
): Promise<string> {
  return absoluteUrl(env.SITE_URL, route('renewByMail', { token: await renewToken(env, claim, now) }));
}

/** Whether a token is a genuine renewal link, and if not whether it is only out of time. */
export async function checkRenewToken(
  env: Pick<Bindings, 'SIGNING_SECRET'>,
  token: string,
  now = Date.now(),
): Promise<RenewTokenCheck> {
  if (!env.SIGNING_SECRET) return { ok: false, reason: 'invalid' };
  // The signature first (at the epoch every expiry is ahead), then the time.
  const payload = await verifyToken(env.SIGNING_SECRET, token, 0);
  if (payload?.p !== 'renew') return { ok: false, reason: 'invalid' };
  const { j, u, i, e, exp } = payload;
  if (typeof j !== 'string' || !isId(u) || !isId(i) || typeof e !== 'number')
    return { ok: false, reason: 'invalid' };
  if (exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claim: { id: j, userId: u, postId: i, expiresAt: e }, validUntil: exp };
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}
