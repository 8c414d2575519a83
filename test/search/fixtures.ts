// Rows inserted straight into D1 for search tests (storage is isolated per test file). Every post
// gets `search_text = maskPhones(description)`, as every writer of the site does.
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../../src/db/schema';
import { maskPhones } from '../../src/lib/phone';
import { toSlug } from '../../src/lib/slug';

export const db = drizzle(env.DB, { schema });
export const DAY = 86_400_000;

let userSeq = 0;
let photoSeq = 0;

export async function makeUser(over: Partial<schema.User> = {}): Promise<schema.User> {
  userSeq++;
  const now = Date.now();
  const [row] = await db
    .insert(schema.users)
    .values({
      clerkId: `user_search_${userSeq}_${Math.random().toString(36).slice(2, 8)}`,
      name: `Autor Căutare ${userSeq}`,
      email: `cautare${userSeq}@example.ro`,
      phone: '0744111222',
      createdAt: now - 100 * DAY,
      updatedAt: now - 100 * DAY,
      ...over,
    })
    .returning();
  return row;
}

export interface PostOver extends Partial<schema.NewPost> {
  /** Published this many ms ago (default an hour). */
  age?: number;
}

/** A published, visible ad (Diverse unless told otherwise), its search text the masked description. */
export async function makePost(userId: number, over: PostOver = {}): Promise<schema.Post> {
  const now = Date.now();
  const { age = 3_600_000, ...rest } = over;
  const bumpedAt = now - age;
  const title = rest.title ?? 'Obiect de test';
  const description = rest.description ?? 'Descriere scurtă.';
  const [row] = await db
    .insert(schema.posts)
    .values({
      userId,
      categoryId: 8,
      subcategoryId: null,
      title,
      slug: toSlug(title),
      description,
      searchText: maskPhones(description),
      price: 100,
      currency: 'RON',
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

export async function makePhoto(postId: number, userId: number) {
  photoSeq++;
  const [row] = await db
    .insert(schema.photos)
    .values({
      postId,
      userId,
      kind: 'post',
      fileName: `poza-cautare-${photoSeq}.jpg`,
      width: 1200,
      height: 900,
      position: 0,
      bytes: 1000,
      createdAt: Date.now(),
    })
    .returning();
  return row;
}

/** Ad ids in the order the results page lists them. */
export function resultIds(html: string): number[] {
  const list = /<ol class="search-results"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
  return [...list.matchAll(/<h2 class="sr__title"><a href="\/anunt\/[^"]*?-(\d+)"/g)].map((m) =>
    Number(m[1]),
  );
}
