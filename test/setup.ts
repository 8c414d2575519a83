import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { standIns } from './fixtures/stand-ins';

// Nothing may leave the worker during tests: any outbound fetch is a bug (Clerk, CDNs, analytics).
// Patched before the app (and @clerk/backend, which captures fetch) is imported.
const originalFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  // A stand-in for an outside service (test/fixtures/stand-ins.ts) answers inside workerd.
  const standIn = standIns().get(url.host);
  if (standIn) return standIn(new Request(input, init));
  if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return originalFetch(input, init);
  throw new Error(`Outbound request attempted in a test: ${url.href}`);
}) as typeof fetch;

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS as Parameters<typeof applyD1Migrations>[1]);
