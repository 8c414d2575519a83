-- A first message typed by someone not signed in, kept while they sign in (docs/messages.md#drafts):
-- the browser holds only the random id, in an HttpOnly cookie; the text is filled into the message
-- box of the ad after sign-in and the row removed. Rows older than an hour are never shown and the
-- hourly job deletes them.
CREATE TABLE `message_drafts` (
	`id` text PRIMARY KEY NOT NULL,
	`post_id` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL
);
CREATE INDEX `message_drafts_created` ON `message_drafts` (`created_at`);
