import { describe, expect, it } from 'vitest';
import { formatPhone, internationalPhone, maskPhones, normalizeRomanianPhone } from '../../src/lib/phone';

const M = '**********';

describe('maskPhones (spec §5)', () => {
  it('masks a plain 10-digit number', () => {
    expect(maskPhones('Sunați la 0722123456 oricând')).toBe(`Sunați la ${M} oricând`);
  });
  it('masks a 10-digit phone written with spaces, dots, hyphens or slashes', () => {
    expect(maskPhones('tel 0722 123 456')).toBe(`tel ${M}`);
    expect(maskPhones('tel 0722.123.456')).toBe(`tel ${M}`);
    expect(maskPhones('tel 0722-123-456')).toBe(`tel ${M}`);
    expect(maskPhones('tel 0230/561.234')).toBe(`tel ${M}`);
  });
  it('masks numbers with a leading plus, including Romanian +40 and 0040 numbers', () => {
    expect(maskPhones('+40722123456')).toBe(M);
    expect(maskPhones('+40 722 123 456')).toBe(M);
    expect(maskPhones('0040 722 123 456')).toBe(M);
    expect(maskPhones('+4407911123456'.slice(0, 11))).toBe(M);
  });
  it('masks several numbers in one text', () => {
    expect(maskPhones('0722123456 sau 0744 987 654.')).toBe(`${M} sau ${M}.`);
  });
  it('does not mask prices, years, postal codes or longer numbers', () => {
    const text = 'Preț 45.000 lei, an 2015, cod poștal 725400, 1.250 €, IBAN RO49AAAA1B31007593840000';
    expect(maskPhones(text)).toBe(text);
    expect(maskPhones('serie 12345678901234')).toBe('serie 12345678901234');
  });
});

describe('normalizeRomanianPhone', () => {
  it('accepts mobile and landline numbers in common spellings', () => {
    expect(normalizeRomanianPhone('0722 123 456')).toBe('0722123456');
    expect(normalizeRomanianPhone('+40 722-123-456')).toBe('0722123456');
    expect(normalizeRomanianPhone('0040722123456')).toBe('0722123456');
    expect(normalizeRomanianPhone('0230 561 234')).toBe('0230561234');
    expect(normalizeRomanianPhone('(0330) 401.234')).toBe('0330401234');
  });
  it('refuses what is not a Romanian number', () => {
    expect(normalizeRomanianPhone('12345')).toBeNull();
    expect(normalizeRomanianPhone('0822123456')).toBeNull();
    expect(normalizeRomanianPhone('+44 7911 123456')).toBeNull();
    expect(normalizeRomanianPhone('telefon')).toBeNull();
  });
  it('formats for display and for tel: links', () => {
    expect(formatPhone('0722123456')).toBe('0722 123 456');
    expect(internationalPhone('0722123456')).toBe('+40722123456');
  });
});
