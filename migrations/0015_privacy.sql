-- Personal data: account deletions (resumable; docs/privacy.md) and the addresses of ads that are gone
-- for good (they answer 410 instead of 404).
CREATE TABLE `account_deletions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`clerk_id` text,
	`clerk_hash` text NOT NULL,
	`requested_by` integer,
	`reason` text DEFAULT '' NOT NULL,
	`step` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_deletions_user` ON `account_deletions` (`user_id`);
--> statement-breakpoint
CREATE INDEX `account_deletions_clerk` ON `account_deletions` (`clerk_hash`);
--> statement-breakpoint
CREATE INDEX `account_deletions_open` ON `account_deletions` (`finished_at`);
--> statement-breakpoint
CREATE TABLE `gone_posts` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`gone_at` integer NOT NULL
);
