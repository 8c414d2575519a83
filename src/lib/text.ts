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
 * Whether a display name poses as the site: "eRădăuți", "Echipa …", "Administrator", "Moderator",
 * whatever the case, diacritics, spacing or punctuation ("E-Radauti", "m o d e r a t o r").
 */
export function posesAsSite(name: string): boolean {
  const plain = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return /eradauti|administrator|moderator|^echipa|^admin/.test(plain);
}
