// The request's D1 handle, through D1's Sessions API: reads may be served by the nearest read replica,
// and a session started from a bookmark only reads from a replica that has caught up to it.

import { DrizzleD1Database, drizzle } from 'drizzle-orm/d1';
import { SQLiteD1Session } from 'drizzle-orm/d1/session';
import { createTableRelationsHelpers, extractTablesRelationalConfig } from 'drizzle-orm/relations';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
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

// What `drizzle(d1, { schema })` derives from the schema on every call (the relational config of
// every table, a walk over all of them) is the same for every request: derived once per isolate, and
// each request only wraps its own D1 session (docs/performance.md#per-request-cost).
let shared: {
  dialect: SQLiteAsyncDialect;
  relational: ConstructorParameters<typeof SQLiteD1Session>[2];
} | null = null;

function sharedConfig() {
  if (!shared) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    shared = {
      dialect: new SQLiteAsyncDialect(),
      relational: { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap },
    };
  }
  return shared;
}

/** A drizzle database over `client`, built from the isolate's shared schema config (same as drizzle()). */
function wrap(client: D1Database): Db {
  const { dialect, relational } = sharedConfig();
  const session = new SQLiteD1Session(client, dialect, relational, {});
  // Without the schema the constructor skips building a relational query builder per table; `db.query`
  // is built the first time a request asks for it, exactly as drizzle() would have built it.
  const db = new DrizzleD1Database('async', dialect, session, undefined) as Db;
  Object.defineProperty(db, '_', {
    value: {
      schema: relational?.schema,
      fullSchema: relational?.fullSchema,
      tableNamesMap: relational?.tableNamesMap,
    },
    configurable: true,
    writable: true,
  });
  Object.defineProperty(db, 'query', {
    configurable: true,
    get() {
      const query = new DrizzleD1Database('async', dialect, session, relational).query;
      Object.defineProperty(db, 'query', { value: query, configurable: true, writable: true });
      return query;
    },
  });
  (db as unknown as { $client: D1Database }).$client = client;
  return db;
}

export function openSession(binding: D1Database, start: SessionStart): DbSession {
  const session = binding.withSession(start);
  // D1's session has the database's prepare/batch; its type asks for a database.
  const d1 = session as unknown as D1Database;
  return {
    d1,
    db: wrap(d1),
    bookmark: () => session.getBookmark(),
  };
}

/** The D1 handle (the request's session) under a drizzle database, for statements built ahead. */
export function clientOf(db: Db): D1Database {
  return (db as unknown as { $client: D1Database }).$client;
}
