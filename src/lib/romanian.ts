// A light Romanian stemmer for search (docs/search.md, "Inflected forms"). Pure. It does not try to
// find a word's dictionary form: it cuts the endings that inflection adds (plural, definite
// article, genitive-dative) and folds the vowel alternations of a stem, so the forms of one word
// meet on one key: telefon / telefoane / telefonul / telefoanele → telefon, câine / câini /
// câinele → cain, pisică / pisici / pisica → pisic, mașină / mașini / mașinile → masin.
// The same function runs on an ad's text when it is stored (db/ad-text) and on the visitor's words
// (lib/search-query), so what it conflates does not have to be a real word, only the same on both
// sides. Irregular pairs (cățel / căței, cal / cai) are left to the lexicon (lib/search-lexicon).

/** Lower case without diacritics (ș/ş → s, ț/ţ → t, ă/â → a, î → i): how the index folds words. */
export function foldWord(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** A stem is never cut shorter than this (so `casă` → `cas`, but `cai` stays `cai`). */
const MIN_STEM = 3;

/** Endings of the article and of the genitive-dative, longest first; the first that fits is cut. */
const CASE_ENDINGS = [
  'urilor',
  'iilor',
  'urile',
  'ilor',
  'elor',
  'iile',
  'ului',
  'uri',
  'ele',
  'ile',
  'lor',
  'ul',
] as const;

/** Plural and feminine endings, cut once after the case ending. */
const FINAL_ENDINGS = ['ii', 'ie', 'ia', 'iu', 'ei', 'e', 'i', 'a', 'u'] as const;

function cut(word: string, endings: readonly string[]): string {
  for (const e of endings) {
    // "-ei" is also the genitive of "-ă" (garsonierei): cut only from long words, not from a
    // short plural (căței), which the lexicon pairs with its singular.
    const min = e === 'ei' ? 5 : MIN_STEM;
    if (word.endsWith(e) && word.length - e.length >= min) return word.slice(0, -e.length);
  }
  return word;
}

/**
 * The stem of one word already folded by normalizeWord (lower case, no diacritics), or the word
 * itself when it is short or holds a digit (`bmw320`, `2020` are never stemmed).
 */
export function stemFolded(word: string): string {
  if (word.length <= MIN_STEM || /\d/.test(word)) return word;
  const w = cut(cut(word, CASE_ENDINGS), FINAL_ENDINGS);
  // Vowel alternations inside the stem: telefoane → telefoan → telefon, fereastră/ferestre.
  return w.replace(/oa/g, 'o').replace(/ea/g, 'e');
}

/** The stem of a word as typed (any case, with or without diacritics). */
export function stem(word: string): string {
  return stemFolded(foldWord(word));
}

/**
 * Stems are stored in the index with this suffix, so they never collide with a word as written
 * (`masin` is not a word anyone typed) and the spelling candidates (letters only) never hold them.
 */
export const STEM_MARK = '0';

/** A stem as an index token. */
export function stemToken(word: string): string {
  return `${stem(word)}${STEM_MARK}`;
}

const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/**
 * What the index stores for a text's inflected forms: the stem token of each word made of letters,
 * in order (phrases of stems stay phrases), separated by spaces. Words with digits are left out
 * (the text itself is indexed too).
 */
export function stemText(text: string): string {
  const out: string[] = [];
  for (const m of text.normalize('NFC').matchAll(WORD)) {
    const w = foldWord(m[0]);
    if (/\d/.test(w)) continue;
    out.push(`${stemFolded(w)}${STEM_MARK}`);
  }
  return out.join(' ');
}
