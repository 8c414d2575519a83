// Photo rows (the pixels live in R2, see src/photos/keys.ts).
import { and, asc, count, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { PUBLIC_POST_STATUSES } from './fragments';
import { type Photo, photos, posts, uploadRefusals, users } from './schema';

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

/** A photo, with whether anyone may see it and who owns what it shows. */
export interface ServablePhoto {
  photo: Photo;
  /** Shown to everyone: an ad the public can see, or the avatar of a user who is not banned. */
  isPublic: boolean;
  /** The ad's owner (post photos), else the uploader: who besides operators may always see it. */
  ownerUserId: number;
  /** A deleted ad's photo: operators only, the owner no longer. */
  operatorsOnly: boolean;
}

/**
 * A photo that exists and whose ad (if any) still exists, with its visibility: public when its ad is
 * published, expired or sold and its author not banned, or when it is the avatar of a user who is
 * not banned; a photo not yet attached to an ad is its uploader's alone. One query by primary keys.
 */
export async function getServablePhoto(db: Db, id: number): Promise<ServablePhoto | null> {
  const row = await db
    .select({
      photo: photos,
      postStatus: posts.status,
      postOwner: posts.userId,
      authorBanned: posts.authorBanned,
      uploaderBanned: users.banned,
    })
    .from(photos)
    .leftJoin(posts, eq(posts.id, photos.postId))
    .leftJoin(users, eq(users.id, photos.userId))
    .where(eq(photos.id, id))
    .get();
  if (!row) return null;
  const { photo } = row;
  if (photo.postId !== null) {
    if (row.postStatus === null || row.postOwner === null) return null;
    const isPublic = PUBLIC_POST_STATUSES.includes(row.postStatus) && !row.authorBanned;
    // A deleted ad's photos (kept 30 days for an undo) are the operators' alone, not even its author's.
    return { photo, isPublic, ownerUserId: row.postOwner, operatorsOnly: row.postStatus === 'deleted' };
  }
  const isPublic = photo.kind === 'avatar' && row.uploaderBanned === false;
  return { photo, isPublic, ownerUserId: photo.userId, operatorsOnly: false };
}

/**
 * How many photos the user uploaded since `since` (ms), stored or refused for their content: the
 * hourly upload limit. One statement.
 */
export async function countPhotosSince(db: Db, userId: number, since: number): Promise<number> {
  const row = await db
    .select({
      n: sql<number>`(select count(*) from ${photos} where ${photos.userId} = ${userId} and ${photos.createdAt} >= ${since})
        + (select count(*) from ${uploadRefusals} where ${uploadRefusals.userId} = ${userId} and ${uploadRefusals.createdAt} >= ${since})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return Number(row?.n ?? 0);
}

/** Records an upload refused for its content, so it counts against the upload limit. */
export async function recordUploadRefusal(
  db: Db,
  userId: number,
  reason: string,
  now: number,
): Promise<void> {
  await db.insert(uploadRefusals).values({ userId, reason, createdAt: now });
}

/** Forgets refusals older than `before` (ms): the limit only looks back an hour. */
export async function forgetUploadRefusals(db: Db, before: number): Promise<void> {
  await db.delete(uploadRefusals).where(lt(uploadRefusals.createdAt, before));
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
/** Whose ad this is (null for a deleted ad: nothing may be added to it). */
export async function getPostOwner(db: Db, postId: number): Promise<{ userId: number } | null> {
  return (
    (await db
      .select({ userId: posts.userId })
      .from(posts)
      .where(and(eq(posts.id, postId), ne(posts.status, 'deleted')))
      .get()) ?? null
  );
}

/**
 * Which of the requested photos may go on this ad: photos of the ad itself, or the acting user's own
 * unattached ad photos. Ids that no longer exist are dropped (deleted in another tab); any other
 * photo (someone else's, or another ad's) is a refusal.
 */
export async function checkPhotos(
  db: Db,
  ids: number[],
  actingUserId: number,
  postId: number | null,
): Promise<{ allowed: number[]; foreign: number[] }> {
  if (ids.length === 0) return { allowed: [], foreign: [] };
  const rows = await db
    .select({ id: photos.id, postId: photos.postId, userId: photos.userId, kind: photos.kind })
    .from(photos)
    .where(inArray(photos.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const allowed: number[] = [];
  const foreign: number[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const ownDraft = row.postId === null && row.userId === actingUserId && row.kind === 'post';
    const onThisPost = postId !== null && row.postId === postId;
    (ownDraft || onThisPost ? allowed : foreign).push(id);
  }
  return { allowed, foreign };
}
