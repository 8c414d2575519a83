// The project's conventions as checks over source text (docs/architecture.md): pure functions of a
// file's path and text, so the test can run them on the whole of src/ and on deliberately broken
// examples alike. Runs under plain Node (vitest.node.config.ts).

export interface Violation {
  rule: RuleName;
  file: string;
  line: number;
  text: string;
}

export type RuleName = 'route-path' | 'hand-link' | 'env-db' | 'sql-outside-db' | 'layer';

/**
 * The layers, lowest first: a module may import from its own folder and from folders of a lower or
 * equal rank, never from a higher one. Root files of src/ are listed by name.
 */
export const LAYERS: Record<string, number> = {
  lib: 0,
  'env.ts': 1,
  db: 1,
  platform: 2,
  photos: 2,
  mail: 2,
  auth: 2,
  components: 3,
  saved: 3,
  pages: 4,
  jobs: 5,
  backup: 5,
  messages: 6,
  stats: 6,
  http: 7,
  'flash.ts': 7,
  'page-cache.ts': 7,
  'page-purge.ts': 7,
  'd1-session.ts': 7,
  'renderer.tsx': 7,
  routes: 8,
  dev: 9,
  'index.tsx': 10,
};

/**
 * Files that may read the D1 binding (`env.DB`) instead of the request's session: the session
 * middleware itself, and the job and cron entry points, which have no request (they open their own
 * handle with `openDb(env.DB)`), including the backup jobs in src/backup.
 */
export const ENV_DB_ALLOWED = ['src/d1-session.ts', 'src/jobs/', 'src/backup/'];

/** Type-only imports a lower layer may take from a higher one: the data model's row types. */
const TYPE_IMPORT_DOWN_OK = /^(db)\/(schema|schema-[\w-]+)$/;

/** A module's folder (or root file name) in src/, e.g. `db` for `src/db/users.ts`. */
export function unitOf(file: string): string | null {
  const m = /^src\/([^/]+)(\/)?/.exec(file);
  if (!m) return null;
  return m[1];
}

/** Removes comments (keeping line breaks), leaving strings and template literals as they are. */
export function stripComments(code: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null;
  while (i < code.length) {
    const ch = code[i];
    const next = code[i + 1];
    if (quote) {
      out += ch;
      if (ch === '\\') {
        out += next ?? '';
        i += 2;
        continue;
      }
      if (ch === quote) quote = null;
      i++;
      continue;
    }
    if (ch === '/' && next === '/') {
      while (i < code.length && code[i] !== '\n') i++;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = code.indexOf('*/', i + 2);
      const block = code.slice(i, end < 0 ? code.length : end + 2);
      out += block.replace(/[^\n]/g, '');
      i += block.length;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    out += ch;
    i++;
  }
  return out;
}

function lineOf(code: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (code[i] === '\n') line++;
  return line;
}

/** The first path segments of the route table (`mesaje` for `/mesaje/[id:number]`), root excluded. */
export function areasOf(routes: Record<string, string>): string[] {
  const areas = new Set<string>();
  for (const pattern of Object.values(routes)) {
    const first = pattern.split('/')[1];
    if (first && !first.startsWith('[')) areas.add(first);
  }
  return [...areas];
}

const HONO_METHODS = 'get|post|put|patch|delete|all|use|on|route|options|head';

/** Checks one source file (path relative to the repository, e.g. `src/routes/saved.tsx`). */
export function checkFile(file: string, source: string, areas: readonly string[]): Violation[] {
  const code = stripComments(source);
  const found: Violation[] = [];
  const add = (rule: RuleName, index: number) => {
    const line = lineOf(code, index);
    found.push({ rule, file, line, text: source.split('\n')[line - 1]?.trim() ?? '' });
  };

  // route-path: a Hono app's routes and middleware take their path from the table (routePath,
  // routeBase, areaPath), never from a string or template literal ('*' and `.route('/', …)` aside).
  const apps = [...code.matchAll(/(\w+)\s*=\s*new Hono\b/g)].map((m) => m[1]);
  for (const app of apps) {
    const call = new RegExp(
      `\\b${app}\\s*\\.\\s*(${HONO_METHODS})\\(\\s*(['"\`])((?:\\\\.|(?!\\2).)*)\\2`,
      'g',
    );
    for (const m of code.matchAll(call)) {
      const [, method, , literal] = m;
      if (literal === '*' || (method === 'route' && literal === '/')) continue;
      add('route-path', m.index ?? 0);
    }
  }

  // hand-link: no literal starting with one of the table's areas (`/mesaje/…`, `/salvate`…) outside
  // the table: paths and links are built with route()/link()/postHref.
  if (file !== 'src/lib/links.ts' && areas.length) {
    const area = areas.map((a) => a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
    const literal = new RegExp(`(['"\`])/(?:${area})(?=[/?'"\`$#])`, 'g');
    for (const m of code.matchAll(literal)) add('hand-link', m.index ?? 0);
  }

  // env-db: D1 through the request's session (c.var.db / c.var.d1), the binding only where allowed.
  if (!ENV_DB_ALLOWED.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p))) {
    for (const m of code.matchAll(/\benv\s*(?:\.\s*DB\b|\[\s*['"`]DB['"`]\s*\])/g))
      add('env-db', m.index ?? 0);
  }

  // sql-outside-db: SQL and the query builder live in src/db only.
  if (!file.startsWith('src/db/')) {
    for (const m of code.matchAll(/\bsql\s*(?:`|\.raw\s*\()|\.prepare\s*\(|\.exec\s*\(\s*['"`]/g))
      add('sql-outside-db', m.index ?? 0);
    for (const m of code.matchAll(
      /^[ \t]*import\s+(?!type\b)[^;]*?from\s+['"]drizzle-orm(?:\/[\w-]+)*['"]/gm,
    ))
      add('sql-outside-db', m.index ?? 0);
  }

  // layer: no import from a folder above this one.
  const unit = unitOf(file);
  const rank = unit === null ? undefined : LAYERS[unit];
  if (unit && rank !== undefined) {
    const dir = file.split('/').slice(0, -1).join('/');
    const imports = /^[ \t]*(import|export)\s+(type\s+)?[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;
    for (const m of code.matchAll(imports)) {
      const target = normalise(`${dir}/${m[3]}`);
      const targetUnit = unitOf(target);
      if (!targetUnit || targetUnit === unit) continue;
      const key = LAYERS[targetUnit] !== undefined ? targetUnit : rootFileKey(target);
      const targetRank = key === null ? undefined : LAYERS[key];
      if (targetRank === undefined || targetRank <= rank) continue;
      if (m[2] && TYPE_IMPORT_DOWN_OK.test(target.replace(/^src\//, ''))) continue;
      add('layer', m.index ?? 0);
    }
  }
  return found;
}

/** `src/flash` → `flash.ts` (a root file by its name as LAYERS lists it). */
function rootFileKey(target: string): string | null {
  const name = target.replace(/^src\//, '');
  if (name.includes('/')) return null;
  for (const ext of ['.ts', '.tsx']) if (LAYERS[name + ext] !== undefined) return name + ext;
  return LAYERS[name] !== undefined ? name : null;
}

function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
