// SQL pieces several queries share, written once: which ads the public sees, an ad's main photo,
// which statuses keep an ad's page public, and running a list of statements as one batch.
import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../env';
import { type Photo, type PostStatus, posts } from './schema';

/**
 * An ad the public sees in listings, search, feeds and the sitemap: published, not past its expiry,
 * its author not banned (`posts.author_banned` follows `users.banned` through triggers). SQL over
 * the posts table named `table`, with one parameter: now.
 */
export function visibleAdSql(table: string): string {
  return `${table}.status = 'published' AND ${table}.expires_at > ? AND ${table}.author_banned = 0`;
}

/** visibleAdSql as a Drizzle condition over `posts`. */
export function visibleAd(now: number): SQL {
  const [before, after] = visibleAdSql('"posts"').split('?');
  return sql`${sql.raw(before)}${now}${sql.raw(after)}`;
}

/**
 * An ad's main photo as a JSON object (id, fileName, width, height): its own ad photo at the lowest
 * position, the oldest first on a tie. SQL over the posts table named `table` (index photos_post).
 */
export function firstPhotoSql(table: string): string {
  return firstPhotoOfSql(`${table}.id`);
}

/** firstPhotoSql for the ad whose id is the SQL expression `postId` (a column of another table). */
export function firstPhotoOfSql(postId: string): string {
  return `(SELECT json_object('id', ph.id, 'fileName', ph.file_name, 'width', ph.width, 'height', ph.height) FROM photos ph WHERE ph.post_id = ${postId} AND ph.kind = 'post' ORDER BY ph.position, ph.id LIMIT 1)`;
}

/** firstPhotoSql as a Drizzle column of a query over `posts` (read it with parsePhotoRef). */
export const firstPhoto = sql<string | null>`${sql.raw(firstPhotoSql('"posts"'))}`;

/** What the photo helpers need to build URLs. */
export type PhotoRef = Pick<Photo, 'id' | 'fileName' | 'width' | 'height'>;

/** A first-photo column (SQLite json_object) as a PhotoRef; null when absent or unreadable. */
export function parsePhotoRef(json: string | null): PhotoRef | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as PhotoRef;
  } catch {
    return null;
  }
}

/** The columns a link to an ad is made of (its public slug comes from the masked title). */
export const adLinkColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  categoryId: posts.categoryId,
};

/** Ad statuses whose page (and so whose photos, and reporting it) the public may see. */
export const PUBLIC_POST_STATUSES: readonly PostStatus[] = ['published', 'expired', 'sold'];

export type Statement = BatchItem<'sqlite'>;

/** Runs statements as one `db.batch` (D1's transaction); nothing to do for none. */
export async function runBatch(db: Db, statements: Statement[]) {
  if (statements.length === 0) return [];
  return db.batch(statements as [Statement, ...Statement[]]);
}
