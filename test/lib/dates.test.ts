import { describe, expect, it } from 'vitest';
import { formatDate, isoDate, startOfWeek } from '../../src/lib/dates';
import { formatPrice } from '../../src/lib/price';

// 2026-03-05 14:07 UTC — 16:07 in Romania, but formatting is in UTC (spec §9).
const T = Date.UTC(2026, 2, 5, 14, 7);

describe('formatDate (spec §1, §9)', () => {
  it("formats 'D MMM YYYY' with Romanian month abbreviations", () => {
    expect(formatDate(T, 'short')).toBe('5 mar. 2026');
  });
  it("formats 'D MMMM YYYY' with Romanian month names", () => {
    expect(formatDate(T, 'long')).toBe('5 martie 2026');
    expect(formatDate(Date.UTC(2026, 7, 1), 'long')).toBe('1 august 2026');
  });
  it("formats 'D MMMM YYYY h:mm a' in UTC", () => {
    expect(formatDate(T, 'longTime')).toBe('5 martie 2026 2:07 pm');
  });
  it('formats day.month.year', () => {
    expect(formatDate(T, 'numeric')).toBe('05.03.2026');
  });
  it('uses UTC, not the local time zone, near midnight', () => {
    expect(formatDate(Date.UTC(2026, 0, 1, 23, 30), 'numeric')).toBe('01.01.2026');
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
