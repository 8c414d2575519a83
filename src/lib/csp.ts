/** Hosts the page may load scripts from besides itself: Clerk's Frontend API and analytics, when configured. */
export function scriptHosts(env: {
  CLERK_PUBLISHABLE_KEY?: string;
  ANALYTICS_SCRIPT_URL?: string;
}): string[] {
  const hosts: string[] = [];
  const frontendApi = clerkFrontendApi(env.CLERK_PUBLISHABLE_KEY);
  if (frontendApi) hosts.push(`https://${frontendApi}`);
  if (env.ANALYTICS_SCRIPT_URL) {
    try {
      hosts.push(new URL(env.ANALYTICS_SCRIPT_URL).origin);
    } catch {
      // a malformed setting adds nothing
    }
  }
  return hosts;
}

/** The Frontend API host encoded in a Clerk publishable key (`pk_test_<base64(host$)>`), or null. */
export function clerkFrontendApi(publishableKey: string | undefined): string | null {
  if (!publishableKey) return null;
  const match = /^pk_(?:test|live)_(.+)$/.exec(publishableKey);
  if (!match) return null;
  try {
    const decoded = atob(match[1]);
    return decoded.endsWith('$') && /^[a-z0-9.-]+$/i.test(decoded.slice(0, -1)) ? decoded.slice(0, -1) : null;
  } catch {
    return null;
  }
}

/** Where Clerk's bot protection (Cloudflare Turnstile) comes from. */
export const CLERK_BOT_PROTECTION_ORIGIN = 'https://challenges.cloudflare.com';

/** Our own scripts only (plus Clerk's and analytics when configured); no inline scripts, no framing. */
export function contentSecurityPolicy(env: {
  CLERK_PUBLISHABLE_KEY?: string;
  ANALYTICS_SCRIPT_URL?: string;
}) {
  const hosts = scriptHosts(env);
  // Clerk's bot protection on sign-up (Cloudflare Turnstile) loads a script and a frame from here.
  const challenges = clerkFrontendApi(env.CLERK_PUBLISHABLE_KEY) ? [CLERK_BOT_PROTECTION_ORIGIN] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...hosts, ...challenges],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https://img.clerk.com'],
    connectSrc: ["'self'", ...hosts],
    frameSrc: hosts.length || challenges.length ? [...hosts, ...challenges] : ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...hosts],
    frameAncestors: ["'none'"],
  };
}
