// What the console's page of a person shows (docs/moderation.md#person): the account, every ad in
// every state, reports received and made, the decisions about them, and accounts sharing their phone.
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { conversations, moderationLog, posts, reports, users } from './schema';

/** One D1 batch (one round trip): each part asks for the person by id, none waits for another. */
export async function personForOperators(db: Db, userId: number) {
  // The person's phone, read inside each statement that needs it ('' and null: no phone).
  const phone = sql`(SELECT nullif(u.phone, '') FROM users u WHERE u.id = ${userId})`;
  const [found, ads, received, made, log, samePhone, reported] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({
        id: posts.id,
        title: posts.title,
        slug: posts.slug,
        categoryId: posts.categoryId,
        status: posts.status,
        createdAt: posts.createdAt,
        hiddenReason: posts.hiddenReason,
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
          or(
            sql`${users.phone} = ${phone}`,
            inArray(users.id, sql`(SELECT user_id FROM posts WHERE phone = ${phone})`),
          ),
        ),
      )
      .limit(50),
    // Reported conversations this person took part in, with both people (a scammer who only writes
    // messages can be found and banned from here).
    db
      .select({
        id: conversations.id,
        postTitle: conversations.postTitle,
        reportedAt: conversations.reportedAt,
        reportReason: conversations.reportReason,
        buyerId: conversations.buyerId,
        sellerId: conversations.sellerId,
        buyerName: sql<string | null>`(SELECT name FROM users WHERE users.id = ${conversations.buyerId})`,
        sellerName: sql<string | null>`(SELECT name FROM users WHERE users.id = ${conversations.sellerId})`,
      })
      .from(conversations)
      .where(
        and(
          sql`${conversations.reportedAt} IS NOT NULL`,
          or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
        ),
      )
      .orderBy(desc(conversations.reportedAt))
      .limit(50),
  ]);
  const user = found[0];
  if (!user) return null;
  return {
    reportedConversations: reported,
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
