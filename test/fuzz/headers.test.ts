// fast-check sends every method to every route with bad session cookies, forged tokens and odd headers:
// they must all mean "signed out" (or a clean 4xx), never a 5xx, with the security headers.
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { checkResponse, hostileHeaders, newStats, ORIGIN, report, send } from './hostile';
import { paths } from './paths';
import { seedForFuzz } from './seed';

const method = fc.constantFrom(
  'GET',
  'GET',
  'GET',
  'GET',
  'HEAD',
  'OPTIONS',
  'PUT',
  'DELETE',
  'PATCH',
  'POST',
);

describe('fuzz: bad cookies, forged sessions and odd headers', () => {
  beforeAll(async () => {
    await seedForFuzz();
  });

  it('answers any method with bad cookies and odd headers without a 5xx (2 500 cases)', async () => {
    const stats = newStats();
    await fc.assert(
      fc.asyncProperty(paths, method, hostileHeaders, async (p, m, headers) => {
        const init: { method: string; headers: Record<string, string>; body?: string } = {
          method: m,
          headers,
        };
        if (m !== 'GET' && m !== 'HEAD') {
          init.headers = {
            ...headers,
            origin: ORIGIN,
            'content-type': 'application/x-www-form-urlencoded',
          };
          init.body = 'title=x&title=y&price=-1';
        }
        await checkResponse(p, await send(p, init), stats, m);
      }),
      { numRuns: 2_500, endOnFailure: true },
    );
    report('methods × headers × cookies', stats);
  }, 300_000);
});
