import { describe, expect, it } from 'vitest';
import {
  bucharestDay,
  bucharestOffsetMs,
  formatDate,
  isoDate,
  relativeDay,
  startOfBucharestDay,
  startOfWeek,
} from '../../../src/lib/dates';
import { formatPrice } from '../../../src/lib/price';

// 2026-03-05 14:07 UTC — 16:07 in Romania (winter time, UTC+2), which is what is shown.
const T = Date.UTC(2026, 2, 5, 14, 7);

describe('formatDate: Romanian locale, Bucharest time, 24-hour clock', () => {
  it("formats 'D MMM YYYY' with Romanian month abbreviations", () => {
    expect(formatDate(T, 'short')).toBe('5 mar. 2026');
  });
  it("formats 'D MMMM YYYY' with Romanian month names", () => {
    expect(formatDate(T, 'long')).toBe('5 martie 2026');
    expect(formatDate(Date.UTC(2026, 7, 1), 'long')).toBe('1 august 2026');
  });
  it("writes 'D MMMM YYYY h:mm a' the Romanian way: 24-hour clock, Bucharest time, never am/pm", () => {
    expect(formatDate(T, 'longTime')).toBe('5 martie 2026 16:07');
    expect(formatDate(Date.UTC(2026, 10, 24, 14, 10), 'longTime')).toBe('24 noiembrie 2026 16:10');
    // Summer time is UTC+3.
    expect(formatDate(Date.UTC(2026, 6, 1, 13, 10), 'longTime')).toBe('1 iulie 2026 16:10');
    expect(formatDate(Date.UTC(2026, 6, 1, 21, 5), 'longTime')).toBe('2 iulie 2026 00:05');
    for (let h = 0; h < 24; h++)
      expect(formatDate(Date.UTC(2026, 0, 10, h, 0), 'longTime')).not.toMatch(/am|pm/i);
  });
  it('follows the daylight-saving changes of Europe/Bucharest', () => {
    // Summer time starts on 29 March 2026 at 01:00 UTC, ends on 25 October 2026 at 01:00 UTC.
    expect(bucharestOffsetMs(Date.UTC(2026, 2, 29, 0, 59))).toBe(2 * 3_600_000);
    expect(bucharestOffsetMs(Date.UTC(2026, 2, 29, 1, 0))).toBe(3 * 3_600_000);
    expect(bucharestOffsetMs(Date.UTC(2026, 9, 25, 1, 0))).toBe(2 * 3_600_000);
  });
  it('finds the Bucharest day and when it starts in UTC', () => {
    expect(bucharestDay(Date.UTC(2026, 10, 24, 22, 30))).toBe('2026-11-25');
    expect(bucharestDay(Date.UTC(2026, 10, 24, 21, 59))).toBe('2026-11-24');
    expect(startOfBucharestDay('2026-11-25')).toBe(Date.UTC(2026, 10, 24, 22, 0));
    expect(startOfBucharestDay('2026-07-01')).toBe(Date.UTC(2026, 5, 30, 21, 0));
  });
  it('says "azi" and "ieri" by the Bucharest calendar day, not by UTC', () => {
    const now = Date.UTC(2026, 10, 24, 22, 30); // 00:30 on 25 November in Bucharest
    expect(relativeDay(Date.UTC(2026, 10, 24, 22, 5), now)).toBe('azi');
    expect(relativeDay(Date.UTC(2026, 10, 24, 21, 55), now)).toBe('ieri'); // 23:55 on the 24th
    expect(relativeDay(Date.UTC(2026, 10, 23, 21, 55), now)).toBe('23 noiembrie 2026');
  });
  it('formats day.month.year', () => {
    expect(formatDate(T, 'numeric')).toBe('05.03.2026');
  });
  it('dates by the Bucharest day near midnight', () => {
    expect(formatDate(Date.UTC(2026, 0, 1, 21, 30), 'numeric')).toBe('01.01.2026');
    expect(formatDate(Date.UTC(2026, 0, 1, 22, 30), 'numeric')).toBe('02.01.2026');
  });
  it('starts the week on Monday', () => {
    // Sunday 8 March 2026 belongs to the week that began on Monday 2 March.
    expect(isoDate(startOfWeek(Date.UTC(2026, 2, 8, 12)))).toBe('2026-03-02T00:00:00.000Z');
  });
});

describe('formatPrice', () => {
  it('writes prices the Romanian way', () => {
    expect(formatPrice(1250, 'EUR')).toBe('1.250 €');
    expect(formatPrice(45000, 'RON')).toBe('45.000 RON');
  });
  it('does not show a zero price', () => {
    expect(formatPrice(0, 'RON')).toBeNull();
  });
});
