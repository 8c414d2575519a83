/** The omission marker of shortened text (docs/product.md#text). */
export const ELLIPSIS = '...';

/**
 * Shortens a text to at most `length` characters including the `...` marker, cutting at a word
 * boundary when one is near. Texts that fit are returned unchanged.
 */
export function truncate(text: string, length: number): string {
  const chars = Array.from(text);
  if (chars.length <= length) return text;
  if (length <= ELLIPSIS.length) return ELLIPSIS.slice(0, Math.max(0, length));
  const room = length - ELLIPSIS.length;
  let cut = chars.slice(0, room).join('');
  const space = cut.lastIndexOf(' ');
  if (space > room * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}${ELLIPSIS}`;
}

/**
 * Line breaks to paragraph lines: a blank line separates paragraphs, a single line
 * break stays a line inside one. Returns plain text lines; rendering (and so escaping) is React's.
 */
export function toParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((para) =>
      para
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
}

/**
 * Control characters (C0 with line breaks and tabs, DEL, C1), line/paragraph separators, zero-width
 * characters and bidirectional overrides: nothing a name or a title may carry (a line break in a name
 * would reach a mail header; an override makes a name read as something else).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** One line of plain text: invisible and control characters become spaces, spaces collapse. */
export function oneLineText(text: string): string {
  return text.replace(INVISIBLE, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Letters that look like Latin ones (Cyrillic and Greek capitals and small letters, after lower
 * casing) and the digits and signs used for letters ("M0derat0r", "@dmin"), as the Latin letter.
 */
const LOOKALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'h',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'n',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'y',
  χ: 'x',
  ζ: 'z',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '|': 'i',
  '!': 'i',
  ı: 'i',
  ł: 'l',
  ø: 'o',
  đ: 'd',
};

/**
 * Whether a display name poses as the site: "eRădăuți", "Echipa …", "Administrator", "Moderator",
 * whatever the case, diacritics, spacing or punctuation ("E-Radauti", "m o d e r a t o r"), written
 * with lookalike letters (Cyrillic "А", fullwidth or mathematical letters) or digits ("M0derator").
 */
export function posesAsSite(name: string): boolean {
  const plain = [...name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()]
    .map((ch) => LOOKALIKES[ch] ?? ch)
    .join('')
    .replace(/[^a-z]/g, '');
  return /eradauti|administrator|moderator|^echipa|^admin/.test(plain);
}
