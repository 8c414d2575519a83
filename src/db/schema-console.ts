// The operators' console (migration 0014): queue marks, who is looking at an item, and rules.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const QUEUE_MARK_KINDS = ['rule-hold', 'rule-flag', 'duplicate', 'new-account'] as const;
export type QueueMarkKind = (typeof QUEUE_MARK_KINDS)[number];

/** Why an ad is in the queue without a report; one per ad and kind, cleared by a decision. */
export const queueMarks = sqliteTable(
  'queue_marks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id').notNull(),
    kind: text('kind', { enum: QUEUE_MARK_KINDS }).notNull(),
    /** The rule's value, or the other ad's title. */
    detail: text('detail').notNull().default(''),
    /** A suspected duplicate's other ad. */
    otherPostId: integer('other_post_id'),
    createdAt: integer('created_at').notNull(),
    clearedAt: integer('cleared_at'),
  },
  (t) => [
    uniqueIndex('queue_marks_once').on(t.postId, t.kind),
    index('queue_marks_open').on(t.clearedAt, t.kind, t.createdAt),
  ],
);

/** Which operator is looking at a queue item, until `expiresAt`. */
export const queueClaims = sqliteTable('queue_claims', {
  postId: integer('post_id').primaryKey(),
  operatorUserId: integer('operator_user_id').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

export const RULE_KINDS = ['phone', 'email', 'word'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const RULE_ACTIONS = ['block', 'hold', 'flag'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];

/** An operator's rule, applied on publish and on every edit (docs/moderation.md#rules). */
export const moderationRules = sqliteTable(
  'moderation_rules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: RULE_KINDS }).notNull(),
    /** As the operator typed it. */
    value: text('value').notNull(),
    /** The normalised form matched against ads (a phone's digits, a folded word, a lower-case address). */
    pattern: text('pattern').notNull(),
    action: text('action', { enum: RULE_ACTIONS }).notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('moderation_rules_once').on(t.kind, t.pattern)],
);

export type ModerationRule = typeof moderationRules.$inferSelect;
