// @ts-check
// `npm run deploy:check`: refuses to deploy while wrangler.toml still holds placeholder ids or lacks,
// in the top level or in [env.production], a binding or variable the code uses; then lists the
// secrets production needs, and with `--remote` asks wrangler which are set (needs the network and
// `wrangler login`). The complete deploy steps: docs/operations.md#deploying.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Secrets: set with `wrangler secret put NAME --env production`, never in wrangler.toml. */
export const SECRETS = {
  CLERK_PUBLISHABLE_KEY: 'Clerk publishable key (pk_live_…)',
  CLERK_SECRET_KEY: 'Clerk secret key (sk_live_…)',
  CLERK_JWT_KEY: "the Clerk instance's PEM public key (Clerk dashboard → API keys → JWT public key)",
  SIGNING_SECRET:
    'HMAC key of the links in mails: `openssl rand -base64 32` (changing it invalidates links already sent)',
  ADMIN_API_TOKEN:
    'bearer token of /__admin (import, restore): `openssl rand -base64 32`, at least 32 characters',
};

/** Names the code reads from env that are not bindings of the deployed site. */
const NOT_DEPLOYED = new Set([
  'LOCAL_SIGNING_KEY',
  'TEST_MIGRATIONS',
  'TEST_CLERK_ISSUER',
  // Optional: Clerk's Backend API address, https://api.clerk.com unless the tests point it elsewhere.
  'CLERK_API_URL',
]);

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'client' || name === 'tools' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every `env.NAME` the worker's code reads. */
export function namesUsed(srcDir = join(root, 'src')) {
  const used = new Set();
  for (const file of sourceFiles(srcDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\benv\??\.([A-Z][A-Z0-9_]+)\b/g)) used.add(m[1]);
  }
  return [...used].filter((n) => !NOT_DEPLOYED.has(n) && !(n in SECRETS)).sort();
}

/** @param {string} text @param {string} name */
function declares(text, name) {
  return new RegExp(`(?:binding|name)\\s*=\\s*"${name}"|\\b${name}\\s*=`).test(text);
}

/**
 * The problems of a wrangler.toml text for the names the code uses.
 * @param {string} toml
 * @param {string[]} used
 */
export function problems(toml, used) {
  const out = [];
  const at = toml.indexOf('[env.production]');
  if (at < 0) return ['wrangler.toml has no [env.production] section'];
  const top = toml.slice(0, at);
  const production = toml.slice(at);
  for (const m of toml.matchAll(/(database_id|id|namespace_id)\s*=\s*"([^"]*)"/g)) {
    const [, key, value] = m;
    if (key === 'namespace_id') continue;
    if (
      /^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(value) ||
      /replace|placeholder|xxx|todo/i.test(value) ||
      value === ''
    )
      out.push(
        `placeholder ${key} "${value}": put the id from \`wrangler d1 create\` (or the dashboard) in wrangler.toml`,
      );
  }
  for (const name of used) {
    if (name === 'ASSETS') continue; // [assets] is inherited by every environment
    if (!declares(top, name))
      out.push(`${name} is used by the code but not declared at the top level of wrangler.toml`);
    if (!declares(production, name))
      out.push(`${name} is used by the code but missing from [env.production]`);
  }
  // Build flags (src/build-flags.d.ts): `define` is not inherited by environments, and a flag left
  // undefined stops the Worker at startup; the development tools never go to production.
  for (const [where, text] of [
    ['the top level', top],
    ['[env.production]', production],
  ]) {
    if (!/\bDEV_TOOLS\s*=\s*"false"/.test(text))
      out.push(`DEV_TOOLS must be defined as "false" in ${where} of wrangler.toml (a \`define\`)`);
  }
  return [...new Set(out)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  const used = namesUsed();
  const found = problems(toml, used);
  console.log(`bindings and variables the code uses: ${used.join(', ')}`);
  console.log('\nsecrets production needs (`npx wrangler secret put NAME --env production`):');
  for (const [name, what] of Object.entries(SECRETS)) console.log(`  ${name}: ${what}`);
  if (process.argv.includes('--remote')) {
    const r = spawnSync('npx', ['wrangler', 'secret', 'list', '--env', 'production', '--format', 'json'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (r.status !== 0)
      found.push(`wrangler secret list failed: ${(r.stderr || r.stdout).trim().slice(0, 300)}`);
    else {
      const set = new Set(JSON.parse(r.stdout).map((/** @type {{ name: string }} */ s) => s.name));
      for (const name of Object.keys(SECRETS))
        if (!set.has(name)) found.push(`secret ${name} is not set in production`);
    }
  } else {
    console.log('  (offline: not checked; `npm run deploy:check -- --remote` asks wrangler which are set)');
  }
  if (found.length > 0) {
    console.error(`\ndeploy:check refuses (${found.length}):`);
    for (const p of found) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log('\ndeploy:check: wrangler.toml is ready to deploy');
}
