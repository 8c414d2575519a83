// Photo rows (the pixels live in R2, see src/photos/keys.ts).
import { and, asc, count, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../env';
import { type Photo, photos, posts, users } from './schema';

export type NewPhotoRow = Omit<typeof photos.$inferInsert, 'id'>;

export async function insertPhoto(db: Db, row: NewPhotoRow): Promise<Photo> {
  const [photo] = await db.insert(photos).values(row).returning();
  return photo;
}

/** Many photo rows in one batch (≤ 100 bound parameters per statement), in the order given. */
export async function insertPhotoRows(db: Db, rows: NewPhotoRow[]): Promise<Photo[]> {
  if (rows.length === 0) return [];
  const perStatement = Math.floor(100 / 10);
  const statements = [];
  for (let i = 0; i < rows.length; i += perStatement)
    statements.push(
      db
        .insert(photos)
        .values(rows.slice(i, i + perStatement))
        .returning(),
    );
  const results = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return results.flat();
}

/** Ids of the ads in [from, to) that have at least one photo. */
export async function postsWithPhotos(db: Db, from: number, to: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ postId: photos.postId })
    .from(photos)
    .where(and(gte(photos.postId, from), lt(photos.postId, to)));
  return new Set(rows.map((r) => r.postId as number));
}

export async function getPhoto(db: Db, id: number): Promise<Photo | null> {
  return (await db.select().from(photos).where(eq(photos.id, id)).get()) ?? null;
}

/**
 * A photo that may be served: it exists, and belongs to no ad yet (editor drafts, avatars) or to an
 * ad that still exists and is not hidden by an operator. One query.
 */
export async function getServablePhoto(db: Db, id: number): Promise<Photo | null> {
  const row = await db
    .select({ photo: photos, postStatus: posts.status })
    .from(photos)
    .leftJoin(posts, eq(posts.id, photos.postId))
    .where(eq(photos.id, id))
    .get();
  if (!row) return null;
  if (row.photo.postId !== null && (row.postStatus === null || row.postStatus === 'hidden')) return null;
  return row.photo;
}

/** How many photos the user uploaded since `since` (ms): the hourly upload limit. */
export async function countPhotosSince(db: Db, userId: number, since: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photos)
    .where(and(eq(photos.userId, userId), gte(photos.createdAt, since)));
  return row?.n ?? 0;
}

/** How many photos an ad has (the per-ad limit). */
export async function countPhotosOfPost(db: Db, postId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.postId, postId));
  return row?.n ?? 0;
}

export async function listPhotosOfPost(db: Db, postId: number): Promise<Photo[]> {
  return db
    .select()
    .from(photos)
    .where(eq(photos.postId, postId))
    .orderBy(asc(photos.position), asc(photos.id));
}

export async function listPhotosByIds(db: Db, ids: number[]): Promise<Photo[]> {
  if (ids.length === 0) return [];
  return db.select().from(photos).where(inArray(photos.id, ids));
}

/** Ad photos never attached to an ad, uploaded before `before` (ms). */
export async function listOrphanPhotos(db: Db, before: number, limit = 500): Promise<Photo[]> {
  return db
    .select()
    .from(photos)
    .where(and(isNull(photos.postId), eq(photos.kind, 'post'), lt(photos.createdAt, before)))
    .limit(limit);
}

/** The next free position in an ad's gallery. */
export async function nextPosition(db: Db, postId: number | null): Promise<number> {
  if (postId === null) return 0;
  return countPhotosOfPost(db, postId);
}

/** Deletes photo rows, and clears any avatar that pointed at them, in one batch. */
export async function deletePhotoRows(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  // ≤ 100 bound parameters per statement in D1.
  const statements = [];
  for (let i = 0; i < ids.length; i += 90) {
    const part = ids.slice(i, i + 90);
    statements.push(db.update(users).set({ avatarPhotoId: null }).where(inArray(users.avatarPhotoId, part)));
    statements.push(db.delete(photos).where(inArray(photos.id, part)));
  }
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
}

/** The owner of an ad, for attaching photos to it; null when the ad does not exist. */
export async function getPostOwner(db: Db, postId: number): Promise<{ userId: number } | null> {
  return (await db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId)).get()) ?? null;
}
