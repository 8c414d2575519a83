// fast-check drives every public and private route with hostile paths, queries, methods and headers:
// no 5xx, security headers on every response, private pages never publicly cacheable, no open redirect.
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { checkResponse, newStats, report, send } from './hostile';
import { paths } from './paths';
import { seedForFuzz } from './seed';

describe('fuzz: every route with hostile paths and queries', () => {
  beforeAll(async () => {
    await seedForFuzz();
  });

  it('answers GET on every route without a 5xx, with the security headers (5 000 cases)', async () => {
    const stats = newStats();
    await fc.assert(
      fc.asyncProperty(paths, async (p) => {
        await checkResponse(p, await send(p, { headers: { accept: 'text/html' } }), stats);
      }),
      { numRuns: 5_000, endOnFailure: true },
    );
    report('GET routes', stats);
  }, 300_000);
});
