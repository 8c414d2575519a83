// The tables of return visits: favourites, saved searches and their digests, mail preferences,
// expiry reminders and the single-use links of mails.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Ads a person saved ("Salvate"); the price when saved, and whether a lower price is mailed. */
export const favourites = sqliteTable(
  'favourites',
  {
    userId: integer('user_id').notNull(),
    postId: integer('post_id').notNull(),
    createdAt: integer('created_at').notNull(),
    priceAtSave: integer('price_at_save').notNull().default(0),
    /** On when saved (the inserts set it; the column's own default, from migration 0011, is 0). */
    notifyPriceDrop: integer('notify_price_drop', { mode: 'boolean' }).notNull().default(true),
    /** The ad version whose price drop was last mailed to this person: one mail per drop. */
    priceDropVersion: integer('price_drop_version'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('favourites_post').on(t.postId, t.notifyPriceDrop),
    index('favourites_user_created').on(t.userId, t.createdAt),
  ],
);

/** A person's saved search: the canonical /cautare query string, mailed daily when new ads match. */
export const savedSearches = sqliteTable(
  'saved_searches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    /** The canonical query string of /cautare (no page, no format). */
    query: text('query').notNull(),
    createdAt: integer('created_at').notNull(),
    paused: integer('paused', { mode: 'boolean' }).notNull().default(false),
    lastSentAt: integer('last_sent_at'),
    /** Ads published or renewed after this time (bumped_at) are new for the next digest. */
    cursorAt: integer('cursor_at').notNull(),
  },
  (t) => [
    uniqueIndex('saved_searches_user_query').on(t.userId, t.query),
    index('saved_searches_active').on(t.paused, t.userId),
  ],
);

/** One digest per person and day: the claim that keeps a retried job from mailing twice. */
export const savedSearchRuns = sqliteTable(
  'saved_search_runs',
  {
    userId: integer('user_id').notNull(),
    /** The Bucharest day of the cron run (YYYY-MM-DD). */
    day: text('day').notNull(),
    state: text('state', { enum: ['claimed', 'sent', 'empty'] }).notNull(),
    claimedAt: integer('claimed_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Kinds of mail a person turned off (src/lib/mail-kinds.ts); no row means the kind is on (migration 0010). */
export const mailOptouts = sqliteTable(
  'mail_optouts',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Expiry reminders: one row per ad, expiry date and stage, claimed before the mail is sent so that
 * no reminder ever goes out twice (migration 0010). `sent_at` is set once the owner's mail went out.
 */
export const expiryReminders = sqliteTable(
  'expiry_reminders',
  {
    postId: integer('post_id').notNull(),
    expiresAt: integer('expires_at').notNull(),
    stage: text('stage', { enum: ['soon', 'expired'] }).notNull(),
    userId: integer('user_id').notNull(),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.expiresAt, t.stage] }),
    index('expiry_reminders_user').on(t.userId, t.stage, t.sentAt),
  ],
);

/** Single-use links from mails that have been used (migration 0010). */
export const usedTokens = sqliteTable('used_tokens', {
  id: text('id').primaryKey(),
  usedAt: integer('used_at').notNull(),
});

export type Favourite = typeof favourites.$inferSelect;
export type SavedSearch = typeof savedSearches.$inferSelect;
