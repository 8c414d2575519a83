// No lost updates, no duplicate ads, nothing lost when D1 fails.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import {
  db,
  getAs,
  HOUSE,
  HOUSES,
  idFromLocation,
  makeDraftPhoto,
  makePost,
  person,
  photosOf,
  postFormAs,
  postRow,
  textOf,
  validFields,
} from '../fixtures';
import { browserRequest, callWithDb, failingWritesDb, hiddenInputs, slowBatchesDb } from './support';

/** The editor form of an ad as a browser would send it back: its hidden inputs plus `fields`. */
function editForm(hidden: [string, string][], fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of hidden) form.append(name, value);
  for (const [k, v] of Object.entries(fields))
    for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  return form;
}

async function openEditor(adId: number, cookie: string) {
  const res = await getAs(`/posts/edit/${adId}`, cookie);
  expect(res.status).toBe(200);
  const html = await res.text();
  return { html, hidden: hiddenInputs(html) };
}

async function r2Has(photoId: number): Promise<boolean> {
  return (await env.PHOTOS.head(`photos/${photoId}/original.webp`)) !== null;
}

describe('two editor tabs on one ad', () => {
  it('a stale save answers 409 with a merged form: its own changes on top of the other save, which keeps its price and photo', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(
      user.id,
      { title: 'Casă cu grădină în Rădăuți', price: 90000, description: 'Casă cu grădină mare, lângă parc.' },
      HOUSE,
    );
    const first = await makeDraftPhoto(user.id, ad.id);
    const tabA = await openEditor(ad.id, cookie);
    const tabB = await openEditor(ad.id, cookie);
    expect(tabA.hidden).toContainEqual(['version', '1']);
    expect(tabA.hidden).toContainEqual(['openedPhotoIds', String(first.id)]);
    expect(tabA.hidden.some(([name]) => name === 'openedValues')).toBe(true);

    // Tab B: a new price, a new description and a new photo.
    const added = await makeDraftPhoto(user.id);
    const savedB = await postFormAs(
      `/posts/edit/${ad.id}`,
      editForm(tabB.hidden, {
        ...validFields({
          category: String(HOUSES),
          title: 'Casă cu grădină în Rădăuți',
          price: '85000',
          description: 'Casă cu grădină mare, lângă parc. Acte în regulă, liberă imediat.',
        }),
        photoIds: [String(first.id), String(added.id)],
      }),
      cookie,
    );
    expect(savedB.status).toBe(303);
    expect((await postRow(ad.id))?.version).toBe(2);

    // Tab A, opened before: only its title changed; price and description as it was opened with them.
    const staleA = await postFormAs(
      `/posts/edit/${ad.id}`,
      editForm(tabA.hidden, {
        ...validFields({
          category: String(HOUSES),
          title: 'Casă mare cu grădină, Rădăuți',
          price: '90.000',
          description: 'Casă cu grădină mare, lângă parc.',
        }),
        photoIds: [String(first.id)],
      }),
      cookie,
    );
    expect(staleA.status).toBe(409);
    expect(staleA.headers.get('cache-control')).toMatch(/private/);
    const html = await staleA.text();
    const text = textOf(html);
    expect(text).toContain('Anunțul a fost modificat între timp');
    // Named before saving: what will change (the title only), and what stays as the other save left it.
    expect(text).toContain('Dacă salvați, se schimbă acest câmp');
    expect(text).toMatch(/Titlul Casă cu grădină în Rădăuți Casă mare cu grădină, Rădăuți/);
    expect(html).not.toContain('data-field="Prețul"');
    expect(text).toMatch(
      /Rămân cum le-a salvat cealaltă modificare \(nu le-ați schimbat aici\): Descrierea și Prețul ?\./,
    );
    expect(text).toContain('Adăugate între timp: 1 fotografie');
    // The form: A's title, B's price and description, B's photo too, standing on version 2.
    expect(html).toContain('value="Casă mare cu grădină, Rădăuți"');
    expect(html).toMatch(/name="price"[^>]*value="85000"|value="85000"[^>]*name="price"/);
    expect(html).toContain('Acte în regulă, liberă imediat.');
    const conflictHidden = hiddenInputs(html);
    expect(conflictHidden).toContainEqual(['version', '2']);
    expect(html).toContain(`name="photoIds" value="${added.id}"`);
    expect(html).toContain(`href="/posts/edit/${ad.id}"`);
    expect(html).toContain('Salvează varianta mea');
    // Nothing of A's save was applied yet; B's price and photo are in D1 and R2.
    const row = await postRow(ad.id);
    expect(row?.price).toBe(85000);
    expect(row?.title).toBe('Casă cu grădină în Rădăuți');
    expect((await photosOf(ad.id)).map((p) => p.id)).toEqual([first.id, added.id]);
    expect(await r2Has(added.id)).toBe(true);

    // "My version": the merged form as it is sent back.
    const photoIdsInForm = [...html.matchAll(/name="photoIds" value="(\d+)"/g)].map((m) => m[1]);
    const over = await postFormAs(
      `/posts/edit/${ad.id}`,
      editForm(conflictHidden, {
        ...validFields({
          category: String(HOUSES),
          title: 'Casă mare cu grădină, Rădăuți',
          price: '85000',
          description: 'Casă cu grădină mare, lângă parc. Acte în regulă, liberă imediat.',
        }),
        photoIds: photoIdsInForm,
      }),
      cookie,
    );
    expect(over.status).toBe(303);
    const saved = await postRow(ad.id);
    expect(saved?.title).toBe('Casă mare cu grădină, Rădăuți');
    expect(saved?.price).toBe(85000);
    expect(saved?.description).toContain('Acte în regulă');
    expect(saved?.version).toBe(3);
    expect((await photosOf(ad.id)).map((p) => p.id)).toEqual([first.id, added.id]);
    expect(await r2Has(added.id)).toBe(true);
  });

  it('where both saves changed the price, this tab’s wins, is named, and both prices are formatted', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { title: 'Casă cu grădină în Rădăuți', price: 90000 }, HOUSE);
    const tabA = await openEditor(ad.id, cookie);
    const tabB = await openEditor(ad.id, cookie);
    const fields = (price: string) =>
      validFields({ category: String(HOUSES), title: 'Casă cu grădină în Rădăuți', price });
    expect(
      (await postFormAs(`/posts/edit/${ad.id}`, editForm(tabB.hidden, fields('85000')), cookie)).status,
    ).toBe(303);
    const res = await postFormAs(`/posts/edit/${ad.id}`, editForm(tabA.hidden, fields('1.250.000')), cookie);
    expect(res.status).toBe(409);
    const text = textOf(await res.text());
    expect(text).toMatch(/Prețul \(schimbat și în cealaltă salvare\) 85\.000 € 1\.250\.000 €/);
  });

  it('a stale form never deletes a photo added elsewhere, and removes only the photos it removed', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const a = await makeDraftPhoto(user.id, ad.id);
    const b = await makeDraftPhoto(user.id, ad.id);
    const tab = await openEditor(ad.id, cookie);
    // Added elsewhere (the upload API attaches straight to the ad) after the form was opened.
    const elsewhere = await makeDraftPhoto(user.id, ad.id);
    // The form drops `a` (the island removes its item); it never knew `elsewhere`.
    const res = await postFormAs(
      `/posts/edit/${ad.id}`,
      editForm(tab.hidden, { ...validFields({ category: String(HOUSES) }), photoIds: [String(b.id)] }),
      cookie,
    );
    expect(res.status).toBe(303);
    expect((await photosOf(ad.id)).map((p) => p.id)).toEqual([b.id, elsewhere.id]);
    expect(await r2Has(a.id)).toBe(false);
    expect(await r2Has(elsewhere.id)).toBe(true);
  });

  it('of two saves racing from the same version, exactly one is applied and the other gets the conflict page', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const tab = await openEditor(ad.id, cookie);
    const prices = ['70000', '71000', '72000', '73000', '74000', '75000'];
    const answers = await Promise.all(
      prices.map((price) =>
        postFormAs(
          `/posts/edit/${ad.id}`,
          editForm(tab.hidden, { ...validFields({ category: String(HOUSES), price }) }),
          cookie,
        ),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(prices.length - 1);
    const row = await postRow(ad.id);
    expect(row?.version).toBe(2);
    const winner = prices[answers.findIndex((r) => r.status === 303)];
    expect(String(row?.price)).toBe(winner);
  });
});

describe('one new-ad form makes one ad', () => {
  it('renders a fresh random one-time token in each new-ad form', async () => {
    const { cookie } = await person();
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const hidden = hiddenInputs(await (await getAs('/posts/new', cookie)).text());
      const token = hidden.find(([n]) => n === 'submissionToken')?.[1] ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
      tokens.add(token);
    }
    expect(tokens.size).toBe(3);
  });

  it('20 concurrent identical submissions create exactly one ad, and every answer leads to it (303)', async () => {
    const { cookie, user } = await person();
    const hidden = hiddenInputs(await (await getAs('/posts/new', cookie)).text());
    const photo = await makeDraftPhoto(user.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postFormAs('/posts/new', editForm(hidden, { ...validFields(), photoIds: String(photo.id) }), cookie),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(303));
    const rows = await db.select().from(schema.posts).where(eq(schema.posts.userId, user.id));
    expect(rows).toHaveLength(1);
    const locations = new Set(answers.map((r) => r.headers.get('location')));
    expect(locations.size).toBe(1);
    expect(idFromLocation([...locations][0])).toBe(rows[0].id);
    expect((await photosOf(rows[0].id)).map((p) => p.id)).toEqual([photo.id]);
  });

  it('with one ad left in the minute, 20 concurrent identical submissions still all lead to the one ad (none refused)', async () => {
    const { cookie, user } = await person();
    // Four ads of other forms take four of the five new ads a minute allows.
    for (let i = 0; i < 4; i++) {
      const other = hiddenInputs(await (await getAs('/posts/new', cookie)).text());
      const made = await postFormAs('/posts/new', editForm(other, validFields()), cookie);
      expect(made.status).toBe(303);
    }
    const hidden = hiddenInputs(await (await getAs('/posts/new', cookie)).text());
    // Every batch held back: all 20 find the token unused and ask the limiter before the ad is written.
    const slow = slowBatchesDb(300);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callWithDb(
          browserRequest('/posts/new', { method: 'POST', cookie, body: editForm(hidden, validFields()) }),
          slow,
        ),
      ),
    );
    // The limiter lets one through; the 19 it refuses wait for that one's ad and lead to it.
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(303));
    const locations = new Set(answers.map((r) => r.headers.get('location')));
    expect(locations.size).toBe(1);
    const rows = await db.select().from(schema.posts).where(eq(schema.posts.userId, user.id));
    expect(rows).toHaveLength(5);
    // A sixth form in the same minute is refused, after its short wait for a twin that never comes.
    const sixth = hiddenInputs(await (await getAs('/posts/new', cookie)).text());
    const refused = await postFormAs('/posts/new', editForm(sixth, validFields()), cookie);
    expect(refused.status).toBe(429);
    expect(textOf(await refused.text())).toContain('Ați publicat prea multe anunțuri într-un minut.');
  });

  it('a resubmission after the back button goes to the ad already created, and a new form makes a new ad', async () => {
    const { cookie, user } = await person();
    const hidden = hiddenInputs(await (await getAs('/posts/new', cookie)).text());
    const first = await postFormAs('/posts/new', editForm(hidden, validFields()), cookie);
    expect(first.status).toBe(303);
    const again = await postFormAs(
      '/posts/new',
      editForm(hidden, validFields({ title: 'Alt titlu, același formular' })),
      cookie,
    );
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    const fresh = hiddenInputs(await (await getAs('/posts/new', cookie)).text());
    const second = await postFormAs('/posts/new', editForm(fresh, validFields()), cookie);
    expect(idFromLocation(second.headers.get('location'))).not.toBe(
      idFromLocation(first.headers.get('location')),
    );
    expect(await db.select().from(schema.posts).where(eq(schema.posts.userId, user.id))).toHaveLength(2);
  });

  it('keeps the token through a refused try, so the corrected form still makes a single ad', async () => {
    const { cookie, user } = await person();
    const hidden = hiddenInputs(await (await getAs('/posts/new', cookie)).text());
    const token = hidden.find(([n]) => n === 'submissionToken')?.[1];
    const refused = await postFormAs('/posts/new', editForm(hidden, validFields({ title: 'scurt' })), cookie);
    expect(refused.status).toBe(400);
    expect(hiddenInputs(await refused.text())).toContainEqual(['submissionToken', token]);
    expect((await postFormAs('/posts/new', editForm(hidden, validFields()), cookie)).status).toBe(303);
    expect((await postFormAs('/posts/new', editForm(hidden, validFields()), cookie)).status).toBe(303);
    expect(await db.select().from(schema.posts).where(eq(schema.posts.userId, user.id))).toHaveLength(1);
  });

  it('refuses (409) another person’s token and creates nothing for them', async () => {
    const owner = await person();
    const other = await person();
    const hidden = hiddenInputs(await (await getAs('/posts/new', owner.cookie)).text());
    expect((await postFormAs('/posts/new', editForm(hidden, validFields()), owner.cookie)).status).toBe(303);
    const res = await postFormAs('/posts/new', editForm(hidden, validFields()), other.cookie);
    expect(res.status).toBe(409);
    expect(textOf(await res.text())).toContain('Formularul a fost deja trimis.');
    expect(await db.select().from(schema.posts).where(eq(schema.posts.userId, other.user.id))).toHaveLength(
      0,
    );
  });
});

describe('a D1 failure loses nothing', () => {
  for (const [label, message] of [
    ['throws', 'D1_ERROR: Network connection lost.'],
    ['times out', 'D1_ERROR: D1 DB storage operation exceeded timeout which caused object to be reset.'],
  ]) {
    it(`new ad: when D1 ${label}, 503 with Retry-After, the form as typed and its photos`, async () => {
      const { cookie, user } = await person();
      const hidden = hiddenInputs(await (await getAs('/posts/new', cookie)).text());
      const photo = await makeDraftPhoto(user.id);
      const form = editForm(hidden, {
        ...validFields({
          title: 'Apartament 3 camere, bloc nou',
          description: 'Descriere lungă: <b>etaj 3</b>, „centrală proprie”.',
        }),
        photoIds: String(photo.id),
      });
      const res = await callWithDb(
        browserRequest('/posts/new', { method: 'POST', cookie, body: form }),
        failingWritesDb(message),
      );
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      const html = await res.text();
      expect(textOf(html)).toContain('Anunțul nu a putut fi salvat acum');
      expect(textOf(html)).toContain('încercați din nou');
      expect(html).toContain('value="Apartament 3 camere, bloc nou"');
      expect(html).toContain('Descriere lungă: &lt;b&gt;etaj 3&lt;/b&gt;, „centrală proprie”.');
      expect(html).toContain('value="52000"');
      expect(html).toContain(`name="photoIds" value="${photo.id}"`);
      expect(hiddenInputs(html)).toContainEqual(hidden.find(([n]) => n === 'submissionToken'));
      expect(await db.select().from(schema.posts).where(eq(schema.posts.userId, user.id))).toHaveLength(0);
      expect(await r2Has(photo.id)).toBe(true);
      // Sent again once D1 answers: published, with its photo.
      const retry = await postFormAs('/posts/new', form, cookie);
      expect(retry.status).toBe(303);
      expect((await photosOf(idFromLocation(retry.headers.get('location')))).map((p) => p.id)).toEqual([
        photo.id,
      ]);
    });
  }

  it('edit: when D1 fails, 503 with the edit form as typed, its version and photos, and the ad unchanged', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { price: 90000 }, HOUSE);
    const kept = await makeDraftPhoto(user.id, ad.id);
    const tab = await openEditor(ad.id, cookie);
    const form = editForm(tab.hidden, {
      ...validFields({ category: String(HOUSES), title: 'Casă renovată cu grădină mare', price: '88000' }),
      photoIds: String(kept.id),
    });
    const res = await callWithDb(
      browserRequest(`/posts/edit/${ad.id}`, { method: 'POST', cookie, body: form }),
      failingWritesDb(),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res.text();
    expect(html).toContain('value="Casă renovată cu grădină mare"');
    expect(html).toContain('value="88000"');
    expect(html).toContain(`name="photoIds" value="${kept.id}"`);
    expect(hiddenInputs(html)).toContainEqual(['version', '1']);
    expect(html).toContain(`action="/posts/edit/${ad.id}"`);
    expect((await postRow(ad.id))?.price).toBe(90000);
    expect(await r2Has(kept.id)).toBe(true);
  });

  it('profile: when D1 fails, 503 with Retry-After and the name and phone as typed', async () => {
    const { cookie, user } = await person({ name: 'Ana Vechi' });
    const body = new FormData();
    body.append('name', 'Ana Nouă Popescu');
    body.append('phone', '0744 999 888');
    const res = await callWithDb(
      browserRequest('/profile/edit', { method: 'POST', cookie, body }),
      failingWritesDb(),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res.text();
    expect(textOf(html)).toContain('Profilul nu a putut fi salvat acum');
    expect(html).toContain('value="Ana Nouă Popescu"');
    expect(html).toContain('value="0744 999 888"');
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row.name).toBe('Ana Vechi');
  });
});
