// @ts-check
// A throw-away PostgreSQL 15 server for the import's tests and fixture (Debian's postgresql-15): a
// fresh cluster in a temporary folder, listening only on a Unix socket and a loopback port, run as
// the unprivileged `postgres` user when this process is root (PostgreSQL refuses to run as root).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const APT_LINE = 'apt-get update && apt-get install -y postgresql-15';

/** Fails with a clear message when the PostgreSQL 15 binaries are not installed (nothing is installed here). */
export function requirePostgres() {
  for (const bin of ['initdb', 'pg_ctl', 'postgres', 'pg_dump', 'psql'])
    if (!existsSync(join(PG_BIN, bin)))
      throw new Error(
        `PostgreSQL 15 is not installed (${join(PG_BIN, bin)} is missing). Install it with: ${APT_LINE}`,
      );
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary as the postgres user when we are root. */
function run(bin, args, opts = {}) {
  const cmd = asRoot ? 'runuser' : join(PG_BIN, bin);
  const argv = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, bin), ...args] : args;
  return execFileSync(cmd, argv, { stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 1 << 30, ...opts });
}

/**
 * Starts a fresh server on `port`; returns its URL, a runner for psql/pg_dump and stop().
 * @param {number} port
 */
export function startPostgres(port) {
  requirePostgres();
  const dir = mkdtempSync(join(tmpdir(), 'eradauti-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  if (asRoot) spawnSync('chown', ['postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    /** psql with a script on stdin. */
    psql: (sql, db = 'postgres') =>
      run(
        'psql',
        ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', db, '-v', 'ON_ERROR_STOP=1', '-q'],
        { input: sql },
      ).toString(),
    /** pg_dump --clean --if-exists of a database, plain SQL, as the old site's operators make it. */
    dump: (db = 'postgres') =>
      run('pg_dump', ['-h', dir, '-p', String(port), '-U', 'postgres', '--clean', '--if-exists', db]),
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
