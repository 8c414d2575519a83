// Expiry reminders in D1: which ads are due a reminder, claimed in the same statement that decides
// (INSERT … ON CONFLICT DO NOTHING RETURNING on the key (post, expiry date, stage)), so that however
// many crons or retries run at once, each ad gets one reminder per expiry date and stage.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { DAY_MS } from '../lib/dates';
import { FALLBACK_CATEGORY_SLUG } from '../lib/links';
import { categories, expiryReminders, posts } from './schema';

/** Before an ad expires ('soon') and once after it has ('expired'). */
export type ExpiryStage = 'soon' | 'expired';

/** Ads expiring within this long get the first reminder. */
export const REMIND_BEFORE_MS = 3 * DAY_MS;
/** Ads that expired within this long get the second one (older expiries are left alone). */
export const REMIND_AFTER_MS = 3 * DAY_MS;

export interface ClaimedOwner {
  userId: number;
  stage: ExpiryStage;
}

/**
 * Claims every ad due a reminder at `now` and returns the owners to write to (one per owner and
 * stage). An ad is due 'soon' when published and expiring within REMIND_BEFORE_MS, 'expired' when it
 * expired within REMIND_AFTER_MS; a banned author's ads are never claimed.
 */
export async function claimExpiryReminders(db: Db, now: number): Promise<ClaimedOwner[]> {
  const soon = sql`insert into expiry_reminders (post_id, expires_at, stage, user_id, created_at)
    select id, expires_at, 'soon', user_id, ${now} from posts
    where status = 'published' and author_banned = 0 and expires_at > ${now} and expires_at <= ${now + REMIND_BEFORE_MS}
    on conflict do nothing
    returning user_id as userId`;
  const expired = sql`insert into expiry_reminders (post_id, expires_at, stage, user_id, created_at)
    select id, expires_at, 'expired', user_id, ${now} from posts
    where status in ('published', 'expired') and author_banned = 0
      and expires_at <= ${now} and expires_at > ${now - REMIND_AFTER_MS}
    on conflict do nothing
    returning user_id as userId`;
  // Each statement is a claim on its own: no batch needed between the two stages.
  const a = await db.all<{ userId: number }>(soon);
  const b = await db.all<{ userId: number }>(expired);
  const owners: ClaimedOwner[] = [];
  for (const [rows, stage] of [
    [a, 'soon'],
    [b, 'expired'],
  ] as const) {
    for (const userId of new Set(rows.map((r) => r.userId))) owners.push({ userId, stage });
  }
  return owners;
}

/** One ad of a reminder mail. */
export interface ReminderPost {
  id: number;
  title: string;
  slug: string;
  categorySlug: string;
  price: number;
  currency: 'RON' | 'EUR';
  expiresAt: number;
}

/**
 * Takes the owner's claimed, unsent reminders of a stage (marks them sent in the same statement, so a
 * duplicate delivery of the job finds nothing) and returns the ads still in the state the reminder
 * is about: published and expiring for 'soon', expired for 'expired', with the same expiry date.
 */
export async function takeReminders(
  db: Db,
  userId: number,
  stage: ExpiryStage,
  now: number,
): Promise<{ taken: { postId: number; expiresAt: number }[]; posts: ReminderPost[] }> {
  const taken = await db
    .update(expiryReminders)
    .set({ sentAt: now })
    .where(
      and(
        eq(expiryReminders.userId, userId),
        eq(expiryReminders.stage, stage),
        isNull(expiryReminders.sentAt),
      ),
    )
    .returning({ postId: expiryReminders.postId, expiresAt: expiryReminders.expiresAt });
  if (taken.length === 0) return { taken, posts: [] };
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      slug: posts.slug,
      categorySlug: categories.slug,
      price: posts.price,
      currency: posts.currency,
      status: posts.status,
      expiresAt: posts.expiresAt,
    })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(
      inArray(
        posts.id,
        taken.map((t) => t.postId),
      ),
    );
  const expiryOf = new Map(taken.map((t) => [t.postId, t.expiresAt]));
  const still = rows.filter((p) => {
    if (p.expiresAt === null || p.expiresAt !== expiryOf.get(p.id)) return false;
    return stage === 'soon'
      ? p.status === 'published' && p.expiresAt > now
      : p.status === 'expired' || (p.status === 'published' && p.expiresAt <= now);
  });
  still.sort((x, y) => (x.expiresAt as number) - (y.expiresAt as number) || x.id - y.id);
  return {
    taken,
    posts: still.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      categorySlug: p.categorySlug ?? FALLBACK_CATEGORY_SLUG,
      price: p.price,
      currency: p.currency,
      expiresAt: p.expiresAt as number,
    })),
  };
}

/** Gives taken reminders back (their mail could not be sent): the job's next attempt takes them again. */
export async function releaseReminders(
  db: Db,
  userId: number,
  stage: ExpiryStage,
  taken: { postId: number; expiresAt: number }[],
) {
  if (taken.length === 0) return;
  await db
    .update(expiryReminders)
    .set({ sentAt: null })
    .where(
      and(
        eq(expiryReminders.userId, userId),
        eq(expiryReminders.stage, stage),
        inArray(
          expiryReminders.postId,
          taken.map((t) => t.postId),
        ),
      ),
    );
}
