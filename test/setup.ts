import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Nothing may leave the worker during tests: any outbound fetch is a bug (Clerk, CDNs, analytics).
// Patched before the app (and @clerk/backend, which captures fetch) is imported.
const originalFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return originalFetch(input, init);
  throw new Error(`Outbound request attempted in a test: ${url.href}`);
}) as typeof fetch;

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS as Parameters<typeof applyD1Migrations>[1]);
