// Row ids as they arrive in addresses and forms: one rule for every route, form and old address.

/** The largest id (or page number) accepted: a signed 32-bit integer, what a D1 row id fits in. */
export const MAX_ID = 2_147_483_647;

/** A positive whole number written plainly (no sign, no leading zero, no spaces) up to MAX_ID, else null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** The distinct ids among form values, in their order (surrounding spaces allowed, anything else skipped). */
export function parseIds(values: unknown[]): number[] {
  const out: number[] = [];
  for (const v of values) {
    const id = typeof v === 'string' ? parseId(v.trim()) : null;
    if (id !== null && !out.includes(id)) out.push(id);
  }
  return out;
}
