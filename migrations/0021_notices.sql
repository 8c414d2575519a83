-- Notice and action (docs/moderation.md#notices): each decision's statement of reasons is kept in the
-- moderation log with whom it was sent to and the address given to contest it; reporters' own
-- explanation already lives in reports.details and their address in reports.reporter_email.
ALTER TABLE `moderation_log` ADD `notified_user_id` integer;
--> statement-breakpoint
ALTER TABLE `moderation_log` ADD `contest` text DEFAULT '' NOT NULL;
