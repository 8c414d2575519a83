// @ts-check
// A streaming reader of a plain `pg_dump` file (docs/move-in.md#reading-the-dump): it reads the
// `COPY <table> (<columns>) FROM stdin;` blocks of the tables asked for, in PostgreSQL's text format
// (tab-separated, `\N` NULL, backslash escapes `\\ \t \n \r \b \f \v`, octal `\NNN`, hex `\xHH`, any
// other escaped character as itself; bytes decoded as UTF-8), and ignores every other statement.
// A file that is not a pg_dump, or is cut short (a block without its `\.`, no closing comment), is
// refused with a DumpError before the caller has written anything: rows are only handed over once the
// whole file has been read.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export class DumpError extends Error {}

const SIMPLE = { b: 8, f: 12, n: 10, r: 13, t: 9, v: 11 };

/**
 * One field of a COPY text-format line, unescaped; null for `\N`.
 * @param {string} raw
 * @returns {string | null}
 */
export function unescapeField(raw) {
  if (raw === '\\N') return null;
  if (!raw.includes('\\')) return raw;
  /** @type {number[]} */
  const bytes = [];
  const encoder = new TextEncoder();
  let i = 0;
  let plainFrom = 0;
  const flushPlain = (to) => {
    if (to > plainFrom) for (const b of encoder.encode(raw.slice(plainFrom, to))) bytes.push(b);
  };
  while (i < raw.length) {
    if (raw[i] !== '\\') {
      i++;
      continue;
    }
    flushPlain(i);
    const next = raw[i + 1];
    if (next === undefined) throw new DumpError('a field ends with a lone backslash');
    if (next in SIMPLE) {
      bytes.push(SIMPLE[next]);
      i += 2;
    } else if (next >= '0' && next <= '7') {
      const m = /^[0-7]{1,3}/.exec(raw.slice(i + 1, i + 4));
      bytes.push(Number.parseInt(m[0], 8) & 0xff);
      i += 1 + m[0].length;
    } else if (next === 'x' && /^[0-9a-fA-F]/.test(raw[i + 2] ?? '')) {
      const m = /^[0-9a-fA-F]{1,2}/.exec(raw.slice(i + 2, i + 4));
      bytes.push(Number.parseInt(m[0], 16));
      i += 2 + m[0].length;
    } else {
      // Any other escaped character stands for itself (`\\`, `\.` inside data, …).
      const cp = raw.codePointAt(i + 1);
      const ch = String.fromCodePoint(cp);
      for (const b of encoder.encode(ch)) bytes.push(b);
      i += 1 + ch.length;
    }
    plainFrom = i;
  }
  flushPlain(raw.length);
  return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
}

/** `public."User"` / `"User"` / `public.user` → `User` / `user`. */
export function tableName(qualified) {
  const parts = qualified.match(/"(?:[^"]|"")*"|[^.]+/g) ?? [];
  const last = parts[parts.length - 1] ?? '';
  return last.startsWith('"') ? last.slice(1, -1).replace(/""/g, '"') : last.toLowerCase();
}

function columnList(text) {
  return (text.match(/"(?:[^"]|"")*"|[^,\s]+/g) ?? []).map((c) =>
    c.startsWith('"') ? c.slice(1, -1).replace(/""/g, '"') : c.toLowerCase(),
  );
}

const COPY_LINE =
  /^COPY\s+((?:"(?:[^"]|"")*"|[\w$]+)(?:\.(?:"(?:[^"]|"")*"|[\w$]+))?)\s*\(([^)]*)\)\s+FROM\s+stdin;\s*$/;

/**
 * Reads the dump at `file` (or from a stream) and returns the rows of `tables`, each row an object
 * of column name → unescaped string or null, with the 1-based line number it came from.
 * @param {string | NodeJS.ReadableStream} source
 * @param {string[]} tables e.g. ['User', 'Post', 'Image', 'Category']
 * @param {{ onProgress?: (bytes: number) => void }} [opts]
 * @returns {Promise<Record<string, { line: number, values: Record<string, string | null> }[]>>}
 */
export async function readDump(source, tables, opts = {}) {
  const stream = typeof source === 'string' ? createReadStream(source, { highWaterMark: 1 << 20 }) : source;
  let bytesRead = 0;
  if (opts.onProgress)
    /** @type {any} */ (stream).on('data', (chunk) => {
      bytesRead += chunk.length;
      opts.onProgress(bytesRead);
    });
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  const wanted = new Set(tables);
  /** @type {Record<string, { line: number, values: Record<string, string | null> }[]>} */
  const out = Object.fromEntries(tables.map((t) => [t, []]));
  const seen = new Set();
  let lineNo = 0;
  let header = false;
  let complete = false;
  /** @type {{ table: string, columns: string[], keep: boolean, startLine: number } | null} */
  let block = null;
  for await (const line of lines) {
    lineNo++;
    if (block) {
      if (line === '\\.') {
        block = null;
        continue;
      }
      if (!block.keep) continue;
      const fields = line.split('\t');
      if (fields.length !== block.columns.length)
        throw new DumpError(
          `line ${lineNo}: table "${block.table}" expects ${block.columns.length} fields, the line has ${fields.length}`,
        );
      /** @type {Record<string, string | null>} */
      const values = {};
      for (let i = 0; i < fields.length; i++) {
        try {
          values[block.columns[i]] = unescapeField(fields[i]);
        } catch (err) {
          throw new DumpError(`line ${lineNo}: ${/** @type {Error} */ (err).message}`);
        }
      }
      out[block.table].push({ line: lineNo, values });
      continue;
    }
    if (!header) {
      if (line.trim() === '' || line.trim() === '--') continue;
      if (!/^-- PostgreSQL database dump\s*$/.test(line))
        throw new DumpError(
          `not a pg_dump file: it must start with "-- PostgreSQL database dump" (line ${lineNo} is ${JSON.stringify(line.slice(0, 60))})`,
        );
      header = true;
      continue;
    }
    if (/^-- PostgreSQL database dump complete\s*$/.test(line)) complete = true;
    const m = COPY_LINE.exec(line);
    if (m) {
      const table = tableName(m[1]);
      block = { table, columns: columnList(m[2]), keep: wanted.has(table), startLine: lineNo };
      if (block.keep) seen.add(table);
    }
  }
  if (!header) throw new DumpError('not a pg_dump file: it is empty');
  if (block)
    throw new DumpError(
      `the dump is cut short: the COPY block of "${block.table}" that starts at line ${block.startLine} has no closing "\\." line`,
    );
  if (!complete)
    throw new DumpError(
      'the dump is cut short: its closing line "-- PostgreSQL database dump complete" is missing',
    );
  const missing = tables.filter((t) => !seen.has(t));
  if (missing.length)
    throw new DumpError(`the dump has no COPY block for ${missing.map((t) => `"${t}"`).join(', ')}`);
  return out;
}

/** `2023-05-01 10:20:30.123` (timestamp without time zone, UTC) → epoch milliseconds, or NaN. */
export function timestampMs(text) {
  if (text === null) return Number.NaN;
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?$/.exec(text);
  if (!m) return Number.NaN;
  const frac = m[7] ? Math.round(Number(`0${m[7]}`) * 1000) : 0;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) + frac;
}
