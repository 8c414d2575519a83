import { describe, expect, it } from 'vitest';
import { toParagraphs, truncate } from '../../../src/lib/text';

describe('truncate: at most the length, ... included', () => {
  it('leaves a text that fits unchanged', () => {
    expect(truncate('Scurt', 10)).toBe('Scurt');
    expect(truncate('exact10chr', 10)).toBe('exact10chr');
  });
  it("shortens to the given length with '...' as the omission marker", () => {
    const out = truncate('Apartament cu două camere decomandat', 20);
    expect(out.endsWith('...')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(20);
    expect(out).toBe('Apartament cu...');
  });
  it('cuts inside a long word when there is no space near', () => {
    expect(truncate('abcdefghijklmnop', 8)).toBe('abcde...');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(truncate('🙂🙂🙂🙂🙂🙂', 5)).toBe('🙂🙂...');
  });
});

describe('toParagraphs: blank lines separate paragraphs', () => {
  it('turns blank-line separated blocks into paragraphs and single breaks into lines', () => {
    expect(toParagraphs('Primul rând\nal doilea\n\nAlt paragraf\r\n\r\n\n Ultimul ')).toEqual([
      ['Primul rând', 'al doilea'],
      ['Alt paragraf'],
      ['Ultimul'],
    ]);
  });
  it('returns plain text that React escapes (no HTML is interpreted)', () => {
    expect(toParagraphs('<script>alert(1)</script>')).toEqual([['<script>alert(1)</script>']]);
  });
});
