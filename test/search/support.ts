// Shared by the search tests: their default ad (a Diverse item in Rădăuți, an hour old) and the order
// of a results page.
import { MISC, type PostDefaults } from '../fixtures';

/** Their default ad: pass it to makePost (`makePost(userId, over, ITEM)`). */
export const ITEM: PostDefaults = {
  categoryId: MISC,
  subcategoryId: null,
  title: 'Obiect de test',
  description: 'Descriere scurtă.',
  price: 100,
  currency: 'RON',
  age: 3_600_000,
};

/** Ad ids in the order the results page lists them. */
export function resultIds(html: string): number[] {
  const list = /<ol class="search-results"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
  return [...list.matchAll(/<h2 class="sr__title"><a href="\/anunt\/[^"]*?-(\d+)"/g)].map((m) =>
    Number(m[1]),
  );
}
