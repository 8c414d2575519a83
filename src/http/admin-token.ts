// Machine-to-machine routes under `/__admin` (the importer, backups): no browser and no session, a
// bearer token instead. The token is the `ADMIN_API_TOKEN` secret (`.dev.vars` locally, made by
// `npm start`; `wrangler secret put ADMIN_API_TOKEN` in production). See docs/move-in.md#admin-token.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Bindings } from '../env';

/** A secret shorter than this is treated as absent: a guessable token must never open the area. */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

export const ADMIN_TOKEN_MISSING_SECRET =
  'Zona de administrare este închisă: secretul ADMIN_API_TOKEN nu este configurat pe acest site.';
export const ADMIN_TOKEN_REFUSAL = 'Cheia de administrare lipsește sau nu este corectă.';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

/** The configured secret, or null when absent or too short to be one. */
export function adminSecret(env: Pick<Bindings, 'ADMIN_API_TOKEN'>): string | null {
  const secret = env.ADMIN_API_TOKEN?.trim();
  return secret && secret.length >= ADMIN_TOKEN_MIN_LENGTH ? secret : null;
}

async function sha256(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
}

/**
 * Compares two strings in constant time whatever their lengths: both are hashed first, so the
 * comparison always runs over 32 bytes and the time says nothing about a common prefix or the length.
 */
export async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const [x, y] = (await Promise.all([sha256(a), sha256(b)])).map((d) => new Uint8Array(d));
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}

/** Whether the request carries the configured admin token (false when no secret is configured). */
export async function hasValidAdminToken(
  headers: Headers,
  env: Pick<Bindings, 'ADMIN_API_TOKEN'>,
): Promise<boolean> {
  const secret = adminSecret(env);
  const token = bearerToken(headers.get('authorization'));
  if (!secret || token === null) return false;
  return constantTimeEqual(token, secret);
}

/**
 * Guards machine-to-machine routes: 403 when the site has no secret (the area is closed), 401 with
 * `WWW-Authenticate: Bearer` when the token is missing or wrong. Answers are JSON and never cached.
 */
export const requireAdminToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  if (!adminSecret(c.env)) return c.json({ error: ADMIN_TOKEN_MISSING_SECRET }, 403);
  if (!(await hasValidAdminToken(c.req.raw.headers, c.env))) {
    c.header('WWW-Authenticate', 'Bearer realm="eradauti-admin"');
    return c.json({ error: ADMIN_TOKEN_REFUSAL }, 401);
  }
  await next();
};
