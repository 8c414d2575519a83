-- Why an operator hid an ad (shown to its author), and when the author changed it afterwards (the ad
-- then waits in the operators' queue, marked as changed). Both null for an ad that is not hidden.
ALTER TABLE `posts` ADD `hidden_reason` text;
--> statement-breakpoint
ALTER TABLE `posts` ADD `hidden_edited_at` integer;
