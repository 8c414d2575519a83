// The conventions CI enforces (docs/architecture.md#conventions), checked over every source file of
// src/: route paths from the table, links from the table, D1 through the request's session, SQL only
// in db/, and no import from a higher layer. A legitimate exception goes into allowlist.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/lib/links';
import { ALLOWED } from './allowlist';
import { areasOf, checkFile, type RuleName, type Violation } from './rules';

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // Browser code (its own tsconfig and bundle), generated files and Node tooling are not the Worker.
      if (['client', 'generated', 'tools'].includes(entry.name)) continue;
      out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

function violationsIn(files: { file: string; source: string }[]): Violation[] {
  const areas = areasOf(ROUTES);
  return files
    .flatMap(({ file, source }) => checkFile(file, source, areas))
    .filter((v) => !ALLOWED.some((a) => a.rule === v.rule && a.file === v.file && v.text.includes(a.text)));
}

const files = sourceFiles(join(ROOT, 'src')).map((path) => ({
  file: relative(ROOT, path).split('\\').join('/'),
  source: readFileSync(path, 'utf8'),
}));

describe('conventions over src/', () => {
  const all = violationsIn(files);
  const format = (rule: RuleName) =>
    all
      .filter((v) => v.rule === rule)
      .map((v) => `${v.file}:${v.line}: ${v.text}`)
      .join('\n');
  it('reads the whole Worker source', () => {
    expect(files.length).toBeGreaterThan(100);
  });
  it('route-path: every route registers its path from ROUTES (routePath/routeBase/areaPath)', () => {
    expect(format('route-path')).toBe('');
  });
  it('hand-link: no path or link of the route table is written by hand outside src/lib/links.ts', () => {
    expect(format('hand-link')).toBe('');
  });
  it('env-db: requests use the request’s D1 session; env.DB only in the session middleware and src/jobs', () => {
    expect(format('env-db')).toBe('');
  });
  it('sql-outside-db: SQL (sql``, .prepare, .exec, drizzle-orm operators) only in src/db', () => {
    expect(format('sql-outside-db')).toBe('');
  });
  it('layer: no module imports from a layer above its own', () => {
    expect(format('layer')).toBe('');
  });
  it('every allowlist entry still matches something (no stale exceptions)', () => {
    const areas = areasOf(ROUTES);
    const raw = files.flatMap(({ file, source }) => checkFile(file, source, areas));
    const stale = ALLOWED.filter(
      (a) => !raw.some((v) => v.rule === a.rule && v.file === a.file && v.text.includes(a.text)),
    );
    expect(stale).toEqual([]);
  });
});
