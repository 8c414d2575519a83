// Rows inserted straight into D1 for browse tests (storage is isolated per test file).
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../../src/db/schema';
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
      clerkId: `user_test_${userSeq}_${Math.random().toString(36).slice(2, 8)}`,
      name: `Autor Test ${userSeq}`,
      email: `autor${userSeq}@example.ro`,
      phone: '0744111222',
      createdAt: now - 100 * DAY,
      updatedAt: now - 100 * DAY,
      ...over,
    })
    .returning();
  return row;
}

export interface PostOver extends Partial<schema.NewPost> {
  /** Shorthand: published this many ms ago (default a day). */
  age?: number;
}

/** A published, visible ad in Imobiliare › Apartamente unless told otherwise. */
export async function makePost(userId: number, over: PostOver = {}): Promise<schema.Post> {
  const now = Date.now();
  const { age = DAY, ...rest } = over;
  const bumpedAt = now - age;
  const title = rest.title ?? 'Apartament 2 camere decomandat';
  const [row] = await db
    .insert(schema.posts)
    .values({
      userId,
      categoryId: 1,
      subcategoryId: 101,
      title,
      slug: toSlug(title),
      description: 'Apartament luminos, etajul 2.\n\nActe la zi.',
      searchText: 'Apartament luminos, etajul 2. Acte la zi.',
      price: 52000,
      currency: 'EUR',
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

export async function makePhoto(postId: number, userId: number, over: Partial<schema.Photo> = {}) {
  photoSeq++;
  const [row] = await db
    .insert(schema.photos)
    .values({
      postId,
      userId,
      kind: 'post',
      fileName: `poza-${photoSeq}.jpg`,
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

/** The JSON-LD blocks of a page. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]),
  );
}

/** The ad links (`/anunt/<cat>/<slug>-<id>`) of a page, in order, without duplicates. */
export function adLinks(html: string): string[] {
  return [...new Set([...html.matchAll(/href="(\/anunt\/[^"?#]+-\d+)"/g)].map((m) => m[1]))];
}

export function idsOf(html: string): number[] {
  return adLinks(html).map((h) => Number(/-(\d+)$/.exec(h)?.[1]));
}
