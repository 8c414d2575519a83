// The addresses of ads gone for good (docs/privacy.md, docs/move-in.md): one table, `gone_posts`, for
// every way an ad goes for good — its author's account deleted, expired past the retention rule
// (lib/ad-retention), or an old site's ad the move-in did not carry over (too old, or of a retired
// category). One rule: an ad id listed here answers 410 to anyone who may not see the ad itself.
import { eq } from 'drizzle-orm';
import type { Db } from '../env';
import { gonePosts } from './schema';

/** The statement recording these ads as gone for good at `now` (kept as first recorded). */
export function goneStatement(db: Db, ids: readonly number[], now: number) {
  return db
    .insert(gonePosts)
    .values(ids.map((postId) => ({ postId, goneAt: now })))
    .onConflictDoNothing();
}

/** Whether an ad's address is gone for good (410 rather than 404). */
export async function isGonePost(db: Db, postId: number): Promise<boolean> {
  return !!(await db
    .select({ id: gonePosts.postId })
    .from(gonePosts)
    .where(eq(gonePosts.postId, postId))
    .get());
}
