// `npm run deploy:check` (docs/operations.md#deploying): refuses placeholder ids and bindings the code
// uses that wrangler.toml lacks, at the top level or in [env.production]; passes the real file's
// bindings; and a build flag that would put the development tools in a deploy.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs tool without declarations
import { namesUsed, problems } from '../../src/tools/deploy-check.mjs';

const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');
const used: string[] = namesUsed();

describe('deploy:check', () => {
  it('finds the bindings the code reads, both queues among them', () => {
    expect(used).toEqual(expect.arrayContaining(['DB', 'PHOTOS', 'BACKUPS', 'JOBS', 'BACKUP_JOBS', 'EMAIL']));
    expect(used).not.toContain('CLERK_API_URL');
    expect(used).not.toContain('SIGNING_SECRET');
  });

  it("refuses only the placeholder database id in the repository's wrangler.toml", () => {
    const found: string[] = problems(toml, used);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/placeholder database_id/);
    const real = toml.replaceAll(
      '00000000-0000-0000-0000-000000000000',
      '4f1c2a9e-8d3b-4e6f-9a1b-2c3d4e5f6a7b',
    );
    expect(problems(real, used)).toEqual([]);
  });

  it('refuses a binding missing from [env.production] or from the top level', () => {
    const real = toml.replaceAll(
      '00000000-0000-0000-0000-000000000000',
      '4f1c2a9e-8d3b-4e6f-9a1b-2c3d4e5f6a7b',
    );
    const at = real.indexOf('[env.production]');
    const noProductionQueue =
      real.slice(0, at) +
      real.slice(at).replace('{ binding = "BACKUP_JOBS", queue = "eradauti-backup-jobs" }', '');
    expect(problems(noProductionQueue, used)).toEqual([
      'BACKUP_JOBS is used by the code but missing from [env.production]',
    ]);
    const noTopBucket =
      real.slice(0, at).replace('binding = "BACKUPS"', 'binding = "OTHER"') + real.slice(at);
    expect(problems(noTopBucket, used)).toEqual([
      'BACKUPS is used by the code but not declared at the top level of wrangler.toml',
    ]);
  });

  it('refuses a deploy whose build could contain the development tools or lacks the flag', () => {
    const real = toml.replaceAll(
      '00000000-0000-0000-0000-000000000000',
      '4f1c2a9e-8d3b-4e6f-9a1b-2c3d4e5f6a7b',
    );
    const at = real.indexOf('[env.production]');
    const withTools = real.slice(0, at) + real.slice(at).replace('DEV_TOOLS = "false"', 'DEV_TOOLS = "true"');
    expect(problems(withTools, used)).toEqual([
      'DEV_TOOLS must be defined as "false" in [env.production] of wrangler.toml (a `define`)',
    ]);
    const undefinedAtTop = real.slice(0, at).replace('DEV_TOOLS = "false"', '') + real.slice(at);
    expect(problems(undefinedAtTop, used)).toEqual([
      'DEV_TOOLS must be defined as "false" in the top level of wrangler.toml (a `define`)',
    ]);
  });
});
