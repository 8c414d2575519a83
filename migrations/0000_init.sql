CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`parent_id` integer,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`kind` text DEFAULT 'general' NOT NULL,
	`description` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_parent` ON `categories` (`parent_id`,`position`);--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operator_user_id` integer NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `moderation_log_created` ON `moderation_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer,
	`user_id` integer NOT NULL,
	`kind` text DEFAULT 'post' NOT NULL,
	`file_name` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `photos_post` ON `photos` (`post_id`,`position`);--> statement-breakpoint
CREATE INDEX `photos_orphans` ON `photos` (`post_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `photos_user` ON `photos` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`subcategory_id` integer,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`description` text NOT NULL,
	`search_text` text DEFAULT '' NOT NULL,
	`price` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'RON' NOT NULL,
	`negotiable` integer DEFAULT false NOT NULL,
	`locality` text DEFAULT 'Rădăuți' NOT NULL,
	`phone` text,
	`status` text DEFAULT 'draft' NOT NULL,
	`promotion` integer DEFAULT 0 NOT NULL,
	`promoted_until` integer,
	`fields` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer,
	`bumped_at` integer,
	`expires_at` integer,
	`renewed_at` integer,
	`closed_at` integer
);
--> statement-breakpoint
CREATE INDEX `posts_listing` ON `posts` (`status`,`category_id`,`promotion`,`bumped_at`);--> statement-breakpoint
CREATE INDEX `posts_sub_listing` ON `posts` (`status`,`subcategory_id`,`promotion`,`bumped_at`);--> statement-breakpoint
CREATE INDEX `posts_all_listing` ON `posts` (`status`,`promotion`,`bumped_at`);--> statement-breakpoint
CREATE INDEX `posts_author` ON `posts` (`user_id`,`status`,`bumped_at`);--> statement-breakpoint
CREATE INDEX `posts_expiry` ON `posts` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `posts_created` ON `posts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`reason` text NOT NULL,
	`details` text DEFAULT '' NOT NULL,
	`reporter_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_once` ON `reports` (`post_id`,`reporter_key`);--> statement-breakpoint
CREATE INDEX `reports_open` ON `reports` (`resolved_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `search_synonyms` (
	`term` text PRIMARY KEY NOT NULL,
	`expansions` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`clerk_id` text NOT NULL,
	`email` text,
	`name` text NOT NULL,
	`avatar_photo_id` integer,
	`phone` text,
	`role` text DEFAULT 'user' NOT NULL,
	`banned` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_clerk_id` ON `users` (`clerk_id`);--> statement-breakpoint
CREATE INDEX `users_email` ON `users` (`email`);