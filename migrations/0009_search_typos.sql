-- Typo-tolerant search. Hand-written: drizzle-kit does not generate virtual tables.
--
-- posts_fts_vocab: the index's own vocabulary, one row per indexed word (already lower case and
-- without diacritics, as the tokenizer folds it) with `doc`, the number of ads holding it. Search
-- asks it whether a typed word exists and how common a correction is.
CREATE VIRTUAL TABLE posts_fts_vocab USING fts5vocab(posts_fts, 'row');
--> statement-breakpoint

-- The spelling candidates: a deletion neighbourhood of the vocabulary. Every indexed word of 3 to
-- 22 letters (digits excluded) is stored with each form obtained by deleting one letter, and words
-- of 6 letters or more also with the forms obtained by deleting two. Two words within edit distance
-- d (transpositions counted as one edit) always share a form made of at most d deletions from each,
-- so a misspelled word finds its candidates by looking up its own deletions, and the exact distance
-- is then computed in the Worker. Words no longer in the index are filtered out at query time by
-- joining posts_fts_vocab, and pruned by the daily maintenance.
CREATE TABLE search_terms (
  id INTEGER PRIMARY KEY,
  term TEXT NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE TABLE search_term_deletes (
  del TEXT NOT NULL,
  term_id INTEGER NOT NULL,
  PRIMARY KEY (del, term_id)
) WITHOUT ROWID;
--> statement-breakpoint

-- Ads whose words may have entered the index since the candidates were last brought up to date.
-- The index's own triggers are left alone: these run on the same events, after them. The queue is
-- drained (its ads' words tokenized in the Worker and added to the candidates) before any spelling
-- lookup, so a word published a second ago can already be a correction.
CREATE TABLE search_terms_pending (
  post_id INTEGER PRIMARY KEY
);
--> statement-breakpoint
CREATE TRIGGER search_terms_after_insert AFTER INSERT ON posts
WHEN new.status = 'published'
BEGIN
  INSERT OR IGNORE INTO search_terms_pending (post_id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_terms_after_update
AFTER UPDATE OF status, title, search_text, category_id, subcategory_id, locality ON posts
WHEN new.status = 'published'
BEGIN
  INSERT OR IGNORE INTO search_terms_pending (post_id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER search_terms_after_delete AFTER DELETE ON posts
BEGIN
  DELETE FROM search_terms_pending WHERE post_id = old.id;
END;
--> statement-breakpoint

-- The words indexed when this migration runs (the same three statements rebuild the candidates
-- from scratch; src/db/spelling.ts REBUILD_SPELLING holds them for scripts and the benchmark).
INSERT OR IGNORE INTO search_terms (term)
SELECT term FROM posts_fts_vocab
WHERE length(term) BETWEEN 3 AND 22 AND term NOT GLOB '*[0-9]*';
--> statement-breakpoint
WITH RECURSIVE pos (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM pos WHERE i < 22)
INSERT OR IGNORE INTO search_term_deletes (del, term_id)
SELECT term, id FROM search_terms
UNION ALL
SELECT substr(t.term, 1, p.i - 1) || substr(t.term, p.i + 1), t.id
FROM search_terms t JOIN pos p ON p.i <= length(t.term)
UNION ALL
SELECT substr(t.term, 1, p.i - 1) || substr(t.term, p.i + 1, q.i - p.i - 1) || substr(t.term, q.i + 1), t.id
FROM search_terms t JOIN pos p ON p.i < length(t.term) JOIN pos q ON q.i > p.i AND q.i <= length(t.term)
WHERE length(t.term) >= 6;
