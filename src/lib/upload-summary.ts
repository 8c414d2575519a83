import { PHOTOS, plural } from './plural';

/**
 * What the status line says when a batch of uploads is over: all went up, or which did not and why
 * (never "all uploaded" when one failed).
 */
export function batchSummary(uploaded: number, failures: string[]): string {
  if (failures.length === 0)
    return uploaded === 1 ? 'Fotografia a fost încărcată.' : 'Fotografiile au fost încărcate.';
  const failed =
    failures.length === 1
      ? `Nu s-a putut încărca: ${failures[0]}.`
      : `Nu s-au putut încărca ${plural(failures.length, PHOTOS)}: ${failures.join('; ')}.`;
  if (uploaded === 0) return failed;
  return `${uploaded === 1 ? 'O fotografie a fost încărcată' : `Au fost încărcate ${plural(uploaded, PHOTOS)}`}. ${failed}`;
}
