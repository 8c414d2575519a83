// The browse tests' rows: ads default to a Rădăuți flat in Imobiliare › Apartamente, a day old.
import type * as schema from '../../src/db/schema';
import { insertPhoto, insertPost, insertUser, type PostOver } from '../fixtures';

export { DAY, db, type PostOver } from '../fixtures';

const FLAT = {
  categoryId: 1,
  subcategoryId: 101,
  title: 'Apartament 2 camere decomandat',
  description: 'Apartament luminos, etajul 2.\n\nActe la zi.',
  price: 52000,
  currency: 'EUR',
  age: 86_400_000,
} as const;

export const makeUser = (over: Partial<schema.User> = {}) => insertUser('Test', over);

/** A published, visible ad in Imobiliare › Apartamente unless told otherwise. */
export const makePost = (userId: number, over: PostOver = {}) => insertPost(FLAT, userId, over);

export const makePhoto = (postId: number, userId: number, over: Partial<schema.Photo> = {}) =>
  insertPhoto(postId, userId, (n) => `poza-${n}.jpg`, over);

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
