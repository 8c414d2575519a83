-- Deleted ads are kept 30 days (docs/privacy.md#deleted-ads): an operator can undo a deletion in that
-- window, then the daily job removes them for good with their photos. `deleted_at` is when the owner
-- (or an operator) deleted the ad; `deleted_from` the state it was in, which an undo returns it to.
ALTER TABLE `posts` ADD `deleted_at` integer;
--> statement-breakpoint
ALTER TABLE `posts` ADD `deleted_from` text;
--> statement-breakpoint
CREATE INDEX `posts_deleted` ON `posts` (`deleted_at`) WHERE `deleted_at` IS NOT NULL;
