// The move-in's writes and the legacy lookups (docs/move-in.md). Every write batch is one D1 batch
// (all-or-nothing) and records its rows in import_rows, so a rerun skips exactly what is done.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../env';
import type { MappedUser } from '../lib/import-map';
import { runBatch, type Statement } from './fragments';
import { goneStatement } from './gone-posts';
import { gonePosts, photos, posts, users } from './schema';
import { importRows, importState, legacyCategories, legacyUserAliases } from './schema-import';

export type ImportKind = 'user' | 'post' | 'photo';

/** Statement parameters stay under D1's 100 bound parameters: ids go in as one JSON array. */
function jsonIds(ids: number[]) {
  return sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** The import's clock: the first run's `now`, kept so reruns compute the very same rows. */
export async function importClock(db: Db, proposed: number, write: boolean): Promise<number> {
  if (write)
    await db
      .insert(importState)
      .values({ key: 'now', value: String(proposed) })
      .onConflictDoNothing();
  const row = await db.select().from(importState).where(eq(importState.key, 'now')).get();
  return row ? Number(row.value) : proposed;
}

/**
 * Of `ids`, those already imported, and those taken by rows the import did not write (conflicts): a
 * row with the id, or for ads an id already gone for good (removed from v3 itself).
 */
export async function idStates(db: Db, kind: ImportKind, ids: number[]) {
  const table = kind === 'user' ? users : kind === 'post' ? posts : photos;
  const [existing, imported, gone] = await db.batch([
    db
      .select({ id: table.id })
      .from(table)
      .where(sql`${table.id} IN ${jsonIds(ids)}`),
    db
      .select({ id: importRows.id })
      .from(importRows)
      .where(and(eq(importRows.kind, kind), sql`${importRows.id} IN ${jsonIds(ids)}`)),
    db
      .select({ id: gonePosts.postId })
      .from(gonePosts)
      .where(kind === 'post' ? sql`${gonePosts.postId} IN ${jsonIds(ids)}` : sql`0`),
  ]);
  const done = new Set(imported.map((r) => r.id));
  const taken = new Set([...existing, ...gone].map((r) => r.id));
  return { imported: done, conflicts: [...taken].filter((id) => !done.has(id)).sort((a, b) => a - b) };
}

function marker(kind: ImportKind, id: number, digest: string, now: number) {
  return { kind, id, digest, importedAt: now };
}

/** People, their aliases (merged by letter case) and their markers, in one batch. */
export function userStatements(
  db: Db,
  rows: { user: MappedUser; digest: string; aliases: number[] }[],
  now: number,
): Statement[] {
  const statements: Statement[] = [];
  for (const { user, digest, aliases } of rows) {
    statements.push(db.insert(users).values(user).onConflictDoNothing());
    statements.push(
      db
        .insert(importRows)
        .values(marker('user', user.id, digest, now))
        .onConflictDoNothing(),
    );
    for (const oldId of aliases)
      statements.push(db.insert(legacyUserAliases).values({ oldId, userId: user.id }).onConflictDoNothing());
  }
  return statements;
}

export type NewPostRow = typeof posts.$inferInsert;

/**
 * Ads with their markers. `gone` ids keep only their address, answering 410 (too old to carry over);
 * a retired category's ads are imported hidden for their authors and answer 410 to everyone else. Both
 * are recorded where every ad gone for good is (db/gone-posts.ts).
 */
export function postStatements(
  db: Db,
  rows: { post: NewPostRow & { id: number }; digest: string; retired: boolean }[],
  gone: { id: number; digest: string }[],
  now: number,
): Statement[] {
  const statements: Statement[] = [];
  for (const { post, digest } of rows) {
    statements.push(db.insert(posts).values(post).onConflictDoNothing());
    statements.push(
      db
        .insert(importRows)
        .values(marker('post', post.id, digest, now))
        .onConflictDoNothing(),
    );
  }
  for (const g of gone)
    statements.push(
      db
        .insert(importRows)
        .values(marker('post', g.id, digest410(g.digest), now))
        .onConflictDoNothing(),
    );
  const goneIds = [...rows.filter((r) => r.retired).map((r) => r.post.id), ...gone.map((g) => g.id)];
  if (goneIds.length) statements.push(goneStatement(db, goneIds, now));
  return statements;
}

/** The marker of an id kept only as a 410 says so. */
function digest410(digest: string) {
  return `gone:${digest}`;
}

export async function writeStatements(db: Db, statements: Statement[]) {
  await runBatch(db, statements);
}

/** One photo row with its id kept, and its marker, in one batch. */
export async function writeImportedPhoto(
  db: Db,
  row: typeof photos.$inferInsert & { id: number },
  digest: string,
  now: number,
) {
  await runBatch(db, [
    db.insert(photos).values(row).onConflictDoNothing(),
    db
      .insert(importRows)
      .values(marker('photo', row.id, digest, now))
      .onConflictDoNothing(),
  ]);
}

/** The ad a photo belongs to, as imported (null when it was not imported with its content). */
export async function importedPost(db: Db, id: number) {
  return (
    (await db
      .select({ id: posts.id, slug: posts.slug, userId: posts.userId })
      .from(posts)
      .where(eq(posts.id, id))
      .get()) ?? null
  );
}

export async function writeLegacyCategories(
  db: Db,
  rows: { oldId: number; oldSlug: string; categoryId: number | null }[],
) {
  await runBatch(
    db,
    rows.map((r) =>
      db
        .insert(legacyCategories)
        .values({ ...r, retired: r.categoryId === null })
        .onConflictDoUpdate({
          target: legacyCategories.oldId,
          set: { oldSlug: r.oldSlug, categoryId: r.categoryId, retired: r.categoryId === null },
        }),
    ),
  );
}

/**
 * New ids continue above the highest imported one, 410-only ids included (AUTOINCREMENT keeps its
 * counter in sqlite_sequence; inserted rows already raised it, ids kept only as 410 do not).
 */
export async function raiseSequences(db: Db) {
  await db.run(
    sql`UPDATE sqlite_sequence SET seq = max(seq, (SELECT coalesce(max(post_id), 0) FROM gone_posts)) WHERE name = 'posts'`,
  );
}

/** How many rows of each kind the import wrote (the summary's counts). */
export async function importCounts(db: Db) {
  const rows = await db
    .select({ kind: importRows.kind, n: sql<number>`count(*)` })
    .from(importRows)
    .groupBy(importRows.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

// ---- legacy URL lookups ----

/** The surviving account of an old account merged by letter case, or null. */
export async function userAlias(db: Db, oldId: number): Promise<number | null> {
  const row = await db
    .select({ userId: legacyUserAliases.userId })
    .from(legacyUserAliases)
    .where(eq(legacyUserAliases.oldId, oldId))
    .get();
  return row?.userId ?? null;
}

/** The old category with this id or slug (as the dump named it). */
export async function legacyCategory(db: Db, by: { id?: number; slug?: string }) {
  const where =
    by.id !== undefined ? eq(legacyCategories.oldId, by.id) : eq(legacyCategories.oldSlug, by.slug ?? '');
  return (await db.select().from(legacyCategories).where(where).get()) ?? null;
}

/** What an ad's address is made of, or null when there is no such ad. */
export async function postAddress(db: Db, id: number) {
  return (
    (await db
      .select({ id: posts.id, slug: posts.slug, categoryId: posts.categoryId })
      .from(posts)
      .where(eq(posts.id, id))
      .get()) ?? null
  );
}

/** Whether the import wrote this row (old addresses are answered for imported rows only). */
export async function isImported(db: Db, kind: ImportKind, id: number): Promise<boolean> {
  const row = await db
    .select({ id: importRows.id })
    .from(importRows)
    .where(and(eq(importRows.kind, kind), eq(importRows.id, id)))
    .get();
  return !!row;
}

/**
 * A digest of every row the import touches and of the photo objects' keys and etags: equal before and
 * after a run that changed nothing (the tests' and the runbook's check).
 */
export async function importFingerprint(db: Db) {
  const tables = [
    'users',
    'posts',
    'photos',
    'import_rows',
    'gone_posts',
    'legacy_user_aliases',
    'legacy_categories',
  ];
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const table of tables) {
    const rows = await db.all<Record<string, unknown>>(sql.raw(`SELECT * FROM ${table} ORDER BY 1, 2`));
    const bytes = new TextEncoder().encode(JSON.stringify(rows));
    const hash = await crypto.subtle.digest('SHA-256', bytes);
    out[table] = {
      rows: rows.length,
      digest: btoa(String.fromCharCode(...new Uint8Array(hash))).slice(0, 24),
    };
  }
  return out;
}
