import { describe, expect, it } from 'vitest';
import {
  MAX_QUERY_LENGTH,
  MAX_WORDS,
  parseQuery,
  splitHighlight,
  synonymKeys,
  toFtsQuery,
} from '../../../src/lib/search-query';

const none = new Map<string, string[]>();

describe('search query parsing', () => {
  it('quotes every word, ANDs them and makes the last one a prefix', () => {
    expect(toFtsQuery(parseQuery('apartament lumin'), none)).toBe(
      '("apartament" OR "apartament0" OR "ap0" OR "apt0") AND ("lumin"* OR "lumin0")',
    );
  });

  it('keeps a quoted phrase as one phrase, not as a prefix', () => {
    expect(toFtsQuery(parseQuery('"casa de piatra" radauti'), none)).toBe(
      '"casa de piatra" AND ("radauti"* OR "radaut0")',
    );
    expect(toFtsQuery(parseQuery('radauti "casa de piatra"'), none)).toBe(
      '("radauti" OR "radaut0") AND "casa de piatra"',
    );
  });

  it('treats an unbalanced quote as plain words', () => {
    expect(toFtsQuery(parseQuery('casa "de piatra'), none)).toMatch(
      /^\("casa" OR "cas0".*\) AND \("piatra"\* OR "piatr0"\)$/,
    );
  });

  it('turns FTS5 operators and punctuation into words or nothing', () => {
    expect(toFtsQuery(parseQuery('NEAR(x b) -c* OR d: ^f'), none)).toBe(
      '("NEAR" OR "ner0") AND ("x" OR "x0") AND ("b" OR "b0") AND ("c" OR "c0") AND ("OR" OR "or0") AND ("d" OR "d0") AND ("f" OR "f0")',
    );
    expect(toFtsQuery(parseQuery('!!! ??? *** --- ()'), none)).toBeNull();
    expect(toFtsQuery(parseQuery('🚗🏠'), none)).toBeNull();
  });

  it('drops common short words unless they are all there is', () => {
    expect(toFtsQuery(parseQuery('casa de vanzare'), none)).toMatch(
      /^\("casa" OR "cas0".*\) AND \("vanzare"\* OR "vanzar0" OR "vand0".*\)$/,
    );
    expect(toFtsQuery(parseQuery('de la'), none)).toBe('("de" OR "de0") AND ("la"* OR "la0")');
  });

  it('masks phone numbers before searching, so a number finds nothing', () => {
    expect(toFtsQuery(parseQuery('0744 123 456'), none)).toBeNull();
    expect(toFtsQuery(parseQuery('+40744123456'), none)).toBeNull();
  });

  it('widens a word with its synonyms into an OR group, found without diacritics', () => {
    const synonyms = new Map([['lampa', ['veioza', 'lustra']]]);
    expect(synonymKeys(parseQuery('Lampă casă'))).toEqual(['lampa', 'casa']);
    expect(toFtsQuery(parseQuery('Lampă casă'), synonyms)).toMatch(
      /^\("Lampă" OR "lamp0" OR "veioz0" OR "lustr0"\) AND \("casă"\* OR "cas0"/,
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
