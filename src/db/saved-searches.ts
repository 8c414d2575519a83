// Saved searches: a person's /cautare queries (canonical query strings) mailed once a day when new
// ads match. The per-person limit and the uniqueness live in the inserting statement; the digest's
// claim (one mail per person and day, whatever retries) lives in saved_search_runs.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../env';
import { parseId } from '../lib/ids';
import { type SavedSearch, savedSearches } from './schema';

/** Saved searches per person at most. */
export const MAX_SAVED_SEARCHES = 20;
/** A claim older than this is a crashed run: another delivery of the job may take it over. */
export const CLAIM_STALE_MS = 10 * 60_000;

interface Row {
  id: number;
  user_id: number;
  name: string;
  query: string;
  created_at: number;
  paused: number;
  last_sent_at: number | null;
  cursor_at: number;
}

function toSaved(r: Row): SavedSearch {
  return {
    id: r.id,
    userId: r.user_id,
    name: r.name,
    query: r.query,
    createdAt: r.created_at,
    paused: !!r.paused,
    lastSentAt: r.last_sent_at,
    cursorAt: r.cursor_at,
  };
}

export type CreateResult =
  | { status: 'created'; id: number }
  | { status: 'exists'; id: number }
  | { status: 'limit' };

/**
 * Saves a search for a person: one statement inserts only while they hold fewer than
 * MAX_SAVED_SEARCHES, and never the same canonical query twice. Ads published from `now` on are new.
 */
export async function createSavedSearch(
  d1: D1Database,
  args: { userId: number; name: string; query: string; now: number },
): Promise<CreateResult> {
  const row = await d1
    .prepare(
      `INSERT INTO saved_searches (user_id, name, query, created_at, cursor_at)
       SELECT ?1, ?2, ?3, ?4, ?4
       WHERE (SELECT count(*) FROM saved_searches WHERE user_id = ?1) < ?5
       ON CONFLICT (user_id, query) DO NOTHING
       RETURNING id`,
    )
    .bind(args.userId, args.name, args.query, args.now, MAX_SAVED_SEARCHES)
    .first<{ id: number }>();
  if (row) return { status: 'created', id: row.id };
  const existing = await d1
    .prepare('SELECT id FROM saved_searches WHERE user_id = ? AND query = ?')
    .bind(args.userId, args.query)
    .first<{ id: number }>();
  return existing ? { status: 'exists', id: existing.id } : { status: 'limit' };
}

/** A person's saved searches, oldest first. */
export async function listSavedSearches(d1: D1Database, userId: number): Promise<SavedSearch[]> {
  const { results } = await d1
    .prepare('SELECT * FROM saved_searches WHERE user_id = ? ORDER BY id LIMIT 100')
    .bind(userId)
    .all<Row>();
  return results.map(toSaved);
}

/** Renames one of this person's searches; false when it is not theirs (or gone). */
export async function renameSavedSearch(d1: D1Database, userId: number, id: number, name: string) {
  const res = await d1
    .prepare('UPDATE saved_searches SET name = ? WHERE id = ? AND user_id = ?')
    .bind(name, id, userId)
    .run();
  return (res.meta.changes ?? 0) > 0;
}

/**
 * Pauses or resumes one of this person's searches. Resuming starts from `now`: what was published
 * while it was paused is not mailed.
 */
export async function pauseSavedSearch(
  d1: D1Database,
  userId: number,
  id: number,
  paused: boolean,
  now: number,
) {
  const res = await d1
    .prepare(
      `UPDATE saved_searches SET paused = ?1, cursor_at = CASE WHEN ?1 = 0 AND paused = 1 THEN ?4 ELSE cursor_at END
       WHERE id = ?2 AND user_id = ?3`,
    )
    .bind(paused ? 1 : 0, id, userId, now)
    .run();
  return (res.meta.changes ?? 0) > 0;
}

export async function deleteSavedSearch(d1: D1Database, userId: number, id: number) {
  const res = await d1
    .prepare('DELETE FROM saved_searches WHERE id = ? AND user_id = ?')
    .bind(id, userId)
    .run();
  return (res.meta.changes ?? 0) > 0;
}

/** The people with at least one active saved search (the daily job's recipients), by id. */
export async function usersWithActiveSearches(d1: D1Database): Promise<number[]> {
  const { results } = await d1
    .prepare('SELECT DISTINCT user_id FROM saved_searches WHERE paused = 0 ORDER BY user_id')
    .all<{ user_id: number }>();
  return results.map((r) => r.user_id);
}

/** A person's active saved searches (the digest's content). */
export async function activeSavedSearches(d1: D1Database, userId: number): Promise<SavedSearch[]> {
  const { results } = await d1
    .prepare('SELECT * FROM saved_searches WHERE user_id = ? AND paused = 0 ORDER BY id LIMIT ?')
    .bind(userId, MAX_SAVED_SEARCHES)
    .all<Row>();
  return results.map(toSaved);
}

/**
 * Claims the digest of one person and day: true for exactly one caller, unless an earlier claim
 * is older than CLAIM_STALE_MS and unsent (a crashed run), which may then be taken over.
 */
export async function claimDigest(
  d1: D1Database,
  userId: number,
  day: string,
  now: number,
): Promise<boolean> {
  const row = await d1
    .prepare(
      `INSERT INTO saved_search_runs (user_id, day, state, claimed_at) VALUES (?1, ?2, 'claimed', ?3)
       ON CONFLICT (user_id, day) DO UPDATE SET claimed_at = ?3
         WHERE saved_search_runs.state = 'claimed' AND saved_search_runs.claimed_at < ?3 - ?4
       RETURNING claimed_at`,
    )
    .bind(userId, day, now, CLAIM_STALE_MS)
    .first<{ claimed_at: number }>();
  return row !== null && row.claimed_at === now;
}

/** Gives the claim back (the send failed): the job's retry claims again. */
export async function releaseDigest(d1: D1Database, userId: number, day: string, claimedAt: number) {
  await d1
    .prepare(
      "DELETE FROM saved_search_runs WHERE user_id = ? AND day = ? AND state = 'claimed' AND claimed_at = ?",
    )
    .bind(userId, day, claimedAt)
    .run();
}

/**
 * Records the day's digest as sent (or as empty: nothing new, no mail) and, when sent, moves each
 * mailed search's cursor to `upTo`, in one batch.
 */
export async function finishDigest(
  d1: D1Database,
  args: { userId: number; day: string; now: number; sent: boolean; searchIds: number[]; upTo: number },
) {
  const statements = [
    d1
      .prepare('UPDATE saved_search_runs SET state = ?, sent_at = ? WHERE user_id = ? AND day = ?')
      .bind(args.sent ? 'sent' : 'empty', args.sent ? args.now : null, args.userId, args.day),
  ];
  if (args.sent)
    for (const id of args.searchIds)
      statements.push(
        d1
          .prepare(
            'UPDATE saved_searches SET cursor_at = max(cursor_at, ?), last_sent_at = ? WHERE id = ? AND user_id = ?',
          )
          .bind(args.upTo, args.now, id, args.userId),
      );
  await d1.batch(statements);
}

/**
 * The one-click unsubscribe of one saved search (`ref` = its id; no session: the signed token says
 * whose): pauses it. Answers its name for the confirmation page, or null when it no longer exists.
 */
/** What a per-search stop link names, without changing it (null: no such search of this person). */
export async function describeSavedSearchRef(db: Db, userId: number, ref: string): Promise<string | null> {
  const id = parseId(ref);
  if (id === null) return null;
  const [row] = await db
    .select({ name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
  return row ? `căutarea salvată „${row.name}”` : null;
}

export async function pauseSavedSearchByMail(db: Db, userId: number, ref: string): Promise<string | null> {
  const id = parseId(ref);
  if (id === null) return null;
  const [row] = await db
    .update(savedSearches)
    .set({ paused: true })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ name: savedSearches.name });
  return row ? `căutarea salvată „${row.name}”` : null;
}
