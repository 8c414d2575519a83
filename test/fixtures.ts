// Rows inserted straight into D1 (storage is isolated per test file), shared by the browse and
// search fixtures, which only choose different default ads. Every post gets
// its title, slug and `search_text` masked through `adTextColumns` unless told otherwise, as every
// writer of the site does.
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { adTextColumns } from '../src/db/ad-text';
import * as schema from '../src/db/schema';
import { maskPhones } from '../src/lib/phone';
import type { Currency } from '../src/lib/price';
import { toSlug } from '../src/lib/slug';

export const db = drizzle(env.DB, { schema });
export const DAY = 86_400_000;

let userSeq = 0;
let photoSeq = 0;

/** A user; `label` names them (`Autor <label> <n>`) and keys their Clerk id and email. */
export async function insertUser(label: string, over: Partial<schema.User> = {}): Promise<schema.User> {
  userSeq++;
  const now = Date.now();
  const key = label
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
  const [row] = await db
    .insert(schema.users)
    .values({
      clerkId: `user_${key}_${userSeq}_${Math.random().toString(36).slice(2, 8)}`,
      name: `Autor ${label} ${userSeq}`,
      email: `${key}${userSeq}@example.ro`,
      phone: '0744111222',
      createdAt: now - 100 * DAY,
      updatedAt: now - 100 * DAY,
      ...over,
    })
    .returning();
  return row;
}

export interface PostOver extends Partial<schema.NewPost> {
  /** Published this many ms ago (the default depends on the fixture). */
  age?: number;
}

/** The columns a fixture's ads differ in when a test does not say. */
export interface PostDefaults {
  categoryId: number;
  subcategoryId: number | null;
  title: string;
  description: string;
  price: number;
  currency: Currency;
  age: number;
}

/** A published, visible ad: `defaults`, then what the test says. */
export async function insertPost(
  defaults: PostDefaults,
  userId: number,
  over: PostOver = {},
): Promise<schema.Post> {
  const now = Date.now();
  const { age = defaults.age, title = defaults.title, description = defaults.description, ...rest } = over;
  const bumpedAt = now - age;
  const [row] = await db
    .insert(schema.posts)
    .values({
      userId,
      categoryId: defaults.categoryId,
      subcategoryId: defaults.subcategoryId,
      ...adTextColumns(title, description),
      slug: toSlug(maskPhones(title)),
      description,
      price: defaults.price,
      currency: defaults.currency,
      locality: 'Rădăuți',
      phone: '0744123456',
      status: 'published',
      createdAt: bumpedAt,
      updatedAt: bumpedAt,
      publishedAt: bumpedAt,
      bumpedAt,
      expiresAt: bumpedAt + 30 * DAY,
      ...rest,
    })
    .returning();
  return row;
}

/** A photo row of an ad (no R2 object: pages only need its name and size). */
export async function insertPhoto(
  postId: number,
  userId: number,
  fileName: (n: number) => string,
  over: Partial<schema.Photo> = {},
) {
  photoSeq++;
  const [row] = await db
    .insert(schema.photos)
    .values({
      postId,
      userId,
      kind: 'post',
      fileName: fileName(photoSeq),
      width: 1200,
      height: 900,
      position: photoSeq,
      bytes: 12345,
      createdAt: Date.now(),
      ...over,
    })
    .returning();
  return row;
}
