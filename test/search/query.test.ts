import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_LENGTH,
  MAX_WORDS,
  parseQuery,
  splitHighlight,
  synonymKeys,
  toFtsQuery,
} from '../../src/lib/search-query';

const none = new Map<string, string[]>();

describe('search query parsing', () => {
  it('quotes every word, ANDs them and makes the last one a prefix', () => {
    expect(toFtsQuery(parseQuery('apartament lumin'), none)).toBe('"apartament" AND "lumin"*');
  });

  it('keeps a quoted phrase as one phrase, not as a prefix', () => {
    expect(toFtsQuery(parseQuery('"casa de piatra" radauti'), none)).toBe('"casa de piatra" AND "radauti"*');
    expect(toFtsQuery(parseQuery('radauti "casa de piatra"'), none)).toBe('"radauti" AND "casa de piatra"');
  });

  it('treats an unbalanced quote as plain words', () => {
    expect(toFtsQuery(parseQuery('casa "de piatra'), none)).toBe('"casa" AND "piatra"*');
  });

  it('turns FTS5 operators and punctuation into words or nothing', () => {
    expect(toFtsQuery(parseQuery('NEAR(x b) -c* OR d: ^f'), none)).toBe(
      '"NEAR" AND "x" AND "b" AND "c" AND "OR" AND "d" AND "f"',
    );
    expect(toFtsQuery(parseQuery('!!! ??? *** --- ()'), none)).toBeNull();
    expect(toFtsQuery(parseQuery('🚗🏠'), none)).toBeNull();
  });

  it('drops common short words unless they are all there is', () => {
    expect(toFtsQuery(parseQuery('casa de vanzare'), none)).toBe('"casa" AND "vanzare"*');
    expect(toFtsQuery(parseQuery('de la'), none)).toBe('"de" AND "la"*');
  });

  it('masks phone numbers before searching, so a number finds nothing', () => {
    expect(toFtsQuery(parseQuery('0744 123 456'), none)).toBeNull();
    expect(toFtsQuery(parseQuery('+40744123456'), none)).toBeNull();
  });

  it('widens a word with its synonyms into an OR group, found without diacritics', () => {
    const synonyms = new Map([['vand', ['vanzare', 'vinde']]]);
    expect(synonymKeys(parseQuery('Vând casă'))).toEqual(['vand', 'casa']);
    expect(toFtsQuery(parseQuery('Vând casă'), synonyms)).toBe(
      '("Vând" OR "vanzare" OR "vinde") AND "casă"*',
    );
  });

  it('caps the length and the number of words', () => {
    const long = 'cuvant '.repeat(400);
    const parsed = parseQuery(long);
    expect(parsed.text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(parsed.terms.reduce((n, t) => n + t.words.length, 0)).toBeLessThanOrEqual(MAX_WORDS);
  });

  it('splits highlight markers into text and marked parts', () => {
    expect(splitHighlight('a \u0001b\u0002 c')).toEqual([
      { text: 'a ', mark: false },
      { text: 'b', mark: true },
      { text: ' c', mark: false },
    ]);
  });
});
