// The Drizzle schema of every D1 table (the migrations in migrations/ create them).
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CURRENCIES } from '../lib/price';

export * from './schema-backups';
export * from './schema-console';
export * from './schema-console-stats';
export * from './schema-drafts';
export * from './schema-import';
// Timestamps are integer milliseconds since the epoch (UTC): cheap to compare and index in SQL.
// The tables of private messages and of return visits (favourites, saved searches, mail) live in
// schema-messages.ts and schema-return.ts, re-exported here: `import * as schema` sees every table.
export * from './schema-localities';
export * from './schema-message-limits';
export * from './schema-messages';
export * from './schema-privacy';
export * from './schema-queue';
export * from './schema-return';
export * from './schema-stats';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The identity provider's (Clerk's) user id, e.g. `user_2abc…`. */
    clerkId: text('clerk_id').notNull(),
    email: text('email'),
    name: text('name').notNull(),
    avatarPhotoId: integer('avatar_photo_id'),
    phone: text('phone'),
    role: text('role', { enum: ['user', 'operator'] })
      .notNull()
      .default('user'),
    banned: integer('banned', { mode: 'boolean' }).notNull().default(false),
    /** "Doar mesaje": the phone is never shown on any of this person's ads (migration 0012). */
    messagesOnly: integer('messages_only', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_clerk_id').on(t.clerkId), index('users_email').on(t.email)],
);

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    /** Null for a top-level category; the parent's id for a subcategory. */
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** Which category-specific fields its ads carry: none, home, car, job. */
    kind: text('kind', { enum: ['general', 'home', 'car', 'job'] })
      .notNull()
      .default('general'),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('categories_slug').on(t.slug), index('categories_parent').on(t.parentId, t.position)],
);

/**
 * `deleted`: deleted by its owner or an operator, kept 30 days for an undo and shown to no one but the
 * operators (migration 0023, docs/privacy.md#deleted-ads).
 */
export const POST_STATUSES = ['draft', 'published', 'expired', 'sold', 'hidden', 'held', 'deleted'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    /** Top-level category. */
    categoryId: integer('category_id').notNull(),
    subcategoryId: integer('subcategory_id'),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    /** The description with phone numbers masked (db/ad-text.adTextColumns): what full-text search indexes. */
    searchText: text('search_text').notNull().default(''),
    /**
     * The stems (lib/romanian stemText) of the masked title, a line break, then those of
     * search_text: what the index matches inflected forms on (db/ad-text.adTextColumns).
     */
    searchStems: text('search_stems').notNull().default(''),
    /** Whole units of `currency`; 0 means "price not shown". */
    price: integer('price').notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('RON'),
    negotiable: integer('negotiable', { mode: 'boolean' }).notNull().default(false),
    locality: text('locality').notNull().default('Rădăuți'),
    /** Normalised contact phone; shown only through the contact control, never in listings. */
    phone: text('phone'),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    /** 0 = normal; higher levels are listed first while `promotedUntil` is in the future. */
    promotion: integer('promotion').notNull().default(0),
    promotedUntil: integer('promoted_until'),
    /** Category fields as validated JSON (see src/lib/post-fields.ts). */
    fields: text('fields', { mode: 'json' }).$type<Record<string, string | number | boolean>>(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    publishedAt: integer('published_at'),
    /** Published or last renewed: the "newest first" sort key. */
    bumpedAt: integer('bumped_at'),
    expiresAt: integer('expires_at'),
    renewedAt: integer('renewed_at'),
    /** Marked by the owner as sold, or hidden by an operator. */
    closedAt: integer('closed_at'),
    /** The operator's reason for hiding the ad, shown to its author (migration 0006). */
    hiddenReason: text('hidden_reason'),
    /** When the author changed the ad after it was hidden: it waits for an operator again. */
    hiddenEditedAt: integer('hidden_edited_at'),
    /**
     * The ad's rowid in posts_fts while it is published, set only by the index triggers
     * (migration 0003): a sequence that grows with each publication or renewal.
     */
    searchKey: integer('search_key'),
    /**
     * A copy of the author's `users.banned`, kept by triggers (migration 0003), so search can skip
     * a banned author's ads without looking up the author of each match.
     */
    authorBanned: integer('author_banned', { mode: 'boolean' }).notNull().default(false),
    /** Grows by one with every saved edit: an editor form saves only over the version it was opened at. */
    version: integer('version').notNull().default(1),
    /** The one-time token of the new-ad form that created the ad: the same form never makes two ads. */
    submissionToken: text('submission_token'),
    /**
     * The version of the phone-masking rule `title` and `search_text` were masked with
     * (db/ad-text.MASK_VERSION); older rows are re-masked by the daily job (migration 0008).
     */
    maskVersion: integer('mask_version').notNull().default(0),
    /** "Doar mesaje" for this ad: its phone is never shown (migration 0012). */
    messagesOnly: integer('messages_only', { mode: 'boolean' }).notNull().default(false),
    /** When its owner or an operator deleted it (status `deleted`; migration 0023). */
    deletedAt: integer('deleted_at'),
    /** The state it was deleted from: what an operator's undo returns it to. */
    deletedFrom: text('deleted_from', { enum: POST_STATUSES }),
  },
  (t) => [
    index('posts_listing').on(t.status, t.categoryId, t.promotion, t.bumpedAt),
    index('posts_sub_listing').on(t.status, t.subcategoryId, t.promotion, t.bumpedAt),
    index('posts_all_listing').on(t.status, t.promotion, t.bumpedAt),
    // Search without words (filters only) walks the most recently published or renewed ads first.
    index('posts_fresh').on(t.status, t.bumpedAt),
    uniqueIndex('posts_search_key').on(t.searchKey),
    // Search reaches each match through its key; with the columns its filters and sorts read, most
    // searches never open the post's row (the page's 20 rows aside).
    index('posts_search_match').on(
      t.searchKey,
      t.status,
      t.expiresAt,
      t.authorBanned,
      t.bumpedAt,
      t.price,
      t.currency,
      t.categoryId,
      t.subcategoryId,
      t.locality,
    ),
    index('posts_author').on(t.userId, t.status, t.bumpedAt),
    index('posts_expiry').on(t.status, t.expiresAt),
    index('posts_created').on(t.userId, t.createdAt),
    uniqueIndex('posts_submission_token').on(t.submissionToken),
    index('posts_mask_version').on(t.maskVersion),
    index('posts_deleted').on(t.deletedAt).where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

export const photos = sqliteTable(
  'photos',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Null until the photo is attached to an ad (drafts in the editor) or for avatars. */
    postId: integer('post_id'),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['post', 'avatar'] })
      .notNull()
      .default('post'),
    /** Public file name, e.g. `apartament-2-camere-k3f9.jpg`; must match in /api/poze URLs. */
    fileName: text('file_name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    /** Size of the normalised original stored in R2. */
    bytes: integer('bytes').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('photos_post').on(t.postId, t.position),
    index('photos_orphans').on(t.postId, t.createdAt),
    index('photos_user').on(t.userId, t.createdAt),
  ],
);

/** Uploads refused for their content: they count against the hourly upload limit (migration 0007). */
export const uploadRefusals = sqliteTable(
  'upload_refusals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    /** Why it was refused (src/photos/refusals.ts), e.g. `dimensions`. */
    reason: text('reason').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('upload_refusals_user').on(t.userId, t.createdAt)],
);

export const REPORT_REASONS = [
  'Înșelătorie',
  'Spam',
  'Categorie greșită',
  'Deja vândut',
  'Conținut nepotrivit',
  'Altceva',
] as const;

/** Why an operator hides an ad: one of these, with their own words added (shown to the author). */
export const HIDE_REASONS = [
  'Înșelătorie sau anunț fals',
  'Spam sau anunț duplicat',
  'Categorie greșită',
  'Conținut nepotrivit',
  'Fotografii nepotrivite',
  'Alt motiv',
] as const;

export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** A hash identifying the visitor (user id, or a salted hash of the address) — once per ad per visitor. */
    reporterKey: text('reporter_key').notNull(),
    createdAt: integer('created_at').notNull(),
    resolvedAt: integer('resolved_at'),
    /** The reporter's account when signed in (migration 0014). */
    reporterUserId: integer('reporter_user_id'),
    /** A salted hash of the reporter's client (address, IPv6 /64), signed in or not. */
    addressKey: text('address_key').notNull().default(''),
    /** A salted hash of the reporter's browser (docs/limits.md#reports). */
    deviceKey: text('device_key').notNull().default(''),
    /** Where the reporter wants the acknowledgement and the decision (optional). */
    reporterEmail: text('reporter_email'),
    /** What the operator decided, in words for the reporter. */
    decision: text('decision'),
  },
  (t) => [
    uniqueIndex('reports_once').on(t.postId, t.reporterKey),
    index('reports_open').on(t.resolvedAt, t.createdAt),
    index('reports_post_open').on(t.postId, t.resolvedAt),
    index('reports_reporter_user').on(t.reporterUserId),
  ],
);

export const moderationLog = sqliteTable(
  'moderation_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    operatorUserId: integer('operator_user_id').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: ['post', 'user'] }).notNull(),
    targetId: integer('target_id').notNull(),
    details: text('details').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    /** The statement of reasons: why (migration 0014). */
    reason: text('reason').notNull().default(''),
    /** On what ground: the rule or the reports. */
    ground: text('ground').notNull().default(''),
    /** Whom the statement of reasons went to (migration 0021). */
    notifiedUserId: integer('notified_user_id'),
    /** The address given to contest the decision, when a statement was sent. */
    contest: text('contest').notNull().default(''),
  },
  (t) => [
    index('moderation_log_created').on(t.createdAt),
    index('moderation_log_target').on(t.targetType, t.targetId, t.createdAt),
  ],
);

/** Search synonyms operators can edit: a term and the words it also matches (space-separated). */
export const searchSynonyms = sqliteTable('search_synonyms', {
  term: text('term').primaryKey(),
  expansions: text('expansions').notNull(),
});

/**
 * The search's spelling candidates (hand-written migration 0009_search_typos.sql; queried with raw
 * SQL in src/db/spelling.ts): each indexed word, its forms with one or two letters deleted, and the
 * ads changed since their words were last added.
 */
export const searchTerms = sqliteTable('search_terms', {
  id: integer('id').primaryKey(),
  term: text('term').notNull().unique(),
});

export const searchTermDeletes = sqliteTable(
  'search_term_deletes',
  {
    del: text('del').notNull(),
    termId: integer('term_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.del, t.termId] })],
);

export const searchTermsPending = sqliteTable('search_terms_pending', {
  postId: integer('post_id').primaryKey(),
});

/** Key/value flags the app keeps for itself (e.g. whether the demo seed ran). */
export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at').notNull().default(sql`(unixepoch() * 1000)`),
});

export type User = typeof users.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type Photo = typeof photos.$inferSelect;
export type Report = typeof reports.$inferSelect;
