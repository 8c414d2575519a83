// The stored forms of an ad's text. Phone numbers are masked (lib/phone.maskPhones, the rule in
// docs/masking.md) in the title itself, which is shown everywhere (pages, cards, feeds, the slug,
// the search index), and in `search_text`, the copy of the description that full-text search
// indexes and snippets and feeds quote. The description is kept as typed: only its owner edits it,
// and every public view of it masks it when shown. Every writer of an ad's text goes through
// `adTextColumns`, so no writer can store a phone where the public sees it.
import { asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../env';
import { maskPhones } from '../lib/phone';
import { stemText } from '../lib/romanian';
import { toSlug } from '../lib/slug';
import { posts } from './schema';

/**
 * The version of the masking rule a row's stored text was masked with. Raise it whenever
 * `maskPhones` learns a new spelling or the stemmer (lib/romanian) changes: the daily job then
 * re-computes every older row's stored text. Version 2 added `search_stems`.
 */
export const MASK_VERSION = 2;

/** The slug of a (masked) title: plain letters and digits, at most 90 characters. */
function adSlug(title: string): string {
  return toSlug(title).slice(0, 90).replace(/-+$/, '');
}

/** What the index matches inflected forms on: the title's stems, a line break, the text's stems. */
export function searchStems(maskedTitle: string, maskedText: string): string {
  return `${stemText(maskedTitle)}\n${stemText(maskedText)}`;
}

/** Title, slug, search text, its stems and mask version of an ad, as stored. */
export function adTextColumns(title: string, description: string) {
  const maskedTitle = maskPhones(title);
  const searchText = maskPhones(description);
  return {
    title: maskedTitle,
    slug: adSlug(maskedTitle),
    searchText,
    searchStems: searchStems(maskedTitle, searchText),
    maskVersion: MASK_VERSION,
  };
}

/**
 * An ad's title and slug as the public sees them. Stored titles are masked already; masking again
 * covers rows stored under an older rule (until the daily job re-masks them), and then the slug is
 * made from the masked title too, so no link carries the number. Free on text without digits.
 */
export function publicTitle<T extends { title: string; slug: string }>(row: T): T {
  const title = maskPhones(row.title);
  return title === row.title ? row : { ...row, title, slug: adSlug(title) };
}

/** Rows re-masked per statement batch. */
const REMASK_BATCH = 50;

/**
 * Re-masks the ads stored under an older masking rule, oldest id first, at most `limit` rows:
 * title (and its slug, only when the title changes, so links stay put), search text and version.
 * The search index follows through its triggers. Returns how many rows were re-masked.
 */
export async function remaskStoredText(db: Db, limit = 2000): Promise<number> {
  let done = 0;
  while (done < limit) {
    const rows = await db
      .select({ id: posts.id, title: posts.title, slug: posts.slug, description: posts.description })
      .from(posts)
      .where(lt(posts.maskVersion, MASK_VERSION))
      .orderBy(asc(posts.id))
      .limit(Math.min(REMASK_BATCH, limit - done));
    if (rows.length === 0) break;
    const updates = rows.map((row) => {
      const text = adTextColumns(row.title, row.description);
      return db
        .update(posts)
        .set({ ...text, slug: text.title === row.title ? row.slug : text.slug })
        .where(eq(posts.id, row.id));
    });
    await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
    done += rows.length;
  }
  return done;
}
