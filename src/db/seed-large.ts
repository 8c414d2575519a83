// The large data set of a local site (`npm run seed:large`, docs/moderation.md#large-data-set): people,
// ads and reports generated inside SQLite by recursive CTEs from a few templates, so 20,000 ads take
// seconds. Deterministic (the row number picks everything). Local development and the bench only.
import { sql } from 'drizzle-orm';
import type { Db } from '../env';
import { MASK_VERSION } from './ad-text';

/** One kind of ad the generator repeats: its texts already masked and stemmed as a writer stores them. */
export interface LargeTemplate {
  categoryId: number;
  subcategoryId: number | null;
  title: string;
  slug: string;
  description: string;
  searchText: string;
  searchStems: string;
  price: number;
}

export interface LargeCounts {
  people: number;
  ads: number;
  reports: number;
}

/** A string as an SQL literal (the templates are the generator's own constants). */
function literal(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(Math.trunc(value));
  return `'${value.replace(/'/g, "''")}'`;
}

/** Whether the large seed ran already (its flag in `meta`). */
export async function largeSeedDone(db: Db): Promise<boolean> {
  const row = await db.get<{ value: string }>(sql`SELECT value FROM meta WHERE key = 'seed_large'`);
  return !!row;
}

/**
 * Adds `counts` people, ads and reports. People: `seed-large-<n>`, one in 40 sharing the phone of the
 * one before, accounts 1 to 1,000 days old. Ads: spread over the last 60 days, 1 in 25 expired, 1 in
 * 100 hidden, 1 in 400 held, the rest published. Reports: over the last 30 days by distinct keys,
 * 85 in 100 decided within 1 to 48 hours (with a log entry), the rest open.
 */
export async function insertLargeSet(
  db: Db,
  templates: readonly LargeTemplate[],
  counts: LargeCounts,
  operatorUserId: number,
  now: number,
): Promise<void> {
  const DAY = 86_400_000;
  const tpl = templates
    .map(
      (t, i) =>
        `(${i}, ${t.categoryId}, ${literal(t.subcategoryId)}, ${literal(t.title)}, ${literal(t.slug)}, ${literal(t.description)}, ${literal(t.searchText)}, ${literal(t.searchStems)}, ${t.price})`,
    )
    .join(',\n');
  const k = templates.length;
  const first = await db.get<{ id: number }>(sql`SELECT coalesce(max(id), 0) AS id FROM users`);
  const base = Number(first?.id ?? 0);
  const firstPost = await db.get<{ id: number }>(sql`SELECT coalesce(max(id), 0) AS id FROM posts`);
  const postBase = Number(firstPost?.id ?? 0);
  const statements = [
    sql.raw(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${counts.people})
      INSERT INTO users (clerk_id, email, name, phone, role, banned, created_at, updated_at)
      SELECT 'seed-large-' || n, 'persoana' || n || '@exemplu.ro',
        CASE n % 6 WHEN 0 THEN 'Ion' WHEN 1 THEN 'Maria' WHEN 2 THEN 'Elena' WHEN 3 THEN 'Vasile' WHEN 4 THEN 'Ana' ELSE 'Gheorghe' END
          || ' ' || CASE n % 7 WHEN 0 THEN 'Popescu' WHEN 1 THEN 'Ionescu' WHEN 2 THEN 'Moldovan' WHEN 3 THEN 'Hrițcu'
          WHEN 4 THEN 'Rusu' WHEN 5 THEN 'Lungu' ELSE 'Cazacu' END || ' ' || n,
        '07' || printf('%08d', 20000000 + CASE WHEN n % 40 = 0 THEN n - 1 ELSE n END),
        'user', CASE WHEN n % 500 = 0 THEN 1 ELSE 0 END,
        ${now} - (n % 1000) * ${DAY} - 3600000, ${now} - (n % 1000) * ${DAY} - 3600000
      FROM seq`),
    sql.raw(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${counts.ads}),
      tpl(i, category_id, subcategory_id, title, slug, description, search_text, search_stems, price) AS (VALUES ${tpl}),
      rows AS (
        SELECT n, ${base} + 1 + (n * 7919) % ${counts.people} AS user_id,
          ${now} - (n % 60) * ${DAY} - (n % 1440) * 60000 AS at,
          CASE WHEN n % 400 = 0 THEN 'held' WHEN n % 100 = 0 THEN 'hidden' WHEN n % 25 = 0 THEN 'expired' ELSE 'published' END AS status
        FROM seq
      )
      INSERT INTO posts (user_id, category_id, subcategory_id, title, slug, description, search_text, search_stems,
        price, currency, locality, phone, status, fields, created_at, updated_at, published_at, bumped_at, expires_at,
        closed_at, hidden_reason, mask_version, version)
      SELECT r.user_id, t.category_id, t.subcategory_id, t.title || ' ' || r.n, t.slug || '-' || r.n, t.description,
        t.search_text, t.search_stems, t.price + (r.n % 50) * 100, 'RON',
        CASE r.n % 5 WHEN 0 THEN 'Suceava' WHEN 1 THEN 'Siret' ELSE 'Rădăuți' END,
        u.phone, r.status, '{}', r.at, r.at, r.at, r.at,
        CASE WHEN r.status = 'expired' THEN r.at + ${DAY} ELSE r.at + 30 * ${DAY} END,
        CASE WHEN r.status IN ('hidden', 'held') THEN r.at + 3600000 END,
        CASE WHEN r.status = 'hidden' THEN 'Spam sau anunț duplicat' END,
        ${MASK_VERSION}, 1
      FROM rows r JOIN tpl t ON t.i = r.n % ${k} JOIN users u ON u.id = r.user_id`),
    sql.raw(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${counts.reports})
      INSERT INTO reports (post_id, reason, details, reporter_key, reporter_user_id, created_at, resolved_at, decision)
      SELECT ${postBase} + 1 + (n * 104729) % ${counts.ads},
        CASE n % 4 WHEN 0 THEN 'Înșelătorie' WHEN 1 THEN 'Spam' WHEN 2 THEN 'Categorie greșită' ELSE 'Altceva' END,
        '', 'seed-large:' || n, ${base} + 1 + (n * 31) % ${counts.people},
        ${now} - (n % 30) * ${DAY} - (n % 720) * 60000,
        CASE WHEN n % 20 < 17 THEN ${now} - (n % 30) * ${DAY} - (n % 720) * 60000 + (1 + n % 48) * 3600000 END,
        CASE WHEN n % 20 < 17 THEN 'Rapoartele au fost analizate; anunțul rămâne publicat.' END
      FROM seq`),
    sql.raw(`
      INSERT INTO moderation_log (operator_user_id, action, target_type, target_id, details, reason, ground, created_at)
      SELECT ${operatorUserId}, 'resolve', 'post', post_id, '', '', 'rapoarte', resolved_at
      FROM reports WHERE reporter_key LIKE 'seed-large:%' AND resolved_at IS NOT NULL`),
    sql`INSERT INTO meta (key, value, updated_at) VALUES ('seed_large', ${JSON.stringify(counts)}, ${now})
        ON CONFLICT (key) DO NOTHING`,
  ];
  for (const statement of statements) await db.run(statement);
}

/** Any operator's id (the demo seed's), for the log entries of the generated decisions. */
export async function anyOperatorId(db: Db): Promise<number | null> {
  const row = await db.get<{ id: number }>(
    sql`SELECT id FROM users WHERE role = 'operator' ORDER BY id LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}
