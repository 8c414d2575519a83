// The console's search (docs/moderation.md#search): ads in every state and people, by id, phone in
// any spelling, part of an e-mail address, or words folded like the public search (through the
// console's own full-text indexes of migration 0028, which hold every ad and every name).
import { and, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../env';
import type { ConsoleQuery } from '../lib/console-query';
import { ftsString } from '../lib/search-query';
import { type PostStatus, posts, users } from './schema';

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

/**
 * The FTS5 expression of folded words for the console's indexes (posts_fts_all, posts_fts_people of
 * migration 0028): every word, each as the start of a word, as the public search matches them.
 */
function wordsMatch(words: readonly string[]): string {
  return words.map((w) => `${ftsString(w)}*`).join(' AND ');
}

/** Escapes LIKE's wildcards in a user's text. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The ids of people whose address holds `part` (lower case). SQLite's LIKE ignores the case of
 * ASCII letters, as lower() would (neither folds others), so the addresses are read from the index
 * users_email alone rather than lower-cased row by row.
 */
function usersByEmail(part: string): SQL {
  return sql`(SELECT id FROM users WHERE email LIKE ${likeText(part)} ESCAPE '\\')`;
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
  if (q.email) return inArray(posts.userId, usersByEmail(q.email));
  // Every ad, whatever its state, through the console's own full-text index (migration 0028).
  if (q.words.length > 0)
    return inArray(
      posts.id,
      sql`(SELECT rowid FROM posts_fts_all WHERE posts_fts_all MATCH ${wordsMatch(q.words)})`,
    );
  return null;
}

/**
 * One page of ads matching the query and filters (newest first), how many match, and the people the
 * query names (at most 20): one D1 batch.
 */
export async function searchForOperators(
  db: Db,
  q: ConsoleQuery,
  filters: ConsoleFilters,
  page: number,
): Promise<{ total: number; ads: FoundAd[]; people: FoundPerson[] }> {
  const filtering = [
    filters.status ? eq(posts.status, filters.status) : null,
    filters.categoryId ? eq(posts.categoryId, filters.categoryId) : null,
    filters.from ? gte(posts.createdAt, filters.from) : null,
    filters.until ? lte(posts.createdAt, filters.until) : null,
  ].filter((c): c is SQL => c !== null);
  const key = adCondition(q);
  const person = personCondition(q);
  // Text that is no key at all (punctuation, one letter) finds nothing, without asking D1.
  if (q.text && !key) return { total: 0, ads: [], people: [] };
  const offset = (page - 1) * CONSOLE_PAGE_SIZE;
  // Words alone: the index counts its matches and walks them newest first (its rowid is the ad's
  // id), stopping at the page, so no ad row is read but the page's 20. With a filter, each match is
  // joined to its ad (the filters are columns of posts).
  const wordsOnly = q.words.length > 0 && filtering.length === 0;
  const match = wordsMatch(q.words);
  const conditions = [
    wordsOnly
      ? inArray(
          posts.id,
          sql`(SELECT rowid FROM posts_fts_all WHERE posts_fts_all MATCH ${match} ORDER BY rowid DESC LIMIT ${CONSOLE_PAGE_SIZE} OFFSET ${offset})`,
        )
      : key,
    ...filtering,
  ].filter((c): c is SQL => c !== null);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRows, ads, people] = await db.batch([
    wordsOnly
      ? db
          .select({ n: sql<number>`count(*)` })
          .from(sql`posts_fts_all`)
          .where(sql`posts_fts_all MATCH ${match}`)
      : db.select({ n: sql<number>`count(*)` }).from(posts).where(where),
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
      // Newest first: ids follow the order ads were created in (imported ads keep their old ids).
      .orderBy(desc(posts.id))
      .limit(CONSOLE_PAGE_SIZE)
      .offset(wordsOnly ? 0 : offset),
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        banned: users.banned,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(person ?? sql`0`)
      .orderBy(desc(users.createdAt))
      .limit(20),
  ]);
  return { total: Number(totalRows[0]?.n ?? 0), ads, people };
}

/** People matching the query: by id, phone, part of the e-mail address or words of the name. */
function personCondition(q: ConsoleQuery): SQL | null {
  if (q.id !== null) return eq(users.id, q.id);
  if (q.phone) return eq(users.phone, q.phone);
  if (q.email) return inArray(users.id, usersByEmail(q.email));
  if (q.words.length > 0)
    return inArray(
      users.id,
      sql`(SELECT rowid FROM posts_fts_people WHERE posts_fts_people MATCH ${wordsMatch(q.words)})`,
    );
  return null;
}
