// Signed links in mails (unsubscribe, one-click renewal): `<payload>.<signature>`, both base64url.
// The payload is JSON with the expiry (`exp`, ms since the epoch) added; the signature is
// HMAC-SHA-256 of the encoded payload with the site's secret. A token whose signature does not match
// (tampered, or signed with another secret), that does not parse, or whose time is up verifies as null.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64UrlDecode(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
    const binary = atob(padded);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}

async function signature(secret: string, data: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(data)));
}

/** Equal bytes, compared in a time that does not depend on where they differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** A token carrying `payload` until `expiresAt` (ms). The secret must not be empty. */
export async function signToken(
  secret: string,
  payload: Record<string, unknown>,
  expiresAt: number,
): Promise<string> {
  if (!secret) throw new Error('signToken: SIGNING_SECRET is not set');
  const body = base64UrlEncode(encoder.encode(JSON.stringify({ ...payload, exp: expiresAt })));
  return `${body}.${base64UrlEncode(await signature(secret, body))}`;
}

/** The payload (with `exp`) of a genuine, unexpired token; null for anything else. */
export async function verifyToken<T extends Record<string, unknown> = Record<string, unknown>>(
  secret: string,
  token: string,
  now: number,
): Promise<(T & { exp: number }) | null> {
  if (!secret || typeof token !== 'string' || token.length > 2048) return null;
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) return null;
  const body = token.slice(0, dot);
  const given = base64UrlDecode(token.slice(dot + 1));
  if (!given) return null;
  if (!constantTimeEqual(given, await signature(secret, body))) return null;
  const raw = base64UrlDecode(body);
  if (!raw) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decoder.decode(raw));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const exp = (payload as { exp?: unknown }).exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= now) return null;
  return payload as T & { exp: number };
}
