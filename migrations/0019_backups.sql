-- Background work the operators see on /moderare/stare (docs/operations.md): one row per cron run,
-- backup, failed or retried queue job, mail handed to (or refused by) Email Sending, and alarm sent.
CREATE TABLE `job_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `job_runs_kind_started` ON `job_runs` (`kind`,`started_at`);
--> statement-breakpoint
CREATE INDEX `job_runs_started` ON `job_runs` (`started_at`);
--> statement-breakpoint
-- The restore in progress into this (empty) site: which backup, and whether it finished. Never part
-- of a backup itself.
CREATE TABLE `restore_progress` (
	`id` integer PRIMARY KEY NOT NULL,
	`backup` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer
);
