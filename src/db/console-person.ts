// What the console's page of a person shows (docs/moderation.md#person): the account, every ad in
// every state, reports received and made, the decisions about them, and accounts sharing their phone.
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { moderationLog, posts, reports, users } from './schema';

export async function personForOperators(db: Db, userId: number) {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const [ads, received, made, log, samePhone] = await db.batch([
    db
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        categoryId: posts.categoryId,
        status: posts.status,
        createdAt: posts.createdAt,
        deletedAt: posts.deletedAt,
      })
      .from(posts)
      .where(eq(posts.userId, userId))
      .orderBy(desc(posts.createdAt))
      .limit(200),
    db
      .select({ n: sql<number>`count(*)`, open: sql<number>`sum(${reports.resolvedAt} IS NULL)` })
      .from(reports)
      .innerJoin(posts, eq(posts.id, reports.postId))
      .where(eq(posts.userId, userId)),
    db.select({ n: sql<number>`count(*)` }).from(reports).where(eq(reports.reporterUserId, userId)),
    db
      .select()
      .from(moderationLog)
      .where(
        or(
          and(eq(moderationLog.targetType, 'user'), eq(moderationLog.targetId, userId)),
          and(
            eq(moderationLog.targetType, 'post'),
            inArray(moderationLog.targetId, sql`(SELECT id FROM posts WHERE user_id = ${userId})`),
          ),
        ),
      )
      .orderBy(desc(moderationLog.createdAt))
      .limit(50),
    db
      .select({ id: users.id, name: users.name, banned: users.banned })
      .from(users)
      .where(
        and(
          ne(users.id, userId),
          user.phone
            ? or(
                eq(users.phone, user.phone),
                inArray(users.id, sql`(SELECT user_id FROM posts WHERE phone = ${user.phone})`),
              )
            : sql`0`,
        ),
      )
      .limit(50),
  ]);
  return {
    user,
    ads,
    reportsReceived: Number(received[0]?.n ?? 0),
    openReportsReceived: Number(received[0]?.open ?? 0),
    reportsMade: Number(made[0]?.n ?? 0),
    log,
    samePhone,
  };
}

export type PersonForOperators = NonNullable<Awaited<ReturnType<typeof personForOperators>>>;
