// A private message's text: trimmed, line breaks normalised, at most MESSAGE_MAX characters.
import { formatNumber } from './plural';

/** The longest message, in characters (Unicode code points). */
export const MESSAGE_MAX = 2000;

export type MessageTextResult = { ok: true; text: string } | { ok: false; error: string };

export const MESSAGE_EMPTY = 'Scrieți un mesaj înainte de a-l trimite.';
export const MESSAGE_TOO_LONG = `Mesajul este prea lung: cel mult ${formatNumber(MESSAGE_MAX)} de caractere.`;

/** Validates a message typed in a form (anything not a string is empty). */
export function parseMessageText(value: unknown): MessageTextResult {
  if (typeof value !== 'string') return { ok: false, error: MESSAGE_EMPTY };
  const text = value
    .replace(/\r\n?/g, '\n')
    // Control characters other than line breaks and tabs are dropped.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim();
  if (!text) return { ok: false, error: MESSAGE_EMPTY };
  if ([...text].length > MESSAGE_MAX) return { ok: false, error: MESSAGE_TOO_LONG };
  return { ok: true, text };
}
