// Phone numbers in an ad's text. The masking rule, what it leaves alone and where the site applies
// it are described in docs/masking.md; `maskPhones` is the one implementation of that rule.

/** What a masked phone number looks like. */
export const PHONE_MASK = '**********';

// Characters that may stand between the digits of a phone number: every Unicode space (repeated,
// non-breaking, narrow, thin, ideographic, line breaks), invisible joiners and the soft hyphen; dots
// and middle dots; hyphens, every Unicode dash and the minus sign; underscores; slashes and
// backslashes; parentheses and brackets (ASCII and full-width).
const SEP_CLASS =
  '\\s\\u00ad\\u180e\\u200b-\\u200d\\u2060' +
  '.\\u00b7\\u2022\\u2024\\u2027\\u30fb\\uff0e' +
  '\\p{Pd}\\u2212_' +
  '/\\\\\\u2044\\u2215\\uff0f' +
  '()\\[\\]\\uff08\\uff09';

// A run: digit groups joined by separators, optionally after a `+` and an opening parenthesis and
// before a closing one.
// Greedy and scanned left to right, so each match is a maximal run (never preceded or followed by
// another digit).
const RUN = new RegExp(`(?:\\(\\s*)?(?:\\+[${SEP_CLASS}]*)?\\d+(?:[${SEP_CLASS}]+\\d+)*(?:\\s*\\))?`, 'gu');
const GROUP = /\d+/g;
// A separator that may sit between a phone and other digits of its run: anything but a single
// dot, dash or invisible character (`2015. 0745 123 456` is a year then a phone; `12.02.2024` is
// never cut at its dots).
const WEAK_CUT = /^[.\u00b7\u2024\u2027\p{Pd}\u2212_\u00ad\u200b-\u200d\u2060]?$/u;
const DATE_SEP = /^[./\-\p{Pd}]$/u;

interface Group {
  digits: string;
  start: number;
  end: number;
  /** The separator text before this group (empty for the first). */
  before: string;
  /** Whether it is the day, month or year of a date. */
  inDate?: boolean;
}

// What a segment of a run's digits (concatenated) must be, by how it is written.
// After a `+`: +40 and nine digits (optionally the trunk 0: +40 (0) 745…), a national number typed
// with a `+`, or any other country's number (9 to 15 digits, E.164).
const PLUS_RO = /^400?\d{9}$/;
const PLUS_NATIONAL = /^0\d{9}$/;
const PLUS_FOREIGN = /^(?!40)[1-9]\d{8,14}$/;
// Without `+`: ten digits starting with 0; 0040 and nine digits; 40 and a Romanian nine-digit number.
const NATIONAL = /^0\d{9}$/;
const INTL_RO = /^00400?\d{9}$/;
const BARE_RO = /^40(?:[23][1-7]|7\d)\d{7}$/;
// Another country after 00: only when it is the whole run (an IBAN's `0075 9384 0000` is not one).
const INTL_FOREIGN = /^00(?!40)[1-9]\d{8,12}$/;
// Romanian mobile (07x) and geographic (021–027, 031–037) numbers: the only national numbers cut
// out of a longer run.
const CLEAR_NATIONAL = /^0(?:[23][1-7]|7\d)\d{7}$/;

/** A phone has at least 9 and at most 15 digits (E.164), prefixes included. */
const MIN_DIGITS = 9;
const MAX_DIGITS = 15;

type Kind = 'clear' | 'whole-run-only' | null;

/** What the digits of groups i..j are; `solid`: one group alone (i = j). */
function kindOf(digits: string, plus: boolean, solid: boolean): Kind {
  if (plus) {
    if (digits.startsWith('40')) return PLUS_RO.test(digits) ? 'clear' : null;
    return PLUS_NATIONAL.test(digits) || PLUS_FOREIGN.test(digits) ? 'clear' : null;
  }
  if (INTL_RO.test(digits) || CLEAR_NATIONAL.test(digits)) return 'clear';
  // A bare 40 only as one solid group (`wa.me/40745123456`): `40.210.000` is a price.
  if (solid && BARE_RO.test(digits)) return 'clear';
  if (NATIONAL.test(digits) || INTL_FOREIGN.test(digits)) return 'whole-run-only';
  return null;
}

/** `12.05.2024`, `1/5/2015`, `31-12-1999`: day, month and year joined by one and the same separator. */
function isDateAt(groups: Group[], i: number): boolean {
  const [d, m, y] = [groups[i], groups[i + 1], groups[i + 2]];
  if (!d || !m || !y) return false;
  if (d.digits.length > 2 || m.digits.length > 2 || !/^(?:19|20)\d\d$/.test(y.digits)) return false;
  if (Number(d.digits) < 1 || Number(d.digits) > 31 || Number(m.digits) < 1 || Number(m.digits) > 12)
    return false;
  return DATE_SEP.test(m.before) && m.before === y.before;
}

/** Digits of groups i..j, or null when one of them belongs to a date (a phone never does). */
function segmentDigits(groups: Group[], i: number, j: number): string | null {
  let digits = '';
  for (let k = i; k <= j; k++) {
    if (groups[k].inDate) return null;
    digits += groups[k].digits;
  }
  return digits;
}

/**
 * Which groups of a run are phone numbers, as [first, last] group index pairs. A run that is
 * entirely phone numbers (one, or several in a row) is masked whole. Otherwise only Romanian
 * numbers (07…, 021…–037…, +40, 0040) are cut out of it, at group boundaries and at a clear break
 * (a space, a slash), never from the middle of a digit group: a longer identifier keeps its digits.
 */
function phoneSegments(groups: Group[], plus: boolean): [number, number][] {
  const n = groups.length;
  const whole = tile(groups, plus);
  if (whole) return whole;

  // digits[i]: the most digits masked in groups i..n-1; last[i]: the last group of the phone that
  // starts at group i in that best choice, or -1 when group i is left as written.
  const digits = new Array<number>(n + 1).fill(0);
  const last = new Array<number>(n).fill(-1);
  for (let i = n - 1; i >= 0; i--) {
    digits[i] = digits[i + 1];
    let count = 0;
    for (let j = i; j < n && count <= MAX_DIGITS; j++) {
      count += groups[j].digits.length;
      if (count < MIN_DIGITS) continue;
      const segment = segmentDigits(groups, i, j);
      if (segment === null) break;
      if (kindOf(segment, plus && i === 0, i === j) !== 'clear') continue;
      const solid = i === j;
      if (!solid && i > 0 && WEAK_CUT.test(groups[i].before)) continue;
      if (!solid && j < n - 1 && WEAK_CUT.test(groups[j + 1].before)) continue;
      // `2 035 000`: a three-digit group after a short one continues a number grouped in thousands.
      if (i > 0 && groups[i].digits.length === 3 && groups[i - 1].digits.length <= 3) continue;
      const total = segment.length + digits[j + 1];
      if (total > digits[i]) {
        digits[i] = total;
        last[i] = j;
      }
    }
  }
  const segments: [number, number][] = [];
  for (let i = 0; i < n; ) {
    if (last[i] < 0) i++;
    else {
      segments.push([i, last[i]]);
      i = last[i] + 1;
    }
  }
  return segments;
}

/** The run as phone numbers only, one after another, or null when it is not. */
function tile(groups: Group[], plus: boolean): [number, number][] | null {
  const n = groups.length;
  // next[i]: the group after the first phone of a tiling of groups i..n-1 (n: the end), or -1.
  const next = new Array<number>(n + 1).fill(-1);
  next[n] = n;
  for (let i = n - 1; i >= 0; i--) {
    let count = 0;
    for (let j = i; j < n && count <= MAX_DIGITS; j++) {
      count += groups[j].digits.length;
      if (count < MIN_DIGITS || next[j + 1] < 0) continue;
      const segment = segmentDigits(groups, i, j);
      if (segment === null) break;
      if (kindOf(segment, plus && i === 0, i === j) === null) continue;
      next[i] = j + 1;
      break;
    }
  }
  if (next[0] < 0) return null;
  const segments: [number, number][] = [];
  for (let i = 0; i < n; i = next[i]) segments.push([i, next[i] - 1]);
  return segments;
}

function countOf(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

/**
 * Replaces every phone number written in a text with `**********`, and leaves every other number
 * as written. The one masking function of the site: the ad page, cards, search snippets and the
 * search index, meta descriptions, structured data and feeds all show text through it, and any
 * future e-mail that quotes an ad's text must too. The rule: docs/masking.md.
 */
export function maskPhones(text: string): string {
  if (!/\d/.test(text)) return text;
  return text.replace(RUN, (run: string) => {
    const found = runPhones(run);
    if (!found) return run;
    const { groups, plusAt, segments } = found;
    let out = '';
    let pos = 0;
    for (const [i, j] of segments) {
      let start = i === 0 && plusAt >= 0 ? plusAt : groups[i].start;
      let end = groups[j].end;
      const inside = run.slice(start, end);
      const opens = countOf(inside, '(') - countOf(inside, ')');
      // Parentheses stay balanced: `(0745) 123 456` and `+40 (745 123 456)` lose theirs with the number.
      if (opens < 0 && start > pos && run[start - 1] === '(') start--;
      if (opens > 0 && run[end] === ')') end++;
      out += run.slice(pos, start) + PHONE_MASK;
      pos = end;
    }
    return out + run.slice(pos);
  });
}

/** The phone numbers of one run of digits and separators (the masking rule), or null when none. */
function runPhones(run: string): { groups: Group[]; plusAt: number; segments: [number, number][] } | null {
  // Most runs are prices, years, dates: too few digits for any phone.
  let digitCount = 0;
  for (let k = 0; k < run.length; k++) {
    const c = run.charCodeAt(k);
    if (c >= 48 && c <= 57) digitCount++;
  }
  if (digitCount < MIN_DIGITS) return null;
  const groups: Group[] = [];
  let last = 0;
  for (const m of run.matchAll(GROUP)) {
    const start = m.index ?? 0;
    const before = groups.length ? run.slice(last, start) : '';
    groups.push({ digits: m[0], start, end: start + m[0].length, before });
    last = start + m[0].length;
  }
  for (let k = 0; k + 2 < groups.length; k++) {
    if (isDateAt(groups, k)) groups[k].inDate = groups[k + 1].inDate = groups[k + 2].inDate = true;
  }
  const plusAt = run.slice(0, groups[0].start).indexOf('+');
  const segments = phoneSegments(groups, plusAt >= 0);
  return segments.length === 0 ? null : { groups, plusAt, segments };
}

/**
 * Every phone number written in a text, found by the masking rule (docs/masking.md), in a canonical
 * form: a Romanian number in its national form (`07xxxxxxxx`), another country's as its digits.
 * What operators' blocked-phone rules are matched against (docs/moderation.md#rules).
 */
export function phonesIn(text: string): string[] {
  if (!/\d/.test(text)) return [];
  const out = new Set<string>();
  for (const m of text.matchAll(RUN)) {
    const found = runPhones(m[0]);
    if (!found) continue;
    for (const [i, j] of found.segments) {
      let digits = '';
      for (let k = i; k <= j; k++) digits += found.groups[k].digits;
      out.add(canonicalPhone(digits));
    }
  }
  return [...out];
}

/** Digits of a phone number (any prefix) in the form `phonesIn` answers. */
export function canonicalPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  const ro = /^(?:0040|40)0?(\d{9})$/.exec(d);
  if (ro) return `0${ro[1]}`;
  if (/^0\d{9}$/.test(d)) return d;
  return d.replace(/^00/, '');
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
