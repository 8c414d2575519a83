// Our rows for identity-provider users: found by provider id, id or e-mail, created from a session;
// what an author page may read about one (never the e-mail or phone); profile changes.
import { and, asc, desc, eq, fillPlaceholders, getTableColumns, sql, type Table } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import { IMPORTED_CLERK_PREFIX } from '../lib/import-map';
import { oneLineText, posesAsSite } from '../lib/text';
import { conversations, type Photo, photos, type User, users } from './schema';
import { clientOf } from './session';

/** What a verified session tells us about a person. */
export interface SessionIdentity {
  clerkId: string;
  email?: string | null;
  name?: string | null;
}

/**
 * Names are at most 256 characters (docs/product.md#identity-provider); a fallback when none is given.
 * What the identity provider sends is cleaned like a name typed on the profile: one line (no control
 * characters, so nothing reaches a mail header) and never posing as the site.
 */
export function defaultName(identity: SessionIdentity): string {
  for (const candidate of [identity.name, identity.email?.split('@')[0]]) {
    const name = oneLineText(candidate ?? '')
      .slice(0, 256)
      .trim();
    if (name && !posesAsSite(name)) return name;
  }
  return 'Utilizator';
}

export async function findUserByClerkId(db: Db, clerkId: string): Promise<User | null> {
  const rows = await db.select().from(users).where(eq(users.clerkId, clerkId)).limit(1);
  return rows[0] ?? null;
}

/** A signed-in person's row with what the account menu shows (docs/performance.md#d1-round-trips). */
export interface SessionUser {
  user: User;
  /** Conversations holding messages the person has not read (the menu's badge). */
  unreadMessages: number;
  /** The profile photo's row, if any. */
  avatar: Photo | null;
}

/**
 * The session's person, their unread conversations and their profile photo, in one round trip (one
 * batch): every signed-in request reads these, so the account menu costs no extra query.
 */
export async function findSessionUser(db: Db, clerkId: string): Promise<SessionUser | null> {
  const statements = sessionUserStatements();
  const d1 = clientOf(db);
  const values = { clerkId };
  const [rows, unread, avatar] = await d1.batch<Record<string, unknown>>(
    [statements.user, statements.unread, statements.avatar].map((q) =>
      d1.prepare(q.sql).bind(...fillPlaceholders(q.params, values)),
    ),
  );
  const userRow = rows.results[0];
  if (!userRow) return null;
  const avatarRow = avatar.results[0];
  const count = unread.results[0];
  return {
    user: rowOf(users, userRow),
    unreadMessages: Number(count?.n ?? 0),
    avatar: avatarRow ? rowOf(photos, avatarRow) : null,
  };
}

// Built once per isolate (docs/performance.md#per-request-cost): the same three statements run on
// every signed-in request, only the identity-provider id changes; building them with drizzle on each
// request cost more CPU than the query itself.
let sessionUserSql: Record<'user' | 'unread' | 'avatar', { sql: string; params: unknown[] }> | null = null;

function sessionUserStatements() {
  if (!sessionUserSql) {
    const qb = new QueryBuilder();
    const clerkId = sql.placeholder('clerkId');
    const self = sql`(SELECT id FROM users WHERE clerk_id = ${clerkId})`;
    sessionUserSql = {
      user: qb.select().from(users).where(eq(users.clerkId, clerkId)).limit(1).toSQL(),
      unread: qb
        .select({ n: sql<number>`count(*)`.as('n') })
        .from(conversations)
        .where(
          sql`(${conversations.buyerId} = ${self} AND ${conversations.unreadBuyer} > 0) OR (${conversations.sellerId} = ${self} AND ${conversations.unreadSeller} > 0)`,
        )
        .toSQL(),
      avatar: qb
        .select()
        .from(photos)
        .where(eq(photos.id, sql`(SELECT avatar_photo_id FROM users WHERE clerk_id = ${clerkId})`))
        .limit(1)
        .toSQL(),
    };
  }
  return sessionUserSql;
}

/** A table's row from D1's object row (column names), decoded as drizzle decodes it. */
function rowOf<T extends Table>(table: T, row: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

export async function findUserById(db: Db, id: number): Promise<User | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Case-insensitive; the oldest account wins if several share an address. */
export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .orderBy(asc(users.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Creates our row for a verified session, or refreshes it, in one batch (insert-or-update, then
 * read back). `refresh` (at after-auth) also records a changed e-mail address; the display name is
 * ours once the row exists (edited on /profile/edit), so it is only filled in when empty.
 * Idempotent: one row per identity-provider id, whatever the number of calls.
 */
export async function upsertUserFromSession(
  db: Db,
  identity: SessionIdentity,
  opts: { now?: number; refresh?: boolean } = {},
): Promise<User> {
  const now = opts.now ?? Date.now();
  const email = identity.email?.trim() || null;
  const insert = db
    .insert(users)
    .values({
      clerkId: identity.clerkId,
      email,
      name: defaultName(identity),
      role: 'user',
      banned: false,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: users.clerkId,
      set: opts.refresh
        ? {
            email: sql`coalesce(excluded.email, ${users.email})`,
            name: sql`case when trim(${users.name}) = '' then excluded.name else ${users.name} end`,
            updatedAt: sql`excluded.updated_at`,
          }
        : // First sight race (two requests at once): keep the row as it is.
          { clerkId: sql`${users.clerkId}` },
    });
  const select = db.select().from(users).where(eq(users.clerkId, identity.clerkId)).limit(1);
  // An account imported from the old site (docs/move-in.md#accounts) is a placeholder until its owner
  // signs in: the first identity whose e-mail matches it, in any letter case, takes it over with all
  // its ads, in the same batch as the insert (which then finds the row and keeps it).
  const [, , rows] = await db.batch([claimImportedAccount(db, identity, now), insert, select]);
  const user = rows[0];
  if (!user) throw new Error('user upsert returned no row');
  return user;
}

/** Gives an imported placeholder account (same e-mail, any case) to this identity; a no-op otherwise. */
function claimImportedAccount(db: Db, identity: SessionIdentity, now: number) {
  const email = identity.email?.trim().toLowerCase() ?? '';
  return db
    .update(users)
    .set({ clerkId: identity.clerkId, updatedAt: now })
    .where(
      sql`${email} <> '' AND ${users.id} = (SELECT id FROM users WHERE lower(email) = ${email} AND substr(clerk_id, 1, ${IMPORTED_CLERK_PREFIX.length}) = ${IMPORTED_CLERK_PREFIX} AND NOT EXISTS (SELECT 1 FROM users WHERE clerk_id = ${identity.clerkId}) ORDER BY id LIMIT 1)`,
    );
}

export interface PublicAuthor {
  id: number;
  name: string;
  createdAt: number;
  banned: boolean;
}

/** What the author page may show about a user: never the e-mail or phone. */
export async function getAuthor(db: Db, id: number): Promise<PublicAuthor | null> {
  const rows = await db
    .select({ id: users.id, name: users.name, createdAt: users.createdAt, banned: users.banned })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** The seed's demo accounts (`user_demo_…`), operators first: the local sign-in lists them. */
export async function listDemoUsers(db: Db, limit = 3): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(and(sql`substr(${users.clerkId}, 1, 10) = 'user_demo_'`, eq(users.banned, false)))
    .orderBy(desc(sql`${users.role} = 'operator'`), asc(users.id))
    .limit(limit);
}

export interface ProfileChanges {
  name: string;
  phone: string | null;
  /** Undefined: leave the avatar as it is. */
  avatarPhotoId?: number | null;
  /** "Doar mesaje" (undefined: unchanged). */
  messagesOnly?: boolean;
}

export async function updateProfile(db: Db, userId: number, changes: ProfileChanges, now = Date.now()) {
  await db
    .update(users)
    .set({
      name: changes.name,
      phone: changes.phone,
      ...(changes.avatarPhotoId !== undefined ? { avatarPhotoId: changes.avatarPhotoId } : {}),
      ...(changes.messagesOnly !== undefined ? { messagesOnly: changes.messagesOnly } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
