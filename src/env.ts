import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type * as schema from './db/schema';
import type { Photo, User } from './db/schema';

/**
 * Bindings from wrangler.toml (generated into worker-configuration.d.ts by `npm run cf-typegen`)
 * plus the secrets, which live in `.dev.vars` locally and `wrangler secret put` in production.
 */
export interface Bindings extends Cloudflare.Env {
  /** Clerk publishable key (`pk_live_…`/`pk_test_…`). Absent: local sign-in mode. */
  CLERK_PUBLISHABLE_KEY?: string;
  /** Clerk secret key (`sk_…`). */
  CLERK_SECRET_KEY?: string;
  /** The Clerk instance's PEM public key: sessions are verified without a network call. */
  CLERK_JWT_KEY?: string;
  /** Clerk's Backend API base URL (default `https://api.clerk.com`); tests point it at a stand-in. */
  CLERK_API_URL?: string;
  /** Local development and tests only: PKCS#8 private key the local sign-in signs sessions with. */
  LOCAL_SIGNING_KEY?: string;
  /** HMAC key of the signed links in mails (unsubscribe, one-click renewal); `.dev.vars` locally. */
  SIGNING_SECRET?: string;
  /**
   * Bearer token of the machine-to-machine routes under `/__admin` (importer, backups): `.dev.vars`
   * locally (made by `npm start`), `wrangler secret put ADMIN_API_TOKEN` in production. Absent: closed.
   */
  ADMIN_API_TOKEN?: string;
  /** Tests only: D1 migrations applied by the test setup. */
  TEST_MIGRATIONS?: unknown;
}

export type Db = DrizzleD1Database<typeof schema>;

/** The signed-in person, as our own users row plus what the session says. */
export interface CurrentUser extends User {
  isOperator: boolean;
}

export interface Variables {
  /** The request's D1 session (src/d1-session.ts), through Drizzle. */
  db: Db;
  /** The same session as a D1 handle, for db/ modules that take one. Never `c.env.DB`. */
  d1: D1Database;
  /** Our users row for the verified session, or null when signed out. */
  user: CurrentUser | null;
  /**
   * What the account menu shows of the signed-in person, read with their row in one round trip
   * (src/auth/session.ts); null when signed out.
   */
  accountSummary: AccountSummary | null;
  /**
   * A safe-method request (GET) wrote something its person will read next (a conversation marked
   * read, the row refreshed after sign-in): its answer hands out the bookmark cookie like any write
   * (src/d1-session.ts).
   */
  ownWrite?: boolean;
  /** The session was verified but D1 failed to look up its person: not signed out (src/auth/session.ts). */
  sessionUnavailable?: boolean;
  /** Per-request CSP nonce for inline scripts (JSON-LD is data, not script). */
  nonce: string;
  /** The one-time confirmation this page shows (set by the flash middleware from its cookie). */
  flashMessage?: string;
  /** Third-party scripts this page adds to the layout (Clerk's browser scripts on sign-in pages). */
  externalScripts?: ExternalScript[];
}

export interface AccountSummary {
  /** Conversations holding messages the person has not read. */
  unreadMessages: number;
  /** The profile photo's row, if any. */
  avatar: Photo | null;
}

/** A script tag of another origin, with its extra attributes. */
export interface ExternalScript {
  src: string;
  attrs?: Record<string, string>;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
