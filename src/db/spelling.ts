// The spelling candidates of the search (migration 0009_search_typos.sql): which indexed words are
// close to a typed one. posts_fts_vocab is the index's vocabulary; search_terms and
// search_term_deletes hold each indexed word with its letter deletions (lib/spelling deletions);
// search_terms_pending lists the ads changed since their words were last added (triggers on posts
// fill it). Words that left the index stay in the candidate tables until pruned, and are never
// offered: every lookup joins posts_fts_vocab, which also gives each word's number of ads.

import { stemToken } from '../lib/romanian';
import { ftsString, normalizeWord } from '../lib/search-query';
import { type Candidate, deletions } from '../lib/spelling';

/** Indexed words kept as candidates: letters only, this long. */
const MIN_TERM_LENGTH = 3;
const MAX_TERM_LENGTH = 22;
/** From this length a candidate is also stored with two letters deleted (it may be two typos away). */
const TWO_DELETIONS_LENGTH = 6;
/** Ads whose words one drain adds at most; the rest wait for the next lookup or the daily run. */
export const DRAIN_BATCH = 500;

const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/** The words of an ad's indexed text worth keeping as candidates, folded like the index folds them. */
function candidateWords(texts: readonly (string | null)[]): string[] {
  const out = new Set<string>();
  for (const text of texts)
    for (const m of (text ?? '').normalize('NFC').matchAll(WORD)) {
      const w = normalizeWord(m[0]);
      const n = Array.from(w).length;
      if (n >= MIN_TERM_LENGTH && n <= MAX_TERM_LENGTH && /^\p{L}+$/u.test(w)) out.add(w);
    }
  return [...out];
}

/** The deletion rows [del, term] stored for an indexed word. */
function termDeletions(term: string): [string, string][] {
  const depth = Array.from(term).length >= TWO_DELETIONS_LENGTH ? 2 : 1;
  return deletions(term, depth).map((d) => [d, term]);
}

/**
 * Rebuilds the candidates from the whole vocabulary (after a bulk import, or to prune words no
 * longer indexed): the statements of migration 0009, run as one batch.
 */
const REBUILD_SPELLING: readonly string[] = [
  'DELETE FROM search_terms_pending',
  'DELETE FROM search_term_deletes',
  'DELETE FROM search_terms',
  `INSERT OR IGNORE INTO search_terms (term)
SELECT term FROM posts_fts_vocab
WHERE length(term) BETWEEN ${MIN_TERM_LENGTH} AND ${MAX_TERM_LENGTH} AND term NOT GLOB '*[0-9]*'`,
  `WITH RECURSIVE pos (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM pos WHERE i < ${MAX_TERM_LENGTH})
INSERT OR IGNORE INTO search_term_deletes (del, term_id)
SELECT term, id FROM search_terms
UNION ALL
SELECT substr(t.term, 1, p.i - 1) || substr(t.term, p.i + 1), t.id
FROM search_terms t JOIN pos p ON p.i <= length(t.term)
UNION ALL
SELECT substr(t.term, 1, p.i - 1) || substr(t.term, p.i + 1, q.i - p.i - 1) || substr(t.term, q.i + 1), t.id
FROM search_terms t JOIN pos p ON p.i < length(t.term) JOIN pos q ON q.i > p.i AND q.i <= length(t.term)
WHERE length(t.term) >= ${TWO_DELETIONS_LENGTH}`,
];

export async function rebuildSpelling(d1: D1Database): Promise<void> {
  await d1.batch(REBUILD_SPELLING.map((s) => d1.prepare(s)));
}

/**
 * Adds the words of up to DRAIN_BATCH queued ads to the candidates and takes them off the queue.
 * Words are added only if the index holds them (its vocabulary decides, not this tokenizer).
 * Safe to run concurrently: every write is idempotent. Answers how many ads it took.
 */
export async function drainPendingTerms(d1: D1Database, limit = DRAIN_BATCH): Promise<number> {
  const { results } = await d1
    .prepare(
      `SELECT q.post_id AS id, s.title AS title, s.body AS body, s.category AS category, s.locality AS locality
       FROM search_terms_pending q LEFT JOIN posts_fts_source s ON s.id = q.post_id
       ORDER BY q.post_id LIMIT ?`,
    )
    .bind(limit)
    .all<{
      id: number;
      title: string | null;
      body: string | null;
      category: string | null;
      locality: string | null;
    }>();
  if (results.length === 0) return 0;
  const words = candidateWords(results.flatMap((r) => [r.title, r.body, r.category, r.locality]));
  const fresh = words.length
    ? (
        await d1
          .prepare(
            'SELECT j.value AS term FROM json_each(?) j WHERE NOT EXISTS (SELECT 1 FROM search_terms t WHERE t.term = j.value)',
          )
          .bind(JSON.stringify(words))
          .all<{ term: string }>()
      ).results.map((r) => r.term)
    : [];
  const statements: D1PreparedStatement[] = [];
  if (fresh.length > 0) {
    statements.push(
      d1
        .prepare(
          `INSERT OR IGNORE INTO search_terms (term)
           SELECT j.value FROM json_each(?) j
           WHERE EXISTS (SELECT 1 FROM posts_fts_vocab v WHERE v.term = j.value)`,
        )
        .bind(JSON.stringify(fresh)),
      d1
        .prepare(
          `INSERT OR IGNORE INTO search_term_deletes (del, term_id)
           SELECT j.value ->> 0, t.id FROM json_each(?) j JOIN search_terms t ON t.term = j.value ->> 1`,
        )
        .bind(JSON.stringify(fresh.flatMap(termDeletions))),
    );
  }
  statements.push(
    d1
      .prepare('DELETE FROM search_terms_pending WHERE post_id IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(results.map((r) => r.id))),
  );
  await d1.batch(statements);
  return results.length;
}

/** A typed word to find corrections for, with the typos it may have. */
export interface SpellingWord {
  word: string;
  typos: number;
}

export interface SpellingLookup {
  /** Indexed words near each typed word (those with any), with their number of ads. */
  candidates: Map<string, Candidate[]>;
  /** Whether `prefix`, when given, begins any indexed word. */
  prefixFound: boolean;
  /** The typed words the vocabulary does not hold as whole words. */
  missing: Set<string>;
  /** The typed words some form of which (their stem, lib/romanian) the index holds. */
  stemFound: Set<string>;
}

function candidateSql(missingOnly: boolean): string {
  // missing: the typed words the vocabulary does not hold (or all of them, for suggestions).
  // hits: indexed words sharing a deletion with a typed word and of a length it can reach.
  // Then each is joined to the vocabulary: a word no longer indexed drops out, and `doc` says how
  // many ads hold it.
  return `WITH missing AS MATERIALIZED (
  SELECT j.value AS w FROM json_each(?1) j
  ${missingOnly ? 'WHERE NOT EXISTS (SELECT 1 FROM posts_fts_vocab v WHERE v.term = j.value)' : ''}
), hits AS MATERIALIZED (
  SELECT DISTINCT k.value ->> 0 AS word, d.term_id AS term_id, k.value ->> 2 AS lo, k.value ->> 3 AS hi
  FROM json_each(?2) k CROSS JOIN search_term_deletes d ON d.del = k.value ->> 1
  WHERE k.value ->> 0 IN (SELECT w FROM missing)
), near AS MATERIALIZED (
  SELECT DISTINCT h.word AS word, t.term AS term
  FROM hits h CROSS JOIN search_terms t ON t.id = h.term_id
  WHERE length(t.term) BETWEEN h.lo AND h.hi AND t.term <> h.word
)
SELECT n.word AS word, n.term AS term, v.doc AS doc
FROM near n CROSS JOIN posts_fts_vocab v ON v.term = n.term`;
}

/**
 * One round trip: indexed words near each typed word (only words the index does not hold, unless
 * `all`), and whether `prefix` begins an indexed word. First adds the queued ads' words when the
 * queue is not empty, so the candidates include words published a moment ago.
 */
export async function lookupSpelling(
  d1: D1Database,
  words: readonly SpellingWord[],
  opts: { prefix?: string; all?: boolean } = {},
): Promise<SpellingLookup> {
  const keys = words.flatMap(({ word, typos }) => {
    const n = Array.from(word).length;
    return deletions(word, typos).map((del) => [word, del, n - typos, n + typos]);
  });
  const run = () =>
    d1.batch([
      d1.prepare('SELECT post_id FROM search_terms_pending LIMIT 1'),
      opts.prefix
        ? d1
            .prepare('SELECT rowid FROM posts_fts WHERE posts_fts MATCH ? LIMIT 1')
            .bind(`${ftsString(opts.prefix)}*`)
        : d1.prepare('SELECT 1 WHERE 0'),
      d1
        .prepare(candidateSql(!opts.all))
        .bind(JSON.stringify(words.map((w) => w.word)), JSON.stringify(keys)),
      d1
        .prepare(
          'SELECT j.value AS w FROM json_each(?) j WHERE NOT EXISTS (SELECT 1 FROM posts_fts_vocab v WHERE v.term = j.value)',
        )
        .bind(JSON.stringify(words.map((w) => w.word))),
      d1
        .prepare(
          'SELECT j.value ->> 0 AS w FROM json_each(?) j WHERE EXISTS (SELECT 1 FROM posts_fts_vocab v WHERE v.term = j.value ->> 1)',
        )
        .bind(JSON.stringify(words.map((w) => [w.word, stemToken(w.word)]))),
    ]);
  let batch = await run();
  if (batch[0].results.length > 0) {
    await drainPendingTerms(d1);
    batch = await run();
  }
  const candidates = new Map<string, Candidate[]>();
  for (const row of batch[2].results as { word: string; term: string; doc: number }[]) {
    const list = candidates.get(row.word) ?? [];
    list.push({ term: row.term, doc: row.doc });
    candidates.set(row.word, list);
  }
  return {
    candidates,
    prefixFound: !!opts.prefix && batch[1].results.length > 0,
    missing: new Set((batch[3].results as { w: string }[]).map((r) => r.w)),
    stemFound: new Set((batch[4].results as { w: string }[]).map((r) => r.w)),
  };
}
