-- Relevant search (docs/search.md): inflected forms, field weights, localities with coordinates.
-- Hand-written: drizzle-kit does not generate virtual tables.
--
-- 1. posts.search_stems: the stems of the masked title, a line break, the stems of search_text
--    (lib/romanian stemText, written by every writer through db/ad-text adTextColumns). SQL cannot
--    stem, so existing rows start empty: their mask_version (1) is below the current one (2), and
--    the daily job (db/ad-text remaskStoredText) fills them in; their index row follows through the
--    update trigger. Until then they are found by their words as written, as before.
ALTER TABLE `posts` ADD `search_stems` text DEFAULT '' NOT NULL;
--> statement-breakpoint

-- 2. The index gains two columns, title_stems and body_stems, so an inflected form counts with the
--    weight of the field it is in (title above description). An FTS5 table cannot gain columns:
--    it is dropped with its vocabulary, view and triggers, and rebuilt from posts below.
DROP TRIGGER posts_fts_after_insert;
--> statement-breakpoint
DROP TRIGGER posts_fts_after_update;
--> statement-breakpoint
DROP TRIGGER posts_fts_after_delete;
--> statement-breakpoint
DROP VIEW posts_fts_source;
--> statement-breakpoint
DROP TABLE posts_fts_vocab;
--> statement-breakpoint
DROP TABLE posts_fts;
--> statement-breakpoint
CREATE VIRTUAL TABLE posts_fts USING fts5(
  title,
  body,
  category,
  locality,
  title_stems,
  body_stems,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE posts_fts_vocab USING fts5vocab(posts_fts, 'row');
--> statement-breakpoint

-- What the index holds of an ad (see 0002_search.sql): never the author's name, e-mail or phone,
-- nor the raw description.
CREATE VIEW posts_fts_source AS
SELECT p.id, p.search_key, p.title, p.search_text AS body,
  trim(coalesce(c.name, '') || ' ' || coalesce(s.name, '')) AS category, p.locality,
  substr(p.search_stems, 1, instr(p.search_stems, char(10)) - 1) AS title_stems,
  substr(p.search_stems, instr(p.search_stems, char(10)) + 1) AS body_stems
FROM posts p
LEFT JOIN categories c ON c.id = p.category_id
LEFT JOIN categories s ON s.id = p.subcategory_id;
--> statement-breakpoint

-- The triggers of 0003_search_freshness.sql, with the new columns.
CREATE TRIGGER posts_fts_after_insert AFTER INSERT ON posts
WHEN new.status = 'published'
BEGIN
  UPDATE posts SET search_key = (SELECT coalesce(max(rowid), 0) + 1 FROM posts_fts) WHERE id = new.id;
  INSERT INTO posts_fts (rowid, title, body, category, locality, title_stems, body_stems)
  SELECT search_key, title, body, category, locality, title_stems, body_stems FROM posts_fts_source WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER posts_fts_after_update
AFTER UPDATE OF id, status, title, search_text, search_stems, category_id, subcategory_id, locality, bumped_at ON posts
BEGIN
  DELETE FROM posts_fts WHERE rowid = old.search_key;
  UPDATE posts SET search_key = CASE
      WHEN new.status <> 'published' THEN NULL
      WHEN old.search_key IS NOT NULL AND new.bumped_at IS old.bumped_at THEN old.search_key
      ELSE (SELECT coalesce(max(rowid), 0) + 1 FROM posts_fts) END
    WHERE id = new.id;
  INSERT INTO posts_fts (rowid, title, body, category, locality, title_stems, body_stems)
  SELECT search_key, title, body, category, locality, title_stems, body_stems FROM posts_fts_source
  WHERE id = new.id AND search_key IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER posts_fts_after_delete AFTER DELETE ON posts
WHEN old.search_key IS NOT NULL
BEGIN
  DELETE FROM posts_fts WHERE rowid = old.search_key;
END;
--> statement-breakpoint
INSERT INTO posts_fts (rowid, title, body, category, locality, title_stems, body_stems)
SELECT search_key, title, body, category, locality, title_stems, body_stems
FROM posts_fts_source WHERE search_key IS NOT NULL;
--> statement-breakpoint
INSERT INTO posts_fts (posts_fts) VALUES ('optimize');
--> statement-breakpoint

-- 3. The synonyms seeded by 0002_search.sql now live with the rest of the built-in word knowledge
--    in lib/search-lexicon.ts; the table keeps only what operators add.
DELETE FROM search_synonyms WHERE term IN ('vand', 'vanzare', 'vinde', 'vindem', 'chirie', 'inchiriez',
  'inchiriere', 'inchiriat', 'inchiriaza', 'munca', 'angajare', 'angajez', 'angajam', 'job', 'joburi', 'ap',
  'apartament', 'apartamente', 'garsoniera', 'garsoniere', 'garsonierei', 'masina', 'masini', 'autoturism',
  'autoturisme');
