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
--> statement-breakpoint

-- 4. Localities of Suceava county (municipalities, towns, communes) with the approximate position of
--    their centre, for the distance filter ("Rădăuți + 10 km", db/search.ts). Reference data, written
--    for this project from public geography; a distance is measured between centres.
CREATE TABLE `localities` (
  `name` text PRIMARY KEY NOT NULL,
  `kind` text NOT NULL,
  `lat` real NOT NULL,
  `lon` real NOT NULL
);
--> statement-breakpoint
INSERT INTO localities (name, kind, lat, lon) VALUES
('Rădăuți', 'municipiu', 47.842, 25.919),
('Suceava', 'municipiu', 47.651, 26.255),
('Câmpulung Moldovenesc', 'municipiu', 47.530, 25.551),
('Fălticeni', 'municipiu', 47.460, 26.300),
('Vatra Dornei', 'municipiu', 47.347, 25.359),
('Gura Humorului', 'oraș', 47.553, 25.887),
('Siret', 'oraș', 47.953, 26.066),
('Vicovu de Sus', 'oraș', 47.926, 25.680),
('Solca', 'oraș', 47.700, 25.848),
('Milișăuți', 'oraș', 47.786, 26.005),
('Cajvana', 'oraș', 47.704, 25.969),
('Frasin', 'oraș', 47.533, 25.796),
('Liteni', 'oraș', 47.520, 26.532),
('Salcea', 'oraș', 47.650, 26.367),
('Broșteni', 'oraș', 47.240, 25.700),
('Dolhasca', 'oraș', 47.430, 26.610),
('Arbore', 'comună', 47.733, 25.925),
('Bilca', 'comună', 47.916, 25.755),
('Brodina', 'comună', 47.883, 25.417),
('Dornești', 'comună', 47.871, 26.000),
('Frătăuții Noi', 'comună', 47.943, 25.848),
('Frătăuții Vechi', 'comună', 47.905, 25.880),
('Gălănești', 'comună', 47.917, 25.800),
('Horodnic de Jos', 'comună', 47.840, 25.827),
('Horodnic de Sus', 'comună', 47.843, 25.783),
('Marginea', 'comună', 47.810, 25.820),
('Putna', 'comună', 47.868, 25.605),
('Satu Mare', 'comună', 47.832, 26.012),
('Sucevița', 'comună', 47.780, 25.716),
('Volovăț', 'comună', 47.812, 25.898),
('Vicovu de Jos', 'comună', 47.900, 25.735),
('Voitinel', 'comună', 47.884, 25.760),
('Burla', 'comună', 47.870, 25.930),
('Straja', 'comună', 47.916, 25.548),
('Ulma', 'comună', 47.883, 25.300),
('Moldovița', 'comună', 47.683, 25.533),
('Vama', 'comună', 47.564, 25.684),
('Iaslovăț', 'comună', 47.769, 25.987),
('Grănicești', 'comună', 47.812, 26.138),
('Pătrăuți', 'comună', 47.720, 26.190),
('Ipotești', 'comună', 47.622, 26.277),
('Șcheia', 'comună', 47.650, 26.220),
('Mitocu Dragomirnei', 'comună', 47.737, 26.243),
('Moara', 'comună', 47.587, 26.213),
('Adâncata', 'comună', 47.740, 26.300),
('Dărmănești', 'comună', 47.731, 26.145),
('Udești', 'comună', 47.565, 26.424),
('Todirești', 'comună', 47.723, 26.041),
('Zamostea', 'comună', 47.877, 26.200),
('Bosanci', 'comună', 47.590, 26.320),
('Cacica', 'comună', 47.632, 25.902),
('Pârteștii de Jos', 'comună', 47.642, 25.965),
('Mănăstirea Humorului', 'comună', 47.595, 25.856),
('Dorna Candrenilor', 'comună', 47.340, 25.260),
('Poiana Stampei', 'comună', 47.320, 25.130),
('Ciprian Porumbescu', 'comună', 47.570, 26.060),
('Baia', 'comună', 47.417, 26.217),
('Bălăceana', 'comună', 47.645, 26.050),
('Bălcăuți', 'comună', 47.883, 26.083),
('Berchișești', 'comună', 47.518, 25.977),
('Bogdănești', 'comună', 47.372, 26.272),
('Boroaia', 'comună', 47.358, 26.356),
('Breaza', 'comună', 47.600, 25.317),
('Calafindești', 'comună', 47.867, 26.117),
('Capu Câmpului', 'comună', 47.500, 25.983),
('Cârlibaba', 'comună', 47.583, 25.133),
('Ciocănești', 'comună', 47.483, 25.350),
('Cornu Luncii', 'comună', 47.467, 26.150),
('Coșna', 'comună', 47.367, 25.183),
('Crucea', 'comună', 47.350, 25.617),
('Dorna-Arini', 'comună', 47.300, 25.417),
('Drăgoiești', 'comună', 47.583, 26.083),
('Dumbrăveni', 'comună', 47.655, 26.417),
('Fântânele', 'comună', 47.577, 26.525),
('Forăști', 'comună', 47.350, 26.450),
('Fundu Moldovei', 'comună', 47.533, 25.400),
('Hănțești', 'comună', 47.750, 26.367),
('Horodniceni', 'comună', 47.540, 26.170),
('Ilișești', 'comună', 47.600, 26.033),
('Izvoarele Sucevei', 'comună', 47.750, 25.183),
('Mălini', 'comună', 47.467, 26.083),
('Mușenița', 'comună', 47.960, 26.030),
('Ostra', 'comună', 47.400, 25.750),
('Panaci', 'comună', 47.267, 25.383),
('Păltinoasa', 'comună', 47.550, 25.950),
('Poieni-Solca', 'comună', 47.683, 25.883),
('Preutești', 'comună', 47.450, 26.417),
('Râșca', 'comună', 47.367, 26.233),
('Sadova', 'comună', 47.550, 25.500),
('Siminicea', 'comună', 47.700, 26.400),
('Slatina', 'comună', 47.450, 26.017),
('Stroiești', 'comună', 47.617, 26.133),
('Stulpicani', 'comună', 47.467, 25.767),
('Șaru Dornei', 'comună', 47.283, 25.350),
('Șerbăuți', 'comună', 47.817, 26.150),
('Vadu Moldovei', 'comună', 47.383, 26.367),
('Verești', 'comună', 47.600, 26.450),
('Vulturești', 'comună', 47.533, 26.067),
('Zvoriștea', 'comună', 47.833, 26.283);
