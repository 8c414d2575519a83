// Each convention's check fails on a deliberately broken example and passes its fixed twin.
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/lib/links';
import { areasOf, checkFile, type RuleName } from './rules';

const areas = areasOf(ROUTES);
const rules = (file: string, source: string): RuleName[] => checkFile(file, source, areas).map((v) => v.rule);

describe('the convention checks', () => {
  it('route-path: a path written by hand in a route registration', () => {
    const broken = `const r = new Hono();\nr.get('/mesaje/:id{[0-9]+}', h);\nr.use(\`/x/*\`, h);`;
    expect(rules('src/routes/x.ts', broken)).toEqual(['route-path', 'route-path', 'hand-link']);
    const fixed = `const r = new Hono();\nr.get(routePath('conversation'), h);\nr.use('*', h);\nr.route('/', s);`;
    expect(rules('src/routes/x.ts', fixed)).toEqual([]);
  });
  it('hand-link: a link joined by hand', () => {
    expect(rules('src/pages/X.tsx', ['const a = `/salvate/$', '{id}`;'].join(''))).toEqual(['hand-link']);
    expect(rules('src/pages/X.tsx', "const a = '/cont/cautari';")).toEqual(['hand-link']);
    expect(rules('src/pages/X.tsx', "const a = route('favourite', { postId: id });")).toEqual([]);
    // Comments and the table itself are not links.
    expect(rules('src/pages/X.tsx', '// `/salvate/<id>`: the heart')).toEqual([]);
    expect(rules('src/lib/links.ts', "const a = '/salvate';")).toEqual([]);
  });
  it('env-db: the D1 binding in request code', () => {
    expect(rules('src/routes/x.ts', 'await listFavourites(c.env.DB, 1);')).toEqual(['env-db']);
    expect(rules('src/routes/x.ts', "await listFavourites(c.get('d1'), 1);")).toEqual([]);
    expect(rules('src/jobs/x.ts', 'const db = openDb(env.DB);')).toEqual([]);
    expect(rules('src/d1-session.ts', 'openSession(c.env.DB, start);')).toEqual([]);
  });
  it('sql-outside-db: SQL or the query builder outside src/db', () => {
    expect(rules('src/jobs/x.ts', "await d1.prepare('SELECT 1').first();")).toEqual(['sql-outside-db']);
    expect(rules('src/routes/x.ts', 'const q = sql`SELECT 1`;')).toEqual(['sql-outside-db']);
    expect(rules('src/mail/x.ts', "import { eq } from 'drizzle-orm';")).toEqual(['sql-outside-db']);
    expect(rules('src/env.ts', "import type { DrizzleD1Database } from 'drizzle-orm/d1';")).toEqual([]);
    expect(rules('src/db/x.ts', "import { eq, sql } from 'drizzle-orm';\nconst q = sql`SELECT 1`;")).toEqual(
      [],
    );
  });
  it('layer: an import from a higher layer', () => {
    expect(rules('src/db/x.ts', "import type { Job } from '../jobs/types';")).toEqual(['layer']);
    expect(rules('src/pages/X.tsx', "import type { L } from '../http/account-links';")).toEqual(['layer']);
    expect(rules('src/lib/x.ts', "import { flash } from '../flash';")).toEqual(['layer']);
    expect(rules('src/routes/x.ts', "import { q } from '../jobs/queue';")).toEqual([]);
    expect(rules('src/lib/x.ts', "import type { PostStatus } from '../db/schema';")).toEqual([]);
    expect(rules('src/lib/x.ts', "import { posts } from '../db/schema';")).toEqual(['layer']);
  });
});
