// Suspected duplicates (docs/moderation.md#duplicates), looked for when an ad is published or edited:
// another ad of the last 7 days with the same phone and a very similar title, or another ad with the
// same photo (the content hash of its stored original). The ad is marked in the queue with the other.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { similarTitles } from '../lib/duplicates';
import { photoHashes, posts, queueMarks } from './schema';

/** How far back another ad with the same phone counts. */
export const DUPLICATE_WINDOW_MS = 7 * 86_400_000;

/** Ads with the same phone compared at most (the newest first). */
const PHONE_CANDIDATES = 50;

/** Remembers the content hash of a stored photo (SHA-256, hex). */
export async function recordPhotoHash(db: Db, photoId: number, hash: string): Promise<void> {
  await db.insert(photoHashes).values({ photoId, hash }).onConflictDoUpdate({
    target: photoHashes.photoId,
    set: { hash },
  });
}

export interface DuplicateHit {
  otherPostId: number;
  otherTitle: string;
  /** `phone` (same phone, very similar title) or `photo` (the same photo). */
  by: 'phone' | 'photo';
}

/** The first other ad this one seems to duplicate, or null (two indexed look-ups). */
export async function findDuplicate(db: Db, postId: number, now: number): Promise<DuplicateHit | null> {
  const post = await db
    .select({ id: posts.id, phone: posts.phone, title: posts.title })
    .from(posts)
    .where(eq(posts.id, postId))
    .get();
  if (!post) return null;
  const since = now - DUPLICATE_WINDOW_MS;
  if (post.phone) {
    const candidates = await db.all<{ id: number; title: string }>(sql`
      SELECT id, title FROM posts
      WHERE phone = ${post.phone} AND id <> ${postId} AND status <> 'draft'
        AND (created_at >= ${since} OR bumped_at >= ${since})
      ORDER BY id DESC LIMIT ${PHONE_CANDIDATES}`);
    const hit = candidates.find((c) => similarTitles(c.title, post.title));
    if (hit) return { otherPostId: Number(hit.id), otherTitle: hit.title, by: 'phone' };
  }
  const same = await db.get<{ id: number; title: string }>(sql`
    SELECT o.id AS id, o.title AS title
    FROM photos mine
    JOIN photo_hashes hm ON hm.photo_id = mine.id
    JOIN photo_hashes ho ON ho.hash = hm.hash AND ho.photo_id <> hm.photo_id
    JOIN photos theirs ON theirs.id = ho.photo_id
    JOIN posts o ON o.id = theirs.post_id
    WHERE mine.post_id = ${postId} AND mine.kind = 'post' AND theirs.kind = 'post'
      AND o.id <> ${postId} AND o.status <> 'draft'
    ORDER BY o.id DESC LIMIT 1`);
  if (same) return { otherPostId: Number(same.id), otherTitle: same.title, by: 'photo' };
  return null;
}

/**
 * Looks for a duplicate of an ad just published or edited and marks it in the queue with the other
 * ad. An operator's earlier decision about the same pair stands: a cleared mark naming the same other
 * ad is not opened again; a new other ad opens it.
 */
export async function markIfDuplicate(db: Db, postId: number, now: number): Promise<DuplicateHit | null> {
  const hit = await findDuplicate(db, postId, now);
  if (!hit) return null;
  const detail =
    `${hit.by === 'photo' ? 'aceeași fotografie ca' : 'același telefon și titlu ca'} „${hit.otherTitle}”`.slice(
      0,
      200,
    );
  await db
    .insert(queueMarks)
    .values({ postId, kind: 'duplicate', detail, otherPostId: hit.otherPostId, createdAt: now })
    .onConflictDoUpdate({
      target: [queueMarks.postId, queueMarks.kind],
      set: {
        detail,
        otherPostId: hit.otherPostId,
        createdAt: sql`CASE WHEN ${queueMarks.clearedAt} IS NULL THEN ${queueMarks.createdAt} ELSE ${now} END`,
        clearedAt: null,
      },
      setWhere: sql`${queueMarks.clearedAt} IS NULL OR ${queueMarks.otherPostId} IS NOT ${hit.otherPostId}`,
    });
  return hit;
}

/** The open duplicate mark of an ad, if any (for tests and the item page). */
export async function openDuplicateMark(db: Db, postId: number) {
  return (
    (await db
      .select({ otherPostId: queueMarks.otherPostId, detail: queueMarks.detail })
      .from(queueMarks)
      .where(
        and(
          eq(queueMarks.postId, postId),
          eq(queueMarks.kind, 'duplicate'),
          sql`${queueMarks.clearedAt} IS NULL`,
        ),
      )
      .get()) ?? null
  );
}
