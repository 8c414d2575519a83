import { formatNumber } from './plural';

/** The currencies an ad's price can be in. */
export const CURRENCIES = ['RON', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** `1.250 €`, `45.000 RON`; a zero price is not shown (null). */
export function formatPrice(price: number, currency: Currency): string | null {
  if (!price || price <= 0) return null;
  return currency === 'EUR' ? `${formatNumber(price)} €` : `${formatNumber(price)} RON`;
}

/**
 * A whole number as people type it, thousands separators allowed: `2500`, `2.500`, `2,500`,
 * `2 500`, `1.250.000`, `1,250,000`. Only groups of exactly three digits count as separators, so
 * `2,50` or `2.5` stay what they are (a decimal, refused by the caller).
 */
export function ungroupDigits(input: string): string {
  const s = input.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (/^-?\d{1,3}([.,]\d{3})+$/.test(s) && !(s.includes('.') && s.includes(',')))
    return s.replace(/[.,]/g, '');
  return s;
}
