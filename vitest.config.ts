import { generateKeyPairSync } from 'node:crypto';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// A throw-away RSA key pair for this test run: tests mint real RS256 session tokens with the
// private half and the real Clerk middleware verifies them with the public half, networkless.
// No real Clerk secret is ever used.
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const clerkHost = 'clerk.test.eradauti.local';
const fakePublishableKey = `pk_test_${Buffer.from(`${clerkHost}$`).toString('base64')}`;

export default defineConfig({
  // The tests load the demo seed through POST /__dev/seed: the development tools are compiled in, as
  // for `npm start` (wrangler.toml's DEV_TOOLS is false for a deploy).
  define: { DEV_TOOLS: 'true' },
  plugins: [
    cloudflareTest(async () => ({
      main: './src/index.tsx',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
          SITE_URL: 'http://127.0.0.1:8787',
          ENVIRONMENT: 'test',
          CLERK_JWT_KEY: keys.publicKey,
          CLERK_PUBLISHABLE_KEY: fakePublishableKey,
          CLERK_SECRET_KEY: 'sk_test_local_only_not_a_real_secret',
          LOCAL_SIGNING_KEY: keys.privateKey,
          TEST_CLERK_ISSUER: `https://${clerkHost}`,
          OPERATOR_USER_IDS: 'user_operator_env',
          // The HMAC key of the links in mails (src/lib/signed-token.ts); a test-only value.
          SIGNING_SECRET: 'test-signing-secret-not-for-production',
          // The bearer token of the `/__admin` routes (src/http/admin-token.ts); a test-only value.
          ADMIN_API_TOKEN: 'test-admin-token-not-for-production-0123456789',
          // Tests read their own writes as anonymous visitors too; test/routes/page-cache.test.ts
          // turns the edge cache on for itself.
          PAGE_CACHE_SECONDS: '0',
        },
      },
    })),
  ],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', 'test/bench/**', 'test/conventions/**', 'test/node/**', 'node_modules/**'],
    setupFiles: ['./test/setup.ts'],
    // sanitize-html (CommonJS, via postcss → nanoid) must be pre-bundled to load inside workerd.
    deps: { optimizer: { ssr: { enabled: true, include: ['sanitize-html'] } } },
    testTimeout: 30_000,
  },
});
