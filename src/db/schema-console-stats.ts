// Duplicates, statistics and the instant alert of the operators' console (migration 0022).
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** A photo's content hash (SHA-256 hex of its stored original): the same photo on two ads is a duplicate. */
export const photoHashes = sqliteTable(
  'photo_hashes',
  {
    photoId: integer('photo_id').primaryKey(),
    hash: text('hash').notNull(),
  },
  (t) => [index('photo_hashes_hash').on(t.hash)],
);

/** One row per instant alert about an automatically held ad (at most HELD_ALERTS_PER_HOUR an hour). */
export const heldAlerts = sqliteTable(
  'held_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('held_alerts_created').on(t.createdAt)],
);
