// How sessions are configured for this deployment, read from the environment on every request.
//
// Two modes (README "Conturi"):
// - Clerk: CLERK_PUBLISHABLE_KEY and CLERK_SECRET_KEY of a real instance. Sessions come from
//   Clerk's hosted components; CLERK_JWT_KEY (the instance's PEM public key) makes verification
//   networkless.
// - Local: LOCAL_SIGNING_KEY is set and the publishable key is absent or fake (its Frontend API host
//   ends in `.local`). `/clerk/sign-in` is then a plain form that mints RS256 session tokens with
//   LOCAL_SIGNING_KEY; CLERK_JWT_KEY is its public half, so the same Clerk middleware verifies them.
//   `npm start` writes both keys and a fake publishable key into `.dev.vars`; tests do the same.
import type { Bindings } from '../env';
import { clerkFrontendApi } from '../lib/csp';
import { isPublicHalfOf } from './tokens';

/** The Frontend API host of local mode when no (fake) publishable key is configured. */
export const LOCAL_CLERK_HOST = 'clerk.eradauti.local';

/** `pk_test_` + base64(`<host>$`): the shape Clerk's SDKs decode. */
export function fakePublishableKey(host: string): string {
  return `pk_test_${btoa(`${host}$`)}`;
}

/** PEMs stored on one line in `.dev.vars` carry literal `\n`. */
export function unescapePem(pem: string | undefined): string | undefined {
  if (!pem) return undefined;
  return pem.replace(/\\n/g, '\n').trim();
}

export interface SessionConfig {
  mode: 'clerk' | 'local' | 'none';
  publishableKey: string;
  secretKey: string;
  jwtKey?: string;
  /** Frontend API host, e.g. `clerk.eradauti.ro`. */
  frontendApi: string;
  /** `https://<frontendApi>`: the `iss` of every session token we accept. */
  issuer: string;
}

function isFakeHost(host: string | null): boolean {
  return !host || host.endsWith('.local');
}

/** The public site: `ENVIRONMENT=production` or an https `SITE_URL`. */
export function isProduction(env: Bindings): boolean {
  return env.ENVIRONMENT === 'production' || /^https:/i.test(env.SITE_URL ?? '');
}

/**
 * The session configuration of this request's environment. On the public site local mode does
 * not exist: without a real Clerk instance nobody is signed in.
 */
export function sessionConfig(env: Bindings): SessionConfig {
  const frontendApi = clerkFrontendApi(env.CLERK_PUBLISHABLE_KEY);
  const jwtKey = unescapePem(env.CLERK_JWT_KEY);
  if (!isFakeHost(frontendApi) && env.CLERK_SECRET_KEY && env.CLERK_PUBLISHABLE_KEY && frontendApi) {
    return {
      mode: 'clerk',
      publishableKey: env.CLERK_PUBLISHABLE_KEY,
      secretKey: env.CLERK_SECRET_KEY,
      jwtKey,
      frontendApi,
      issuer: `https://${frontendApi}`,
    };
  }
  const host = frontendApi ?? LOCAL_CLERK_HOST;
  return {
    mode: env.LOCAL_SIGNING_KEY && jwtKey && !isProduction(env) ? 'local' : 'none',
    publishableKey:
      env.CLERK_PUBLISHABLE_KEY && frontendApi ? env.CLERK_PUBLISHABLE_KEY : fakePublishableKey(host),
    secretKey: env.CLERK_SECRET_KEY || 'sk_test_local_only',
    jwtKey,
    frontendApi: host,
    issuer: `https://${host}`,
  };
}

let localKeyReported = false;

/**
 * The configuration sessions are verified with. On the public site the local signing key is never
 * trusted, even when present: its presence is logged as an error (once per isolate), and a
 * CLERK_JWT_KEY that is its public half verifies nothing (everybody is signed out).
 */
export function verificationConfig(env: Bindings): Promise<SessionConfig> {
  // Asked on every request; the same settings give the same answer, so the last one is kept
  // (docs/performance.md#per-request-cost).
  const inputs = [
    env.CLERK_PUBLISHABLE_KEY,
    env.CLERK_SECRET_KEY,
    env.CLERK_JWT_KEY,
    env.LOCAL_SIGNING_KEY,
    env.ENVIRONMENT,
    env.SITE_URL,
  ];
  if (lastVerification?.inputs.every((value, i) => value === inputs[i])) return lastVerification.config;
  const config = computeVerificationConfig(env);
  lastVerification = { inputs, config };
  return config;
}

let lastVerification: { inputs: (string | undefined)[]; config: Promise<SessionConfig> } | null = null;

async function computeVerificationConfig(env: Bindings): Promise<SessionConfig> {
  const config = sessionConfig(env);
  if (!env.LOCAL_SIGNING_KEY || !isProduction(env)) return config;
  if (!localKeyReported) {
    localKeyReported = true;
    console.error(
      'LOCAL_SIGNING_KEY is set on the public site: it is ignored, and sessions signed with it are refused. Remove it (wrangler secret delete LOCAL_SIGNING_KEY).',
    );
  }
  if (config.mode !== 'clerk') return { ...config, mode: 'none' };
  if (config.jwtKey && (await isPublicHalfOf(env.LOCAL_SIGNING_KEY, config.jwtKey)))
    return { ...config, mode: 'none' };
  return config;
}

/**
 * Why the local sign-in must not run here, or null when it may: never on an https site or in
 * production, whatever keys are present.
 */
export function localSignInRefusal(env: Bindings): string | null {
  if (isProduction(env))
    return 'Conectarea locală este doar pentru dezvoltare și nu funcționează pe site-ul public (https sau producție). Configurați cheile Clerk.';
  if (sessionConfig(env).mode !== 'local')
    return 'Conectarea locală nu este configurată: rulați `npm start` pentru a crea cheile din .dev.vars.';
  return null;
}

/** Identity-provider ids listed in OPERATOR_USER_IDS (comma-separated). */
export function operatorIds(env: Bindings): Set<string> {
  return new Set(
    (env.OPERATOR_USER_IDS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}
