// Date fields are plain text fields (the browser's own date control speaks the browser's language):
// a day typed the Romanian way is read, anything else is not a day.
import { describe, expect, it } from 'vitest';
import { dayForInput, dayFromInput } from '../../../src/lib/dates';

describe('dayFromInput', () => {
  it('reads zz.ll.aaaa (also / and -, one-digit day and month) and aaaa-ll-zz', () => {
    expect(dayFromInput('26.11.2026')).toBe('2026-11-26');
    expect(dayFromInput(' 1.2.2027 ')).toBe('2027-02-01');
    expect(dayFromInput('01/02/2027')).toBe('2027-02-01');
    expect(dayFromInput('1-2-2027')).toBe('2027-02-01');
    expect(dayFromInput('2026-11-26')).toBe('2026-11-26');
  });
  it('refuses what is not a calendar day', () => {
    for (const bad of [
      '30.02.2026',
      '31.04.2026',
      '2026-13-01',
      'mâine',
      '',
      '26.11.26',
      '26112026',
      null,
      undefined,
    ])
      expect(dayFromInput(bad as string), String(bad)).toBeNull();
  });
  it('shows a day as zz.ll.aaaa', () => {
    expect(dayForInput('2026-12-03')).toBe('03.12.2026');
    expect(dayFromInput(dayForInput('2026-12-03'))).toBe('2026-12-03');
  });
});
