// Letters that NFD decomposition does not reduce to a plain letter.
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  Ł: 'l',
  ı: 'i',
};

/** Turns accented and special letters into plain ASCII letters (ă→a, ș/ş→s, ț/ţ→t, î/â→i/a). */
export function transliterate(text: string): string {
  return text
    .replace(/[ßæÆœŒøØđĐðþłŁı]/g, (ch) => SPECIAL[ch] ?? ch)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * The ad slug (docs/product.md#slugs): trim, transliterate to plain letters, keep only letters, digits,
 * `|` and `-` (spaces become `-`), collapse repeated hyphens, lower-case.
 */
export function toSlug(text: string): string {
  return transliterate(text.trim())
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9|-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
