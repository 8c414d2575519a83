// The table of ad statistics (migrations/0017_post_stats.sql): views and phone reveals per ad and day.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const postStats = sqliteTable(
  'post_stats',
  {
    postId: integer('post_id').notNull(),
    /** The Bucharest calendar day, `YYYY-MM-DD`. */
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
    reveals: integer('reveals').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] })],
);
