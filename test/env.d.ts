// Bindings the vitest config adds for tests (see vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS?: unknown;
    CLERK_JWT_KEY?: string;
    CLERK_PUBLISHABLE_KEY?: string;
    CLERK_SECRET_KEY?: string;
    LOCAL_SIGNING_KEY?: string;
    TEST_CLERK_ISSUER?: string;
    SIGNING_SECRET?: string;
    ADMIN_API_TOKEN?: string;
  }
}
