-- Phone masking, one rule for every spelling (docs/masking.md). Titles are now stored masked too,
-- and every row records the version of the rule its title and search_text were masked with.
-- Existing rows start at version 0: the daily job (db/ad-text.remaskStoredText) re-masks them with
-- the current rule in JavaScript, and the search index follows through its update trigger. SQL
-- alone cannot apply the rule, so until then the index is rebuilt below with what SQL can do:
-- searchable digits are taken out of every existing row's indexed text (title and body), which the
-- re-masking then puts back, masked properly.
ALTER TABLE `posts` ADD `mask_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_mask_version` ON `posts` (`mask_version`);
--> statement-breakpoint
DELETE FROM posts_fts;
--> statement-breakpoint
INSERT INTO posts_fts (rowid, title, body, category, locality)
SELECT search_key, replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(title, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(body, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), category, locality
FROM posts_fts_source WHERE search_key IS NOT NULL;
--> statement-breakpoint
INSERT INTO posts_fts (posts_fts) VALUES ('optimize');
