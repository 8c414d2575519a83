// Suspected duplicates: on publish and on edit, an ad with the same phone and a very similar title as
// another ad of the last 7 days, or the same photo as another ad, is marked in the queue with a link
// to the other; an operator's decision about that pair stands on later edits.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDuplicateMark } from '../../src/db/duplicates';
import * as schema from '../../src/db/schema';
import { similarTitles, titleSimilarity } from '../../src/lib/duplicates';
import {
  DAY,
  db,
  formOf,
  getAs,
  idFromLocation,
  jpegFile,
  person,
  postFormAs,
  textOf,
  validFields,
} from '../fixtures';

async function publish(fields: Record<string, string>, photo = false): Promise<number> {
  const { cookie } = await person();
  const form = formOf(validFields(fields));
  if (photo) form.append('photos', jpegFile('poza.jpg'));
  const res = await postFormAs('/posts/new', form, cookie);
  expect(res.status).toBe(303);
  return idFromLocation(res.headers.get('location'));
}

describe('title similarity', () => {
  it('finds the same title however it is spelled, and not a different thing', () => {
    expect(titleSimilarity('Apartament 2 camere Centru', 'apartament 2 camere, centru!!')).toBe(1);
    expect(similarTitles('Vând Golf 4 1.9 TDI 2002', 'Vand golf 4 1.9 tdi, an 2002')).toBe(true);
    expect(similarTitles('Apartament 2 camere central', 'Apartament 2 camere centrale')).toBe(true);
    expect(similarTitles('Vând Golf 4 1.9 TDI 2002', 'Vând Passat B5 2.0 benzină')).toBe(false);
    expect(similarTitles('Apartament 2 camere central', 'Casă cu grădină în Volovăț')).toBe(false);
    expect(titleSimilarity('', '')).toBe(0);
  });
});

describe('duplicates', () => {
  it('marks an ad with the same phone and a very similar title, with a link to the other ad in the queue', async () => {
    const first = await publish({ title: 'Apartament 3 camere Bogdan Vodă', phone: '0744 100 200' });
    const second = await publish({ title: 'apartament 3 camere, Bogdan Voda', phone: '+40 744 100 200' });
    expect(await openDuplicateMark(db, first)).toBeNull();
    const mark = await openDuplicateMark(db, second);
    expect(mark?.otherPostId).toBe(first);
    expect(mark?.detail).toContain('același telefon');
    // Not a duplicate: same phone, another thing; or the same title with another phone.
    const other = await publish({ title: 'Garsonieră de închiriat lângă gară', phone: '0744 100 200' });
    expect(await openDuplicateMark(db, other)).toBeNull();
    const otherPhone = await publish({ title: 'Apartament 3 camere Bogdan Vodă', phone: '0755 300 400' });
    expect(await openDuplicateMark(db, otherPhone)).toBeNull();

    const op = await person({ role: 'operator' });
    const html = await (await getAs('/moderare', op.cookie)).text();
    const item = html.slice(html.indexOf(`id="anunt-${second}"`));
    expect(textOf(item.slice(0, 4000))).toContain('Posibil duplicat');
    expect(item.slice(0, 4000)).toMatch(
      new RegExp(`<a href="/anunt/imobiliare/[^"]*-${first}">celălalt anunț \\(#${first}\\)</a>`),
    );
  });

  it('does not count an ad with the same phone older than 7 days', async () => {
    const old = await publish({ title: 'Teren intravilan 1200 mp Satu Mare', phone: '0744 555 001' });
    const weekAgo = Date.now() - 8 * DAY;
    await db
      .update(schema.posts)
      .set({ createdAt: weekAgo, bumpedAt: weekAgo })
      .where(eq(schema.posts.id, old));
    const again = await publish({ title: 'Teren intravilan 1200 mp Satu Mare', phone: '0744 555 001' });
    expect(await openDuplicateMark(db, again)).toBeNull();
  });

  it('marks an ad with the same photo as another ad, whatever its title and phone', async () => {
    const first = await publish({ title: 'Bicicletă de munte roți 26', phone: '0744 700 001' }, true);
    const second = await publish({ title: 'Mobilă de bucătărie completă', phone: '0755 700 002' }, true);
    const mark = await openDuplicateMark(db, second);
    expect(mark?.otherPostId).toBe(first);
    expect(mark?.detail).toContain('aceeași fotografie');
    const hashes = await db.select().from(schema.photoHashes);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h.hash))).toBe(true);
  });

  it('marks on edit, and an operator’s decision about the pair stands on later edits', async () => {
    const first = await publish({ title: 'Canapea extensibilă gri ca nouă', phone: '0744 800 001' });
    const { cookie } = await person();
    const res = await postFormAs(
      '/posts/new',
      formOf(validFields({ title: 'Dulap cu uși glisante', phone: '0744 800 001' })),
      cookie,
    );
    const second = idFromLocation(res.headers.get('location'));
    expect(await openDuplicateMark(db, second)).toBeNull();
    const edit = (title: string) =>
      postFormAs(`/posts/edit/${second}`, formOf(validFields({ title, phone: '0744 800 001' })), cookie);
    expect((await edit('Canapea extensibila gri, ca noua')).status).toBe(303);
    expect((await openDuplicateMark(db, second))?.otherPostId).toBe(first);

    // The operator looks and resolves: the mark is cleared and a later edit does not open it again.
    const op = await person({ role: 'operator' });
    const resolved = await postFormAs(`/moderare/anunt/${second}/rezolva`, {}, op.cookie);
    expect(resolved.status).toBe(303);
    expect(await openDuplicateMark(db, second)).toBeNull();
    expect((await edit('Canapea extensibilă gri ca nouă!')).status).toBe(303);
    expect(await openDuplicateMark(db, second)).toBeNull();
  });
});
