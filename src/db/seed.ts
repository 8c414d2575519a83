// Loads the demo content (seed-data.ts) into an empty local database, once: a `meta` row
// `seeded` makes re-runs no-ops. Photos go through the same ingest path as uploads.
import { eq, getTableColumns, inArray, max } from 'drizzle-orm';
import type { Bindings, Db } from '../env';
import { maskPhones } from '../lib/phone';
import { toSlug } from '../lib/slug';
import { ingestPhoto } from '../photos/ingest';
import { adTextColumns } from './ad-text';
import { meta, photos, posts, users } from './schema';
import { DEMO_AUTHORS, type DemoAd, demoAds } from './seed-data';

/** D1 accepts at most 100 bound parameters per statement. */
const MAX_PARAMS = 100;
/** Photos ingested in total: enough for every first page to look alive, few enough to start fast. */
export const PHOTO_BUDGET = 40;
/** Extra photos for the gallery of the first ad of a kind. */
const RELATED_PHOTOS: Record<string, string[]> = {
  'apartament-bloc': ['mobila', 'electronice'],
  'casa-gradina': ['teren-camp', 'lemne-foc'],
  autoturism: ['diverse'],
  mobila: ['lemne-foc'],
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
  for (const part of chunk(userRows, Math.floor(MAX_PARAMS / 8))) {
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

  // 3. Photos: the newest visible ads of every category first, round-robin, within the budget;
  // ads that already have a photo (an interrupted earlier run) are skipped.
  const files = new Map<string, File>();
  for (const f of photoFiles) files.set(f.name.replace(/\.[a-z]+$/i, ''), f);
  const rows = ads.map((ad, i) => ({
    id: firstId + i,
    userId: userIdOf(ad.authorKey),
    slug: toSlug(maskPhones(ad.title)),
  }));
  const plan = photoPlan(ads, rows, files, now);
  const planned = [...new Set(plan.map((t) => t.postId))];
  const withPhotos = new Set(
    planned.length
      ? (
          await db
            .selectDistinct({ postId: photos.postId })
            .from(photos)
            .where(inArray(photos.postId, planned.slice(0, MAX_PARAMS - 1)))
        ).map((r) => r.postId)
      : [],
  );
  let done = 0;
  let errors = 0;
  const cache = new Map<string, Uint8Array>();
  for (const item of plan) {
    const file = files.get(item.photo);
    if (!file || withPhotos.has(item.postId)) continue;
    let bytes = cache.get(item.photo);
    if (!bytes) {
      bytes = new Uint8Array(await file.arrayBuffer());
      cache.set(item.photo, bytes);
    }
    try {
      await ingestPhoto(env, db, {
        bytes,
        userId: item.userId,
        kind: 'post',
        postId: item.postId,
        baseName: item.baseName,
      });
      done++;
    } catch (err) {
      errors++;
      console.error('demo photo failed', item.photo, err);
    }
  }
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
}

/** Which ads get which demo photos: visible ads, newest and promoted first, spread over categories. */
export function photoPlan(
  ads: DemoAd[],
  rows: { id: number; userId: number; slug: string }[],
  files: Map<string, unknown>,
  now: number,
  budget = PHOTO_BUDGET,
): PhotoTask[] {
  const candidates = ads
    .map((ad, i) => ({ ad, row: rows[i] }))
    .filter(
      ({ ad }) => ad.photo && files.has(ad.photo) && ad.status === 'published' && (ad.expiresAt ?? 0) > now,
    )
    .sort(
      (a, b) =>
        Number((b.ad.promotedUntil ?? 0) > now) - Number((a.ad.promotedUntil ?? 0) > now) ||
        (b.ad.bumpedAt ?? 0) - (a.ad.bumpedAt ?? 0),
    );
  const byCategory = new Map<number, typeof candidates>();
  for (const c of candidates) {
    const list = byCategory.get(c.ad.categoryId) ?? [];
    list.push(c);
    byCategory.set(c.ad.categoryId, list);
  }
  const tasks: PhotoTask[] = [];
  const galleryDone = new Set<string>();
  const queues = [...byCategory.values()];
  while (tasks.length < budget && queues.some((q) => q.length)) {
    for (const q of queues) {
      const next = q.shift();
      if (!next || tasks.length >= budget) continue;
      const photo = next.ad.photo as string;
      const base = next.row.slug.slice(0, 48) || 'anunt';
      tasks.push({ postId: next.row.id, userId: next.row.userId, photo, baseName: base });
      // The first ad showing a given picture gets a small gallery.
      if (!galleryDone.has(photo)) {
        galleryDone.add(photo);
        for (const extra of RELATED_PHOTOS[photo] ?? []) {
          if (files.has(extra) && tasks.length < budget)
            tasks.push({ postId: next.row.id, userId: next.row.userId, photo: extra, baseName: base });
        }
      }
    }
  }
  return tasks;
}
