// The D1 index of private conversations (the messages live in Durable Objects).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The index of private conversations (migration 0012); the messages themselves live in one Durable
 * Object per conversation (src/messages/room.ts). One row per ad and buyer.
 */
export const conversations = sqliteTable(
  'conversations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id').notNull(),
    buyerId: integer('buyer_id').notNull(),
    sellerId: integer('seller_id').notNull(),
    /** The ad's title when the conversation opened: the inbox still names a deleted ad. */
    postTitle: text('post_title').notNull(),
    createdAt: integer('created_at').notNull(),
    lastMessageAt: integer('last_message_at').notNull(),
    /** The start of the last message, phone numbers masked. */
    lastPreview: text('last_preview').notNull().default(''),
    lastSenderId: integer('last_sender_id'),
    /** Messages the buyer (seller) has not read yet. */
    unreadBuyer: integer('unread_buyer').notNull().default(0),
    unreadSeller: integer('unread_seller').notNull().default(0),
    /** The participant who blocked the other; null when nobody did. */
    blockedBy: integer('blocked_by'),
    reportedAt: integer('reported_at'),
    reportedBy: integer('reported_by'),
    reportReason: text('report_reason'),
    /** When the daily job found the ad deleted; the conversation is removed 30 days later. */
    postDeletedAt: integer('post_deleted_at'),
  },
  (t) => [
    uniqueIndex('conversations_post_buyer').on(t.postId, t.buyerId),
    index('conversations_buyer').on(t.buyerId, t.lastMessageAt),
    index('conversations_seller').on(t.sellerId, t.lastMessageAt),
    index('conversations_created').on(t.buyerId, t.createdAt),
    index('conversations_reported').on(t.reportedAt),
    index('conversations_deleted').on(t.postDeletedAt),
  ],
);

export type Conversation = typeof conversations.$inferSelect;
