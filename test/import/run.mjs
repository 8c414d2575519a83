// @ts-check
// `npm run test:import`: the importer's Node-side tests (the COPY reader, the plan, a real run into a
// local site, the live --pg reader, --clerk). Needs PostgreSQL 15 (`apt-get install -y postgresql-15`);
// installs nothing itself. IMPORT_PORT (default 9601) and the next seven ports are used.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requirePostgres } from './pg.mjs';

const here = dirname(fileURLToPath(import.meta.url));
try {
  requirePostgres();
} catch (err) {
  console.error(`[test:import] ${/** @type {Error} */ (err).message}`);
  process.exit(1);
}
const r = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=1', join(here, 'reader.test.mjs'), join(here, 'site.test.mjs')],
  { stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
);
process.exit(r.status ?? 1);
