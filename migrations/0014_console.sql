-- The operators' console (docs/moderation.md) and reporters that count (docs/limits.md#reports).
-- Reports: who the reporter is beyond their key (the account, a salted hash of the client and of the
-- device), the reporter's optional e-mail for the acknowledgement and the decision (DSA notice and
-- action), and what the operator decided.
ALTER TABLE `reports` ADD `reporter_user_id` integer;
--> statement-breakpoint
ALTER TABLE `reports` ADD `address_key` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `reports` ADD `device_key` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `reports` ADD `reporter_email` text;
--> statement-breakpoint
ALTER TABLE `reports` ADD `decision` text;
--> statement-breakpoint
CREATE INDEX `reports_post_open` ON `reports` (`post_id`,`resolved_at`);
--> statement-breakpoint
CREATE INDEX `reports_reporter_user` ON `reports` (`reporter_user_id`);
--> statement-breakpoint
-- The statement of reasons kept with each decision: why, on what ground (a rule, reports), and
-- whether the author was told.
ALTER TABLE `moderation_log` ADD `reason` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `moderation_log` ADD `ground` text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE INDEX `moderation_log_target` ON `moderation_log` (`target_type`,`target_id`,`created_at`);
--> statement-breakpoint
-- Marks that put an ad in the queue without a report: a rule that held or flagged it, a suspected
-- duplicate (with the other ad), a new account's first ads. Cleared by an operator's decision.
CREATE TABLE `queue_marks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`other_post_id` integer,
	`created_at` integer NOT NULL,
	`cleared_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `queue_marks_once` ON `queue_marks` (`post_id`,`kind`);
--> statement-breakpoint
CREATE INDEX `queue_marks_open` ON `queue_marks` (`cleared_at`,`kind`,`created_at`);
--> statement-breakpoint
-- Who is looking at a queue item: one claim per ad, until it expires.
CREATE TABLE `queue_claims` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`operator_user_id` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
-- Operators' rules applied on publish and on every edit.
CREATE TABLE `moderation_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`pattern` text NOT NULL,
	`action` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `moderation_rules_once` ON `moderation_rules` (`kind`,`pattern`);
--> statement-breakpoint
CREATE INDEX `posts_phone` ON `posts` (`phone`);
--> statement-breakpoint
CREATE INDEX `users_phone` ON `users` (`phone`);
--> statement-breakpoint
CREATE INDEX `posts_moderation_status` ON `posts` (`status`,`updated_at`);
--> statement-breakpoint
CREATE INDEX `posts_created_at` ON `posts` (`created_at`);
