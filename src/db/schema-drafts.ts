// The first messages typed before signing in (migrations/0024_message_drafts.sql).
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const messageDrafts = sqliteTable(
  'message_drafts',
  {
    /** Random, unguessable: the only thing the browser holds (an HttpOnly cookie). */
    id: text('id').primaryKey(),
    postId: integer('post_id').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('message_drafts_created').on(t.createdAt)],
);
