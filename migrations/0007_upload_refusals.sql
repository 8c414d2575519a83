-- Uploads refused for their content (too many pixels, corrupt, polyglot…): they count against the
-- hourly upload limit like stored photos, so refused files cannot be sent without limit. Rows older
-- than a day are removed by the daily job.
CREATE TABLE `upload_refusals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `upload_refusals_user` ON `upload_refusals` (`user_id`,`created_at`);
