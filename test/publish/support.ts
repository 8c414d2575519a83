// Shared by the publishing tests: signed-in people, a valid ad form, ads and photos straight in D1.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../../src/db/schema';
import { toSlug } from '../../src/lib/slug';
import { signIn } from '../fixtures';
import { photoJpg } from '../photos/fixtures/images';

export const db = drizzle(env.DB, { schema });
export const DAY = 86_400_000;

let seq = 0;

/** A fresh signed-in person (`role`, `banned` as asked); unique per call. */
export async function person(
  opts: { role?: 'user' | 'operator'; banned?: boolean; phone?: string | null; name?: string } = {},
) {
  seq++;
  return signIn(`user_publish_${seq}_${Math.random().toString(36).slice(2, 8)}`, {
    name: opts.name ?? `Persoana ${seq}`,
    phone: opts.phone ?? null,
    ...opts,
  });
}

/** The fields of a valid ad (Imobiliare › Apartamente). */
export function validFields(over: Record<string, string> = {}): Record<string, string> {
  return {
    category: '101',
    title: 'Apartament 2 camere central',
    description: 'Apartament luminos, etajul 2, renovat complet, aproape de centru.',
    price: '52000',
    currency: 'EUR',
    locality: 'Rădăuți',
    phone: '0744 123 456',
    rooms: '2',
    area: '54',
    ...over,
  };
}

export function formOf(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields))
    for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  return form;
}

export function jpegBytes(): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(photoJpg), (ch) => ch.charCodeAt(0));
}

export function jpegFile(name = 'poza.jpg'): File {
  return new File([jpegBytes()], name, { type: 'image/jpeg' });
}

/** An ad straight in D1 (published for 30 days unless told otherwise). */
export async function makeAd(userId: number, over: Partial<schema.NewPost> = {}): Promise<schema.Post> {
  const now = Date.now();
  const title = over.title ?? 'Casă cu grădină în Rădăuți';
  const [row] = await db
    .insert(schema.posts)
    .values({
      userId,
      categoryId: 1,
      subcategoryId: 102,
      title,
      slug: toSlug(title),
      description: 'Casă cu patru camere, grădină mare și garaj.',
      searchText: 'Casă cu patru camere, grădină mare și garaj.',
      price: 90000,
      currency: 'EUR',
      locality: 'Rădăuți',
      phone: '0744123456',
      status: 'published',
      createdAt: now - 2 * DAY,
      updatedAt: now - 2 * DAY,
      publishedAt: now - 2 * DAY,
      bumpedAt: now - 2 * DAY,
      expiresAt: now + 28 * DAY,
      ...over,
    })
    .returning();
  return row;
}

/** An unattached photo row of `userId` (an editor upload), with an object in R2. */
export async function makeDraftPhoto(userId: number, postId: number | null = null): Promise<schema.Photo> {
  const [row] = await db
    .insert(schema.photos)
    .values({
      postId,
      userId,
      kind: 'post',
      fileName: `poza-${Math.random().toString(36).slice(2, 8)}.jpg`,
      width: 800,
      height: 600,
      position: 0,
      bytes: 100,
      createdAt: Date.now(),
    })
    .returning();
  await env.PHOTOS.put(`photos/${row.id}/original.webp`, new Uint8Array([1, 2, 3]));
  return row;
}

export async function postRow(id: number) {
  return (await db.select().from(schema.posts).where(eq(schema.posts.id, id)).get()) ?? null;
}

export async function photosOf(postId: number) {
  return db
    .select()
    .from(schema.photos)
    .where(eq(schema.photos.postId, postId))
    .orderBy(schema.photos.position);
}

/** The ad id from a `/anunt/<categorie>/<slug>-<id>` location. */
export function idFromLocation(location: string | null): number {
  const m = /-(\d+)(?:\?|$)/.exec(location ?? '');
  if (!m) throw new Error(`no ad id in ${location}`);
  return Number(m[1]);
}
