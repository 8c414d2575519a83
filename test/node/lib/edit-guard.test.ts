import { describe, expect, it } from 'vitest';
import { bookmarkAtLeast, hasBookmarkCookie, validBookmark } from '../../../src/lib/bookmark';
import {
  fingerprintValues,
  formatFingerprints,
  mergeEdit,
  newSubmissionToken,
  parseFingerprints,
  photoPlan,
  readEditGuard,
} from '../../../src/lib/edit-guard';
import { emptyValues } from '../../../src/lib/post-form';

function form(entries: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe('photoPlan: a save removes only what its own form removed', () => {
  it('keeps a photo added elsewhere, after the form’s own ones', () => {
    expect(photoPlan([1, 2, 9], [2, 1], { openedPhotoIds: [1, 2], removePhotoIds: [] })).toEqual({
      order: [2, 1, 9],
      removed: [],
    });
  });

  it('removes a photo the form was opened with and no longer lists, or ticked', () => {
    expect(photoPlan([1, 2, 3, 9], [2], { openedPhotoIds: [1, 2, 3], removePhotoIds: [3] })).toEqual({
      order: [2, 9],
      removed: [1, 3],
    });
  });

  it('without the opened list, removes only the ticked photos', () => {
    expect(photoPlan([1, 2], [2], { openedPhotoIds: null, removePhotoIds: [] })).toEqual({
      order: [2, 1],
      removed: [],
    });
  });

  it('never removes a photo the form still lists, even if ticked elsewhere', () => {
    expect(photoPlan([1, 2], [1, 2], { openedPhotoIds: [1, 2], removePhotoIds: [1] }).removed).toEqual([]);
  });
});

describe('readEditGuard', () => {
  it('reads the version, the opened photos and a well-formed token', () => {
    const token = newSubmissionToken();
    const guard = readEditGuard(
      form([
        ['version', '7'],
        ['openedPhotoIdsListed', '1'],
        ['openedPhotoIds', '4'],
        ['openedPhotoIds', '4'],
        ['openedPhotoIds', 'x'],
        ['removePhotoIds', '5'],
        ['submissionToken', token],
        ['openedValues', 'title:0a1b2c3d;price:ffffffff'],
      ]),
    );
    expect(guard).toEqual({
      version: 7,
      openedPhotoIds: [4],
      removePhotoIds: [5],
      token,
      openedValues: { title: '0a1b2c3d', price: 'ffffffff' },
    });
  });

  it('ignores hostile values: no version, no list, no token', () => {
    for (const bad of ['-1', '1e3', '99999999999', ' ', '1;DROP', '０']) {
      const guard = readEditGuard(
        form([
          ['version', bad],
          ['submissionToken', `${bad}<script>`],
        ]),
      );
      expect(guard.version, bad).toBeNull();
      expect(guard.token, bad).toBeNull();
      expect(guard.openedPhotoIds).toBeNull();
    }
  });

  it('makes distinct URL-safe tokens', () => {
    const tokens = new Set(Array.from({ length: 200 }, newSubmissionToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe('mergeEdit (three-way)', () => {
  const opened = {
    ...emptyValues(),
    category: '101',
    title: 'Casă veche',
    description: 'Descriere inițială lungă',
    price: '85000',
    phone: '0744123456',
    fields: { rooms: '3' },
  };
  const name = (id: string) => `#${id}`;

  it('keeps the other save’s values in the fields this tab did not change, and names what saving changes', () => {
    // The other save: a new price and a new room count. This tab: a new title, old price typed grouped.
    const current = { ...opened, price: '79000', fields: { rooms: '4' } };
    const yours = { ...opened, title: 'Casă renovată', price: '85.000', phone: '0744 123 456' };
    const fp = parseFingerprints(fingerprintValues(opened));
    const { merged, changes, keptFromOther } = mergeEdit(yours, current, fp, { rooms: 'Camere' }, name);
    expect(merged.title).toBe('Casă renovată');
    expect(merged.price).toBe('79000');
    expect(merged.fields.rooms).toBe('4');
    expect(changes).toEqual([
      { label: 'Titlul', yours: 'Casă renovată', current: 'Casă veche', both: false },
    ]);
    expect(keptFromOther).toEqual(['Prețul', 'Camere']);
  });

  it('lets this tab’s value win where both changed, says so, and formats prices', () => {
    const current = { ...opened, price: '79000', currency: 'EUR' };
    const yours = { ...opened, price: '2.500.000' };
    const fp = parseFingerprints(fingerprintValues(opened));
    const { merged, changes, keptFromOther } = mergeEdit(yours, current, fp, {}, name);
    expect(merged.price).toBe('2.500.000');
    // The other save's currency is kept (this tab did not touch it): the price is read in it.
    expect(merged.currency).toBe('EUR');
    expect(changes).toEqual([{ label: 'Prețul', yours: '2.500.000 RON', current: '79.000 €', both: true }]);
    expect(keptFromOther).toEqual(['Moneda']);
  });

  it('without fingerprints (a form that did not carry them) every differing field is this tab’s', () => {
    const current = { ...opened, price: '79000' };
    const yours = { ...opened, title: 'Casă renovată' };
    const { merged, changes } = mergeEdit(yours, current, null, {}, name);
    expect(merged.price).toBe('85000');
    expect(changes.map((c) => c.label)).toEqual(['Titlul', 'Prețul']);
  });

  it('reads back only well-formed fingerprints of known fields', () => {
    const fp = parseFingerprints(fingerprintValues(opened));
    expect(fp && parseFingerprints(formatFingerprints(fp))).toEqual(fp);
    expect(parseFingerprints('title:zz;<script>:00000000;price:1234567')).toBeNull();
    expect(parseFingerprints('x'.repeat(5000))).toBeNull();
    expect(parseFingerprints(42)).toBeNull();
  });
});

describe('bookmarks', () => {
  it('accepts only the shape of a D1 bookmark', () => {
    expect(validBookmark('00000000-00000003-00000000-0123456789abcdef0123456789abcdef')).not.toBeNull();
    for (const bad of [
      null,
      undefined,
      '',
      'garbage',
      '00000000-00000003-00000000',
      'ZZ',
      `${'0'.repeat(8)}-`.repeat(40),
    ])
      expect(validBookmark(bad)).toBeNull();
  });

  it('orders bookmarks by their positions', () => {
    const a = '00000000-00000003-00000000-0123456789abcdef';
    const b = '00000000-00000004-00000000-fedcba9876543210';
    expect(bookmarkAtLeast(b, a)).toBe(true);
    expect(bookmarkAtLeast(a, b)).toBe(false);
    expect(bookmarkAtLeast(a, a)).toBe(true);
  });

  it('sees a valid bookmark cookie among others, and not a look-alike nor a made-up value', () => {
    expect(hasBookmarkCookie('a=1; d1b=00000000-00000003-00000000-0123456789abcdef')).toBe(true);
    expect(hasBookmarkCookie('a=1; d1b=x')).toBe(false);
    expect(hasBookmarkCookie('d1b=00000000-00000003-00000000-0123456789abcdef-x')).toBe(false);
    expect(hasBookmarkCookie('xd1b=1; d1bb=2')).toBe(false);
    expect(hasBookmarkCookie('d1b=')).toBe(false);
    expect(hasBookmarkCookie(undefined)).toBe(false);
  });
});
