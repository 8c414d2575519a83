// The search tests' rows: ads default to a Diverse item in Rădăuți, an hour old.
import type * as schema from '../../src/db/schema';
import { insertPhoto, insertPost, insertUser, type PostOver } from '../fixtures';

export { DAY, db, type PostOver } from '../fixtures';

const ITEM = {
  categoryId: 8,
  subcategoryId: null,
  title: 'Obiect de test',
  description: 'Descriere scurtă.',
  price: 100,
  currency: 'RON',
  age: 3_600_000,
} as const;

export const makeUser = (over: Partial<schema.User> = {}) => insertUser('Căutare', over);

/** A published, visible ad (Diverse unless told otherwise), its search text the masked description. */
export const makePost = (userId: number, over: PostOver = {}) => insertPost(ITEM, userId, over);

export const makePhoto = (postId: number, userId: number) =>
  insertPhoto(postId, userId, (n) => `poza-cautare-${n}.jpg`, { position: 0, bytes: 1000 });

/** Ad ids in the order the results page lists them. */
export function resultIds(html: string): number[] {
  const list = /<ol class="search-results"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
  return [...list.matchAll(/<h2 class="sr__title"><a href="\/anunt\/[^"]*?-(\d+)"/g)].map((m) =>
    Number(m[1]),
  );
}
