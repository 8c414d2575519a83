// Pure helpers of /moderare/statistici (docs/moderation.md#statistics): the window's Bucharest days,
// medians, and the geometry of a server-drawn bar chart.
import { bucharestDay, DAY_MS, startOfBucharestDay } from './dates';

/** How many days the statistics cover (today included). */
export const STATS_DAYS = 30;

/** The last `count` Bucharest days up to today's, oldest first, each with its limits [start, end). */
export function lastDays(now: number, count = STATS_DAYS): { day: string; start: number; end: number }[] {
  const today = startOfBucharestDay(bucharestDay(now));
  const out: { day: string; start: number; end: number }[] = [];
  let end = startOfBucharestDay(bucharestDay(today + DAY_MS + 3_600_000 * 3));
  let start = today;
  for (let i = 0; i < count; i++) {
    const day = bucharestDay(start);
    out.unshift({ day, start, end });
    end = start;
    // The day before: its start, whatever the clock change (23 or 25 hours).
    start = startOfBucharestDay(bucharestDay(start - 3_600_000 * 12));
  }
  return out;
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Per day, the median wait (ms) of the reports decided that day; null on a day without any. */
export function mediansByDay(
  days: readonly { day: string; start: number; end: number }[],
  waits: readonly { resolvedAt: number; waitMs: number }[],
): (number | null)[] {
  return days.map((d) =>
    median(waits.filter((w) => w.resolvedAt >= d.start && w.resolvedAt < d.end).map((w) => w.waitMs)),
  );
}

/** A wait in words: `45 min`, `3 h 20 min`, `2 z 4 h`. */
export function formatWait(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} z ${hours % 24} h` : `${days} z`;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** The top of the scale (a round number ≥ every value). */
  max: number;
  bars: (Bar | null)[];
}

/** The smallest of 1, 2, 5 × 10ⁿ at least `n` (a readable top of the scale). */
export function niceMax(n: number): number {
  if (n <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 5, 10]) if (step * power >= n) return step * power;
  return 10 * power;
}

/**
 * Bars for `values` in a `width` × `height` box (whole-pixel-ish coordinates, a gap between bars); a
 * null value has no bar, a zero a hairline so the day is still seen.
 */
export function barChart(values: readonly (number | null)[], width = 600, height = 160): ChartGeometry {
  const max = niceMax(Math.max(0, ...values.map((v) => v ?? 0)));
  const slot = width / Math.max(1, values.length);
  const gap = Math.min(4, slot * 0.2);
  const bars = values.map((v, i) => {
    if (v === null) return null;
    const h = Math.max(1, Math.round((v / max) * height * 10) / 10);
    return {
      x: Math.round((i * slot + gap / 2) * 10) / 10,
      y: Math.round((height - h) * 10) / 10,
      width: Math.round((slot - gap) * 10) / 10,
      height: h,
    };
  });
  return { width, height, max, bars };
}
