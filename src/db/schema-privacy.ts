// The tables of personal-data rights and retention (migration 0015; docs/privacy.md).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** The steps of an account deletion, in order; `step` is the next one still to run. */
export const DELETION_STEPS = [
  'log',
  'photos',
  'ads',
  'own-rows',
  'conversations',
  'clerk',
  'user',
  'done',
] as const;
export type DeletionStep = (typeof DELETION_STEPS)[number];

/**
 * One row per deleted account: who asked (null: the person; an operator's id otherwise) and why, the
 * next step of the deletion (a failure halfway is resumed by the daily job), and the SHA-256 of the
 * identity-provider id, so that a session issued before the deletion never brings the account back.
 * The provider id itself is kept only until the provider's user is deleted.
 */
export const accountDeletions = sqliteTable(
  'account_deletions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    clerkId: text('clerk_id'),
    clerkHash: text('clerk_hash').notNull(),
    requestedBy: integer('requested_by'),
    reason: text('reason').notNull().default(''),
    step: text('step', { enum: DELETION_STEPS }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (t) => [
    uniqueIndex('account_deletions_user').on(t.userId),
    index('account_deletions_clerk').on(t.clerkHash),
    index('account_deletions_open').on(t.finishedAt),
  ],
);

/**
 * Ads gone for good: their author's account deleted, expired past the retention rule, or an old
 * site's ad the move-in did not carry over (db/gone-posts.ts). Their URL answers 410.
 */
export const gonePosts = sqliteTable('gone_posts', {
  postId: integer('post_id').primaryKey(),
  goneAt: integer('gone_at').notNull(),
});

export type AccountDeletion = typeof accountDeletions.$inferSelect;
