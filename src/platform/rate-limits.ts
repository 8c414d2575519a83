// Per-minute rate limits on Cloudflare's Rate Limiting binding (one binding per limited action,
// configured in wrangler.toml; docs/limits.md lists them). One function per action: a route calls
// it before the work it protects, and a refusal is thrown as a 429 with `Retry-After` and a
// Romanian message, rendered by app.onError as a page or as JSON.
//
// Keys: a client is its address (`CF-Connecting-IP`, which Cloudflare and `wrangler dev` always set;
// never the User-Agent or anything else a client chooses); a person is their account. A request
// without the header came from inside this machine's workerd (the test suite's in-process calls):
// outside production it has no client to count, in production it counts under one shared key.
// These limits are about speed only; the daily limits (10 new ads a day, one renewal a day) live in
// D1 with the writes they limit.
import type { Context } from 'hono';
import type { AppEnv, Bindings } from '../env';
import { wantsJson } from '../lib/accept';
import { clientIdentity } from '../lib/client-address';
import { TooManyRequests } from '../lib/errors';

/** Every limit's window, in seconds (the binding's `period`): what `Retry-After` says. */
export const LIMIT_PERIOD_SECONDS = 60;

type LimiterName =
  | 'CONTACT_LIMITER'
  | 'CONTACT_AD_LIMITER'
  | 'REPORT_LIMITER'
  | 'SIGN_IN_LIMITER'
  | 'UPLOAD_LIMITER'
  | 'NEW_POST_LIMITER'
  | 'SEARCH_LIMITER'
  | 'MESSAGE_LIMITER'
  | 'REPLY_LIMITER'
  | 'CONTACT_AD_CLIENT_LIMITER'
  | 'EXPORT_LIMITER'
  | 'DRAFT_LIMITER';

function isProduction(env: Bindings): boolean {
  return env.ENVIRONMENT === 'production' || /^https:/i.test(env.SITE_URL ?? '');
}

/** The client's rate-limit key (`ip:<address>`), or null for an in-process request outside production. */
export function clientKey(c: Context<AppEnv>): string | null {
  const address = c.req.header('cf-connecting-ip')?.trim();
  if (address) return `ip:${clientIdentity(address)}`;
  return isProduction(c.env) ? 'ip:unknown' : null;
}

/** True while `key` is under the limit of `name` (and counts this request); no key, no limit. */
async function allowed(c: Context<AppEnv>, name: LimiterName, key: string | null): Promise<boolean> {
  if (key === null) return true;
  const limiter = c.env[name];
  const { success } = await limiter.limit({ key });
  return success;
}

function refuse(message: string, suggestSignIn = false): never {
  throw new TooManyRequests(message, { retryAfter: LIMIT_PERIOD_SECONDS, suggestSignIn });
}

const WAIT = 'Vă rugăm să așteptați un minut și să încercați din nou.';

/**
 * Revealing a phone number: per person when signed in. Anonymously, three budgets in turn, each
 * counted only when the ones before it allowed the request: per client (10 numbers a minute), per
 * client and ad (2 a minute: asking again for the same number is no use), and per ad across all
 * anonymous clients (60 a minute). A few addresses can therefore spend at most 2 of the ad's 60 each:
 * emptying it takes 30 different addresses (IPv6: /64 networks) in one minute, and a visitor refused
 * then can sign in, which is never counted per ad (docs/limits.md#phone-numbers).
 */
export async function limitContactReveal(c: Context<AppEnv>, postId: number): Promise<void> {
  const user = c.get('user');
  if (user) {
    if (!(await allowed(c, 'CONTACT_LIMITER', `u:${user.id}`)))
      refuse(`Ați cerut prea multe numere de telefon într-un minut. ${WAIT}`);
    return;
  }
  const key = clientKey(c);
  const perClient = await allowed(c, 'CONTACT_LIMITER', key);
  const perClientAd =
    perClient && (await allowed(c, 'CONTACT_AD_CLIENT_LIMITER', key === null ? null : `ad:${postId}:${key}`));
  const perAd = perClientAd && (await allowed(c, 'CONTACT_AD_LIMITER', key === null ? null : `ad:${postId}`));
  if (!perClient || !perClientAd || !perAd)
    refuse(
      `Prea multe cereri pentru numere de telefon într-un minut. ${WAIT} Conectați-vă la cont pentru a vedea numerele fără această așteptare.`,
      true,
    );
}

/** Reporting ads: per client, whoever is signed in. */
export async function limitReport(c: Context<AppEnv>): Promise<void> {
  if (!(await allowed(c, 'REPORT_LIMITER', clientKey(c))))
    refuse(`Ați trimis prea multe raportări într-un minut. ${WAIT}`);
}

const SIGN_IN_REFUSAL = `Prea multe încercări de conectare într-un minut. ${WAIT}`;

/** Sign-in attempts (the local sign-in form, the return from Clerk): per client. */
export async function limitSignIn(c: Context<AppEnv>): Promise<void> {
  if (!(await allowed(c, 'SIGN_IN_LIMITER', clientKey(c)))) refuse(SIGN_IN_REFUSAL);
}

/**
 * The sign-in form's version of `limitSignIn`: null while allowed; else the message to show above
 * the form given back (429 with `Retry-After` set here). A request that prefers JSON gets the JSON
 * refusal instead.
 */
export async function signInRefusal(c: Context<AppEnv>): Promise<string | null> {
  if (await allowed(c, 'SIGN_IN_LIMITER', clientKey(c))) return null;
  if (prefersJson(c)) refuse(SIGN_IN_REFUSAL);
  c.header('Retry-After', String(LIMIT_PERIOD_SECONDS));
  return SIGN_IN_REFUSAL;
}

/** Whether the request asks for JSON rather than a page (as app.onError decides). */
export function prefersJson(c: Context<AppEnv>): boolean {
  return wantsJson(c.req.header('accept'), c.req.path);
}

const UPLOAD_REFUSAL = `Ați încărcat prea multe fotografii într-un minut. ${WAIT}`;

/** Photo uploads through the API (editor island): per person, one per photo, refused or not. */
export async function limitUpload(c: Context<AppEnv>, userId: number): Promise<void> {
  if (!(await allowed(c, 'UPLOAD_LIMITER', `u:${userId}`))) refuse(UPLOAD_REFUSAL);
}

/**
 * The same limit for photos sent with a form (the editor without JavaScript, the profile): null
 * while allowed; else the message to show by the photo field of the form given back, and
 * `Retry-After` is set (the route answers 429 when nothing else went wrong).
 */
export async function uploadRefusal(c: Context<AppEnv>, userId: number): Promise<string | null> {
  if (await allowed(c, 'UPLOAD_LIMITER', `u:${userId}`)) return null;
  c.header('Retry-After', String(LIMIT_PERIOD_SECONDS));
  return UPLOAD_REFUSAL;
}

/** Whether this person may publish a new ad now (false: too many this minute). */
export async function newPostAllowed(c: Context<AppEnv>, userId: number): Promise<boolean> {
  return allowed(c, 'NEW_POST_LIMITER', `u:${userId}`);
}

/** The message of a refused new ad (the editor shows it above the kept form). */
export const NEW_POST_REFUSAL = `Ați publicat prea multe anunțuri într-un minut. ${WAIT}`;

/** Searches rendered by the worker (answers from the edge cache are not counted): per client. */
export async function limitSearch(c: Context<AppEnv>): Promise<void> {
  if (!(await allowed(c, 'SEARCH_LIMITER', clientKey(c))))
    refuse(`Prea multe căutări într-un minut. ${WAIT}`);
}

/** Whether this person may open a new conversation now (false: too many this minute). */
export async function newConversationAllowed(c: Context<AppEnv>, userId: number): Promise<boolean> {
  return allowed(c, 'MESSAGE_LIMITER', `u:${userId}`);
}

/**
 * Whether this person may send a message now (first messages and replies alike; false: too many this
 * minute). The daily limit is counted in D1 (src/db/message-limits.ts).
 */
export async function messageAllowed(c: Context<AppEnv>, userId: number): Promise<boolean> {
  return allowed(c, 'REPLY_LIMITER', `u:${userId}`);
}

/** The message of a refused message (shown with the text kept, with `Retry-After`). */
export const MESSAGE_RATE_REFUSAL = `Ați trimis prea multe mesaje într-un minut. ${WAIT}`;

/** The message of a refused new conversation (shown above the kept message form, with `Retry-After`). */
export const NEW_CONVERSATION_REFUSAL = `Ați început prea multe conversații într-un minut. ${WAIT}`;

/** Downloading one's data (`/cont/date`, docs/privacy.md): a few a minute per person. */
export async function limitExport(c: Context<AppEnv>, userId: number): Promise<void> {
  if (!(await allowed(c, 'EXPORT_LIMITER', `u:${userId}`)))
    refuse(`Ați descărcat datele de prea multe ori într-un minut. ${WAIT}`);
}

/**
 * Keeping a first message typed before signing in (a D1 row per message, docs/messages.md#drafts):
 * per client. Over the limit the message is simply not kept; the sign-in goes on.
 */
export async function draftAllowed(c: Context<AppEnv>): Promise<boolean> {
  return allowed(c, 'DRAFT_LIMITER', clientKey(c));
}
