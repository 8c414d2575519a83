import { BadInput } from '../lib/errors';

/** Why an upload is refused: the Romanian message shown to the user and the HTTP status. */
const REFUSALS = {
  empty: [422, 'Fișierul este gol'],
  tooBig: [413, 'Fișierul este prea mare (maxim 10 MB)'],
  format: [415, 'Format neacceptat: folosiți JPG, PNG, GIF sau WEBP'],
  animatedWebp: [415, 'Imaginile WEBP animate nu sunt acceptate: folosiți o imagine statică'],
  dimensions: [422, 'Imaginea este prea mare (maxim 40 de megapixeli și 10 000 px pe latură)'],
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
