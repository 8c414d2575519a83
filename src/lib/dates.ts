import dayjs from 'dayjs';
import roLocale from 'dayjs/locale/ro';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

// Registered on this dayjs instance explicitly (the locale file's side effect may reach another
// copy of dayjs under some bundlers), with the week starting on Monday as spec §1 asks, and month
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

/** Date formats of spec §9 plus the numeric day.month.year of spec §1. */
export const DATE_FORMATS = {
  short: 'D MMM YYYY',
  long: 'D MMMM YYYY',
  longTime: 'D MMMM YYYY h:mm a',
  numeric: 'DD.MM.YYYY',
} as const;

export type DateFormat = keyof typeof DATE_FORMATS;

/** Formats a timestamp (ms) or Date in UTC with the Romanian locale. */
export function formatDate(value: number | Date, format: DateFormat = 'long'): string {
  return dayjs(value).utc().locale('ro').format(DATE_FORMATS[format]);
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
