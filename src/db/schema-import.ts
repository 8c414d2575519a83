// The move-in from the old site (migrations 0018 and 0025, docs/move-in.md). Old ids that answer 410
// are in gone_posts (db/gone-posts.ts), with every other ad gone for good.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Rows the importer wrote (`user`, `post`, `photo`; an old ad kept only as a 410 is a `post` too): a rerun
 * skips them; anything else is a conflict.
 */
export const importRows = sqliteTable(
  'import_rows',
  {
    kind: text('kind').notNull(),
    id: integer('id').notNull(),
    digest: text('digest').notNull(),
    importedAt: integer('imported_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);

/** An old account merged into another by letter case: its author URL answers 301 to the survivor's. */
export const legacyUserAliases = sqliteTable('legacy_user_aliases', {
  oldId: integer('old_id').primaryKey(),
  userId: integer('user_id').notNull(),
});

/** The old site's categories: their ids and slugs lead to v3's category (null when retired). */
export const legacyCategories = sqliteTable(
  'legacy_categories',
  {
    oldId: integer('old_id').primaryKey(),
    oldSlug: text('old_slug').notNull(),
    categoryId: integer('category_id'),
    retired: integer('retired', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [index('legacy_categories_slug').on(t.oldSlug)],
);

/** The import's own state (its fixed clock `now`). */
export const importState = sqliteTable('import_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
