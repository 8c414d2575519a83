-- The console's word search (docs/moderation.md#search). Hand-written: drizzle-kit does not generate
-- virtual tables.
--
-- The public index posts_fts holds only published ads and their masked text, so the console, which
-- must find ads in every state (held, hidden, sold, expired, deleted, drafts) by what their authors
-- wrote, scanned the others with a folded LIKE, and people by a folded LIKE over every name: about
-- 70 ms at 20,000 ads and 5,000 people. Two indexes of their own, read by operators only:
--  - posts_fts_all: every ad, whatever its state, rowid = posts.id, its title and raw description;
--  - posts_fts_people: every account's name, rowid = users.id.
-- The same tokenizer as posts_fts (lower case, `remove_diacritics 2`: masina = mașină = maşină), so
-- the console folds words as the public search does, each word matched as the start of a word.
-- Their names start with posts_fts, like every search index: backups leave them out (src/db/backup.ts)
-- and a restore fills them again through the triggers below as the rows are written.
-- Each keeps its own copy of the text (not external-content), so a delete by rowid can never
-- corrupt it, as for posts_fts (0002_search.sql).
CREATE VIRTUAL TABLE posts_fts_all USING fts5(
  title,
  description,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE posts_fts_people USING fts5(
  name,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint

-- Triggers keep both in step with every writer (editor, moderation, lifecycle, import, restore, seed)
-- in the same statement. A state change touches neither: the index holds every state.
CREATE TRIGGER posts_fts_all_after_insert AFTER INSERT ON posts
BEGIN
  INSERT INTO posts_fts_all (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER posts_fts_all_after_update AFTER UPDATE OF id, title, description ON posts
WHEN new.id IS NOT old.id OR new.title IS NOT old.title OR new.description IS NOT old.description
BEGIN
  DELETE FROM posts_fts_all WHERE rowid = old.id;
  INSERT INTO posts_fts_all (rowid, title, description) VALUES (new.id, new.title, new.description);
END;
--> statement-breakpoint
CREATE TRIGGER posts_fts_all_after_delete AFTER DELETE ON posts
BEGIN
  DELETE FROM posts_fts_all WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER posts_fts_people_after_insert AFTER INSERT ON users
BEGIN
  INSERT INTO posts_fts_people (rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER posts_fts_people_after_update AFTER UPDATE OF id, name ON users
WHEN new.id IS NOT old.id OR new.name IS NOT old.name
BEGIN
  DELETE FROM posts_fts_people WHERE rowid = old.id;
  INSERT INTO posts_fts_people (rowid, name) VALUES (new.id, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER posts_fts_people_after_delete AFTER DELETE ON users
BEGIN
  DELETE FROM posts_fts_people WHERE rowid = old.id;
END;
--> statement-breakpoint

-- Ads and people that exist when this migration runs. The same statements, after
-- `DELETE FROM posts_fts_all; DELETE FROM posts_fts_people;` and in one batch, rebuild both.
INSERT INTO posts_fts_all (rowid, title, description) SELECT id, title, description FROM posts;
--> statement-breakpoint
INSERT INTO posts_fts_people (rowid, name) SELECT id, name FROM users;
--> statement-breakpoint
INSERT INTO posts_fts_all (posts_fts_all) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO posts_fts_people (posts_fts_people) VALUES ('optimize');
