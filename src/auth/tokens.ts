// Session tokens minted inside the worker for the local sign-in (and the tests): RS256 JWTs with
// the claims Clerk's session tokens carry, signed by LOCAL_SIGNING_KEY with WebCrypto. They are
// checked by the same Clerk middleware as real sessions, against CLERK_JWT_KEY.

/** Local sessions last a working day and a bit: an expired one would mean signing in again. */
export const LOCAL_SESSION_SECONDS = 12 * 60 * 60;

export function base64url(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function pemBody(pem: string): Uint8Array<ArrayBuffer> {
  const b64 = pem
    .replace(/\\n/g, '\n')
    .replace(/-----[A-Z ]+-----/g, '')
    .replace(/\s+/g, '');
  const binary = atob(b64);
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

const keyCache = new Map<string, Promise<CryptoKey>>();

/** Imports a PKCS#8 PEM private key for RS256 signing (cached per isolate). */
export function importSigningKey(pkcs8Pem: string): Promise<CryptoKey> {
  let key = keyCache.get(pkcs8Pem);
  if (!key) {
    key = crypto.subtle.importKey(
      'pkcs8',
      pemBody(pkcs8Pem),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    key.catch(() => keyCache.delete(pkcs8Pem));
    keyCache.set(pkcs8Pem, key);
  }
  return key;
}

/** Signs `claims` as an RS256 JWT. */
export async function signRs256(
  pkcs8Pem: string,
  claims: Record<string, unknown>,
  kid = 'local',
): Promise<string> {
  const key = await importSigningKey(pkcs8Pem);
  const input = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${base64url(JSON.stringify(claims))}`;
  const signature = new Uint8Array(
    await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(input)),
  );
  return `${input}.${base64url(signature)}`;
}

export interface LocalSessionInput {
  clerkId: string;
  issuer: string;
  /** The site's origin (Clerk's `azp`: the party the token was issued to). */
  authorizedParty?: string;
  email?: string | null;
  name?: string | null;
  /** Seconds since the epoch; default now. */
  now?: number;
  lifetimeSeconds?: number;
}

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/** The RSA modulus of a PKCS#8 private key or an SPKI public key (PEM), or null if unreadable. */
async function modulusOf(pem: string, format: 'pkcs8' | 'spki'): Promise<string | null> {
  try {
    const key = await crypto.subtle.importKey(format, pemBody(pem), RSA, true, [
      format === 'pkcs8' ? 'sign' : 'verify',
    ]);
    const jwk = (await crypto.subtle.exportKey('jwk', key)) as JsonWebKey;
    return jwk.n ?? null;
  } catch {
    return null;
  }
}

const halves = new Map<string, Promise<boolean>>();

/** Whether `publicPem` is the public half of the private key `privatePem` (cached per isolate). */
export function isPublicHalfOf(privatePem: string, publicPem: string): Promise<boolean> {
  const cacheKey = `${privatePem}|${publicPem}`;
  let answer = halves.get(cacheKey);
  if (!answer) {
    answer = Promise.all([modulusOf(privatePem, 'pkcs8'), modulusOf(publicPem, 'spki')]).then(
      ([a, b]) => a !== null && a === b,
    );
    halves.set(cacheKey, answer);
  }
  return answer;
}

/** A Clerk-shaped session token for a local sign-in. */
export async function mintLocalSession(
  signingKey: string,
  input: LocalSessionInput,
): Promise<{ token: string; iat: number; exp: number }> {
  const iat = input.now ?? Math.floor(Date.now() / 1000);
  const exp = iat + (input.lifetimeSeconds ?? LOCAL_SESSION_SECONDS);
  const claims: Record<string, unknown> = {
    iss: input.issuer,
    sub: input.clerkId,
    sid: `sess_local_${crypto.randomUUID().replace(/-/g, '')}`,
    iat,
    nbf: iat - 5,
    exp,
    v: 2,
  };
  if (input.authorizedParty) claims.azp = input.authorizedParty;
  if (input.email) claims.email = input.email;
  if (input.name) claims.name = input.name;
  return { token: await signRs256(signingKey, claims), iat, exp };
}

/** Names of the cookies a session consists of (Clerk's). */
export const SESSION_COOKIE = '__session';
export const CLIENT_UAT_COOKIE = '__client_uat';
export const DEV_BROWSER_COOKIE = '__clerk_db_jwt';
