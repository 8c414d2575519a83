-- Full-text search over ads (issue 8). Hand-written: drizzle-kit does not generate virtual tables.
--
-- posts_fts holds one row per *published* ad, rowid = posts.id, with its own copy of the text
-- (not external-content: deleting by rowid can never corrupt the index, and snippet()/highlight()
-- work). Columns: title (weighted highest in bm25), body = posts.search_text (the description with
-- phone numbers masked), category (category + subcategory names), locality. Never the author's
-- name, email or phone, nor the raw description, so masking cannot be bypassed by searching.
-- `remove_diacritics 2` makes masina = mașină = maşină (cedilla) and î/â = i/a.
-- `prefix` indexes speed up the while-typing prefix match of the last word.
CREATE VIRTUAL TABLE posts_fts USING fts5(
  title,
  body,
  category,
  locality,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint

-- Triggers keep the index in step with every writer (seed, editor, lifecycle, moderation, cron) in
-- the same statement, and so in the same batch. Only published rows are indexed; expiry is also
-- checked at query time because the daily cron flips the status after the fact.
CREATE TRIGGER posts_fts_after_insert AFTER INSERT ON posts
BEGIN
  DELETE FROM posts_fts WHERE rowid = new.id;
  INSERT INTO posts_fts (rowid, title, body, category, locality)
  SELECT new.id, new.title, new.search_text,
    trim(coalesce((SELECT name FROM categories WHERE id = new.category_id), '') || ' ' ||
         coalesce((SELECT name FROM categories WHERE id = new.subcategory_id), '')),
    new.locality
  WHERE new.status = 'published';
END;
--> statement-breakpoint

-- Only the columns the index depends on: renewals, promotions and price edits leave it alone.
CREATE TRIGGER posts_fts_after_update
AFTER UPDATE OF id, status, title, search_text, category_id, subcategory_id, locality ON posts
BEGIN
  DELETE FROM posts_fts WHERE rowid = old.id;
  DELETE FROM posts_fts WHERE rowid = new.id;
  INSERT INTO posts_fts (rowid, title, body, category, locality)
  SELECT new.id, new.title, new.search_text,
    trim(coalesce((SELECT name FROM categories WHERE id = new.category_id), '') || ' ' ||
         coalesce((SELECT name FROM categories WHERE id = new.subcategory_id), '')),
    new.locality
  WHERE new.status = 'published';
END;
--> statement-breakpoint

CREATE TRIGGER posts_fts_after_delete AFTER DELETE ON posts
BEGIN
  DELETE FROM posts_fts WHERE rowid = old.id;
END;
--> statement-breakpoint

-- Ads that already exist when this migration runs.
INSERT INTO posts_fts (rowid, title, body, category, locality)
SELECT p.id, p.title, p.search_text,
  trim(coalesce((SELECT name FROM categories WHERE id = p.category_id), '') || ' ' ||
       coalesce((SELECT name FROM categories WHERE id = p.subcategory_id), '')),
  p.locality
FROM posts p
WHERE p.status = 'published';
--> statement-breakpoint

-- Rebuilding the index from scratch: superseded, see 0003_search_freshness.sql (the rowid is no
-- longer posts.id).

-- Synonyms: a search word (lower case, without diacritics) and the words it also matches,
-- space-separated. A word is looked up after its diacritics are removed, so `vând` finds the row
-- `vand`. Operators edit this table directly; the site reloads it within a minute:
--   npx wrangler d1 execute DB --remote --command \
--     "INSERT OR REPLACE INTO search_synonyms (term, expansions) VALUES ('auto', 'masina autoturism')"
--   npx wrangler d1 execute DB --remote --command "DELETE FROM search_synonyms WHERE term = 'auto'"
-- Each group is listed from every member, so the widening works in both directions.
INSERT OR REPLACE INTO search_synonyms (term, expansions) VALUES
('vand', 'vanzare vinde vindem'),
('vanzare', 'vand vinde vindem'),
('vinde', 'vand vanzare vindem'),
('vindem', 'vand vanzare vinde'),
('chirie', 'inchiriez inchiriere inchiriat inchiriaza'),
('inchiriez', 'chirie inchiriere inchiriat inchiriaza'),
('inchiriere', 'chirie inchiriez inchiriat inchiriaza'),
('inchiriat', 'chirie inchiriez inchiriere inchiriaza'),
('inchiriaza', 'chirie inchiriez inchiriere inchiriat'),
('munca', 'angajare angajez angajam job joburi'),
('angajare', 'munca angajez angajam job joburi'),
('angajez', 'munca angajare angajam job joburi'),
('angajam', 'munca angajare angajez job joburi'),
('job', 'munca angajare angajez angajam joburi'),
('joburi', 'munca angajare angajez angajam job'),
('ap', 'apartament apartamente apartamentul'),
('apartament', 'ap apartamente apartamentul'),
('apartamente', 'ap apartament apartamentul'),
('garsoniera', 'garsoniere garsonierei'),
('garsoniere', 'garsoniera garsonierei'),
('garsonierei', 'garsoniera garsoniere'),
('masina', 'masini autoturism autoturisme'),
('masini', 'masina autoturism autoturisme'),
('autoturism', 'masina masini autoturisme'),
('autoturisme', 'masina masini autoturism');
