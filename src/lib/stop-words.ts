// Very common Romanian words that say nothing about what is sought. A search drops them from an
// unquoted query when other words remain, so `apartament în Rădăuți` finds what
// `apartament Rădăuți` finds (every word of a query must match). Stored lower case without
// diacritics (the form lib/search-query normalizeWord gives): `și`, `şi` and `si` are one entry.
// Words that can carry meaning in an ad are left out on purpose: `fără` (fără intermediari),
// `nou`, `peste` (which is also `pește`), `nu`.
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'ai',
  'al',
  'ale',
  'ca',
  'care',
  'ce',
  'cea',
  'cel',
  'cele',
  'cei',
  'cu',
  'dar',
  'de',
  'din',
  'dintre',
  'e',
  'este',
  'foarte',
  'iar',
  'in',
  'la',
  'lui',
  'mai',
  'o',
  'ori',
  'pe',
  'pentru',
  'prin',
  'sa',
  'sau',
  'se',
  'si',
  'spre',
  'un',
  'una',
  'unei',
  'unui',
]);

/** Whether a word, already lower case without diacritics, is a stop word. */
export function isStopWord(normalized: string): boolean {
  return STOP_WORDS.has(normalized);
}
