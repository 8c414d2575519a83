// What an operator typed in the console's search box (docs/moderation.md#search), read as every key
// it could be: an ad or person id, a phone number in any spelling, part of an e-mail address, words.
import { normalizeRomanianPhone } from './phone';
import { normalizeWord } from './search-query';

export interface ConsoleQuery {
  text: string;
  /** A number that may be an ad's or a person's id. */
  id: number | null;
  /** A Romanian phone number in its national form (`07xxxxxxxx`). */
  phone: string | null;
  /** Part of an e-mail address, lower case. */
  email: string | null;
  /** Folded words (lower case, no diacritics), each to be found in the title or description. */
  words: string[];
}

export function parseConsoleQuery(raw: unknown): ConsoleQuery {
  const text = (typeof raw === 'string' ? raw : '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are stripped on purpose
    .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
    .trim()
    .slice(0, 200);
  const idMatch = /^#?(\d{1,9})$/.exec(text);
  const phone = normalizeRomanianPhone(text);
  const email = text.includes('@') ? text.toLowerCase() : null;
  const words =
    phone || email || idMatch
      ? []
      : (normalizeWord(text).match(/[\p{L}\p{N}]+/gu) ?? [])
          .filter((w) => w.length >= 2)
          .slice(0, 8)
          .map((w) => w.slice(0, 40));
  return { text, id: idMatch && !phone ? Number(idMatch[1]) : null, phone, email, words };
}
