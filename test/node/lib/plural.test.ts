import { describe, expect, it } from 'vitest';
import { ADS, formatNumber, plural, RESULTS } from '../../../src/lib/plural';

describe('plural: none, one, many, with "de" from 20', () => {
  it('uses the none form for 0 and the one form for 1', () => {
    expect(plural(0, ADS)).toBe('niciun anunț');
    expect(plural(1, ADS)).toBe('1 anunț');
  });
  it('uses the many form without "de" from 2 to 19', () => {
    expect(plural(2, ADS)).toBe('2 anunțuri');
    expect(plural(5, ADS)).toBe('5 anunțuri');
    expect(plural(19, ADS)).toBe('19 anunțuri');
  });
  it('adds "de" for counts over 19', () => {
    expect(plural(20, ADS)).toBe('20 de anunțuri');
    expect(plural(100, RESULTS)).toBe('100 de rezultate');
    expect(plural(1000, RESULTS)).toBe('1.000 de rezultate');
  });
  it('does not add "de" when the last two digits are 1 to 19', () => {
    expect(plural(101, RESULTS)).toBe('101 rezultate');
    expect(plural(119, RESULTS)).toBe('119 rezultate');
    expect(plural(1015, ADS)).toBe('1.015 anunțuri');
    expect(plural(120, ADS)).toBe('120 de anunțuri');
  });
  it('groups thousands the Romanian way', () => {
    expect(formatNumber(45000)).toBe('45.000');
    expect(formatNumber(1250)).toBe('1.250');
    expect(formatNumber(999)).toBe('999');
  });
});
