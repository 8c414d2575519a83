-- One table for the ads gone for good (docs/privacy.md, docs/move-in.md): the old site's ids the
-- move-in did not carry over (too old, or of a retired category) move from legacy_gone to gone_posts,
-- where the ads removed by account deletion and by the retention rule already are; each keeps an
-- import marker, so a rerun of the import finds it done. Then legacy_gone goes.
INSERT OR IGNORE INTO gone_posts (post_id, gone_at)
SELECT id, coalesce((SELECT CAST(value AS INTEGER) FROM import_state WHERE key = 'now'),
                    CAST(strftime('%s', 'now') AS INTEGER) * 1000)
FROM legacy_gone WHERE kind = 'post';
--> statement-breakpoint
INSERT OR IGNORE INTO import_rows (kind, id, digest, imported_at)
SELECT 'post', id, 'gone:' || reason,
       coalesce((SELECT CAST(value AS INTEGER) FROM import_state WHERE key = 'now'),
                CAST(strftime('%s', 'now') AS INTEGER) * 1000)
FROM legacy_gone WHERE kind = 'post';
--> statement-breakpoint
DROP TABLE legacy_gone;
