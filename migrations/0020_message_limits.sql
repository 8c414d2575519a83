-- Messages that cannot be turned into a weapon (docs/messages.md#limits):
-- the messages each person sent per day (the daily reply limit, counted by the statement that
-- reserves the message), blocks between people (a block is about the person, on every ad), and
-- when each person last got the grouped unread-messages mail (at most one an hour).
CREATE TABLE `message_day_counts` (
	`user_id` integer NOT NULL,
	`day` integer NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY (`user_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `user_blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY (`blocker_id`, `blocked_id`)
);
--> statement-breakpoint
CREATE INDEX `user_blocks_blocked` ON `user_blocks` (`blocked_id`, `blocker_id`);
--> statement-breakpoint
-- Blocks made per conversation before become blocks of the person.
INSERT OR IGNORE INTO `user_blocks` (`blocker_id`, `blocked_id`, `created_at`)
	SELECT `blocked_by`, CASE WHEN `blocked_by` = `buyer_id` THEN `seller_id` ELSE `buyer_id` END, `last_message_at`
	FROM `conversations` WHERE `blocked_by` IS NOT NULL;
--> statement-breakpoint
UPDATE `conversations` SET `blocked_by` = (
	SELECT `blocker_id` FROM `user_blocks` b
	WHERE (b.`blocker_id` = `conversations`.`buyer_id` AND b.`blocked_id` = `conversations`.`seller_id`)
	   OR (b.`blocker_id` = `conversations`.`seller_id` AND b.`blocked_id` = `conversations`.`buyer_id`)
	ORDER BY b.`created_at` LIMIT 1)
WHERE `blocked_by` IS NULL;
--> statement-breakpoint
CREATE TABLE `message_notice_state` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`last_sent_at` integer DEFAULT 0 NOT NULL,
	`pending_at` integer
);
