// Single-use links: a token's id is recorded when it is used; the unique key makes the first use
// the only one, whatever the number of concurrent requests.
import { eq } from 'drizzle-orm';
import type { Db } from '../env';
import { usedTokens } from './schema';

/** Records the use; false when the token was already used. */
export async function useTokenOnce(db: Db, id: string, now: number): Promise<boolean> {
  const rows = await db
    .insert(usedTokens)
    .values({ id, usedAt: now })
    .onConflictDoNothing()
    .returning({ id: usedTokens.id });
  return rows.length > 0;
}

/** Undoes a use whose action was refused, so the link still works later. */
export async function releaseToken(db: Db, id: string): Promise<void> {
  await db.delete(usedTokens).where(eq(usedTokens.id, id));
}

export async function isTokenUsed(db: Db, id: string): Promise<boolean> {
  return !!(await db.select({ id: usedTokens.id }).from(usedTokens).where(eq(usedTokens.id, id)).get());
}
