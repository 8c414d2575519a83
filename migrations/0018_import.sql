-- The move-in from the old site (docs/move-in.md): what the importer wrote, so a rerun skips it and a
-- conflicting row is told apart from its own; the old site's ids that answer 410; people merged by
-- letter case; the old categories' ids and slugs for their URLs; the import's fixed clock.
CREATE TABLE import_rows (
  kind TEXT NOT NULL,
  id INTEGER NOT NULL,
  digest TEXT NOT NULL,
  imported_at INTEGER NOT NULL,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;

CREATE TABLE legacy_gone (
  kind TEXT NOT NULL,
  id INTEGER NOT NULL,
  reason TEXT NOT NULL,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;

CREATE TABLE legacy_user_aliases (
  old_id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL
);

CREATE TABLE legacy_categories (
  old_id INTEGER PRIMARY KEY,
  old_slug TEXT NOT NULL,
  category_id INTEGER,
  retired INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX legacy_categories_slug ON legacy_categories (old_slug);

CREATE TABLE import_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
