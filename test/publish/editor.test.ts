import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { MAX_UPLOAD_BYTES, ORIGINAL_MAX_SIDE } from '../../src/photos/limits';
import {
  CARS,
  db,
  FLATS,
  flashText,
  formOf,
  getAs,
  HOUSE,
  idFromLocation,
  jpegFile,
  makeDraftPhoto,
  makePost,
  ORIGIN,
  person,
  photosOf,
  postForm,
  postFormAs,
  postRow,
  REAL_ESTATE,
  textOf,
  validFields,
  withFlash,
} from '../fixtures';

describe('the ad form', () => {
  it('shows every field with its label and name, Rădăuți first and chosen, the phone from the profile', async () => {
    const { cookie } = await person({ phone: '0722111222' });
    const res = await getAs('/posts/new', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    for (const name of [
      'category',
      'title',
      'description',
      'price',
      'currency',
      'negotiable',
      'locality',
      'phone',
    ]) {
      expect(html).toMatch(new RegExp(`name="${name}"`));
    }
    expect(html).toMatch(/<input[^>]*type="file"[^>]*name="photos"|<input[^>]*name="photos"[^>]*type="file"/);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toMatch(/<label[^>]*for="f-title"/);
    expect(html).toMatch(/<optgroup label="Imobiliare">/);
    expect(html).toMatch(/<option value="Rădăuți" selected="">Rădăuți<\/option>/);
    expect(html.indexOf('value="Rădăuți"')).toBeLessThan(html.indexOf('value="Suceava"'));
    expect(html).toContain('value="0722111222"');
    expect(html).toContain('Publică anunțul');
    // Without JavaScript every kind's own fields are there, each in a fieldset labelled by kind.
    expect(html).toMatch(/data-kind="home"[\s\S]*name="rooms"/);
    expect(html).toMatch(/data-kind="car"[\s\S]*name="km"/);
    expect(html).toMatch(/data-kind="job"[\s\S]*name="jobType"/);
    expect(html).toContain('Detalii pentru vehicule');
  });

  it('tells the browser the size the server keeps, so big photos are shrunk before they are sent', async () => {
    const { cookie } = await person();
    const html = await (await getAs('/posts/new', cookie)).text();
    const form = html.match(/<form[^>]*id="editor-form"[^>]*>/)?.[0] ?? '';
    expect(form).toContain(`data-photo-max-side="${ORIGINAL_MAX_SIDE}"`);
    expect(form).toContain(`data-photo-max-bytes="${MAX_UPLOAD_BYTES}"`);
  });

  it('publishes a valid ad and redirects (303) to its canonical page with a confirmation', async () => {
    const { cookie, user } = await person();
    const res = await postFormAs('/posts/new', formOf(validFields()), cookie);
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(/^\/anunt\/imobiliare\/apartament-2-camere-central-\d+$/);
    const landing = await getAs(location, withFlash(res, cookie));
    expect(flashText(await landing.text())).toContain('Anunțul a fost publicat.');
    const post = await postRow(idFromLocation(location));
    expect(post).toMatchObject({
      userId: user.id,
      categoryId: REAL_ESTATE,
      subcategoryId: FLATS,
      status: 'published',
      price: 52000,
      currency: 'EUR',
      phone: '0744123456',
      fields: { rooms: 2, area: 54 },
    });
    expect(post?.expiresAt).toBe((post?.publishedAt ?? 0) + 30 * 86_400_000);
    const page = await getAs(location, cookie);
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain('Apartament 2 camere central');
  });

  it('fills search_text with the description, phone numbers masked', async () => {
    const { cookie } = await person();
    const res = await postFormAs(
      '/posts/new',
      formOf(validFields({ description: 'Sunați la 0744 555 666 pentru detalii despre apartament.' })),
      cookie,
    );
    const post = await postRow(idFromLocation(res.headers.get('location')));
    expect(post?.searchText).toBe('Sunați la ********** pentru detalii despre apartament.');
    expect(post?.description).toContain('0744 555 666');
  });

  it('ignores the fields of other kinds and keeps the chosen kind’s ones', async () => {
    const { cookie } = await person();
    const res = await postFormAs(
      '/posts/new',
      formOf(
        validFields({
          category: String(CARS),
          title: 'Dacia Logan 2015 benzină',
          year: '2015',
          km: '120000',
          fuel: 'benzină',
          rooms: 'abc',
        }),
      ),
      cookie,
    );
    expect(res.status).toBe(303);
    const post = await postRow(idFromLocation(res.headers.get('location')));
    expect(post?.fields).toEqual({ year: 2015, km: 120000, fuel: 'benzină' });
    expect(post?.categoryId).toBe(2);
  });

  it('stores a title with markup as text and escapes it on the page', async () => {
    const { cookie } = await person();
    const res = await postFormAs(
      '/posts/new',
      formOf(
        validFields({
          title: 'Apartament <script>alert(1)</script>',
          description: '<b>bold</b> și <img src=x onerror=alert(1)> descriere lungă',
        }),
      ),
      cookie,
    );
    expect(res.status).toBe(303);
    const post = await postRow(idFromLocation(res.headers.get('location')));
    expect(post?.title).toBe('Apartament <script>alert(1)</script>');
    const html = await (await getAs(res.headers.get('location') ?? '', cookie)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('validation: 400 with every message, every value and every photo kept', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ['no category', { category: '' }, 'category', 'Alegeți categoria anunțului.'],
    ['an unknown category', { category: '999' }, 'category', 'Alegeți categoria anunțului.'],
    ['no title', { title: '   ' }, 'title', 'Scrieți titlul anunțului.'],
    ['a short title', { title: 'Vând' }, 'title', 'Titlul trebuie să aibă cel puțin 10 caractere.'],
    ['a long title', { title: 'a'.repeat(101) }, 'title', 'Titlul poate avea cel mult 100 de caractere.'],
    [
      'a shouted title',
      { title: 'VÂND APARTAMENT URGENT' },
      'title',
      'Nu scrieți titlul numai cu majuscule.',
    ],
    ['no description', { description: '' }, 'description', 'Scrieți descrierea anunțului.'],
    [
      'a short description',
      { description: 'Prea scurt.' },
      'description',
      'Descrierea trebuie să aibă cel puțin 20 de caractere.',
    ],
    [
      'a long description',
      { description: 'x'.repeat(5001) },
      'description',
      'Descrierea poate avea cel mult 5.000 de caractere.',
    ],
    [
      'a price with decimals',
      { price: '12,50' },
      'price',
      'Prețul trebuie să fie un număr întreg, fără zecimale.',
    ],
    ['a negative price', { price: '-5' }, 'price', 'Prețul nu poate fi negativ.'],
    ['a huge price', { price: '100000001' }, 'price', 'Prețul poate fi cel mult 100.000.000.'],
    ['another currency', { currency: 'USD' }, 'currency', 'Alegeți moneda: RON sau EUR.'],
    ['an unknown locality', { locality: 'Paris' }, 'locality', 'Alegeți localitatea din listă.'],
    ['no phone', { phone: '' }, 'phone', 'Scrieți un număr de telefon pentru contact.'],
    [
      'a foreign phone',
      { phone: '+33 6 12 34 56 78' },
      'phone',
      'Numărul de telefon nu este valid: folosiți un număr românesc, de ex. 0744 123 456.',
    ],
    ['too many rooms', { rooms: '50' }, 'rooms', 'Camere: cel mult 20'],
    ['an area that is not a number', { area: 'mare' }, 'area', 'Suprafață: introduceți un număr întreg'],
  ];
  for (const [what, over, field, message] of cases) {
    it(`says “${message}” beside ${field} for ${what}`, async () => {
      const { cookie } = await person();
      const res = await postFormAs('/posts/new', formOf(validFields(over)), cookie);
      expect(res.status).toBe(400);
      const html = await res.text();
      const escaped = message.replace(/"/g, '&quot;');
      // Beside the field, tied to it, and in the summary at the top with a link to the field.
      expect(html).toContain(`<p class="field__error" id="${field}-error">${escaped}</p>`);
      expect(html).toMatch(
        new RegExp(`id="f-${field}"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*${field}-error`),
      );
      expect(html).toMatch(/<div class="form-summary" role="alert"/);
      expect(html).toContain(`<a href="#f-${field}">${escaped}</a>`);
    });
  }

  it('lists every failing field at once, in the order of the form', async () => {
    const { cookie } = await person();
    const res = await postFormAs(
      '/posts/new',
      formOf(validFields({ title: 'x', description: 'y', phone: '1' })),
      cookie,
    );
    const html = await res.text();
    const summary = html.slice(html.indexOf('form-summary'), html.indexOf('</ul>'));
    expect(summary.indexOf('#f-title')).toBeGreaterThan(0);
    expect(summary.indexOf('#f-title')).toBeLessThan(summary.indexOf('#f-description'));
    expect(summary.indexOf('#f-description')).toBeLessThan(summary.indexOf('#f-phone'));
  });

  it('gives back everything typed', async () => {
    const { cookie } = await person();
    const fields = validFields({
      category: String(CARS),
      title: 'Vând',
      description: 'Mașină întreținută, "acte" la zi & revizie <făcută>.',
      price: '4500',
      currency: 'EUR',
      locality: 'Siret',
      phone: '0744 000 111',
      year: '2015',
      km: '120000',
      fuel: 'motorină',
      negotiable: '1',
    });
    const res = await postFormAs('/posts/new', formOf(fields), cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('value="Vând"');
    expect(html).toContain(
      'Mașină întreținută, &quot;acte&quot; la zi &amp; revizie &lt;făcută&gt;.</textarea>',
    );
    expect(html).toContain('value="4500"');
    expect(html).toMatch(/<option value="EUR" selected="">/);
    expect(html).toMatch(/<option value="Siret" selected="">/);
    expect(html).toMatch(/<option value="201" data-kind="car" selected="">/);
    expect(html).toContain('value="0744 000 111"');
    expect(html).toContain('value="2015"');
    expect(html).toContain('value="120000"');
    expect(html).toMatch(/<option value="motorină" selected="">/);
    expect(html).toMatch(/name="negotiable" checked=""/);
  });

  it('keeps photos already uploaded, in their order, with the chosen main photo first', async () => {
    const { cookie, user } = await person();
    const a = await makeDraftPhoto(user.id);
    const b = await makeDraftPhoto(user.id);
    const c = await makeDraftPhoto(user.id);
    const form = formOf(validFields({ title: 'x' }));
    for (const p of [a, b, c]) form.append('photoIds', String(p.id));
    form.append('mainPhoto', String(c.id));
    const res = await postFormAs('/posts/new', form, cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    const ids = [...html.matchAll(/name="photoIds" value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual([c.id, a.id, b.id]);
    expect(html).toContain(`/api/poze/responsive/${c.id}/`);
    expect(html).toMatch(new RegExp(`name="mainPhoto" checked="" value="${c.id}"`));
  });

  it('without JavaScript, stores a chosen JPEG even when the form fails and gives it back', async () => {
    const { cookie, user } = await person();
    const form = formOf(validFields({ title: 'Vând' }));
    form.append('photos', jpegFile('casa.jpg'));
    const res = await postFormAs('/posts/new', form, cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    const ids = [...html.matchAll(/name="photoIds" value="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toHaveLength(1);
    expect(html).toMatch(new RegExp(`<img[^>]*src="/api/poze/responsive/${ids[0]}/[^"]+"`));
    // Resubmitted with the title fixed (the file input is empty now): the photo is on the ad.
    const again = formOf(validFields());
    again.append('photoIds', String(ids[0]));
    const ok = await postFormAs('/posts/new', again, cookie);
    expect(ok.status).toBe(303);
    const photos = await photosOf(idFromLocation(ok.headers.get('location')));
    expect(photos.map((p) => p.id)).toEqual(ids);
    expect(photos[0].userId).toBe(user.id);
    const img = await getAs(`/api/poze/responsive/${ids[0]}/${photos[0].fileName}`, cookie);
    expect(img.status).toBe(200);
    await img.body?.cancel();
  });

  it('refuses a file that is not an image with a message under the photos, keeping the rest', async () => {
    const { cookie } = await person();
    const form = formOf(validFields());
    form.append('photos', new File([new TextEncoder().encode('<svg/>')], 'x.svg', { type: 'image/svg+xml' }));
    form.append('photos', jpegFile('buna.jpg'));
    const res = await postFormAs('/posts/new', form, cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/<p class="field__error" id="photos-error">x\.svg: [^<]+<\/p>/);
    expect([...html.matchAll(/name="photoIds" value="(\d+)"/g)]).toHaveLength(1);
    expect(html).toContain('value="Apartament 2 camere central"');
  });

  it('refuses more than 10 photos on one ad', async () => {
    const { cookie, user } = await person();
    const form = formOf(validFields());
    for (let i = 0; i < 11; i++) form.append('photoIds', String((await makeDraftPhoto(user.id)).id));
    const res = await postFormAs('/posts/new', form, cookie);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Un anunț poate avea cel mult 10 fotografii.');
  });
});

describe('photos on an ad', () => {
  it('attaches the person’s own uploads in the order of the form, the first the main one', async () => {
    const { cookie, user } = await person();
    const a = await makeDraftPhoto(user.id);
    const b = await makeDraftPhoto(user.id);
    const res = await postFormAs(
      '/posts/new',
      formOf({ ...validFields(), photoIds: [String(b.id), String(a.id)] }),
      cookie,
    );
    expect(res.status).toBe(303);
    const photos = await photosOf(idFromLocation(res.headers.get('location')));
    expect(photos.map((p) => [p.id, p.position])).toEqual([
      [b.id, 0],
      [a.id, 1],
    ]);
  });

  it('refuses (403) to attach someone else’s photo, and leaves it where it was', async () => {
    const { cookie } = await person();
    const other = await person();
    const theirs = await makeDraftPhoto(other.user.id);
    const res = await postFormAs(
      '/posts/new',
      formOf({ ...validFields(), photoIds: String(theirs.id) }),
      cookie,
    );
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Acces refuzat');
    const [row] = await db.select().from(schema.photos).where(eqId(theirs.id));
    expect(row.postId).toBeNull();
  });

  it('refuses (403) to move a photo of another ad onto this one', async () => {
    const { cookie, user } = await person();
    const other = await makePost(user.id, {}, HOUSE);
    const onOther = await makeDraftPhoto(user.id, other.id);
    const res = await postFormAs(
      '/posts/new',
      formOf({ ...validFields(), photoIds: String(onOther.id) }),
      cookie,
    );
    expect(res.status).toBe(403);
  });

  it('reorders, removes (also from R2) and adds photos when an ad is edited', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const a = await makeDraftPhoto(user.id, ad.id);
    const b = await makeDraftPhoto(user.id, ad.id);
    const fresh = await makeDraftPhoto(user.id);
    const res = await postFormAs(
      `/posts/edit/${ad.id}`,
      formOf({
        ...validFields(),
        photoIds: [String(fresh.id), String(b.id), String(a.id)],
        removePhotoIds: String(a.id),
      }),
      cookie,
    );
    expect(res.status).toBe(303);
    expect((await photosOf(ad.id)).map((p) => p.id)).toEqual([fresh.id, b.id]);
    expect(await env.PHOTOS.head(`photos/${a.id}/original.webp`)).toBeNull();
    expect(await env.PHOTOS.head(`photos/${b.id}/original.webp`)).not.toBeNull();
  });
});

describe('limits and cross-site requests', () => {
  it('refuses an 11th ad in a day with 429 and a Romanian message, keeping what was typed', async () => {
    const { cookie, user } = await person();
    for (let i = 0; i < 10; i++) await makePost(user.id, { createdAt: Date.now() - 3_600_000 }, HOUSE);
    const res = await postFormAs(
      '/posts/new',
      formOf(validFields({ title: 'Al unsprezecelea anunț azi' })),
      cookie,
    );
    expect(res.status).toBe(429);
    const html = await res.text();
    expect(textOf(html)).toContain('Ați publicat deja 10 anunțuri în ultimele 24 de ore.');
    expect(html).toContain('value="Al unsprezecelea anunț azi"');
  });

  it('counts only the last 24 hours for the daily limit', async () => {
    const { cookie, user } = await person();
    for (let i = 0; i < 10; i++) await makePost(user.id, { createdAt: Date.now() - 2 * 86_400_000 }, HOUSE);
    const res = await postFormAs('/posts/new', formOf(validFields()), cookie);
    expect(res.status).toBe(303);
  });

  it('refuses (403) a form posted from another site, even signed in, and writes nothing', async () => {
    const { cookie, user } = await person();
    const res = await postForm('/posts/new', formOf(validFields({ title: 'Atac de pe alt site aici' })), {
      cookie,
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    const rows = await db.select().from(schema.posts).where(eqUser(user.id));
    expect(rows).toHaveLength(0);
    const ad = await makePost(user.id, {}, HOUSE);
    for (const path of [
      `/posts/edit/${ad.id}`,
      `/posts/edit/${ad.id}/vandut`,
      `/posts/edit/${ad.id}/sterge`,
      `/raporteaza/${ad.id}`,
    ]) {
      const r = await postForm(path, formOf({ ...validFields(), confirm: 'da', reason: 'Spam' }), {
        cookie,
        origin: 'https://evil.example',
      });
      expect(r.status, path).toBe(403);
    }
    expect((await postRow(ad.id))?.status).toBe('published');
    expect(ORIGIN).toBe('http://127.0.0.1:8787');
  });
});

import { eq } from 'drizzle-orm';

function eqId(id: number) {
  return eq(schema.photos.id, id);
}
function eqUser(id: number) {
  return eq(schema.posts.userId, id);
}
