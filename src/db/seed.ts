// Loads the demo content (seed-data.ts) into an empty local database, once: a `meta` row
// `seeded` makes re-runs no-ops. Photos go through the same ingest path as uploads.
import { eq, getTableColumns, inArray, max } from 'drizzle-orm';
import type { Bindings, Db } from '../env';
import { maskPhones } from '../lib/phone';
import { toSlug } from '../lib/slug';
import { readPhotoObjects, type StoredObjects, writePhotoObjects } from '../photos/copy';
import { ingestPhoto, makeFileName } from '../photos/ingest';
import { adTextColumns } from './ad-text';
import { insertPhotoRows, type NewPhotoRow, postsWithPhotos } from './photos';
import { meta, type Photo, posts, users } from './schema';
import { DEMO_AUTHORS, type DemoAd, demoAds } from './seed-data';

/** D1 accepts at most 100 bound parameters per statement. */
const MAX_PARAMS = 100;
/** Other views of an ad's subject (content/demo-photos/), shown after its main picture. */
export const MORE_VIEWS: Record<string, string[]> = {
  'apartament-bloc': ['mobila', 'bucatarie', 'dormitor', 'baie', 'televizor'],
  'casa-gradina': ['casa-curte', 'mobila', 'bucatarie', 'dormitor', 'baie'],
  'teren-camp': ['teren-livada'],
  'spatiu-comercial': ['birou'],
  autoturism: ['autoturism-spate', 'autoturism-bord'],
  motocicleta: ['anvelope'],
};

export const SEED_FLAG = 'seeded';
/** Written once the photos are in too; until then a re-run resumes the photos. */
export const SEED_PHOTOS_FLAG = 'seeded_photos';

export interface SeedReport {
  skipped: boolean;
  users: number;
  posts: number;
  photos: number;
  photoErrors: number;
}

function chunk<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

async function flag(db: Db, key: string): Promise<string | null> {
  const rows = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key)).limit(1);
  return rows[0]?.value ?? null;
}

export async function isSeeded(db: Db): Promise<boolean> {
  return (await flag(db, SEED_PHOTOS_FLAG)) !== null;
}

/** Seeds the demo authors, ads and photos; does nothing when already done. */
export async function seedDemo(
  env: Bindings,
  db: Db,
  photoFiles: File[],
  now = Date.now(),
): Promise<SeedReport> {
  if (await isSeeded(db)) return { skipped: true, users: 0, posts: 0, photos: 0, photoErrors: 0 };
  const ads = demoAds(now);

  // 1. Authors (kept when a person with the same identity-provider id already signed in locally).
  const userRows = DEMO_AUTHORS.map((a) => ({
    clerkId: `user_demo_${a.key}`,
    email: a.email,
    name: a.name,
    phone: a.phone,
    role: a.role,
    banned: a.banned,
    createdAt: now - a.joinedDaysAgo * 86_400_000,
    updatedAt: now - Math.min(a.joinedDaysAgo, 10) * 86_400_000,
  }));
  // Drizzle binds every column of the table (defaults included), not only those given here.
  for (const part of chunk(userRows, Math.floor(MAX_PARAMS / Object.keys(getTableColumns(users)).length))) {
    await db.insert(users).values(part).onConflictDoNothing();
  }
  const idRows = await db
    .select({ id: users.id, clerkId: users.clerkId })
    .from(users)
    .where(
      inArray(
        users.clerkId,
        userRows.map((u) => u.clerkId),
      ),
    );
  const userIdByKey = new Map(idRows.map((r) => [r.clerkId.replace(/^user_demo_/, ''), r.id]));
  const userIdOf = (key: string) => userIdByKey.get(key) ?? idRows[0].id;

  // 2. Ads, with explicit ids after any existing ones so photos can point at them. The first id is
  // kept in the flag: a run interrupted during the photos resumes with the same ids.
  const seededFrom = await flag(db, SEED_FLAG);
  let firstId: number;
  let inserted = 0;
  if (seededFrom !== null) {
    firstId = Number(seededFrom);
  } else {
    const [{ maxId }] = await db.select({ maxId: max(posts.id) }).from(posts);
    firstId = (maxId ?? 0) + 1;
    const postRows = ads.map((ad, i) => ({
      id: firstId + i,
      userId: userIdOf(ad.authorKey),
      categoryId: ad.categoryId,
      subcategoryId: ad.subcategoryId,
      ...adTextColumns(ad.title, ad.description),
      slug: toSlug(maskPhones(ad.title)),
      description: ad.description,
      price: ad.price,
      currency: ad.currency,
      negotiable: ad.negotiable,
      locality: ad.locality,
      phone: ad.phone,
      status: ad.status,
      promotion: ad.promotion,
      promotedUntil: ad.promotedUntil,
      fields: ad.fields,
      createdAt: ad.createdAt,
      updatedAt: ad.updatedAt,
      publishedAt: ad.publishedAt,
      bumpedAt: ad.bumpedAt,
      expiresAt: ad.expiresAt,
      renewedAt: ad.publishedAt !== ad.bumpedAt ? ad.bumpedAt : null,
      closedAt: ad.closedAt,
    }));
    // Drizzle binds every column of the table (defaults included), not only those given here.
    const columns = Object.keys(getTableColumns(posts)).length;
    const statements = chunk(postRows, Math.floor(MAX_PARAMS / columns)).map((part) =>
      db.insert(posts).values(part),
    );
    // The flag goes in the same batch as the ads: either both are written or neither.
    await db.batch([
      db.insert(meta).values({ key: SEED_FLAG, value: String(firstId), updatedAt: now }),
      ...statements,
    ]);
    inserted = postRows.length;
  }

  // 3. Photos: each demo picture is ingested once (decoded, checked, re-encoded, with the variants
  // every page asks for first), then its stored objects are copied for every other ad showing it.
  // Ads that already have a photo (an interrupted earlier run) are skipped.
  const files = new Map<string, File>();
  for (const f of photoFiles) files.set(f.name.replace(/\.[a-z]+$/i, ''), f);
  const rows = ads.map((ad, i) => ({
    id: firstId + i,
    userId: userIdOf(ad.authorKey),
    slug: toSlug(maskPhones(ad.title)),
  }));
  const withPhotos = await postsWithPhotos(db, firstId, firstId + ads.length);
  const plan = photoPlan(ads, rows, files).filter((t) => !withPhotos.has(t.postId));
  let done = 0;
  let errors = 0;
  const sources = new Map<string, { photo: Photo; objects: StoredObjects }>();
  const copies: { row: NewPhotoRow; from: string }[] = [];
  for (const item of plan) {
    if (sources.has(item.photo)) {
      const { photo } = sources.get(item.photo) as { photo: Photo };
      copies.push({
        from: item.photo,
        row: {
          postId: item.postId,
          userId: item.userId,
          kind: 'post',
          fileName: makeFileName(item.baseName),
          width: photo.width,
          height: photo.height,
          position: item.position,
          bytes: photo.bytes,
          createdAt: now,
        },
      });
      continue;
    }
    try {
      const bytes = new Uint8Array(await (files.get(item.photo) as File).arrayBuffer());
      const photo = await ingestPhoto(env, db, {
        bytes,
        userId: item.userId,
        kind: 'post',
        postId: item.postId,
        baseName: item.baseName,
        position: item.position,
        now,
      });
      sources.set(item.photo, { photo, objects: await readPhotoObjects(env, photo.id) });
      done++;
    } catch (err) {
      errors++;
      console.error('demo photo failed', item.photo, err);
    }
  }
  const copied = await insertPhotoRows(
    db,
    copies.map((c) => c.row),
  );
  const queue = copied.map((photo, i) => ({ photo, objects: sources.get(copies[i].from)?.objects ?? [] }));
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await writePhotoObjects(env, next.photo.id, next.objects);
        done++;
      }
    }),
  );
  await db
    .insert(meta)
    .values({ key: SEED_PHOTOS_FLAG, value: String(done), updatedAt: Date.now() })
    .onConflictDoNothing();
  return { skipped: false, users: idRows.length, posts: inserted, photos: done, photoErrors: errors };
}

interface PhotoTask {
  postId: number;
  userId: number;
  photo: string;
  baseName: string;
  position: number;
}

/**
 * Which ads show which demo pictures: every ad whose subject has a picture (jobs have none). The
 * n-th ad of a subject shows its picture and then the first (n mod (k + 1)) of the subject's k other
 * views, so galleries of every length from 1 to k + 1 photos appear.
 */
export function photoPlan(
  ads: DemoAd[],
  rows: { id: number; userId: number; slug: string }[],
  files: Map<string, unknown>,
): PhotoTask[] {
  const tasks: PhotoTask[] = [];
  const seen = new Map<string, number>();
  ads.forEach((ad, i) => {
    if (!ad.photo || !files.has(ad.photo)) return;
    const nth = seen.get(ad.photo) ?? 0;
    seen.set(ad.photo, nth + 1);
    const views = (MORE_VIEWS[ad.photo] ?? []).filter((v) => files.has(v));
    const pictures = [ad.photo, ...views.slice(0, nth % (views.length + 1))];
    const baseName = rows[i].slug.slice(0, 48) || 'anunt';
    pictures.forEach((photo, position) => {
      tasks.push({ postId: rows[i].id, userId: rows[i].userId, photo, baseName, position });
    });
  });
  return tasks;
}
