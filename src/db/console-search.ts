// The console's search (docs/moderation.md#search): ads in every state and people, by id, phone in
// any spelling, part of an e-mail address, or words folded like the public search.
import { and, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { type ConsoleQuery, foldedSql } from '../lib/console-query';
import { ftsString } from '../lib/search-query';
import { POST_STATUSES, type PostStatus, posts, users } from './schema';

export const CONSOLE_PAGE_SIZE = 20;

export interface ConsoleFilters {
  status: PostStatus | null;
  categoryId: number | null;
  /** Created from / until (ms). */
  from: number | null;
  until: number | null;
}

export interface FoundAd {
  id: number;
  title: string;
  slug: string;
  categoryId: number;
  status: PostStatus;
  createdAt: number;
  userId: number;
  authorName: string;
}

export interface FoundPerson {
  id: number;
  name: string;
  email: string | null;
  banned: boolean;
  createdAt: number;
}

/** Escapes LIKE's wildcards in a user's text. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function adCondition(q: ConsoleQuery): SQL | null {
  if (q.id !== null) return or(eq(posts.id, q.id), eq(posts.userId, q.id)) ?? null;
  if (q.phone) {
    return (
      or(
        eq(posts.phone, q.phone),
        inArray(posts.userId, sql`(SELECT id FROM users WHERE phone = ${q.phone})`),
      ) ?? null
    );
  }
  if (q.email)
    return inArray(
      posts.userId,
      sql`(SELECT id FROM users WHERE lower(email) LIKE ${likeText(q.email)} ESCAPE '\\')`,
    );
  if (q.words.length > 0) {
    // Published ads through the public search's full-text index (the same folding, no scan of
    // every ad: docs/moderation.md#large-data-set), each word as a prefix of a word of the title or
    // the text; the few ads in other states by their folded title and text.
    const match = q.words.map((w) => `{title body}: ${ftsString(w)}*`).join(' AND ');
    const title = foldedSql('"posts"."title"');
    const description = foldedSql('"posts"."description"');
    return (
      or(
        sql`${posts.searchKey} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${match})`,
        and(
          inArray(
            posts.status,
            POST_STATUSES.filter((st) => st !== 'published'),
          ),
          ...q.words.map(
            (w) =>
              sql`(${sql.raw(title)} LIKE ${likeText(w)} ESCAPE '\\' OR ${sql.raw(description)} LIKE ${likeText(w)} ESCAPE '\\')`,
          ),
        ),
      ) ?? null
    );
  }
  return null;
}

/** One page of ads matching the query and filters (newest first), and how many match. */
export async function searchAdsForOperators(
  db: Db,
  q: ConsoleQuery,
  filters: ConsoleFilters,
  page: number,
): Promise<{ total: number; ads: FoundAd[] }> {
  const conditions = [
    adCondition(q),
    filters.status ? eq(posts.status, filters.status) : null,
    filters.categoryId ? eq(posts.categoryId, filters.categoryId) : null,
    filters.from ? gte(posts.createdAt, filters.from) : null,
    filters.until ? lte(posts.createdAt, filters.until) : null,
  ].filter((c): c is SQL => c !== null);
  if (q.text && conditions.length === countFilters(filters)) return { total: 0, ads: [] };
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRows, ads] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(posts).where(where),
    db
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        categoryId: posts.categoryId,
        status: posts.status,
        createdAt: posts.createdAt,
        userId: posts.userId,
        authorName: users.name,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(CONSOLE_PAGE_SIZE)
      .offset((page - 1) * CONSOLE_PAGE_SIZE),
  ]);
  return { total: Number(totalRows[0]?.n ?? 0), ads };
}

function countFilters(f: ConsoleFilters): number {
  return [f.status, f.categoryId, f.from, f.until].filter(Boolean).length;
}

/** People matching the query: by id, phone, part of the e-mail address or of the name (at most 20). */
export async function searchPeopleForOperators(db: Db, q: ConsoleQuery): Promise<FoundPerson[]> {
  let where: SQL | undefined;
  if (q.id !== null) where = eq(users.id, q.id);
  else if (q.phone) where = eq(users.phone, q.phone);
  else if (q.email) where = sql`lower(${users.email}) LIKE ${likeText(q.email)} ESCAPE '\\'`;
  else if (q.words.length > 0)
    where = and(
      ...q.words.map((w) => sql`${sql.raw(foldedSql('"users"."name"'))} LIKE ${likeText(w)} ESCAPE '\\'`),
    );
  if (!where) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      banned: users.banned,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt))
    .limit(20);
}
