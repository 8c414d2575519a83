-- Duplicates, statistics and the instant alert of the operators' console (docs/moderation.md).
-- A photo's content hash (SHA-256 of the stored original), so that the same photo on two ads is seen.
CREATE TABLE `photo_hashes` (
	`photo_id` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `photo_hashes_hash` ON `photo_hashes` (`hash`);
--> statement-breakpoint
-- Reports per day on /moderare/statistici.
CREATE INDEX `reports_created` ON `reports` (`created_at`);
--> statement-breakpoint
-- The instant alerts sent about automatically held ads: at most a few an hour, claimed in the insert.
CREATE TABLE `held_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `held_alerts_created` ON `held_alerts` (`created_at`);
