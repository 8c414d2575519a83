// Counting an ad's views and phone reveals (docs/stats.md): never for robots, prefetches or the ad's
// own author; each visitor once a day; in the background through the ad's counter, so neither the
// page nor D1 waits for it.
import type { Context } from 'hono';
import type { StatKind } from '../db/post-stats';
import type { AppEnv } from '../env';
import { clientIdentity } from '../lib/client-address';
import { bucharestDay } from '../lib/dates';
import { dailyVisitorKey, isBotAgent } from '../lib/visitor';
import { inBackground } from './helpers';

/** Whether this request is a person looking (not a robot, not a prefetch, not the author). */
export function countsAsVisit(c: Context<AppEnv>, authorId: number): boolean {
  const user = c.get('user');
  if (user && user.id === authorId) return false;
  if (isBotAgent(c.req.header('user-agent'))) return false;
  const purpose = `${c.req.header('sec-purpose') ?? ''} ${c.req.header('purpose') ?? ''}`;
  return !/prefetch|prerender/i.test(purpose);
}

/** Counts one event of an ad in the background (call after `countsAsVisit`). */
export function countAdEvent(c: Context<AppEnv>, postId: number, kind: StatKind, now = Date.now()): void {
  const day = bucharestDay(now);
  const work = (async () => {
    const visitor = await dailyVisitorKey({
      day,
      userId: c.get('user')?.id ?? null,
      address: clientIdentity(c.req.header('cf-connecting-ip') ?? 'local'),
      userAgent: c.req.header('user-agent') ?? '',
      secret: c.env.SIGNING_SECRET ?? 'local-statistics',
    });
    const counter = c.env.AD_COUNTERS.get(c.env.AD_COUNTERS.idFromName(String(postId)));
    await counter.count({ postId, kind, day, visitor });
  })().catch((err) => console.error('counting failed', postId, kind, err));
  if (!inBackground(c, work)) void work;
}
