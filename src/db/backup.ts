// The SQL of backups and restores (docs/operations.md): which tables are base tables, reading one in
// pages, the site's last migration, and writing a backup's rows back into an empty site.
// Identifiers are never taken from a backup file: every table and column name used here comes from
// this database's own catalogue.

/** One row as D1 returns it (blobs, which no table has today, would arrive as ArrayBuffer). */
export type Row = Record<string, unknown>;

/**
 * Tables never backed up: the search indexes and their shadow tables (posts_fts*: the public one and
 * the console's posts_fts_all and posts_fts_people, filled again by their triggers as a restore writes
 * the rows), the spelling candidates derived from it (rebuilt after a restore), the queue's rows
 * (queue_items, filled by its triggers as ads, reports and marks are written back), D1's own
 * bookkeeping, and the restore marker.
 */
const DERIVED_TABLES = new Set([
  'queue_items',
  'search_terms',
  'search_term_deletes',
  'search_terms_pending',
  'd1_migrations',
  'restore_progress',
]);

/**
 * Tables exported first, in this order, so that each one's parents are already written when it is
 * read (the rest follow by name). See REFERENCES.
 */
const PARENTS_FIRST = ['categories', 'users', 'posts', 'photos'];

/**
 * The references a backup keeps closed (the schema declares no foreign keys): a row whose parent is
 * not in the backup was written while the backup ran (or its parent deleted meanwhile), and is left
 * out, as if the backup had been taken a moment earlier or later. Nullable references only count
 * when set.
 */
export const REFERENCES: readonly { table: string; column: string; parent: string }[] = [
  { table: 'posts', column: 'user_id', parent: 'users' },
  { table: 'posts', column: 'category_id', parent: 'categories' },
  { table: 'photos', column: 'user_id', parent: 'users' },
  { table: 'photos', column: 'post_id', parent: 'posts' },
  { table: 'reports', column: 'post_id', parent: 'posts' },
  { table: 'favourites', column: 'user_id', parent: 'users' },
  { table: 'favourites', column: 'post_id', parent: 'posts' },
  { table: 'saved_searches', column: 'user_id', parent: 'users' },
  { table: 'saved_search_runs', column: 'user_id', parent: 'users' },
  { table: 'mail_optouts', column: 'user_id', parent: 'users' },
  { table: 'expiry_reminders', column: 'user_id', parent: 'users' },
  { table: 'expiry_reminders', column: 'post_id', parent: 'posts' },
  { table: 'upload_refusals', column: 'user_id', parent: 'users' },
  { table: 'conversations', column: 'buyer_id', parent: 'users' },
  { table: 'conversations', column: 'seller_id', parent: 'users' },
];

/** Rows read per query when exporting a table. */
export const EXPORT_PAGE = 1000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface BaseTable {
  name: string;
  /** WITHOUT ROWID tables are paged by offset instead of rowid. */
  rowid: boolean;
}

/** Every base table to back up, parents first (PARENTS_FIRST), then by name. */
export async function listBaseTables(d1: D1Database): Promise<BaseTable[]> {
  const { results } = await d1
    .prepare(
      `SELECT name, sql FROM sqlite_master
       WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
         AND name NOT LIKE 'posts\\_fts%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'
       ORDER BY name`,
    )
    .all<{ name: string; sql: string }>();
  const tables = results
    .filter((t) => !DERIVED_TABLES.has(t.name))
    .map((t) => ({ name: t.name, rowid: !/WITHOUT\s+ROWID/i.test(t.sql) }));
  const rank = (name: string) => {
    const i = PARENTS_FIRST.indexOf(name);
    return i < 0 ? PARENTS_FIRST.length : i;
  };
  return tables.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/**
 * One page of a table in a stable order: by rowid after `after` (null: from the start), or by offset
 * for a WITHOUT ROWID table. Answers the rows and the cursor of the next page (null at the end).
 */
export async function readTablePage(
  d1: D1Database,
  table: BaseTable,
  after: number | null,
  limit = EXPORT_PAGE,
): Promise<{ rows: Row[]; next: number | null }> {
  const start = after ?? (table.rowid ? -1 : 0);
  if (table.rowid) {
    const { results } = await d1
      .prepare(
        `SELECT rowid AS "__rowid", * FROM ${quote(table.name)} WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      )
      .bind(start, limit)
      .all<Row>();
    const last = results.at(-1)?.__rowid as number | undefined;
    for (const r of results) delete r.__rowid;
    return { rows: results, next: results.length === limit && last !== undefined ? last : null };
  }
  const { results } = await d1
    .prepare(`SELECT * FROM ${quote(table.name)} ORDER BY 1 LIMIT ? OFFSET ?`)
    .bind(limit, start)
    .all<Row>();
  return { rows: results, next: results.length === limit ? start + limit : null };
}

/** The name of the last migration applied to this database (null before any). */
export async function lastMigration(d1: D1Database): Promise<string | null> {
  const row = await d1
    .prepare('SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1')
    .first<{ name: string }>();
  return row?.name ?? null;
}

/** Every migration applied to this database, by name. */
export async function appliedMigrations(d1: D1Database): Promise<string[]> {
  const { results } = await d1.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>();
  return results.map((r) => r.name);
}

/** Row counts of the given tables (names from listBaseTables). */
export async function countRows(d1: D1Database, tables: readonly string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {};
  const rows = await d1.batch(tables.map((t) => d1.prepare(`SELECT count(*) AS n FROM ${quote(t)}`)));
  return Object.fromEntries(tables.map((t, i) => [t, (rows[i].results[0] as { n: number }).n]));
}

/** Tables whose rows make a site "not empty": a restore only goes into a site without any. */
export const CONTENT_TABLES = ['users', 'posts', 'photos'] as const;

/** The columns of a table, from the database's own catalogue. */
export async function tableColumns(d1: D1Database, table: string): Promise<string[]> {
  const { results } = await d1
    .prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid')
    .bind(table)
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

export interface RestoreState {
  backup: string;
  status: 'running' | 'done';
}

export async function restoreState(d1: D1Database): Promise<RestoreState | null> {
  return d1.prepare('SELECT backup, status FROM restore_progress WHERE id = 1').first<RestoreState>();
}

/**
 * Starts a restore in one batch: empties the given tables (only rows the migrations wrote, such as
 * the categories, since the site was checked empty of content) and marks the restore as running.
 */
export async function beginRestore(d1: D1Database, backup: string, clear: readonly string[], now: number) {
  await d1.batch([
    ...clear.map((t) => d1.prepare(`DELETE FROM ${quote(t)}`)),
    d1
      .prepare(
        "INSERT INTO restore_progress (id, backup, status, started_at) VALUES (1, ?, 'running', ?) ON CONFLICT(id) DO NOTHING",
      )
      .bind(backup, now),
  ]);
}

export async function finishRestore(d1: D1Database, now: number) {
  await d1
    .prepare("UPDATE restore_progress SET status = 'done', finished_at = ? WHERE id = 1")
    .bind(now)
    .run();
}

/**
 * Writes rows of one table in one batch (one transaction: all or none), keeping their ids. Rows
 * already there (a resumed restore) are left as they are. `columns` must come from tableColumns;
 * a row's other keys are refused by the caller. Chunked under D1's 100 bound parameters.
 */
export async function insertRows(
  d1: D1Database,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const perStatement = Math.max(1, Math.floor(100 / columns.length));
  const head = `INSERT OR IGNORE INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES `;
  const one = `(${columns.map(() => '?').join(', ')})`;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const values = chunk.flatMap((r) => columns.map((c) => (r[c] === undefined ? null : r[c])));
    statements.push(
      d1.prepare(head + chunk.map(() => one).join(', ')).bind(...(values as (string | number | null)[])),
    );
  }
  await d1.batch(statements);
}
