// The demo seed's rows (src/dev/seed.ts decides what they hold): its flags in `meta`, its authors,
// its ads. D1 accepts at most 100 bound parameters per statement, so rows go in chunks.
import { eq, getTableColumns, inArray, max } from 'drizzle-orm';
import type { Db } from '../env';
import { meta, posts, users } from './schema';

/** D1 accepts at most 100 bound parameters per statement. */
const MAX_PARAMS = 100;

function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The value of an app flag in `meta`, null when never written. */
export async function readFlag(db: Db, key: string): Promise<string | null> {
  const rows = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key)).limit(1);
  return rows[0]?.value ?? null;
}

/** Writes an app flag once: a flag already there keeps its first value. */
export async function writeFlagOnce(db: Db, key: string, value: string, now: number): Promise<void> {
  await db.insert(meta).values({ key, value, updatedAt: now }).onConflictDoNothing();
}

/**
 * Inserts the demo authors (one already there by identity-provider id is kept as it is) and answers
 * the ids of all of them.
 */
export async function insertDemoUsers(
  db: Db,
  rows: (typeof users.$inferInsert & { clerkId: string })[],
): Promise<{ id: number; clerkId: string }[]> {
  // Drizzle binds every column of the table (defaults included), not only those given here.
  for (const part of chunk(rows, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(users)).length))) {
    await db.insert(users).values(part).onConflictDoNothing();
  }
  return db
    .select({ id: users.id, clerkId: users.clerkId })
    .from(users)
    .where(
      inArray(
        users.clerkId,
        rows.map((u) => u.clerkId),
      ),
    );
}

/** The id after every existing ad's (the demo ads take explicit ids from there). */
export async function nextPostId(db: Db): Promise<number> {
  const [{ maxId }] = await db.select({ maxId: max(posts.id) }).from(posts);
  return (maxId ?? 0) + 1;
}

/** Inserts the demo ads and the flag in one batch: either both are written or neither. */
export async function insertDemoPosts(
  db: Db,
  rows: (typeof posts.$inferInsert)[],
  flag: { key: string; value: string; now: number },
): Promise<void> {
  // Drizzle binds every column of the table (defaults included), not only those given here.
  const columns = Object.keys(getTableColumns(posts)).length;
  const statements = chunk(rows, Math.floor(MAX_PARAMS / columns)).map((part) =>
    db.insert(posts).values(part),
  );
  await db.batch([
    db.insert(meta).values({ key: flag.key, value: flag.value, updatedAt: flag.now }),
    ...statements,
  ]);
}
