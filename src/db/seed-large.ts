// The large data set of a local site (`npm run seed:large`, docs/moderation.md#large-data-set): people,
// ads, photos, reports, rules and queue marks generated inside SQLite by recursive CTEs from a few
// templates. Deterministic (the row number picks everything). Local development and the bench only.
//
// The set is built in steps, one request each, so no statement or request holds the database for
// long (D1 limits one statement's time; a Worker request its CPU): people, the ads in batches of
// 2,000 (with their photo rows), reports with their decisions, then rules and queue marks. Progress
// is kept in `meta` (`seed_large`); each step's rows and the move to the next step commit together
// (one D1 batch) and are guarded by the step number, so a step repeated (a retry, two runs at once)
// adds nothing, and a run interrupted midway continues where it stopped.
import { sql } from 'drizzle-orm';
import type { Db } from '../env';
import { rulePattern } from '../lib/rules';
import { MASK_VERSION } from './ad-text';
import type { RuleAction, RuleKind } from './schema-console';

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

/** Ads added per step. */
export const LARGE_AD_BATCH = 2_000;

/** People with many ads and reports (the first ten generated), for the person page at its heaviest. */
export const LARGE_HEAVY_PEOPLE = 10;

/** Where the large seed stands: the next step to run, and how many steps there are. */
export interface LargeProgress {
  step: number;
  steps: number;
  done: boolean;
}

const KEY = 'seed_large';

/** The operators' rules of the large set: their holds and flags are the seeded queue marks. */
const LARGE_RULES: [RuleKind, string, RuleAction][] = [
  ['phone', '0720 099 999', 'block'],
  ['email', '*@spam-exemplu.ro', 'block'],
  ['word', 'transfer bancar', 'flag'],
  ['word', 'avans rezervare', 'hold'],
];
const DAY = 86_400_000;

/** A string as an SQL literal (the templates are the generator's own constants). */
function literal(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(Math.trunc(value));
  return `'${value.replace(/'/g, "''")}'`;
}

/** The number of steps for `counts`: people, the ad batches, reports, rules and marks. */
export function largeStepCount(counts: LargeCounts): number {
  return 1 + Math.ceil(counts.ads / LARGE_AD_BATCH) + 2;
}

/** Whether the large seed ran to its end. */
export async function largeSeedDone(db: Db): Promise<boolean> {
  return (await largeProgress(db))?.done ?? false;
}

/** The seed's progress, or null when it never started. */
export async function largeProgress(db: Db): Promise<LargeProgress | null> {
  const row = await db.get<{ value: string }>(sql`SELECT value FROM meta WHERE key = ${KEY}`);
  if (!row) return null;
  try {
    const v = JSON.parse(row.value) as Partial<LargeProgress>;
    const step = Number(v.step ?? 0);
    const steps = Number(v.steps ?? 0);
    return { step, steps, done: step >= steps };
  } catch {
    return null;
  }
}

/** The seeded person `n` (1-based), by the unique clerk id: an index look-up. */
const person = (n: string) => `(SELECT id FROM users WHERE clerk_id = 'seed-large-' || (${n}))`;

/** The seeded ads numbered in insertion order (`n` from 1), through their authors' generated ids. */
const SEEDED_POSTS = `seeded AS (
  SELECT p.id, p.user_id, p.status, p.title, p.created_at, row_number() OVER (ORDER BY p.id) AS n
  FROM posts p JOIN users u ON u.id = p.user_id WHERE u.clerk_id LIKE 'seed-large-%')`;

/**
 * The statements of step `step`, each guarded by the step number in `meta` and followed by the move
 * to the next step (run as one batch: all or nothing, and a repeat finds the step moved on).
 */
function stepStatements(
  step: number,
  templates: readonly LargeTemplate[],
  counts: LargeCounts,
  operatorUserId: number,
  now: number,
): string[] {
  const guard = `(SELECT json_extract(value, '$.step') FROM meta WHERE key = '${KEY}') = ${step}`;
  const adBatches = Math.ceil(counts.ads / LARGE_AD_BATCH);
  const out: string[] = [];
  if (step === 0) {
    // People: 1 in 40 shares the phone of the one before (the person page lists them); accounts 1 to
    // 1,000 days old, the last seven of each thousand new (their ads are marked in the queue).
    out.push(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${counts.people})
      INSERT INTO users (clerk_id, email, name, phone, role, banned, created_at, updated_at)
      SELECT 'seed-large-' || n, 'persoana' || n || '@exemplu.ro',
        CASE n % 6 WHEN 0 THEN 'Ion' WHEN 1 THEN 'Maria' WHEN 2 THEN 'Elena' WHEN 3 THEN 'Vasile' WHEN 4 THEN 'Ana' ELSE 'Gheorghe' END
          || ' ' || CASE n % 7 WHEN 0 THEN 'Popescu' WHEN 1 THEN 'Ionescu' WHEN 2 THEN 'Moldovan' WHEN 3 THEN 'Hrițcu'
          WHEN 4 THEN 'Rusu' WHEN 5 THEN 'Lungu' ELSE 'Cazacu' END || ' ' || n,
        '07' || printf('%08d', 20000000 + CASE WHEN n % 40 = 0 THEN n - 1 ELSE n END),
        'user', CASE WHEN n % 500 = 0 THEN 1 ELSE 0 END,
        ${now} - (CASE WHEN n % 1000 >= 993 THEN 1000 - n % 1000 ELSE n % 1000 + 8 END) * ${DAY},
        ${now} - (CASE WHEN n % 1000 >= 993 THEN 1000 - n % 1000 ELSE n % 1000 + 8 END) * ${DAY}
      FROM seq WHERE ${guard}`);
  } else if (step <= adBatches) {
    const from = (step - 1) * LARGE_AD_BATCH + 1;
    const to = Math.min(counts.ads, step * LARGE_AD_BATCH);
    const tpl = templates
      .map(
        (t, i) =>
          `(${i}, ${t.categoryId}, ${literal(t.subcategoryId)}, ${literal(t.title)}, ${literal(t.slug)}, ${literal(t.description)}, ${literal(t.searchText)}, ${literal(t.searchStems)}, ${t.price})`,
      )
      .join(',\n');
    // Ads: spread over the last 60 days, 1 in 25 expired, 1 in 100 hidden, 1 in 400 held, the rest
    // published; one in 50 belongs to one of the ten heavy people.
    out.push(`
      WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to}),
      tpl(i, category_id, subcategory_id, title, slug, description, search_text, search_stems, price) AS (VALUES ${tpl}),
      rows AS (
        SELECT n,
          CASE WHEN n % 50 = 0 THEN 1 + (n / 50) % ${LARGE_HEAVY_PEOPLE} ELSE 1 + (n * 7919) % ${counts.people} END AS who,
          ${now} - (n % 60) * ${DAY} - (n % 1440) * 60000 AS at,
          CASE WHEN n % 400 = 0 THEN 'held' WHEN n % 100 = 0 THEN 'hidden' WHEN n % 25 = 0 THEN 'expired' ELSE 'published' END AS status
        FROM seq WHERE ${guard}
      )
      INSERT INTO posts (user_id, category_id, subcategory_id, title, slug, description, search_text, search_stems,
        price, currency, locality, phone, status, fields, created_at, updated_at, published_at, bumped_at, expires_at,
        closed_at, hidden_reason, mask_version, version)
      SELECT u.id, t.category_id, t.subcategory_id, t.title || ' ' || r.n, t.slug || '-' || r.n, t.description,
        t.search_text, t.search_stems, t.price + (r.n % 50) * 100, 'RON',
        CASE r.n % 5 WHEN 0 THEN 'Suceava' WHEN 1 THEN 'Siret' ELSE 'Rădăuți' END,
        u.phone, r.status, '{}', r.at, r.at, r.at, r.at,
        CASE WHEN r.status = 'expired' THEN r.at + ${DAY} ELSE r.at + 30 * ${DAY} END,
        CASE WHEN r.status IN ('hidden', 'held') THEN r.at + 3600000 END,
        CASE WHEN r.status = 'hidden' THEN 'Spam sau anunț duplicat' END,
        ${MASK_VERSION}, 1
      FROM rows r JOIN tpl t ON t.i = r.n % ${templates.length} JOIN users u ON u.clerk_id = 'seed-large-' || r.who`);
    // Photos: two ads in three get one to three of the demo's photo files (the objects exist in the
    // local R2, so the pages show them). Rows only: deleting a seeded ad may remove a demo ad's image.
    out.push(`
      WITH demo AS (
        SELECT file_name, width, height, bytes, row_number() OVER (ORDER BY id) - 1 AS k
        FROM photos WHERE kind = 'post' AND post_id IS NOT NULL
          AND post_id NOT IN (SELECT p.id FROM posts p JOIN users u ON u.id = p.user_id WHERE u.clerk_id LIKE 'seed-large-%')
        LIMIT 200),
      nd AS (SELECT count(*) AS c FROM demo),
      ${SEEDED_POSTS},
      pos(i) AS (VALUES (0), (1), (2))
      INSERT INTO photos (post_id, user_id, kind, file_name, width, height, position, bytes, created_at)
      SELECT s.id, s.user_id, 'post', d.file_name, d.width, d.height, pos.i, d.bytes, s.created_at
      FROM seeded s JOIN pos ON pos.i <= s.n % 3 - 1 JOIN nd ON nd.c > 0
        JOIN demo d ON d.k = (s.n * 3 + pos.i) % nd.c
      WHERE s.n BETWEEN ${from} AND ${to} AND s.n % 3 <> 0 AND ${guard}`);
  } else if (step === adBatches + 1) {
    // Reports over the last 30 days by distinct keys, one in five on a heavy person's ads; 85 in 100
    // decided within 1 to 48 hours (with a log entry), the rest open.
    out.push(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${counts.reports}),
      ${SEEDED_POSTS}
      INSERT INTO reports (post_id, reason, details, reporter_key, reporter_user_id, created_at, resolved_at, decision)
      SELECT s.id,
        CASE q.n % 4 WHEN 0 THEN 'Înșelătorie' WHEN 1 THEN 'Spam' WHEN 2 THEN 'Categorie greșită' ELSE 'Altceva' END,
        '', 'seed-large:' || q.n, ${person(`1 + (q.n * 31) % ${counts.people}`)},
        ${now} - (q.n % 30) * ${DAY} - (q.n % 720) * 60000,
        CASE WHEN q.n % 20 < 17 THEN ${now} - (q.n % 30) * ${DAY} - (q.n % 720) * 60000 + (1 + q.n % 48) * 3600000 END,
        CASE WHEN q.n % 20 < 17 THEN 'Rapoartele au fost analizate; anunțul rămâne publicat.' END
      FROM seq q JOIN seeded s ON s.n = CASE WHEN q.n % 5 = 0 THEN 50 * (1 + (q.n * 13) % (${counts.ads} / 50))
        ELSE 1 + (q.n * 104729) % ${counts.ads} END
      WHERE ${guard}`);
    out.push(`
      INSERT INTO moderation_log (operator_user_id, action, target_type, target_id, details, reason, ground, created_at)
      SELECT ${operatorUserId}, 'resolve', 'post', post_id, '', '', 'rapoarte', resolved_at
      FROM reports WHERE reporter_key LIKE 'seed-large:%' AND resolved_at IS NOT NULL AND ${guard}`);
  } else {
    // Rules, and the marks that put ads in the queue without a report: the held ads held by a rule,
    // one in 300 flagged by a watched word, one in 150 a suspected duplicate of its author's previous
    // ad, and the published ads of accounts younger than a week.
    const rules = LARGE_RULES.map(([kind, value, action]) => {
      const p = rulePattern(kind, value);
      if (!('pattern' in p)) throw new Error(`large seed rule ${value}: ${p.error}`);
      return `(${literal(kind)}, ${literal(value)}, ${literal(p.pattern)}, ${literal(action)})`;
    }).join(', ');
    out.push(`
      WITH r(kind, value, pattern, action) AS (VALUES ${rules})
      INSERT INTO moderation_rules (kind, value, pattern, action, created_by, created_at)
      SELECT kind, value, pattern, action, ${operatorUserId}, ${now} - 5 * ${DAY} FROM r
      WHERE ${guard}
      ON CONFLICT DO NOTHING`);
    out.push(`
      WITH ${SEEDED_POSTS}
      INSERT INTO queue_marks (post_id, kind, detail, other_post_id, created_at)
      SELECT id, 'rule-hold', 'avans rezervare', NULL, created_at + 60000 FROM seeded WHERE status = 'held' AND ${guard}
      ON CONFLICT DO NOTHING`);
    out.push(`
      WITH ${SEEDED_POSTS}
      INSERT INTO queue_marks (post_id, kind, detail, other_post_id, created_at)
      SELECT id, 'rule-flag', 'transfer bancar', NULL, created_at FROM seeded WHERE status = 'published' AND n % 300 = 7 AND ${guard}
      ON CONFLICT DO NOTHING`);
    out.push(`
      WITH ${SEEDED_POSTS},
      pairs AS (SELECT id, n, status, created_at, lag(id) OVER w AS other, lag(title) OVER w AS other_title
        FROM seeded WINDOW w AS (PARTITION BY user_id ORDER BY id))
      INSERT INTO queue_marks (post_id, kind, detail, other_post_id, created_at)
      SELECT id, 'duplicate',
        CASE WHEN n % 2 = 0 THEN 'aceeași fotografie ca „' ELSE 'același telefon și titlu ca „' END || other_title || '”',
        other, created_at
      FROM pairs WHERE other IS NOT NULL AND status = 'published' AND n % 150 = 11 AND ${guard}
      ON CONFLICT DO NOTHING`);
    out.push(`
      WITH ${SEEDED_POSTS}
      INSERT INTO queue_marks (post_id, kind, detail, other_post_id, created_at)
      SELECT s.id, 'new-account', '', NULL, s.created_at FROM seeded s JOIN users u ON u.id = s.user_id
      WHERE s.status = 'published' AND u.created_at > ${now} - 7 * ${DAY} AND ${guard}
      ON CONFLICT DO NOTHING`);
  }
  const steps = largeStepCount(counts);
  out.push(`
    UPDATE meta SET value = json_object('step', ${step + 1}, 'steps', ${steps}, 'counts',
      json('${JSON.stringify(counts)}')), updated_at = ${now}
    WHERE key = '${KEY}' AND ${guard}`);
  return out;
}

/**
 * Runs the next step of the large seed (starting it when it never ran) and answers where it stands
 * after. A step that another run has just taken changes nothing.
 */
export async function runLargeStep(
  db: Db,
  templates: readonly LargeTemplate[],
  counts: LargeCounts,
  operatorUserId: number,
  now: number,
): Promise<LargeProgress & { ran: number | null }> {
  const steps = largeStepCount(counts);
  await db.run(
    sql`INSERT INTO meta (key, value, updated_at) VALUES (${KEY}, ${JSON.stringify({ step: 0, steps })}, ${now})
        ON CONFLICT (key) DO NOTHING`,
  );
  const before = await largeProgress(db);
  if (!before || before.done) return { step: before?.step ?? steps, steps, done: true, ran: null };
  const statements = stepStatements(before.step, templates, counts, operatorUserId, now).map((s) =>
    db.run(sql.raw(s)),
  );
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  const after = (await largeProgress(db)) ?? { step: before.step, steps, done: false };
  return { ...after, ran: before.step };
}

/** Any operator's id (the demo seed's), for the log entries of the generated decisions. */
export async function anyOperatorId(db: Db): Promise<number | null> {
  const row = await db.get<{ id: number }>(
    sql`SELECT id FROM users WHERE role = 'operator' ORDER BY id LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}
