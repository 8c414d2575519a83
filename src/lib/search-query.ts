// What a visitor types into the search box, turned into a safe FTS5 query. Pure: no database.
//
// The user's text is never FTS5 syntax. It is split into words the way the index's `unicode61`
// tokenizer splits (letters, digits), each word is quoted as an FTS5 string, words are ANDed, the
// last word matches as a prefix while typing, a quoted phrase stays a phrase, and synonyms widen a
// word into an OR group. Quotes, `*`, NEAR, `-`, parentheses and the like can only ever be words.

import { maskPhones } from './phone';
import { foldWord, STEM_MARK, stemFolded } from './romanian';
import { lexiconEntry, MAX_PHRASE_WORDS } from './search-lexicon';
import { isStopWord } from './stop-words';

/** Longer input is cut: nobody types more, and it bounds the work of a query. */
export const MAX_QUERY_LENGTH = 200;
/** At most this many words (phrases count their words) reach the index. */
export const MAX_WORDS = 10;
/** A longer "word" is cut to this many characters. */
export const MAX_WORD_LENGTH = 40;
/** The last word matches as a prefix only from this length (a one-letter prefix matches everything). */
export const MIN_PREFIX_LENGTH = 2;

/** Markers FTS5's highlight()/snippet() put around matches; split on by the page, never HTML. */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';

// The tokenizer's token characters: letters, digits and private-use characters ("L* N* Co").
const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/** One unit of the query: a single word, or several words that must appear together (a phrase). */
export interface QueryTerm {
  words: string[];
  phrase: boolean;
  /** Typed in quotes: searched exactly as written (never respelled). */
  quoted?: boolean;
}

export interface ParsedQuery {
  /** The visitor's text, trimmed, whitespace folded and cut to MAX_QUERY_LENGTH (for the form). */
  text: string;
  terms: QueryTerm[];
  /** Whether the last term is a word typed last (not a closed phrase): it matches as a prefix. */
  prefixLast: boolean;
}

/** Lower case without diacritics (ș/ş → s, ț/ţ → t, ă/â → a, î → i): the key synonyms are stored by. */
export const normalizeWord = foldWord;

function splitWords(text: string): string[] {
  return (text.normalize('NFC').match(WORD) ?? []).map((w) =>
    Array.from(w).slice(0, MAX_WORD_LENGTH).join(''),
  );
}

/** Folds whitespace (and control characters) and cuts to MAX_QUERY_LENGTH characters. */
export function cleanQueryText(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : '';
  return Array.from(
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are stripped on purpose
      .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
      .trim(),
  )
    .slice(0, MAX_QUERY_LENGTH)
    .join('')
    .trim();
}

/**
 * Parses the visitor's text. Phone numbers are masked first, so searching for one finds nothing
 * even if it was typed into a title. An unbalanced quote is ignored; at most MAX_WORDS words.
 */
export function parseQuery(raw: unknown): ParsedQuery {
  const text = cleanQueryText(raw);
  const masked = maskPhones(text);
  const parts = masked.split('"');
  // An odd count of quotes leaves the last part unclosed: it is plain words.
  const closedParts = parts.length % 2 === 1 ? parts.length : parts.length - 1;
  const terms: QueryTerm[] = [];
  for (let i = 0; i < parts.length; i++) {
    const inside = i % 2 === 1 && i < closedParts;
    const found = splitWords(parts[i]);
    if (found.length === 0) continue;
    if (inside) terms.push({ words: found, phrase: found.length > 1, quoted: true });
    else for (const w of found) terms.push({ words: [w], phrase: false });
  }
  const lastIndex = terms.length - 1;
  const indexed = terms.map((term, index) => ({ term, index }));
  const plain = indexed.filter((t) => t.term.phrase || !isStopWord(normalizeWord(t.term.words[0])));
  // Cap the words that reach the index.
  const kept: QueryTerm[] = [];
  let keptLast = -1;
  let budget = MAX_WORDS;
  for (const { term, index } of plain.length > 0 ? plain : indexed) {
    if (budget <= 0) break;
    const w = term.words.slice(0, budget);
    budget -= w.length;
    kept.push(
      term.quoted ? { words: w, phrase: w.length > 1, quoted: true } : { words: w, phrase: w.length > 1 },
    );
    keptLast = index;
  }
  const last = kept[kept.length - 1];
  // The text ends in a word (not a closed phrase) when its quotes are balanced and it does not end
  // in one, or when the last quote is unclosed.
  const endsInWord = !/"\s*$/.test(masked) || closedParts < parts.length;
  const prefixLast =
    !!last &&
    !last.phrase &&
    !terms[lastIndex].phrase &&
    keptLast === lastIndex &&
    endsInWord &&
    Array.from(last.words[0]).length >= MIN_PREFIX_LENGTH;
  return { text, terms: kept, prefixLast };
}

/** The normalised single words of a query: the keys to look up in the synonyms table. */
export function synonymKeys(parsed: ParsedQuery): string[] {
  return [...new Set(parsed.terms.filter((t) => !t.phrase).map((t) => normalizeWord(t.words[0])))];
}

/** An FTS5 string: the text in double quotes, inner quotes doubled. Never syntax. */
export function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** At most this many alternatives widen one word (its own forms, the lexicon, the synonyms table). */
const MAX_ALTERNATIVES = 10;

/** The stems (one per word) typed words also match: their own, the lexicon's, the table's. */
function alternativeStems(
  words: readonly string[],
  synonyms: ReadonlyMap<string, readonly string[]>,
): string[][] {
  const keys = words.map(normalizeWord);
  const out: string[][] = [];
  const add = (stems: readonly string[]) => {
    if (stems.length === 0 || stems.some((x) => /\d/.test(x))) return;
    if (!out.some((o) => o.join(' ') === stems.join(' '))) out.push([...stems]);
  };
  if (!keys.some((k) => /\d/.test(k))) add(keys.map(stemFolded));
  for (const alt of lexiconEntry(...keys)?.alternatives ?? []) add(alt);
  if (keys.length === 1)
    for (const s of synonyms.get(keys[0]) ?? [])
      for (const w of splitWords(s)) add([stemFolded(normalizeWord(w))]);
  return out.slice(0, MAX_ALTERNATIVES);
}

/** Whether a term is a single word typed outside quotes (it may be widened). */
const plainWord = (t: QueryTerm | undefined): t is QueryTerm => !!t && !t.phrase && !t.quoted;

/**
 * The query's terms in groups: a run of plain words that is a lexicon phrase (`combină
 * frigorifică`) is one group, matched as that phrase or as its alternatives; every other term is
 * a group of its own.
 */
function termGroups(parsed: ParsedQuery): { terms: QueryTerm[]; start: number }[] {
  const out: { terms: QueryTerm[]; start: number }[] = [];
  let i = 0;
  while (i < parsed.terms.length) {
    let size = 1;
    for (let n = Math.min(MAX_PHRASE_WORDS, parsed.terms.length - i); n >= 2; n--) {
      const run = parsed.terms.slice(i, i + n);
      if (run.every(plainWord) && lexiconEntry(...run.map((t) => t.words[0]))) {
        size = n;
        break;
      }
    }
    out.push({ terms: parsed.terms.slice(i, i + size), start: i });
    i += size;
  }
  return out;
}

/**
 * The FTS5 MATCH expression of a parsed query, or null when nothing searchable is left
 * (only punctuation, emoji, a phone number). Each single word matches as written (the last as a
 * prefix while typed) or by stem (lib/romanian: every inflected form, in the stem columns), and so
 * do its lexicon alternatives (lib/search-lexicon) and `synonyms` (the operators' table: a
 * normalised word → the words it also matches). A quoted word or phrase matches as written only.
 */
export function toFtsQuery(
  parsed: ParsedQuery,
  synonyms: ReadonlyMap<string, readonly string[]>,
): string | null {
  if (parsed.terms.length === 0) return null;
  const last = parsed.terms.length - 1;
  const groups = termGroups(parsed).map(({ terms, start }) => {
    const term = terms[0];
    if (term.phrase) return ftsString(term.words.join(' '));
    const words = terms.map((t) => t.words[0]);
    const isPrefix = parsed.prefixLast && start + terms.length - 1 === last;
    const text = ftsString(words.join(' '));
    const self = isPrefix ? `${text}*` : text;
    if (term.quoted) return self;
    const extra = alternativeStems(words, synonyms).map((stems) =>
      ftsString(stems.map((x) => `${x}${STEM_MARK}`).join(' ')),
    );
    if (extra.length === 0) return self;
    return `(${[self, ...extra].join(' OR ')})`;
  });
  return groups.join(' AND ');
}

/**
 * Slugs of the categories a query names through its words (lib/search-lexicon): `mașină` names
 * Auto-moto, `mobilă` Casă și grădină. Their ads rank first when sorting by relevance.
 */
export function queryCategories(parsed: ParsedQuery): string[] {
  const out = new Set<string>();
  for (const { terms } of termGroups(parsed)) {
    if (!plainWord(terms[0])) continue;
    for (const c of lexiconEntry(...terms.map((t) => t.words[0]))?.categories ?? []) out.add(c);
  }
  return [...out];
}

/** Splits highlight()/snippet() output into text and matched parts; the page renders these as text. */
export function splitHighlight(text: string): { text: string; mark: boolean }[] {
  const out: { text: string; mark: boolean }[] = [];
  let mark = false;
  let buf = '';
  for (const ch of text) {
    if (ch === MARK_START || ch === MARK_END) {
      if (buf) out.push({ text: buf, mark });
      buf = '';
      mark = ch === MARK_START;
      continue;
    }
    buf += ch;
  }
  if (buf) out.push({ text: buf, mark });
  return out;
}

/**
 * What to mark in results: the query's words and their synonyms (normalised), and the last word as
 * a prefix. Marking is done here rather than by FTS5's highlight()/snippet(), which re-run the whole
 * match (a prefix over thousands of ads) once per result row.
 */
export interface Highlighter {
  words: ReadonlySet<string>;
  prefixes: readonly string[];
  /** Stems whose every form is marked (lib/romanian stemFolded). */
  stems?: ReadonlySet<string>;
}

export function highlighter(
  parsed: ParsedQuery,
  synonyms: ReadonlyMap<string, readonly string[]>,
): Highlighter {
  const words = new Set<string>();
  const prefixes: string[] = [];
  const stems = new Set<string>();
  parsed.terms.forEach((term, i) => {
    for (const w of term.words) {
      const key = normalizeWord(w);
      if (!term.phrase && parsed.prefixLast && i === parsed.terms.length - 1) prefixes.push(key);
      else words.add(key);
      if (!term.phrase && !term.quoted)
        for (const alt of alternativeStems([w], synonyms)) for (const x of alt) stems.add(x);
    }
  });
  return { words, prefixes, stems };
}

interface Token {
  start: number;
  end: number;
  hit: boolean;
}

function tokens(text: string, h: Highlighter): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const key = normalizeWord(m[0]);
    const hit =
      h.words.has(key) || h.prefixes.some((p) => key.startsWith(p)) || !!h.stems?.has(stemFolded(key));
    out.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, hit });
  }
  return out;
}

function mark(text: string, toks: Token[], from: number, to: number): string {
  let out = '';
  let pos = from;
  for (const t of toks) {
    if (t.end <= from || t.start >= to) continue;
    if (!t.hit) continue;
    out += text.slice(pos, t.start) + MARK_START + text.slice(t.start, t.end) + MARK_END;
    pos = t.end;
  }
  return out + text.slice(pos, to);
}

/** The whole text with MARK_START/MARK_END around matched words. */
export function markText(text: string, h: Highlighter): string {
  const normalized = text.normalize('NFC');
  return mark(normalized, tokens(normalized, h), 0, normalized.length);
}

/** About `size` words of the text around the most matches, marked, with `…` where it was cut. */
export function snippetText(text: string, h: Highlighter, size = 24): string {
  const normalized = text.replace(/\s+/g, ' ').trim().normalize('NFC');
  const toks = tokens(normalized, h);
  if (toks.length === 0) return normalized.slice(0, 200);
  let best = 0;
  let bestHits = -1;
  let hits = 0;
  for (let i = 0; i < toks.length; i++) {
    if (toks[i].hit) hits++;
    if (i >= size && toks[i - size].hit) hits--;
    const start = Math.max(0, i - size + 1);
    if (hits > bestHits) {
      bestHits = hits;
      best = start;
    }
  }
  // Start a little before the first match of the window, so it is not the first word shown.
  const firstHit = toks.slice(best, best + size).findIndex((t) => t.hit);
  if (firstHit > 3) best = Math.min(best + firstHit - 3, Math.max(0, toks.length - size));
  const last = Math.min(toks.length, best + size) - 1;
  const from = best === 0 ? 0 : toks[best].start;
  const to = last === toks.length - 1 ? normalized.length : toks[last].end;
  return `${best > 0 ? '…' : ''}${mark(normalized, toks, from, to)}${to < normalized.length ? '…' : ''}`;
}
