export interface PluralForms {
  /** For 0, e.g. `niciun anunț`. */
  none: string;
  /** For 1, e.g. `1 anunț`. */
  one: string;
  /** For the rest, without the number, e.g. `anunțuri`. */
  many: string;
}

/**
 * Romanian plural (docs/product.md#plural): `none` for 0, `one` for 1, otherwise `N [de ]many`, where `de` is
 * added for counts over 19 unless the last two digits are 1 to 19 (20 de anunțuri, 101 anunțuri).
 */
export function plural(count: number, forms: PluralForms): string {
  if (count === 0) return forms.none;
  if (count === 1) return forms.one;
  const lastTwo = Math.abs(count) % 100;
  const de = Math.abs(count) > 19 && !(lastTwo >= 1 && lastTwo <= 19);
  return `${formatNumber(count)} ${de ? 'de ' : ''}${forms.many}`;
}

/** 45000 → `45.000` (Romanian grouping). */
export function formatNumber(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

export const ADS: PluralForms = { none: 'niciun anunț', one: '1 anunț', many: 'anunțuri' };
export const RESULTS: PluralForms = { none: 'niciun rezultat', one: '1 rezultat', many: 'rezultate' };
export const PHOTOS: PluralForms = { none: 'nicio fotografie', one: '1 fotografie', many: 'fotografii' };
export const DAYS: PluralForms = { none: '0 zile', one: 'o zi', many: 'zile' };
