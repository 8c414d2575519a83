-- The operators' queue kept as rows (docs/moderation.md#how-the-queue-stays-fast): one row per ad
-- waiting for a decision, with its tier (0 held, 1 reported, 2 marked), its distinct reporters and
-- since when it waits, so that a page of the queue is a range of the index below and its counts a
-- scan of a few hundred index entries. Triggers on posts, reports and queue_marks recompute an ad's
-- row in the same statement (hence the same transaction) as every write that can change it, so the
-- table never drifts from the truth (src/db/queue.ts QUEUE_TRUTH, compared in test/console/queue-items.test.ts).
-- The trigger bodies use iif() rather than CASE … END: wrangler's statement splitter would take a
-- CASE's END for the end of the trigger.
CREATE TABLE `queue_items` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`tier` integer NOT NULL,
	`reporters` integer NOT NULL,
	`since` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `queue_items_order` ON `queue_items` (`tier`,`reporters` DESC,`since`,`post_id`);
--> statement-breakpoint
-- An ad enters held, changes state, or is touched while held (a held ad waits since its last change).
CREATE TRIGGER `queue_items_post_insert` AFTER INSERT ON `posts`
WHEN new.status = 'held'
BEGIN
  DELETE FROM queue_items WHERE post_id = new.id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = new.id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = new.id AND cleared_at IS NULL) m
  WHERE p.id = new.id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
END;
--> statement-breakpoint
CREATE TRIGGER `queue_items_post_update` AFTER UPDATE OF status, updated_at ON `posts`
WHEN old.status IS NOT new.status OR new.status = 'held' OR old.status = 'held'
BEGIN
  DELETE FROM queue_items WHERE post_id = new.id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = new.id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = new.id AND cleared_at IS NULL) m
  WHERE p.id = new.id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
END;
--> statement-breakpoint
CREATE TRIGGER `queue_items_post_delete` AFTER DELETE ON `posts`
BEGIN
  DELETE FROM queue_items WHERE post_id = old.id;
END;
--> statement-breakpoint
-- Reports opened, resolved, moved or removed.
CREATE TRIGGER `queue_items_report_insert` AFTER INSERT ON `reports`
BEGIN
  DELETE FROM queue_items WHERE post_id = new.post_id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = new.post_id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = new.post_id AND cleared_at IS NULL) m
  WHERE p.id = new.post_id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
END;
--> statement-breakpoint
CREATE TRIGGER `queue_items_report_update` AFTER UPDATE OF post_id, reporter_key, created_at, resolved_at ON `reports`
BEGIN
  DELETE FROM queue_items WHERE post_id = old.post_id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = old.post_id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = old.post_id AND cleared_at IS NULL) m
  WHERE p.id = old.post_id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
  DELETE FROM queue_items WHERE post_id = new.post_id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = new.post_id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = new.post_id AND cleared_at IS NULL) m
  WHERE p.id = new.post_id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
END;
--> statement-breakpoint
CREATE TRIGGER `queue_items_report_delete` AFTER DELETE ON `reports`
BEGIN
  DELETE FROM queue_items WHERE post_id = old.post_id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = old.post_id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = old.post_id AND cleared_at IS NULL) m
  WHERE p.id = old.post_id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
END;
--> statement-breakpoint
-- Marks set, cleared, opened again or removed.
CREATE TRIGGER `queue_items_mark_insert` AFTER INSERT ON `queue_marks`
BEGIN
  DELETE FROM queue_items WHERE post_id = new.post_id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = new.post_id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = new.post_id AND cleared_at IS NULL) m
  WHERE p.id = new.post_id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
END;
--> statement-breakpoint
CREATE TRIGGER `queue_items_mark_update` AFTER UPDATE OF post_id, created_at, cleared_at ON `queue_marks`
BEGIN
  DELETE FROM queue_items WHERE post_id = old.post_id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = old.post_id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = old.post_id AND cleared_at IS NULL) m
  WHERE p.id = old.post_id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
  DELETE FROM queue_items WHERE post_id = new.post_id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = new.post_id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = new.post_id AND cleared_at IS NULL) m
  WHERE p.id = new.post_id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
END;
--> statement-breakpoint
CREATE TRIGGER `queue_items_mark_delete` AFTER DELETE ON `queue_marks`
BEGIN
  DELETE FROM queue_items WHERE post_id = old.post_id;
  INSERT INTO queue_items (post_id, tier, reporters, since)
  SELECT p.id,
    iif(p.status = 'held', 0, iif(r.n > 0, 1, 2)),
    r.n,
    min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
      iif(p.status = 'held', p.updated_at, 9007199254740991))
  FROM posts p,
    (SELECT count(DISTINCT reporter_key) AS n, min(created_at) AS since
      FROM reports WHERE post_id = old.post_id AND resolved_at IS NULL) r,
    (SELECT count(*) AS n, min(created_at) AS since
      FROM queue_marks WHERE post_id = old.post_id AND cleared_at IS NULL) m
  WHERE p.id = old.post_id AND p.status NOT IN ('draft', 'deleted')
    AND (p.status = 'held' OR r.n > 0 OR m.n > 0);
END;
--> statement-breakpoint
-- The queue as it stands when this migration runs (the same computation as QUEUE_TRUTH).
INSERT INTO queue_items (post_id, tier, reporters, since)
SELECT p.id,
  CASE WHEN p.status = 'held' THEN 0 WHEN r.n IS NOT NULL THEN 1 ELSE 2 END,
  coalesce(r.n, 0),
  min(coalesce(r.since, 9007199254740991), coalesce(m.since, 9007199254740991),
    CASE WHEN p.status = 'held' THEN p.updated_at ELSE 9007199254740991 END)
FROM posts p
LEFT JOIN (SELECT post_id, count(DISTINCT reporter_key) AS n, min(created_at) AS since
  FROM reports WHERE resolved_at IS NULL GROUP BY post_id) r ON r.post_id = p.id
LEFT JOIN (SELECT post_id, min(created_at) AS since
  FROM queue_marks WHERE cleared_at IS NULL GROUP BY post_id) m ON m.post_id = p.id
WHERE p.status NOT IN ('draft', 'deleted')
  AND (p.status = 'held' OR r.n IS NOT NULL OR m.since IS NOT NULL);
