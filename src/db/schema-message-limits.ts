// Messages that cannot be turned into a weapon (migration 0020, docs/messages.md#limits).
import { index, integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';

/** Messages a person sent on one day (days since the epoch, UTC): the daily limit. */
export const messageDayCounts = sqliteTable(
  'message_day_counts',
  {
    userId: integer('user_id').notNull(),
    day: integer('day').notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** `blockerId` blocked `blockedId`: no conversation between them, on any ad, in either direction. */
export const userBlocks = sqliteTable(
  'user_blocks',
  {
    blockerId: integer('blocker_id').notNull(),
    blockedId: integer('blocked_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked').on(t.blockedId, t.blockerId),
  ],
);

/** When a person last got the grouped unread-messages mail, and since when one is waiting. */
export const messageNoticeState = sqliteTable('message_notice_state', {
  userId: integer('user_id').primaryKey(),
  lastSentAt: integer('last_sent_at').notNull().default(0),
  pendingAt: integer('pending_at'),
});
