// R2 keys, derived from the photo id: `photos/<id>/original.webp` and `photos/<id>/<variant>.webp`.
// Everything of one photo shares the prefix, so deleting a photo lists and removes one prefix.

export const photoPrefix = (id: number) => `photos/${id}/`;
export const originalKey = (id: number) => `${photoPrefix(id)}original.webp`;
/** `full` (≤ 1600 px wide) or `w320`, `w640`, …. */
export const variantKey = (id: number, variant: 'full' | number) =>
  `${photoPrefix(id)}${variant === 'full' ? 'full' : `w${variant}`}.webp`;
