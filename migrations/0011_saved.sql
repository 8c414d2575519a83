-- Favourites ("Salvate") and saved searches with their daily digest. Hand-written: independent of
-- the other tables' migrations (no foreign keys; rows of a deleted ad are simply shown as removed).
CREATE TABLE `favourites` (
	`user_id` integer NOT NULL,
	`post_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`price_at_save` integer DEFAULT 0 NOT NULL,
	`notify_price_drop` integer DEFAULT 0 NOT NULL,
	`price_drop_version` integer,
	PRIMARY KEY(`user_id`, `post_id`)
);
--> statement-breakpoint
CREATE INDEX `favourites_post` ON `favourites` (`post_id`,`notify_price_drop`);
--> statement-breakpoint
CREATE INDEX `favourites_user_created` ON `favourites` (`user_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`created_at` integer NOT NULL,
	`paused` integer DEFAULT 0 NOT NULL,
	`last_sent_at` integer,
	`cursor_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_user_query` ON `saved_searches` (`user_id`,`query`);
--> statement-breakpoint
CREATE INDEX `saved_searches_active` ON `saved_searches` (`paused`,`user_id`);
--> statement-breakpoint
CREATE TABLE `saved_search_runs` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`state` text NOT NULL,
	`claimed_at` integer NOT NULL,
	`sent_at` integer,
	PRIMARY KEY(`user_id`, `day`)
);
