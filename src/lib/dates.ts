import dayjs from 'dayjs';
import roLocale from 'dayjs/locale/ro';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

// Registered on this dayjs instance explicitly (the locale file's side effect may reach another
// copy of dayjs under some bundlers), with the week starting on Monday as Romanian calendars do, and month
// names in lower case as Romanian writes them (dayjs's file capitalises them).
dayjs.locale(
  {
    ...roLocale,
    weekStart: 1,
    months:
      'ianuarie_februarie_martie_aprilie_mai_iunie_iulie_august_septembrie_octombrie_noiembrie_decembrie'.split(
        '_',
      ),
    monthsShort: 'ian._feb._mar._apr._mai_iun._iul._aug._sept._oct._nov._dec.'.split('_'),
  },
  undefined,
  true,
);

/**
 * Date formats (docs/product.md#dates-and-times), with the numeric day.month.year. The long date with
 * its time is written the Romanian way, in the 24-hour clock: `24 noiembrie 2026 16:10`.
 */
export const DATE_FORMATS = {
  short: 'D MMM YYYY',
  long: 'D MMMM YYYY',
  longTime: 'D MMMM YYYY HH:mm',
  numeric: 'DD.MM.YYYY',
  time: 'HH:mm',
} as const;

export type DateFormat = keyof typeof DATE_FORMATS;

/** Dates are shown in Romania's time zone; D1 keeps UTC milliseconds. */
export const DISPLAY_TIME_ZONE = 'Europe/Bucharest';

const zoneParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Bucharest's wall clock is ahead of UTC at `ms` (2 h in winter, 3 h in summer). */
export function bucharestOffsetMs(ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of zoneParts.formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** Formats a timestamp (ms) or Date as Bucharest's wall clock shows it, with the Romanian locale. */
export function formatDate(value: number | Date, format: DateFormat = 'long'): string {
  const ms = typeof value === 'number' ? value : value.getTime();
  return dayjs(ms + bucharestOffsetMs(ms))
    .utc()
    .locale('ro')
    .format(DATE_FORMATS[format]);
}

/** The Bucharest calendar day of `ms`, as `YYYY-MM-DD` (what a date input shows and sends). */
export function bucharestDay(ms: number): string {
  return new Date(ms + bucharestOffsetMs(ms)).toISOString().slice(0, 10);
}

/**
 * A day typed in a date field: `zz.ll.aaaa` as people write it in Romania (also with `/` or `-`, one
 * or two digits for day and month), or `aaaa-ll-zz`. The day as `YYYY-MM-DD`, or null when it is not
 * a real calendar day. The forms use plain text fields for dates: the browser's own date control
 * speaks the browser's language, not the page's.
 */
export function dayFromInput(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const ro = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(value);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (ro) [d, m, y] = [Number(ro[1]), Number(ro[2]), Number(ro[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` as a Romanian date field shows it: `zz.ll.aaaa`. */
export function dayForInput(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}

/** The UTC instant at which the Bucharest day `YYYY-MM-DD` starts (day limits follow this day). */
export function startOfBucharestDay(day: string): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at that wall time: try the offset of a moment near it, then correct once.
  let guess = midnightUtc - bucharestOffsetMs(midnightUtc);
  guess = midnightUtc - bucharestOffsetMs(guess);
  return guess;
}

/** "azi", "ieri" or the date, by the Bucharest calendar day. */
export function relativeDay(value: number, now: number, format: DateFormat = 'long'): string {
  const day = bucharestDay(value);
  if (day === bucharestDay(now)) return 'azi';
  const yesterday = startOfBucharestDay(bucharestDay(now)) - 1;
  if (day === bucharestDay(yesterday)) return 'ieri';
  return formatDate(value, format);
}

/** ISO 8601 for machines (sitemaps, JSON-LD, feeds, `<time datetime>`). */
export function isoDate(value: number | Date): string {
  return dayjs(value).utc().toISOString();
}

/** The first day (Monday) of the week containing `value`, in UTC. */
export function startOfWeek(value: number | Date): Date {
  return dayjs(value).utc().locale('ro').startOf('week').toDate();
}

export const DAY_MS = 86_400_000;

/** The first Bucharest day of the 7 days ending today (the "last 7 days" of an ad's statistics). */
export function weekStartDay(now: number): string {
  return bucharestDay(now - 6 * DAY_MS);
}
