import { describe, expect, it } from 'vitest';
import { toSlug, transliterate } from '../../../src/lib/slug';

describe('toSlug: plain letters, digits, | and single hyphens', () => {
  it('trims and lower-cases, spaces become hyphens', () => {
    expect(toSlug('  Apartament 2 camere  ')).toBe('apartament-2-camere');
  });
  it('transliterates Romanian letters, comma-below and cedilla alike', () => {
    expect(toSlug('Mașină țărănească în Rădăuți')).toBe('masina-taraneasca-in-radauti');
    expect(toSlug('Maşină ţărănească')).toBe('masina-taraneasca');
    expect(toSlug('Âșa')).toBe('asa');
  });
  it('transliterates other letters to plain ones', () => {
    expect(toSlug('Straße Øre Łódź Crème brûlée')).toBe('strasse-ore-lodz-creme-brulee');
    expect(transliterate('ÆœĐ')).toBe('aeoed');
  });
  it('keeps letters, digits, | and -, drops everything else', () => {
    expect(toSlug('Vând BMW 320d | 2015, 150.000 km!!!')).toBe('vand-bmw-320d-|-2015-150000-km');
  });
  it('collapses repeated hyphens and strips them at the ends', () => {
    expect(toSlug('--a -- b---c--')).toBe('a-b-c');
    expect(toSlug('€€€')).toBe('');
  });
});
