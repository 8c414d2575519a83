import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/db/schema';
import { get, makePost, makeUser, textOf } from '../fixtures';
import { idsOf } from './html';

let author: User;
let banned: User;
let other: User;

beforeAll(async () => {
  author = await makeUser({ name: 'Gheorghe Lazăr' });
  banned = await makeUser({ name: 'Spam', banned: true });
  other = await makeUser({ name: 'Altcineva' });
  for (let i = 0; i < 23; i++) await makePost(author.id, { title: `Anunț ${i}`, age: (i + 1) * 60_000 });
  await makePost(author.id, { title: 'Vândut', status: 'sold' });
  await makePost(other.id, { title: 'Al altcuiva' });
  await makePost(banned.id, { title: 'Spam' });
});

describe('author pages', () => {
  it('lists only that author’s visible ads, newest first, 20 per page', async () => {
    const res = await get(`/anunturi/de/gheorghe-lazar-${author.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Anunțurile publicate de Gheorghe Lazăr');
    expect(html).not.toContain('Anunțurile lui');
    expect(textOf(html)).toContain('23 de anunțuri');
    const ids = idsOf(html);
    expect(ids).toHaveLength(20);
    // Each fixture ad is a minute older than the one before it: newest first means ascending ids.
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(html).toContain(`href="/anunturi/de/gheorghe-lazar-${author.id}/pagina-2"`);
    const page2 = await (await get(`/anunturi/de/gheorghe-lazar-${author.id}/pagina-2`)).text();
    expect(idsOf(page2)).toHaveLength(3);
  });

  it('redirects a wrong name or pagina-1 to the canonical address', async () => {
    for (const path of [
      `/anunturi/de/alt-nume-${author.id}`,
      `/anunturi/de/${author.id}`,
      `/anunturi/de/gheorghe-lazar-${author.id}/pagina-1`,
    ]) {
      const res = await get(path);
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe(`/anunturi/de/gheorghe-lazar-${author.id}`);
    }
  });

  it.each([
    () => '/anunturi/de',
    () => '/anunturi/de/nimeni-999999',
    () => '/anunturi/de/abc',
    () => `/anunturi/de/spam-${banned.id}`,
    () => `/anunturi/de/gheorghe-lazar-${author.id}/pagina-3`,
    () => `/anunturi/de/gheorghe-lazar-${author.id}/extra`,
    () => '/anunturi/de/x-99999999999999999',
  ])('%s is 404', async (make) => {
    expect((await get(make())).status).toBe(404);
  });
});
