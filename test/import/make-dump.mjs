// @ts-check
// Regenerates test/import/fixture/old-site.dump.sql: loads old-site.sql into a fresh PostgreSQL 15
// and dumps it with `pg_dump --clean --if-exists`, as the old site's operators do. Run with
// `node test/import/make-dump.mjs` (needs postgresql-15; see test/import/pg.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './pg.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** Loads the fixture into a running server (the live --pg test reads it from there). */
export function loadFixture(pg) {
  pg.psql(readFileSync(join(here, 'fixture', 'old-site.sql'), 'utf8'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pg = startPostgres(Number(process.env.PG_PORT ?? 9608));
  try {
    loadFixture(pg);
    writeFileSync(join(here, 'fixture', 'old-site.dump.sql'), pg.dump());
    console.log('wrote test/import/fixture/old-site.dump.sql');
  } finally {
    pg.stop();
  }
}
