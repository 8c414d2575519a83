import { formatNumber } from './plural';

/** The currencies an ad's price can be in. */
export const CURRENCIES = ['RON', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** `1.250 €`, `45.000 RON`; a zero price is not shown (null). */
export function formatPrice(price: number, currency: Currency): string | null {
  if (!price || price <= 0) return null;
  return currency === 'EUR' ? `${formatNumber(price)} €` : `${formatNumber(price)} RON`;
}
