// Local development only: `POST /__dev/seed`, which loads the demo content into an empty database, and
// `POST /__dev/seed-large`. The handlers of the routes src/index.tsx registers in a build with
// DEV_TOOLS (imported there lazily, so that a deployed Worker does not contain this folder).
import type { Context } from 'hono';
import type { AppEnv, Bindings } from '../env';
import { HttpError, NotFound } from '../lib/errors';
import { seedDemo } from './seed';
import { hasOperator, LARGE_COUNTS, seedLargeStep } from './seed-large';

/** Local development only: never in production, never on an https site. */
export function isLocal(env: Pick<Bindings, 'ENVIRONMENT' | 'SITE_URL'>): boolean {
  return env.ENVIRONMENT !== 'production' && !String(env.SITE_URL ?? '').startsWith('https:');
}

/**
 * `POST /__dev/seed` (multipart, `photos` = demo JPEGs): called by `npm start` once the worker is
 * up; seeds an empty database, a no-op afterwards. 404 anywhere but a local site.
 */
export async function seedDemoRoute(c: Context<AppEnv>) {
  if (!isLocal(c.env)) throw new NotFound();
  let files: File[] = [];
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    const form = await c.req.formData();
    files = form.getAll('photos').filter((v): v is File => typeof v !== 'string');
  }
  const report = await seedDemo(c.env, c.get('db'), files);
  if (report.skipped) return c.text('datele demo existau deja\n');
  return c.text(
    `date demo: ${report.users} autori, ${report.posts} anunțuri, ${report.photos} fotografii${
      report.photoErrors ? ` (${report.photoErrors} fotografii eșuate)` : ''
    }\n`,
  );
}

/**
 * `POST /__dev/seed-large`: one step of the large data set (5,000 people, 20,000 ads in batches of
 * 2,000, 2,000 reports, rules and queue marks), after the demo seed; `npm run seed:large` calls it
 * until the header `x-seed-large` says `done`. Once complete, a further call adds nothing. 404
 * anywhere but a local site.
 */
export async function seedLargeRoute(c: Context<AppEnv>) {
  if (!isLocal(c.env)) throw new NotFound();
  const db = c.get('db');
  if (!(await hasOperator(db)))
    throw new HttpError(409, 'Rulați întâi datele demo (npm start), apoi setul mare.');
  const p = await seedLargeStep(db, Date.now());
  c.header('x-seed-large', p.done ? 'done' : 'more');
  if (p.ran === null) return c.text('setul mare exista deja: nu s-a adăugat nimic\n');
  const { people, ads, reports } = LARGE_COUNTS;
  return c.text(
    `pasul ${p.ran + 1}/${p.steps} în ${p.ms} ms${
      p.done ? ` — set mare: ${people} persoane, ${ads} anunțuri, ${reports} rapoarte` : ''
    }\n`,
  );
}
