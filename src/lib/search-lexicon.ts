// What search knows about words beyond their spelling, as data in one place (docs/search.md,
// "Synonyms, abbreviations, misspellings" and "Category a query names"). Pure.
//
// Each entry is a group of words that mean the same thing to a buyer: synonyms, brand
// abbreviations, common misspellings, irregular plurals the stemmer cannot join (cățel/căței).
// A query word that belongs to a group also matches every other word of it (compared by stem, so
// every inflected form counts); `narrower` words are matched too but do not lead back (a search
// for `telefon` finds the iPhone, a search for `iphone` does not find every ad saying "telefon").
// `category` is the slug of the category (or subcategory) the group names: its ads rank first.
// Words in groups are also "known words": a typed known word is never "corrected" into another.
// Operators can add more groups in the `search_synonyms` table (read by db/search-text).

import { foldWord, stemFolded } from './romanian';

export interface LexiconGroup {
  words: readonly string[];
  narrower?: readonly string[];
  category?: string;
}

export const LEXICON: readonly LexiconGroup[] = [
  // ——— Auto-moto
  {
    words: ['mașină', 'mașini', 'autoturism', 'autoturisme', 'automobil', 'mașinuță'],
    narrower: ['dacia', 'volkswagen', 'bmw', 'audi', 'opel', 'ford', 'skoda', 'renault', 'toyota'],
    category: 'auto-moto',
  },
  {
    words: ['volkswagen', 'vw', 'volkswagon', 'wolkswagen', 'folcsvagen', 'volswagen'],
    category: 'auto-moto',
  },
  { words: ['bmw', 'bemveu', 'bemve', 'beemveu'], category: 'auto-moto' },
  { words: ['mercedes', 'merțan', 'mertzan', 'mercedes-benz'], category: 'auto-moto' },
  { words: ['skoda', 'școda'], category: 'auto-moto' },
  // Makes and models name the category without widening into one another.
  ...[
    'dacia',
    'logan',
    'sandero',
    'duster',
    'golf',
    'polo',
    'octavia',
    'astra',
    'focus',
    'corolla',
    'opel',
    'ford',
    'audi',
    'toyota',
    'renault',
  ].map((w) => ({ words: [w], category: 'auto-moto' })),
  { words: ['passat', 'pasat'], category: 'auto-moto' },
  {
    words: ['motocicletă', 'motociclete', 'moto', 'motocicleta', 'scuter', 'scutere', 'atv'],
    category: 'auto-moto',
  },
  { words: ['tractor', 'tractoare', 'utilaj', 'utilaje', 'combină agricolă'], category: 'auto-moto' },
  { words: ['anvelope', 'cauciucuri', 'roți', 'jante', 'gume'], category: 'piese-auto' },
  { words: ['piese', 'piesă', 'dezmembrez', 'dezmembrări'], category: 'piese-auto' },
  // ——— Electronice
  {
    words: ['telefon', 'telefoane', 'smartphone'],
    narrower: ['iphone', 'samsung galaxy'],
    category: 'electronice',
  },
  { words: ['iphone', 'aifon', 'ifon', 'iphon', 'aiphone'], category: 'electronice' },
  {
    words: ['frigider', 'frigidere', 'combină frigorifică', 'frijider', 'frigiderul'],
    category: 'electronice',
  },
  { words: ['televizor', 'televizoare', 'tv', 'televizoru', 'smart tv'], category: 'electronice' },
  { words: ['laptop', 'leptop', 'notebook', 'calculator', 'pc'], category: 'electronice' },
  { words: ['playstation', 'ps5', 'ps4', 'consolă'], category: 'electronice' },
  { words: ['aspirator', 'aspiratoare'], category: 'electronice' },
  // ——— Casă și grădină
  {
    words: ['mobilă', 'mobilier', 'mobila'],
    narrower: ['canapea', 'dulap', 'dormitor', 'scaune', 'masă'],
    category: 'casa-si-gradina',
  },
  { words: ['canapea', 'canapele', 'extensibilă', 'coltar', 'colțar'], category: 'casa-si-gradina' },
  { words: ['lemne', 'lemn de foc'], category: 'casa-si-gradina' },
  { words: ['drujbă', 'drujba', 'motofierăstrău', 'fierăstrău'], category: 'casa-si-gradina' },
  { words: ['motocoasă', 'trimmer', 'cositoare'], category: 'casa-si-gradina' },
  { words: ['cartofi', 'barabule'], category: 'casa-si-gradina' },
  { words: ['sobă', 'sobe', 'teracotă'], category: 'casa-si-gradina' },
  // ——— Animale
  {
    words: ['câine', 'câini', 'cățel', 'căței', 'cățeluș', 'cățelușă', 'cățea'],
    narrower: ['ciobănesc', 'bichon'],
    category: 'animale',
  },
  { words: ['pisică', 'pisici', 'pisoi', 'pisoiaș', 'motan', 'mâță'], category: 'animale' },
  { words: ['vacă', 'vaci', 'vițel', 'viței', 'bovine', 'juncă'], category: 'animale' },
  { words: ['găină', 'găini', 'pui de găină', 'cocoș', 'păsări'], category: 'animale' },
  { words: ['porc', 'porci', 'purcel', 'purcei', 'godac'], category: 'animale' },
  { words: ['cal', 'cai', 'iapă', 'mânz'], category: 'animale' },
  { words: ['oaie', 'oi', 'miel', 'miei', 'berbec'], category: 'animale' },
  { words: ['acvariu', 'acvarii', 'pești'], category: 'animale' },
  // ——— Imobiliare
  { words: ['apartament', 'apartamente', 'ap', 'apt', 'apartamentul'], category: 'imobiliare' },
  { words: ['garsonieră', 'garsoniere', 'garsonierei', 'garsoniera'], category: 'imobiliare' },
  { words: ['casă', 'case', 'vilă', 'vile', 'locuință'], category: 'imobiliare' },
  { words: ['teren', 'terenuri', 'lot', 'parcelă'], category: 'terenuri' },
  { words: ['chirie', 'închiriez', 'închiriere', 'închiriat', 'închiriază', 'dau în chirie'] },
  { words: ['spațiu comercial', 'birou', 'hală', 'magazin'], category: 'spatii-comerciale' },
  // ——— Locuri de muncă
  {
    words: ['muncă', 'angajare', 'angajez', 'angajăm', 'angajează', 'job', 'joburi', 'loc de muncă'],
    category: 'locuri-de-munca',
  },
  { words: ['nuntă', 'nunți', 'eveniment', 'evenimente', 'botez', 'cununie'] },
  // ——— Diverse and the rest
  { words: ['vând', 'vânzare', 'vinde', 'vindem'] },
  { words: ['bicicletă', 'biciclete', 'bicicleta', 'bicla', 'bicicletă copii'], category: 'diverse' },
  { words: ['cărucior', 'căruț', 'landou'], category: 'diverse' },
  { words: ['trotinetă', 'trotinete', 'trotineta'], category: 'diverse' },
  { words: ['cărți', 'carte', 'cartea'], category: 'diverse' },
  { words: ['rochie', 'rochii', 'haine', 'îmbrăcăminte'], category: 'diverse' },
];

/** A word or a phrase of the lexicon, as stem tokens' stems (one per word). */
export type StemPhrase = readonly string[];

export interface LexiconEntry {
  /** Stems (one per word, a phrase when several) the query word also matches. */
  alternatives: StemPhrase[];
  /** Slugs of the categories the word names. */
  categories: string[];
}

const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/** The stems of a word or a phrase of the lexicon, folded. */
export function phraseStems(text: string): string[] {
  return (text.normalize('NFC').match(WORD) ?? []).map((w) => stemFolded(foldWord(w)));
}

/** Groups by the stems of each member, joined by spaces (a phrase member is a key of several words). */
function buildIndex(groups: readonly LexiconGroup[]): Map<string, LexiconEntry> {
  const index = new Map<string, LexiconEntry>();
  for (const g of groups) {
    const members = g.words.map(phraseStems);
    const extra = (g.narrower ?? []).map(phraseStems);
    for (const m of members) {
      const key = m.join(' ');
      const entry = index.get(key) ?? { alternatives: [], categories: [] };
      for (const alt of [...members, ...extra]) {
        if (alt.join(' ') === key) continue;
        if (!entry.alternatives.some((a) => a.join(' ') === alt.join(' '))) entry.alternatives.push(alt);
      }
      if (g.category && !entry.categories.includes(g.category)) entry.categories.push(g.category);
      index.set(key, entry);
    }
  }
  return index;
}

const INDEX = buildIndex(LEXICON);

/** What the lexicon knows of a typed word, or of consecutive typed words (by their stems), or undefined. */
export function lexiconEntry(...words: string[]): LexiconEntry | undefined {
  return INDEX.get(words.map((w) => stemFolded(foldWord(w))).join(' '));
}

/** A phrase of the lexicon has at most this many words (longer runs of typed words are not looked up). */
export const MAX_PHRASE_WORDS = 3;

/**
 * Common words of ads that are not in a group but are real words: a typed one is never corrected
 * into a neighbour one letter away (găini is not a typo of câini, nor cal of cai).
 */
const OTHER_KNOWN = [
  'casa',
  'masa',
  'vas',
  'vase',
  'cort',
  'port',
  'sac',
  'saci',
  'lac',
  'oale',
  'ouă',
  'lapte',
  'miere',
  'fân',
  'paie',
  'porumb',
  'grâu',
  'ovăz',
  'orz',
  'vin',
  'țuică',
  'roșii',
  'ardei',
  'ceapă',
  'usturoi',
  'lână',
  'piele',
  'lemn',
  'fier',
  'tablă',
  'geam',
  'ușă',
  'uși',
  'ceas',
  'inel',
  'cercei',
  'pat',
  'paturi',
  'saltea',
  'scaun',
  'scaune',
  'covor',
  'perdele',
  'mașină de spălat',
];

const KNOWN = new Set<string>([...INDEX.keys(), ...OTHER_KNOWN.flatMap(phraseStems)]);

/** Whether a typed word is a known real word (by stem): never corrected into another. */
export function isKnownWord(word: string): boolean {
  return KNOWN.has(stemFolded(foldWord(word)));
}
