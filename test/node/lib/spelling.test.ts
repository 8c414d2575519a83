import { describe, expect, it } from 'vitest';
import { normalizeWord, parseQuery } from '../../../src/lib/search-query';
import { allowedTypos, bestCorrection, deletions, editDistance } from '../../../src/lib/spelling';
import { isStopWord, STOP_WORDS } from '../../../src/lib/stop-words';

describe('editDistance (Damerau–Levenshtein, optimal string alignment)', () => {
  it.each([
    ['apartament', 'apartament', 0],
    ['apartamnet', 'apartament', 1], // two neighbours swapped: one edit
    ['apartamet', 'apartament', 1], // missing letter
    ['apartamentt', 'apartament', 1], // extra letter
    ['apartamant', 'apartament', 1], // wrong letter
    ['aprtamnet', 'apartament', 2],
    ['ca', 'ac', 1],
    ['abc', 'ca', 3], // OSA: no letter is edited twice (true Damerau gives 2)
    ['', 'casa', 4],
    ['casa', '', 4],
    ['kitten', 'sitting', 3],
    ['masina', 'mașină', 2], // diacritics count here: callers fold words first
    ['ţ', 'ț', 1],
    ['🙂a', 'a', 1], // characters, not UTF-16 units
    ['frigdier', 'frigider', 1],
    ['garsonera', 'garsoniera', 1],
  ])('%s ↔ %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('allowedTypos', () => {
  it.each([
    ['cas', 0],
    ['casa', 1],
    ['gradina', 1],
    ['frigider', 2],
    ['apartament', 2],
    ['2010', 0],
    ['bmw320', 0],
    ['a'.repeat(20), 2],
    ['a'.repeat(21), 0],
  ])('%s → %i', (w, n) => expect(allowedTypos(w)).toBe(n));
});

describe('deletions', () => {
  it('holds the word, each single deletion, and with depth 2 each double one, once', () => {
    expect(deletions('casa', 1).sort()).toEqual(['asa', 'caa', 'cas', 'casa', 'csa']);
    const two = deletions('abcd', 2);
    expect(new Set(two).size).toBe(two.length);
    expect(two).toContain('ad');
    expect(two).toContain('bc');
    expect(two).toHaveLength(1 + 4 + 6);
  });
  it('two words within distance d always share a form of at most d deletions each', () => {
    const pairs: [string, string, number][] = [
      ['apartamnet', 'apartament', 2],
      ['gradnia', 'gradina', 1],
      ['frigidr', 'frigider', 1],
      ['aprtamnet', 'apartament', 2],
    ];
    for (const [a, b, d] of pairs) {
      const mine = new Set(deletions(a, d));
      expect(
        deletions(b, d).some((x) => mine.has(x)),
        `${a} ${b}`,
      ).toBe(true);
    }
  });
});

describe('bestCorrection', () => {
  it('prefers the closest word, then the one found in more ads, then the first alphabetically', () => {
    expect(
      bestCorrection('apartamnet', [
        { term: 'apartamentul', doc: 90 },
        { term: 'apartament', doc: 20 },
      ])?.term,
    ).toBe('apartament');
    expect(
      bestCorrection('mosa', [
        { term: 'masa', doc: 6 },
        { term: 'casa', doc: 30 },
      ])?.term,
    ).toBe('masa');
    expect(
      bestCorrection('cesa', [
        { term: 'cosa', doc: 5 },
        { term: 'casa', doc: 30 },
      ])?.term,
    ).toBe('casa');
    expect(
      bestCorrection('cesa', [
        { term: 'cosa', doc: 30 },
        { term: 'masa', doc: 60 },
        { term: 'casa', doc: 30 },
      ])?.term,
    ).toBe('casa');
  });
  it('never goes beyond the typos a word may have, nor corrects short words, numbers or itself', () => {
    expect(bestCorrection('gradnai', [{ term: 'gradina', doc: 9 }])).toBeNull(); // 2 edits, 7 letters
    expect(bestCorrection('cas', [{ term: 'casa', doc: 9 }])).toBeNull();
    expect(bestCorrection('2011', [{ term: '2010', doc: 9 }])).toBeNull();
    expect(bestCorrection('casa', [{ term: 'casa', doc: 9 }])).toBeNull();
  });
});

describe('stop words', () => {
  it('are stored folded, so și, şi and si are one word', () => {
    for (const w of STOP_WORDS) expect(normalizeWord(w)).toBe(w);
    for (const w of ['și', 'şi', 'si', 'în', 'pentru', 'sau'])
      expect(isStopWord(normalizeWord(w))).toBe(true);
    for (const w of ['fără', 'nou', 'pește', 'casa']) expect(isStopWord(normalizeWord(w))).toBe(false);
  });
  it('are dropped from a query unless it holds nothing else', () => {
    expect(parseQuery('apartament în Rădăuți').terms.map((t) => t.words[0])).toEqual([
      'apartament',
      'Rădăuți',
    ]);
    expect(parseQuery('casa cu gradina si fantana').terms).toHaveLength(3);
    expect(parseQuery('de la').terms.map((t) => t.words[0])).toEqual(['de', 'la']);
    expect(parseQuery('"casa de piatra"').terms[0].words).toEqual(['casa', 'de', 'piatra']);
  });
});
