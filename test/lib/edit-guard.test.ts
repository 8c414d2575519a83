import { describe, expect, it } from 'vitest';
import { bookmarkAtLeast, hasBookmarkCookie, validBookmark } from '../../src/lib/bookmark';
import { fieldChanges, newSubmissionToken, photoPlan, readEditGuard } from '../../src/lib/edit-guard';
import { emptyValues } from '../../src/lib/post-form';

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
      ]),
    );
    expect(guard).toEqual({ version: 7, openedPhotoIds: [4], removePhotoIds: [5], token });
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

describe('fieldChanges', () => {
  it('lists only the fields that differ, the person’s value next to the current one', () => {
    const current = { ...emptyValues(), category: '101', title: 'Casă', price: '85000', phone: '0744123456' };
    const yours = {
      ...current,
      title: 'Casă mare',
      price: '90.000',
      phone: '0744 123 456',
      fields: { rooms: '3' },
    };
    expect(fieldChanges(yours, current, { rooms: 'Camere' }, (id) => `#${id}`)).toEqual([
      { label: 'Titlul', yours: 'Casă mare', current: 'Casă' },
      { label: 'Prețul', yours: '90.000', current: '85000' },
      { label: 'Camere', yours: '3', current: '' },
    ]);
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
