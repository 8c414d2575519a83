-- Mail: the kinds of mail each person turned off on /cont/notificari (no row: the kind is on).
CREATE TABLE `mail_optouts` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`)
);
--> statement-breakpoint
-- Expiry reminders sent: one row per ad, expiry date and stage ('soon' before, 'expired' after).
-- The row is claimed in the same statement that decides to send, so no reminder goes out twice.
CREATE TABLE `expiry_reminders` (
	`post_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`stage` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	PRIMARY KEY(`post_id`, `expires_at`, `stage`)
);
--> statement-breakpoint
CREATE INDEX `expiry_reminders_user` ON `expiry_reminders` (`user_id`, `stage`, `sent_at`);
--> statement-breakpoint
-- Single-use links from mails (one-click renewal): the id of each token once it has been used.
CREATE TABLE `used_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`used_at` integer NOT NULL
);
