// What an author page may read about a user (never the e-mail or phone).
import { eq } from 'drizzle-orm';
import type { Db } from '../env';
import { users } from './schema';

export interface PublicAuthor {
  id: number;
  name: string;
  createdAt: number;
  banned: boolean;
}

/** What the author page may show about a user: never the e-mail or phone. */
export async function getAuthor(db: Db, id: number): Promise<PublicAuthor | null> {
  const rows = await db
    .select({ id: users.id, name: users.name, createdAt: users.createdAt, banned: users.banned })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}
