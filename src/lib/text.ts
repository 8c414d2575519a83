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
