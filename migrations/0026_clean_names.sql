-- One line for every stored name and title (docs/messages.md#rules): control characters (C0 with NUL,
-- CR, LF and TAB, DEL, C1), Unicode line and paragraph separators, zero-width characters and
-- bidirectional overrides become spaces, other spaces (such as U+00A0) too, runs of spaces collapse to
-- one and the ends are trimmed: what oneLineText (src/lib/text.ts) does to everything typed since.
-- Rows stored before that rule (or written by the old site) are cleaned here, so nothing a person once
-- typed can reach a mail header. A text left empty takes the fallback the site uses.
-- Only rows holding such a character are read and written (found with two GLOB classes of ranges, as
-- D1 refuses a pattern over 50 bytes); the search index follows through its triggers; running it
-- again changes nothing. SQLite's parser cannot nest 102 replace() calls and replace() cannot match
-- NUL, so NULs are replaced first, byte-wise, then the other characters one by one (102 steps).
-- Display names (the sender's name in the subjects of message notices).
UPDATE users SET name = cleaned.value
FROM (
  WITH RECURSIVE
    bad(step, c) AS (VALUES
      (1, char(1)), (2, char(2)), (3, char(3)), (4, char(4)), (5, char(5)), (6, char(6)), (7, char(7)), (8, char(8)),
      (9, char(9)), (10, char(10)), (11, char(11)), (12, char(12)), (13, char(13)), (14, char(14)), (15, char(15)), (16, char(16)),
      (17, char(17)), (18, char(18)), (19, char(19)), (20, char(20)), (21, char(21)), (22, char(22)), (23, char(23)), (24, char(24)),
      (25, char(25)), (26, char(26)), (27, char(27)), (28, char(28)), (29, char(29)), (30, char(30)), (31, char(31)), (32, char(127)),
      (33, char(128)), (34, char(129)), (35, char(130)), (36, char(131)), (37, char(132)), (38, char(133)), (39, char(134)), (40, char(135)),
      (41, char(136)), (42, char(137)), (43, char(138)), (44, char(139)), (45, char(140)), (46, char(141)), (47, char(142)), (48, char(143)),
      (49, char(144)), (50, char(145)), (51, char(146)), (52, char(147)), (53, char(148)), (54, char(149)), (55, char(150)), (56, char(151)),
      (57, char(152)), (58, char(153)), (59, char(154)), (60, char(155)), (61, char(156)), (62, char(157)), (63, char(158)), (64, char(159)),
      (65, char(8203)), (66, char(8204)), (67, char(8205)), (68, char(8206)), (69, char(8207)), (70, char(8232)), (71, char(8233)), (72, char(8234)),
      (73, char(8235)), (74, char(8236)), (75, char(8237)), (76, char(8238)), (77, char(8288)), (78, char(8289)), (79, char(8290)), (80, char(8291)),
      (81, char(8292)), (82, char(8294)), (83, char(8295)), (84, char(8296)), (85, char(8297)), (86, char(65279)), (87, char(160)), (88, char(5760)),
      (89, char(8192)), (90, char(8193)), (91, char(8194)), (92, char(8195)), (93, char(8196)), (94, char(8197)), (95, char(8198)), (96, char(8199)),
      (97, char(8200)), (98, char(8201)), (99, char(8202)), (100, char(8239)), (101, char(8287)), (102, char(12288))),
    unnul(id, v) AS (
      SELECT id, name FROM users
      WHERE name GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-' || char(160) || char(5760) || ']*'
         OR name GLOB '*[' || char(8192) || '-' || char(8207) || char(8232) || '-' || char(8239)
                          || char(8287) || '-' || char(8292) || char(8294) || '-' || char(8297)
                          || char(12288) || char(65279) || ']*'
         OR instr(CAST(name AS BLOB), x'00') > 0
      UNION ALL
      SELECT id, CAST(substr(CAST(v AS BLOB), 1, instr(CAST(v AS BLOB), x'00') - 1) || x'20'
                      || substr(CAST(v AS BLOB), instr(CAST(v AS BLOB), x'00') + 1) AS TEXT)
      FROM unnul WHERE instr(CAST(v AS BLOB), x'00') > 0
    ),
    cleaning(id, step, v) AS (
      SELECT id, 0, v FROM unnul WHERE instr(CAST(v AS BLOB), x'00') = 0
      UNION ALL
      SELECT cleaning.id, bad.step, replace(cleaning.v, bad.c, ' ')
      FROM cleaning JOIN bad ON bad.step = cleaning.step + 1
    )
  SELECT id, coalesce(nullif(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ')), ''), 'Utilizator') AS value
  FROM cleaning WHERE step = 102
) AS cleaned
WHERE users.id = cleaned.id;
--> statement-breakpoint
-- Ad titles (subjects of expiry, price-drop, decision and alert mails).
UPDATE posts SET title = cleaned.value
FROM (
  WITH RECURSIVE
    bad(step, c) AS (VALUES
      (1, char(1)), (2, char(2)), (3, char(3)), (4, char(4)), (5, char(5)), (6, char(6)), (7, char(7)), (8, char(8)),
      (9, char(9)), (10, char(10)), (11, char(11)), (12, char(12)), (13, char(13)), (14, char(14)), (15, char(15)), (16, char(16)),
      (17, char(17)), (18, char(18)), (19, char(19)), (20, char(20)), (21, char(21)), (22, char(22)), (23, char(23)), (24, char(24)),
      (25, char(25)), (26, char(26)), (27, char(27)), (28, char(28)), (29, char(29)), (30, char(30)), (31, char(31)), (32, char(127)),
      (33, char(128)), (34, char(129)), (35, char(130)), (36, char(131)), (37, char(132)), (38, char(133)), (39, char(134)), (40, char(135)),
      (41, char(136)), (42, char(137)), (43, char(138)), (44, char(139)), (45, char(140)), (46, char(141)), (47, char(142)), (48, char(143)),
      (49, char(144)), (50, char(145)), (51, char(146)), (52, char(147)), (53, char(148)), (54, char(149)), (55, char(150)), (56, char(151)),
      (57, char(152)), (58, char(153)), (59, char(154)), (60, char(155)), (61, char(156)), (62, char(157)), (63, char(158)), (64, char(159)),
      (65, char(8203)), (66, char(8204)), (67, char(8205)), (68, char(8206)), (69, char(8207)), (70, char(8232)), (71, char(8233)), (72, char(8234)),
      (73, char(8235)), (74, char(8236)), (75, char(8237)), (76, char(8238)), (77, char(8288)), (78, char(8289)), (79, char(8290)), (80, char(8291)),
      (81, char(8292)), (82, char(8294)), (83, char(8295)), (84, char(8296)), (85, char(8297)), (86, char(65279)), (87, char(160)), (88, char(5760)),
      (89, char(8192)), (90, char(8193)), (91, char(8194)), (92, char(8195)), (93, char(8196)), (94, char(8197)), (95, char(8198)), (96, char(8199)),
      (97, char(8200)), (98, char(8201)), (99, char(8202)), (100, char(8239)), (101, char(8287)), (102, char(12288))),
    unnul(id, v) AS (
      SELECT id, title FROM posts
      WHERE title GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-' || char(160) || char(5760) || ']*'
         OR title GLOB '*[' || char(8192) || '-' || char(8207) || char(8232) || '-' || char(8239)
                          || char(8287) || '-' || char(8292) || char(8294) || '-' || char(8297)
                          || char(12288) || char(65279) || ']*'
         OR instr(CAST(title AS BLOB), x'00') > 0
      UNION ALL
      SELECT id, CAST(substr(CAST(v AS BLOB), 1, instr(CAST(v AS BLOB), x'00') - 1) || x'20'
                      || substr(CAST(v AS BLOB), instr(CAST(v AS BLOB), x'00') + 1) AS TEXT)
      FROM unnul WHERE instr(CAST(v AS BLOB), x'00') > 0
    ),
    cleaning(id, step, v) AS (
      SELECT id, 0, v FROM unnul WHERE instr(CAST(v AS BLOB), x'00') = 0
      UNION ALL
      SELECT cleaning.id, bad.step, replace(cleaning.v, bad.c, ' ')
      FROM cleaning JOIN bad ON bad.step = cleaning.step + 1
    )
  SELECT id, coalesce(nullif(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ')), ''), 'Anunț') AS value
  FROM cleaning WHERE step = 102
) AS cleaned
WHERE posts.id = cleaned.id;
--> statement-breakpoint
-- The ad title a conversation keeps (subjects of message notices).
UPDATE conversations SET post_title = cleaned.value
FROM (
  WITH RECURSIVE
    bad(step, c) AS (VALUES
      (1, char(1)), (2, char(2)), (3, char(3)), (4, char(4)), (5, char(5)), (6, char(6)), (7, char(7)), (8, char(8)),
      (9, char(9)), (10, char(10)), (11, char(11)), (12, char(12)), (13, char(13)), (14, char(14)), (15, char(15)), (16, char(16)),
      (17, char(17)), (18, char(18)), (19, char(19)), (20, char(20)), (21, char(21)), (22, char(22)), (23, char(23)), (24, char(24)),
      (25, char(25)), (26, char(26)), (27, char(27)), (28, char(28)), (29, char(29)), (30, char(30)), (31, char(31)), (32, char(127)),
      (33, char(128)), (34, char(129)), (35, char(130)), (36, char(131)), (37, char(132)), (38, char(133)), (39, char(134)), (40, char(135)),
      (41, char(136)), (42, char(137)), (43, char(138)), (44, char(139)), (45, char(140)), (46, char(141)), (47, char(142)), (48, char(143)),
      (49, char(144)), (50, char(145)), (51, char(146)), (52, char(147)), (53, char(148)), (54, char(149)), (55, char(150)), (56, char(151)),
      (57, char(152)), (58, char(153)), (59, char(154)), (60, char(155)), (61, char(156)), (62, char(157)), (63, char(158)), (64, char(159)),
      (65, char(8203)), (66, char(8204)), (67, char(8205)), (68, char(8206)), (69, char(8207)), (70, char(8232)), (71, char(8233)), (72, char(8234)),
      (73, char(8235)), (74, char(8236)), (75, char(8237)), (76, char(8238)), (77, char(8288)), (78, char(8289)), (79, char(8290)), (80, char(8291)),
      (81, char(8292)), (82, char(8294)), (83, char(8295)), (84, char(8296)), (85, char(8297)), (86, char(65279)), (87, char(160)), (88, char(5760)),
      (89, char(8192)), (90, char(8193)), (91, char(8194)), (92, char(8195)), (93, char(8196)), (94, char(8197)), (95, char(8198)), (96, char(8199)),
      (97, char(8200)), (98, char(8201)), (99, char(8202)), (100, char(8239)), (101, char(8287)), (102, char(12288))),
    unnul(id, v) AS (
      SELECT id, post_title FROM conversations
      WHERE post_title GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-' || char(160) || char(5760) || ']*'
         OR post_title GLOB '*[' || char(8192) || '-' || char(8207) || char(8232) || '-' || char(8239)
                          || char(8287) || '-' || char(8292) || char(8294) || '-' || char(8297)
                          || char(12288) || char(65279) || ']*'
         OR instr(CAST(post_title AS BLOB), x'00') > 0
      UNION ALL
      SELECT id, CAST(substr(CAST(v AS BLOB), 1, instr(CAST(v AS BLOB), x'00') - 1) || x'20'
                      || substr(CAST(v AS BLOB), instr(CAST(v AS BLOB), x'00') + 1) AS TEXT)
      FROM unnul WHERE instr(CAST(v AS BLOB), x'00') > 0
    ),
    cleaning(id, step, v) AS (
      SELECT id, 0, v FROM unnul WHERE instr(CAST(v AS BLOB), x'00') = 0
      UNION ALL
      SELECT cleaning.id, bad.step, replace(cleaning.v, bad.c, ' ')
      FROM cleaning JOIN bad ON bad.step = cleaning.step + 1
    )
  SELECT id, coalesce(nullif(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ')), ''), 'Anunț') AS value
  FROM cleaning WHERE step = 102
) AS cleaned
WHERE conversations.id = cleaned.id;
--> statement-breakpoint
-- Saved search names (the subject of the daily digest).
UPDATE saved_searches SET name = cleaned.value
FROM (
  WITH RECURSIVE
    bad(step, c) AS (VALUES
      (1, char(1)), (2, char(2)), (3, char(3)), (4, char(4)), (5, char(5)), (6, char(6)), (7, char(7)), (8, char(8)),
      (9, char(9)), (10, char(10)), (11, char(11)), (12, char(12)), (13, char(13)), (14, char(14)), (15, char(15)), (16, char(16)),
      (17, char(17)), (18, char(18)), (19, char(19)), (20, char(20)), (21, char(21)), (22, char(22)), (23, char(23)), (24, char(24)),
      (25, char(25)), (26, char(26)), (27, char(27)), (28, char(28)), (29, char(29)), (30, char(30)), (31, char(31)), (32, char(127)),
      (33, char(128)), (34, char(129)), (35, char(130)), (36, char(131)), (37, char(132)), (38, char(133)), (39, char(134)), (40, char(135)),
      (41, char(136)), (42, char(137)), (43, char(138)), (44, char(139)), (45, char(140)), (46, char(141)), (47, char(142)), (48, char(143)),
      (49, char(144)), (50, char(145)), (51, char(146)), (52, char(147)), (53, char(148)), (54, char(149)), (55, char(150)), (56, char(151)),
      (57, char(152)), (58, char(153)), (59, char(154)), (60, char(155)), (61, char(156)), (62, char(157)), (63, char(158)), (64, char(159)),
      (65, char(8203)), (66, char(8204)), (67, char(8205)), (68, char(8206)), (69, char(8207)), (70, char(8232)), (71, char(8233)), (72, char(8234)),
      (73, char(8235)), (74, char(8236)), (75, char(8237)), (76, char(8238)), (77, char(8288)), (78, char(8289)), (79, char(8290)), (80, char(8291)),
      (81, char(8292)), (82, char(8294)), (83, char(8295)), (84, char(8296)), (85, char(8297)), (86, char(65279)), (87, char(160)), (88, char(5760)),
      (89, char(8192)), (90, char(8193)), (91, char(8194)), (92, char(8195)), (93, char(8196)), (94, char(8197)), (95, char(8198)), (96, char(8199)),
      (97, char(8200)), (98, char(8201)), (99, char(8202)), (100, char(8239)), (101, char(8287)), (102, char(12288))),
    unnul(id, v) AS (
      SELECT id, name FROM saved_searches
      WHERE name GLOB '*[' || char(1) || '-' || char(31) || char(127) || '-' || char(160) || char(5760) || ']*'
         OR name GLOB '*[' || char(8192) || '-' || char(8207) || char(8232) || '-' || char(8239)
                          || char(8287) || '-' || char(8292) || char(8294) || '-' || char(8297)
                          || char(12288) || char(65279) || ']*'
         OR instr(CAST(name AS BLOB), x'00') > 0
      UNION ALL
      SELECT id, CAST(substr(CAST(v AS BLOB), 1, instr(CAST(v AS BLOB), x'00') - 1) || x'20'
                      || substr(CAST(v AS BLOB), instr(CAST(v AS BLOB), x'00') + 1) AS TEXT)
      FROM unnul WHERE instr(CAST(v AS BLOB), x'00') > 0
    ),
    cleaning(id, step, v) AS (
      SELECT id, 0, v FROM unnul WHERE instr(CAST(v AS BLOB), x'00') = 0
      UNION ALL
      SELECT cleaning.id, bad.step, replace(cleaning.v, bad.c, ' ')
      FROM cleaning JOIN bad ON bad.step = cleaning.step + 1
    )
  SELECT id, coalesce(nullif(trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(v, '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' '), '  ', ' ')), ''), 'Căutare salvată') AS value
  FROM cleaning WHERE step = 102
) AS cleaned
WHERE saved_searches.id = cleaned.id;
