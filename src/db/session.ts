// The request's D1 handle, through D1's Sessions API: reads may be served by the nearest read replica,
// and a session started from a bookmark only reads from a replica that has caught up to it.
import { drizzle } from 'drizzle-orm/d1';
import type { Db } from '../env';
import * as schema from './schema';

/** `first-primary` for a request that writes; `first-unconstrained` or a bookmark for one that reads. */
export type SessionStart = 'first-primary' | 'first-unconstrained' | (string & {});

export interface DbSession {
  db: Db;
  /** The same session for the modules of db/ that write their SQL by hand (`prepare`). */
  d1: D1Database;
  /** The position of the last query this request ran (null before any). */
  bookmark(): string | null;
}

/** A D1 handle outside a request (the daily job): no session, every query on the primary. */
export function openDb(binding: D1Database): Db {
  return drizzle(binding, { schema });
}

export function openSession(binding: D1Database, start: SessionStart): DbSession {
  const session = binding.withSession(start);
  // D1's session has the database's prepare/batch; its type asks for a database.
  const d1 = session as unknown as D1Database;
  return {
    d1,
    db: drizzle(d1, { schema }),
    bookmark: () => session.getBookmark(),
  };
}
