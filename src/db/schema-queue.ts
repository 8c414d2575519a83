// The operators' queue kept as rows (migration 0027, docs/moderation.md#how-the-queue-stays-fast).
// Written only by the triggers of that migration; read by src/db/queue.ts.
import { desc } from 'drizzle-orm';
import { index, integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/** One ad waiting for a decision: its tier (0 held, 1 reported, 2 marked), reporters and since when. */
export const queueItems = sqliteTable(
  'queue_items',
  {
    postId: integer('post_id').primaryKey(),
    tier: integer('tier').notNull(),
    /** Distinct reporters of its open reports. */
    reporters: integer('reporters').notNull(),
    /** Its oldest open report or mark, or when it was held (its last change while held). */
    since: integer('since').notNull(),
  },
  (t) => [index('queue_items_order').on(t.tier, desc(t.reporters), t.since, t.postId)],
);
