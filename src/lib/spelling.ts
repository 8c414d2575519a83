// Spelling tolerance of the search, pure: how far apart two words are, how many typos a word may
// have, which letter deletions stand for a word, and which indexed word corrects a typed one.
// Words here are already lower case without diacritics (lib/search-query normalizeWord), the form
// the index keeps, so `masina`, `mașină` and `maşină` are one word before any distance is counted.

/** Shortest word ever corrected: `cas` → `casa` would guess too much. */
export const MIN_CORRECTED_LENGTH = 4;
/** From this length a word may have two typos; shorter ones (4–7 letters) one. */
export const TWO_TYPOS_LENGTH = 8;
/** Longer words are not corrected (their deletions would cost more than they are worth). */
export const MAX_CORRECTED_LENGTH = 20;

/**
 * Edit distance between two words where a letter inserted, deleted, replaced, or two neighbouring
 * letters swapped each count as one edit (Damerau–Levenshtein, optimal string alignment: no
 * letter is edited twice). Counts characters, not UTF-16 units.
 */
export function editDistance(a: string, b: string): number {
  const s = Array.from(a);
  const t = Array.from(b);
  const n = s.length;
  const m = t.length;
  if (n === 0) return m;
  if (m === 0) return n;
  // Three rows: the one before the previous is needed for swaps.
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    for (let j = 1; j <= m; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

/** Typos forgiven in a typed word: 0 below 4 letters, for numbers and over-long words; 1 up to 7; 2 from 8. */
export function allowedTypos(word: string): number {
  const length = Array.from(word).length;
  if (length < MIN_CORRECTED_LENGTH || length > MAX_CORRECTED_LENGTH) return 0;
  if (!/^\p{L}+$/u.test(word)) return 0;
  return length >= TWO_TYPOS_LENGTH ? 2 : 1;
}

/**
 * The word and every form made by deleting up to `depth` of its letters. Two words within edit
 * distance d (swaps included) always share such a form with depth d on both sides, which is how
 * candidates are found in the index without comparing against every word.
 */
export function deletions(word: string, depth: number): string[] {
  const out = new Set<string>([word]);
  let level = [word];
  for (let d = 0; d < depth; d++) {
    const next: string[] = [];
    for (const w of level) {
      const chars = Array.from(w);
      for (let i = 0; i < chars.length; i++) {
        const del = chars.slice(0, i).join('') + chars.slice(i + 1).join('');
        if (!out.has(del)) {
          out.add(del);
          next.push(del);
        }
      }
    }
    level = next;
  }
  return [...out];
}

/** An indexed word and the number of ads holding it. */
export interface Candidate {
  term: string;
  doc: number;
}

/**
 * Whether a correction keeps the word's first letter (or only swaps the first two): people rarely
 * mistype the letter a word starts with, and a different first letter is most often a different
 * word (câini → găini, casă → masă).
 */
export function sameStart(word: string, term: string): boolean {
  const a = Array.from(word);
  const b = Array.from(term);
  return a[0] === b[0] || (a[0] === b[1] && a[1] === b[0]);
}

/**
 * The indexed word that corrects `word`, or null: the closest within allowedTypos(word), and among
 * equally close ones the word found in more ads (then the first alphabetically, so the choice is
 * stable). The word itself never corrects itself, and a correction keeps the first letter.
 */
export function bestCorrection(word: string, candidates: readonly Candidate[]): Candidate | null {
  const max = allowedTypos(word);
  if (max === 0) return null;
  let best: { c: Candidate; d: number } | null = null;
  for (const c of candidates) {
    if (c.term === word) continue;
    if (!sameStart(word, c.term)) continue;
    if (Math.abs(Array.from(c.term).length - Array.from(word).length) > max) continue;
    const d = editDistance(word, c.term);
    if (d > max) continue;
    if (
      !best ||
      d < best.d ||
      (d === best.d && (c.doc > best.c.doc || (c.doc === best.c.doc && c.term < best.c.term)))
    )
      best = { c, d };
  }
  return best?.c ?? null;
}
