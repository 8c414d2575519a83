-- Edits that never overwrite each other, and one ad per new-ad form.
-- `version` grows by one with every saved edit; the editor form carries the version it was opened
-- at, and a save is applied only while the ad is still at that version.
ALTER TABLE `posts` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The one-time token of the new-ad form that created the ad (null for ads made otherwise): a second
-- submission of the same form finds the ad already created instead of making another.
ALTER TABLE `posts` ADD `submission_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `posts_submission_token` ON `posts` (`submission_token`);
