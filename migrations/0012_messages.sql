-- Private messages between a buyer and an ad's seller. Each conversation's messages live in its own
-- Durable Object (SQLite storage); this table is the index the inbox, the header's unread count,
-- the moderators' list and the daily cleanup read. One conversation per ad and buyer: concurrent
-- first messages insert with ON CONFLICT DO NOTHING and then read the one row.
CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`buyer_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`post_title` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_message_at` integer NOT NULL,
	`last_preview` text DEFAULT '' NOT NULL,
	`last_sender_id` integer,
	`unread_buyer` integer DEFAULT 0 NOT NULL,
	`unread_seller` integer DEFAULT 0 NOT NULL,
	`blocked_by` integer,
	`reported_at` integer,
	`reported_by` integer,
	`report_reason` text,
	`post_deleted_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_post_buyer` ON `conversations` (`post_id`,`buyer_id`);
--> statement-breakpoint
CREATE INDEX `conversations_buyer` ON `conversations` (`buyer_id`,`last_message_at`);
--> statement-breakpoint
CREATE INDEX `conversations_seller` ON `conversations` (`seller_id`,`last_message_at`);
--> statement-breakpoint
CREATE INDEX `conversations_created` ON `conversations` (`buyer_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `conversations_reported` ON `conversations` (`reported_at`);
--> statement-breakpoint
CREATE INDEX `conversations_deleted` ON `conversations` (`post_deleted_at`);
--> statement-breakpoint
-- "Doar mesaje": the seller's phone is never shown, for all their ads (profile) or one ad.
ALTER TABLE `users` ADD `messages_only` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `posts` ADD `messages_only` integer DEFAULT 0 NOT NULL;
