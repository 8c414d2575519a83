import { BadInput } from '../lib/errors';
import { formatNumber, plural } from '../lib/plural';
import { type LimitedFormat, MAX_PIXELS_BY_FORMAT, MAX_SIDE } from './limits';

/** Why an upload is refused: the Romanian message shown to the user and the HTTP status. */
const REFUSALS = {
  empty: [422, 'Fișierul este gol'],
  tooBig: [413, 'Fișierul este prea mare (maxim 10 MB)'],
  format: [415, 'Format neacceptat: folosiți JPG, PNG, GIF sau WEBP'],
  animatedWebp: [415, 'Imaginile WEBP animate nu sunt acceptate: folosiți o imagine statică'],
  dimensions: [422, 'Imaginea are prea mulți pixeli'],
  corrupt: [422, 'Fișierul este deteriorat sau incomplet'],
  polyglot: [422, 'Fișierul conține și alte date decât imaginea'],
} as const;

export type RefusalReason = keyof typeof REFUSALS;

/** The refusal as a `BadInput` under the field key `photos` (forms and JSON answers). */
export function refusal(reason: RefusalReason): BadInput {
  const [status, message] = REFUSALS[reason];
  const error = new BadInput(message, { photos: message }, status);
  (error as BadInput & { reason: RefusalReason }).reason = reason;
  return error;
}

const FORMAT_NAMES: Record<LimitedFormat, string> = { jpeg: 'JPG', png: 'PNG', webp: 'WEBP', gif: 'GIF' };
const MEGAPIXELS = { none: '0 megapixeli', one: '1 megapixel', many: 'megapixeli' };

/** `4`, `4,5`: megapixels with at most one decimal, Romanian style. */
function megapixels(pixels: number): string {
  const tenths = Math.floor(pixels / 100_000);
  if (tenths % 10 === 0) return plural(tenths / 10, MEGAPIXELS);
  return `${formatNumber(Math.floor(tenths / 10))},${tenths % 10} megapixeli`;
}

/**
 * The refusal of an image with more pixels than its format may have (checked before decoding):
 * says the largest size accepted, and that the site's editor shrinks photos by itself.
 */
export function dimensionsRefusal(format: LimitedFormat): BadInput {
  const message =
    `Imaginea este prea mare: o fotografie ${FORMAT_NAMES[format]} poate avea cel mult ` +
    `${megapixels(MAX_PIXELS_BY_FORMAT[format])} și ${formatNumber(MAX_SIDE)} px pe latură. ` +
    'Micșorați-o înainte de a o trimite, sau adăugați-o din editorul site-ului cu JavaScript ' +
    'pornit: acesta micșorează singur fotografiile.';
  const error = new BadInput(message, { photos: message }, 422);
  (error as BadInput & { reason: RefusalReason }).reason = 'dimensions';
  return error;
}
