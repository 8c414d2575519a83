// What a purge of the edge page cache needs to name the pages an ad or an author appears on.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../env';
import { posts, users } from './schema';

/** The fields of an ad that its addresses are made of. */
export interface PurgeablePost {
  id: number;
  slug: string;
  userId: number;
  categoryId: number;
  subcategoryId: number | null;
}

/** The author's name (their page's address), or null when the user does not exist. */
export async function authorOfPurge(db: Db, userId: number): Promise<{ id: number; name: string } | null> {
  return (
    (await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId)).get()) ??
    null
  );
}

/** The columns of PurgeablePost. */
export const purgeableColumns = {
  id: posts.id,
  slug: posts.slug,
  userId: posts.userId,
  categoryId: posts.categoryId,
  subcategoryId: posts.subcategoryId,
};

/** An author's ads, most recently published first (at most `limit`): one indexed query. */
export async function postsOfAuthorForPurge(db: Db, userId: number, limit: number): Promise<PurgeablePost[]> {
  return db
    .select(purgeableColumns)
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(desc(posts.bumpedAt))
    .limit(limit);
}
