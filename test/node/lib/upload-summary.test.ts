import { describe, expect, it } from 'vitest';
import { batchSummary } from '../../../src/lib/upload-summary';

describe('the editor’s status after a batch of uploads', () => {
  it('says all went up only when none failed', () => {
    expect(batchSummary(3, [])).toBe('Fotografiile au fost încărcate.');
    expect(batchSummary(1, [])).toBe('Fotografia a fost încărcată.');
  });

  it('names each failed photo and why, never "Fotografiile au fost încărcate."', () => {
    const one = batchSummary(2, ['mare.heic (Formatul nu este acceptat)']);
    expect(one).toBe(
      'Au fost încărcate 2 fotografii. Nu s-a putut încărca: mare.heic (Formatul nu este acceptat).',
    );
    const two = batchSummary(1, ['a.jpg (prea mare)', 'b.bmp (format necunoscut)']);
    expect(two).toBe(
      'O fotografie a fost încărcată. Nu s-au putut încărca 2 fotografii: a.jpg (prea mare); b.bmp (format necunoscut).',
    );
    expect(batchSummary(0, ['x.jpg (conexiune)'])).toBe('Nu s-a putut încărca: x.jpg (conexiune).');
    for (const text of [one, two]) expect(text).not.toContain('Fotografiile au fost încărcate.');
  });

  it('counts with the plural helper', () => {
    const many = Array.from({ length: 20 }, (_, i) => `f${i}.jpg (eroare)`);
    expect(batchSummary(0, many)).toMatch(/^Nu s-au putut încărca 20 de fotografii: /);
  });
});
