/** What a masked phone number looks like (spec §5). */
export const PHONE_MASK = '**********';

// A phone number typed into text: ten digits, optionally after a `+`, with single spaces, dots,
// hyphens or slashes between digits; or a Romanian international number (+40 or 0040 and nine
// digits). Not touching another digit, so longer runs (IBANs, serials) and shorter ones (prices,
// years, postal codes) are left alone.
const SEP = '[ .\\-/]?';
const PHONE_IN_TEXT = new RegExp(
  `(?<![\\d+])(?:(?:\\+|00)40${SEP}\\d(?:${SEP}\\d){8}|\\+?\\d(?:${SEP}\\d){9})(?!\\d)`,
  'g',
);

/** Replaces every phone number typed into a text with `**********` (spec §5). */
export function maskPhones(text: string): string {
  return text.replace(PHONE_IN_TEXT, PHONE_MASK);
}

/**
 * Validates and normalises a Romanian phone number: mobile `07xxxxxxxx` or landline
 * `02xxxxxxxx`/`03xxxxxxxx`, written with or without +40/0040 and separators.
 * Returns the national form `07xx xxx xxx`-less `0722123456`, or null when it is not a Romanian number.
 */
export function normalizeRomanianPhone(input: string): string | null {
  const compact = input.replace(/[\s.\-/()]/g, '');
  let national: string;
  if (/^\+40\d{9}$/.test(compact)) national = `0${compact.slice(3)}`;
  else if (/^0040\d{9}$/.test(compact)) national = `0${compact.slice(4)}`;
  else if (/^40\d{9}$/.test(compact)) national = `0${compact.slice(2)}`;
  else national = compact;
  return /^0[237]\d{8}$/.test(national) ? national : null;
}

/** `0722123456` → `0722 123 456` for display. */
export function formatPhone(national: string): string {
  return national.replace(/^(\d{4})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** `0722123456` → `+40722123456` for `tel:` and WhatsApp links. */
export function internationalPhone(national: string): string {
  return `+40${national.slice(1)}`;
}
