// Suspected duplicates (docs/moderation.md#duplicates): how alike two ad titles are, without I/O.
import { toSlug } from './slug';

/** Titles at least this alike (Dice coefficient of letter pairs, 0 to 1) are "very similar". */
export const SIMILAR_TITLE = 0.8;

/** Letter pairs of a title folded like a slug (no diacritics, no case, words in order, spaces out). */
function pairs(title: string): Map<string, number> {
  const folded = toSlug(title).replace(/-/g, ' ');
  const out = new Map<string, number>();
  for (const word of folded.split(' ')) {
    if (!word) continue;
    const padded = ` ${word} `;
    for (let i = 0; i < padded.length - 1; i++) {
      const pair = padded.slice(i, i + 2);
      out.set(pair, (out.get(pair) ?? 0) + 1);
    }
  }
  return out;
}

/**
 * How alike two titles are, 0 to 1: the Dice coefficient of their letter pairs after folding, so
 * `Apartament 2 camere Centru` and `apartament 2 camere, centru!!` are 1 and a changed word or two
 * in a long title stays high, while two different things sold by one dealer stay low.
 */
export function titleSimilarity(a: string, b: string): number {
  const pa = pairs(a);
  const pb = pairs(b);
  let total = 0;
  let shared = 0;
  for (const n of pa.values()) total += n;
  for (const [pair, n] of pb) {
    total += n;
    shared += Math.min(n, pa.get(pair) ?? 0);
  }
  return total === 0 ? 0 : (2 * shared) / total;
}

/** Whether two titles are very similar. */
export function similarTitles(a: string, b: string): boolean {
  return titleSimilarity(a, b) >= SIMILAR_TITLE;
}
