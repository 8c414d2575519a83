// What an ad does (docs/stats.md): the daily views and phone reveals the per-ad counters flush here,
// and the owner's figures (last 7 days and in total) with the favourites and messages of each ad.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { conversations, favourites, postStats, posts } from './schema';

export type StatKind = 'views' | 'reveals';

export interface StatDelta {
  postId: number;
  day: string;
  views: number;
  reveals: number;
}

/** Adds flushed counts: one statement per (ad, day), all in one batch. */
export async function addPostStats(db: Db, deltas: StatDelta[]): Promise<void> {
  const statements = deltas
    .filter((d) => d.views > 0 || d.reveals > 0)
    .map((d) =>
      db
        .insert(postStats)
        .values(d)
        .onConflictDoUpdate({
          target: [postStats.postId, postStats.day],
          set: {
            views: sql`${postStats.views} + ${d.views}`,
            reveals: sql`${postStats.reveals} + ${d.reveals}`,
          },
        }),
    );
  if (statements.length === 0) return;
  const [first, ...rest] = statements;
  await db.batch([first, ...rest]);
}

/** One ad's figures: the last 7 days and in total. */
export interface AdFigures {
  views: { week: number; total: number };
  reveals: { week: number; total: number };
  favourites: { week: number; total: number };
  messages: { week: number; total: number };
}

export const NO_FIGURES: AdFigures = {
  views: { week: 0, total: 0 },
  reveals: { week: 0, total: 0 },
  favourites: { week: 0, total: 0 },
  messages: { week: 0, total: 0 },
};

/**
 * The figures of every ad of `userId` (or only `postId` of theirs): `weekFromDay` is the first
 * Bucharest day of the last 7, `weekFromMs` the same moment for timestamped rows.
 */
export async function figuresOfAuthor(
  db: Db,
  userId: number,
  weekFromDay: string,
  weekFromMs: number,
  postId?: number,
): Promise<Map<number, AdFigures>> {
  const [counted, saved, messaged] = figureQueries(db, userId, weekFromDay, weekFromMs, postId);
  return figuresFrom(await db.batch([counted, saved, messaged]));
}

/**
 * The three queries of figuresOfAuthor, for a caller that sends them in its own batch (the ad page
 * reads its owner's figures with the ad: one round trip). Another person's ad yields no rows.
 */
export function figureQueries(
  db: Db,
  userId: number,
  weekFromDay: string,
  weekFromMs: number,
  postId?: number,
) {
  const own =
    postId === undefined ? eq(posts.userId, userId) : and(eq(posts.userId, userId), eq(posts.id, postId));
  const ids = db.select({ id: posts.id }).from(posts).where(own);
  return [
    db
      .select({
        postId: postStats.postId,
        viewsWeek: sql<number>`coalesce(sum(case when ${postStats.day} >= ${weekFromDay} then ${postStats.views} end), 0)`,
        viewsTotal: sql<number>`coalesce(sum(${postStats.views}), 0)`,
        revealsWeek: sql<number>`coalesce(sum(case when ${postStats.day} >= ${weekFromDay} then ${postStats.reveals} end), 0)`,
        revealsTotal: sql<number>`coalesce(sum(${postStats.reveals}), 0)`,
      })
      .from(postStats)
      .where(inArray(postStats.postId, ids))
      .groupBy(postStats.postId),
    db
      .select({
        postId: favourites.postId,
        week: sql<number>`coalesce(sum(case when ${favourites.createdAt} >= ${weekFromMs} then 1 end), 0)`,
        total: sql<number>`count(*)`,
      })
      .from(favourites)
      .where(inArray(favourites.postId, ids))
      .groupBy(favourites.postId),
    db
      .select({
        postId: conversations.postId,
        week: sql<number>`coalesce(sum(case when ${conversations.createdAt} >= ${weekFromMs} then 1 end), 0)`,
        total: sql<number>`count(*)`,
      })
      .from(conversations)
      .where(and(eq(conversations.sellerId, userId), inArray(conversations.postId, ids)))
      .groupBy(conversations.postId),
  ] as const;
}

type Week = { week: number; total: number };

/** The answers of figureQueries, per ad. */
export function figuresFrom([counted, saved, messaged]: [
  { postId: number; viewsWeek: number; viewsTotal: number; revealsWeek: number; revealsTotal: number }[],
  ({ postId: number } & Week)[],
  ({ postId: number } & Week)[],
]): Map<number, AdFigures> {
  const out = new Map<number, AdFigures>();
  const of = (id: number) => {
    let f = out.get(id);
    if (!f) {
      f = structuredClone(NO_FIGURES);
      out.set(id, f);
    }
    return f;
  };
  for (const r of counted) {
    const f = of(r.postId);
    f.views = { week: r.viewsWeek, total: r.viewsTotal };
    f.reveals = { week: r.revealsWeek, total: r.revealsTotal };
  }
  for (const r of saved) of(r.postId).favourites = { week: r.week, total: r.total };
  for (const r of messaged) of(r.postId).messages = { week: r.week, total: r.total };
  return out;
}

/** Who wrote an ad and whether it is published: what counting a view needs to know. */
export async function countableAd(
  db: Db,
  postId: number,
): Promise<{ userId: number; published: boolean } | null> {
  const row = await db
    .select({ userId: posts.userId, status: posts.status })
    .from(posts)
    .where(eq(posts.id, postId))
    .get();
  return row ? { userId: row.userId, published: row.status === 'published' } : null;
}
