// A search as /cautare runs it (docs/search.md): the visitor's words parsed and widened by the
// synonyms, then the one statement of search.ts; when nothing is found, misspelled words corrected
// from the spelling candidates (spelling.ts); when little is found, a close query suggested.

import { isKnownWord } from '../lib/search-lexicon';
import {
  highlighter,
  normalizeWord,
  type ParsedQuery,
  parseQuery,
  queryCategories,
  toFtsQuery,
} from '../lib/search-query';
import { allowedTypos, bestCorrection } from '../lib/spelling';
import { buildSearchSql, type SearchRequest, type SearchResult, searchPosts } from './search';
import { lookupSpelling, type SpellingWord } from './spelling';

export interface TextSearch extends Omit<SearchRequest, 'match'> {
  /** What the visitor typed ('' to list by the filters alone). */
  q: string;
  /** Search the words exactly as typed: never corrected, nothing suggested. */
  exact?: boolean;
  /** When a query finds fewer than SUGGEST_BELOW ads, look for a close query that finds more. */
  suggest?: boolean;
}

/** A query finding fewer ads than this gets a suggestion, when a close one finds more. */
const SUGGEST_BELOW = 3;
/** At most this many alternative queries are counted for a suggestion (one D1 batch). */
const MAX_SUGGESTION_TRIES = 4;

export interface TextSearchResult extends SearchResult {
  /** The results are for these corrected words, not the words as typed (which found nothing). */
  corrected?: { text: string; words: { from: string; to: string }[] };
  /** A close query that finds more ads (words all indexed), when this one found few. */
  suggestion?: { text: string; total: number };
}

/** The typed text with each corrected word (compared without diacritics) replaced. */
function respell(text: string, fixes: ReadonlyMap<string, string>): string {
  return text.replace(/[\p{L}\p{N}\p{Co}]+/gu, (w) => fixes.get(normalizeWord(w)) ?? w);
}

function withWords(parsed: ParsedQuery, fixes: ReadonlyMap<string, string>): ParsedQuery {
  const last = parsed.terms.length - 1;
  const terms = parsed.terms.map((t) =>
    t.phrase ? t : { words: [fixes.get(normalizeWord(t.words[0])) ?? t.words[0]], phrase: false },
  );
  // A corrected last word is a whole word, no longer the start of one being typed.
  const lastFixed =
    last >= 0 && !parsed.terms[last].phrase && fixes.has(normalizeWord(parsed.terms[last].words[0]));
  return { ...parsed, terms, prefixLast: parsed.prefixLast && !lastFixed };
}

/**
 * The single words of a query that may be corrected, folded, each once. A known real word
 * (lib/search-lexicon) never is: `găini` is not a typo of `câini`, one letter away.
 */
function correctable(parsed: ParsedQuery): SpellingWord[] {
  const seen = new Map<string, number>();
  for (const t of parsed.terms) {
    if (t.phrase || t.quoted) continue;
    const w = normalizeWord(t.words[0]);
    if (isKnownWord(w)) continue;
    const typos = allowedTypos(w);
    if (typos > 0) seen.set(w, typos);
  }
  return [...seen].map(([word, typos]) => ({ word, typos }));
}

/**
 * A search as /cautare runs it: the visitor's words parsed and widened by the synonyms, then one
 * statement. Text with nothing searchable left (punctuation, emoji, a phone number) finds nothing.
 * Unless `exact`: when nothing is found, each word the index does not hold is replaced by the
 * closest indexed word (lib/spelling) and the corrected words are searched instead; and with
 * `suggest`, a query that finds fewer than SUGGEST_BELOW ads is given a close one that finds more.
 */
export async function searchText(d1: D1Database, req: TextSearch): Promise<TextSearchResult> {
  const { q, exact, suggest, ...rest } = req;
  if (!q.trim()) return searchPosts(d1, { ...rest, match: null });
  const parsed = parseQuery(q);
  const synonyms = await loadSynonyms(d1, req.now);
  const match = toFtsQuery(parsed, synonyms);
  if (match === null) return { total: 0, hits: [] };
  const boostCategories = queryCategories(parsed);
  const result = await searchPosts(d1, {
    ...rest,
    match,
    highlight: highlighter(parsed, synonyms),
    boostCategories,
  });
  if (exact) return result;
  const words = correctable(parsed);
  if (words.length === 0) return result;
  const lastTerm = parsed.terms[parsed.terms.length - 1];
  const prefix = parsed.prefixLast ? normalizeWord(lastTerm.words[0]) : undefined;

  if (result.total === 0) {
    const { candidates, prefixFound, missing, stemFound } = await lookupSpelling(d1, words, { prefix });
    const fixes = new Map<string, string>();
    for (const { word } of words) {
      if (word === prefix && prefixFound) continue;
      // Some ads hold a form of the word as typed (telefoane → telefon): it is no typo.
      if (stemFound.has(word)) continue;
      const best = bestCorrection(word, candidates.get(word) ?? []);
      if (best) fixes.set(word, best.term);
    }
    if (fixes.size > 0) {
      const fixed = withWords(parsed, fixes);
      const fixedMatch = toFtsQuery(fixed, synonyms);
      if (fixedMatch) {
        const again = await searchPosts(d1, {
          ...rest,
          match: fixedMatch,
          highlight: highlighter(fixed, synonyms),
          boostCategories: queryCategories(fixed),
        });
        if (again.total > 0)
          return {
            ...again,
            corrected: {
              text: respell(parsed.text, fixes),
              words: [...fixes].map(([from, to]) => ({ from, to })),
            },
          };
      }
    }
    // A word no ad holds, and no indexed word near it: replacing another word cannot help.
    if ([...missing].some((w) => !(w === prefix && prefixFound) && !stemFound.has(w))) return result;
  }

  if (!suggest || result.total >= SUGGEST_BELOW) return result;
  // Suggestions: each word in turn replaced by its closest other indexed word; the variant that
  // finds the most ads wins if it finds more than the query itself.
  const { candidates } = await lookupSpelling(d1, words, { all: true });
  const variants: { fixes: Map<string, string>; match: string }[] = [];
  for (const { word } of words) {
    const best = bestCorrection(word, candidates.get(word) ?? []);
    if (!best) continue;
    const fixes = new Map([[word, best.term]]);
    const m = toFtsQuery(withWords(parsed, fixes), synonyms);
    if (m) variants.push({ fixes, match: m });
    if (variants.length >= MAX_SUGGESTION_TRIES) break;
  }
  if (variants.length === 0) return result;
  const counts = await d1.batch(
    variants.map((v) => {
      const { sql, params } = buildSearchSql({ ...rest, match: v.match, limit: 1, offset: 0, sort: 'noi' });
      return d1.prepare(sql).bind(...params);
    }),
  );
  let best: { text: string; total: number } | undefined;
  counts.forEach((c, i) => {
    const total = (c.results[0] as { total?: number } | undefined)?.total ?? 0;
    if (total > result.total && (!best || total > best.total))
      best = { text: respell(parsed.text, variants[i].fixes), total };
  });
  return best ? { ...result, suggestion: best } : result;
}

// Synonyms are operator-edited reference data: each isolate keeps them a minute.
const SYNONYMS_TTL_MS = 60_000;
let synonymCache: { map: Map<string, string[]>; at: number } | null = null;

/** The synonyms table as normalised word → words it also matches. */
export async function loadSynonyms(d1: D1Database, now = Date.now()): Promise<Map<string, string[]>> {
  if (synonymCache && now - synonymCache.at < SYNONYMS_TTL_MS) return synonymCache.map;
  const { results } = await d1
    .prepare('SELECT term, expansions FROM search_synonyms LIMIT 5000')
    .all<{ term: string; expansions: string }>();
  const map = new Map<string, string[]>();
  for (const r of results) {
    const key = normalizeWord(r.term.trim());
    if (key) map.set(key, r.expansions.split(/\s+/).filter(Boolean));
  }
  synonymCache = { map, at: now };
  return map;
}
