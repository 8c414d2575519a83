import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, internationalPhone, maskPhones, normalizeRomanianPhone } from '../../../src/lib/phone';

const M = '**********';

// Phone spellings found in Romanian ads, each alone and inside a sentence. `\u00a0` no-break space,
// `\u202f` narrow no-break space, `\u2009` thin space, `\u2007` figure space, `\u3000` ideographic
// space, `\u200b` zero-width space, `\u2011` non-breaking hyphen, `\u2012` figure dash, `\u2212` minus.
const MASKED: string[] = [
  '0745123456',
  '0745 123 456',
  '0745  123  456',
  '0745   123   456',
  '0745\u00a0123\u00a0456',
  '0745\u202f123\u202f456',
  '0745\u2009123\u2009456',
  '0745\u2007123\u2007456',
  '0745\u3000123\u3000456',
  '0745\u200b123\u200b456',
  '0745\t123\t456',
  '0745 \u00a0123 \u00a0456',
  '0745.123.456',
  '0745-123-456',
  '0745–123–456',
  '0745—123—456',
  '0745\u2011123\u2011456',
  '0745\u2012123\u2012456',
  '0745\u2212123\u2212456',
  '0745 - 123 - 456',
  '0745 – 123 – 456',
  '0745/123456',
  '0745 / 123 456',
  '0745_123_456',
  '(0745) 123 456',
  '(0745)123456',
  '0745 (123) 456',
  '0745 12 34 56',
  '07 45 12 34 56',
  '074 512 3456',
  '07.45.12.34.56',
  '0 7 4 5 1 2 3 4 5 6',
  '0-7-4-5-1-2-3-4-5-6',
  '0745-123456',
  '0230 562 123',
  '0230/562.123',
  '(0230) 562-123',
  '0330.401.234',
  '+40745123456',
  '+40 745 123 456',
  '+40-745-123-456',
  '+40.745.123.456',
  '+40 (745) 123 456',
  '+40 (0) 745 123 456',
  '(+40) 745 123 456',
  '+40\u00a0745\u00a0123\u00a0456',
  '+ 40 745 123 456',
  '0040 745 123 456',
  '0040745123456',
  '0040-745-123-456',
  '40745123456',
  '+0745 123 456',
  '+373 69 123 456',
  '+39 345 123 4567',
  '+44 7911 123456',
  '+49 (151) 2345 6789',
  '00373 69 123 456',
  '0800 800 800',
];

// Numbers that are not phones, alone and inside a sentence: they stay exactly as written.
const KEPT: string[] = [
  '45.000 €',
  '45 000 €',
  '1.200.000 lei',
  '1 200 000 lei',
  '1.250.000 - 1.270.350 lei',
  '2 035 000 - 2 500 000 lei',
  '402.000.000 - 10 000 000 lei',
  '40.210.000 - 100 000 000 lei',
  '01/02/1950 01/01/1950',
  'an 2015',
  '2015-2020',
  '2015 – 2020',
  '2008/2012',
  '12.05.2024',
  '01.05.2024 10 bucăți',
  '02/05/2024 14 persoane',
  '31-12-1999 00',
  '210 000 km',
  '210.000 km',
  '1.250 mp',
  '3 x 4 m',
  'cod poștal 725400',
  'RO49 AAAA 1B31 0075 9384 0000',
  'RO49AAAA1B31007593840000',
  'RO09 BCYP 0000 0012 3456 7890',
  'VIN WVWZZZ1KZ8W012345',
  'serie 12345678901234',
  'CNP 1850512330123',
  'card 4111 1111 1111 1111',
  '0745',
  '0745 123',
  '745 123 456',
  '1234567890',
  '07451234567',
  '074512345678',
  'ora 08:00-16:00',
  'etaj 2/4, 3 camere',
  'Cod CAEN 4520, CUI RO12345678',
  'ISBN 978-973-46-1234-5',
];

describe('maskPhones', () => {
  it.each(MASKED)('masks %j', (phone) => {
    expect(maskPhones(phone)).toBe(M);
    expect(maskPhones(`Sunați la ${phone}, oricând.`)).toBe(`Sunați la ${M}, oricând.`);
    expect(maskPhones(`Tel:${phone}\nPreț 45.000 €`)).toBe(`Tel:${M}\nPreț 45.000 €`);
  });

  it.each(KEPT)('keeps %j as written', (text) => {
    expect(maskPhones(text)).toBe(text);
    const sentence = `Vând apartament, ${text}, negociabil.`;
    expect(maskPhones(sentence)).toBe(sentence);
  });

  it('the tables hold at least 40 phone spellings and 20 look-alikes', () => {
    expect(new Set(MASKED).size).toBeGreaterThanOrEqual(40);
    expect(new Set(KEPT).size).toBeGreaterThanOrEqual(20);
  });

  it('masks several numbers in a row, each one whole', () => {
    expect(maskPhones('Tel: 0745123456 / 0230 562 123')).toBe(`Tel: ${M} / ${M}`);
    expect(maskPhones('0745-123-456 sau 0756 987 654')).toBe(`${M} sau ${M}`);
    expect(maskPhones('0745 123 456 0756 987 654')).toBe(`${M} ${M}`);
    expect(maskPhones('0722123456 sau 0744 987 654.')).toBe(`${M} sau ${M}.`);
    expect(maskPhones('0745123456/0756987654')).toBe(`${M}/${M}`);
    expect(maskPhones('+40 745 123 456 / 0040 756 987 654')).toBe(`${M} / ${M}`);
    expect(maskPhones('0745123456,0756987654')).toBe(`${M},${M}`);
  });

  it('cuts a Romanian number out of other digits only at a clear break, leaving the other digits', () => {
    expect(maskPhones('Anul 2015. 0745 123 456')).toBe(`Anul 2015. ${M}`);
    expect(maskPhones('12.05.2024 0745 123 456')).toBe(`12.05.2024 ${M}`);
    expect(maskPhones('12.02.2024 0745 123 456')).toBe(`12.02.2024 ${M}`);
    expect(maskPhones('cod 725400 0745 123 456')).toBe(`cod 725400 ${M}`);
    expect(maskPhones('2015.0745123456')).toBe(`2015.${M}`);
    expect(maskPhones('0745 123 456 / 457')).toBe(`${M} / 457`);
  });

  it('masks a number glued to words, and keeps the parentheses balanced', () => {
    expect(maskPhones('tel0745123456sau')).toBe(`tel${M}sau`);
    expect(maskPhones('(0745 123 456)')).toBe(`(${M})`);
    expect(maskPhones('Sunați (0745) 123 456 după ora 17')).toBe(`Sunați ${M} după ora 17`);
    expect(maskPhones('+40 (745 123 456)')).toBe(M);
    expect(maskPhones('https://wa.me/40745123456')).toBe(`https://wa.me/${M}`);
  });

  it('leaves text without phones untouched, including empty text and long digit runs', () => {
    expect(maskPhones('')).toBe('');
    expect(maskPhones('Apartament 3 camere, etaj 2')).toBe('Apartament 3 camere, etaj 2');
    const long = Array.from({ length: 5000 }, (_, i) => String((i % 9) + 1)).join(' ');
    expect(maskPhones(long)).toBe(long);
  });

  it('masks a whole run of single digits without taking quadratic time', () => {
    const run = '0 7 4 5 1 2 3 4 5 6 '.repeat(2000).trim();
    const started = Date.now();
    expect(maskPhones(run)).toBe(Array.from({ length: 2000 }, () => M).join(' '));
    expect(Date.now() - started).toBeLessThan(500);
  });
});

// Separators sellers put between digits, one or several at a time.
const SEPARATORS = [
  ' ',
  '  ',
  '\u00a0',
  '\u202f',
  '\u2009',
  '\u2007',
  '\u200b',
  '.',
  '-',
  '–',
  '—',
  '\u2011',
  '\u2212',
  '/',
  ' / ',
  ' - ',
  '_',
];

describe('maskPhones, any grouping and separators (fast-check)', () => {
  const national = fc
    .tuple(
      fc.constantFrom('02', '03', '07'),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }),
    )
    .map(([prefix, rest]) => prefix + rest.join(''));
  // Splits digits into groups joined by random separators (no separator inside a group).
  const spelled = (digits: string) =>
    fc
      .array(fc.tuple(fc.boolean(), fc.constantFrom(...SEPARATORS)), {
        minLength: digits.length - 1,
        maxLength: digits.length - 1,
      })
      .map((cuts) => digits[0] + cuts.map(([cut, sep], i) => (cut ? sep : '') + digits[i + 1]).join(''));
  const prefix = fc.constantFrom('+40 ', '+40', '0040 ', '+40 (0)', '(+40) ');

  it('masks every Romanian number, however grouped, alone and in a sentence, leaving no digit of it', () => {
    const phone = national.chain((n) =>
      fc.oneof(
        spelled(n),
        fc.tuple(prefix, spelled(n.slice(1))).map(([pre, rest]) => pre + rest),
      ),
    );
    fc.assert(
      fc.property(phone, (p) => {
        // Day, month and year joined by one separator read as a date, never as part of a phone.
        fc.pre(!/(?:^|\D)\d{1,2}([^\d\s])\d{1,2}\1(?:19|20)\d\d(?:\D|$)/u.test(p));
        const text = `Sunați la ${p}, după ora 17.`;
        const masked = maskPhones(text);
        expect(masked, text).toBe(`Sunați la ${M}, după ora 17.`);
        expect(masked.replace(/\D/g, ''), text).toBe('17');
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps prices, kilometres, dates and year ranges as written', () => {
    const grouped = fc
      .tuple(fc.integer({ min: 1, max: 999_999_999 }), fc.constantFrom('.', ' ', '\u00a0', '\u202f'))
      .map(([n, sep]) => n.toLocaleString('en-US').replaceAll(',', sep));
    const amount = fc
      .tuple(grouped, fc.constantFrom(' lei', ' €', ' km', ' mp', ''))
      .map(([n, unit]) => n + unit);
    const range = fc
      .tuple(amount, fc.constantFrom(' - ', '-', ' – ', '/'), amount)
      .map(([a, j, b]) => a + j + b);
    const date = fc
      .tuple(
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1950, max: 2030 }),
        fc.constantFrom('.', '/', '-'),
        fc.boolean(),
      )
      .map(([d, m, y, sep, pad]) =>
        [pad ? String(d).padStart(2, '0') : d, pad ? String(m).padStart(2, '0') : m, y].join(sep),
      );
    const years = fc
      .tuple(fc.integer({ min: 1950, max: 2030 }), fc.integer({ min: 1950, max: 2030 }))
      .map(([a, b]) => `${a}-${b}`);
    fc.assert(
      fc.property(fc.oneof(amount, range, date, years), (text) => {
        const sentence = `Preț ${text}, negociabil.`;
        expect(maskPhones(sentence)).toBe(sentence);
      }),
      { numRuns: 3000 },
    );
  });

  it('masks two numbers in a row, each whole, whatever joins them', () => {
    fc.assert(
      fc.property(
        national.chain(spelled),
        national.chain(spelled),
        fc.constantFrom(' / ', ' ', ' sau ', ', ', '/'),
        (a, b, join) => {
          expect(maskPhones(`Tel: ${a}${join}${b}`), `${a}${join}${b}`).toBe(`Tel: ${M}${join}${M}`);
        },
      ),
      { numRuns: 1000 },
    );
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
