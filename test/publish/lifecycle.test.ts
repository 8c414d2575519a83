// The life of an ad: published 30 days → expired (daily job); renew at most once a day; sold;
// unpublish (back to draft) and publish again; delete with a confirmation, photos leaving R2.

import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { runScheduled } from '../../src/jobs/daily';
import {
  DAY,
  db,
  flashText,
  formOf,
  get,
  getAs,
  HOUSE,
  makeDraftPhoto,
  makePost,
  person,
  postFormAs,
  postRow,
  textOf,
  validFields,
  withFlash,
} from '../fixtures';

async function listingHrefs(path = '/anunturi/imobiliare'): Promise<string[]> {
  const html = await (await get(path)).text();
  return [...html.matchAll(/href="(\/anunt\/[^"?#]+)"/g)].map((m) => m[1]);
}

function adPath(post: schema.Post, category = 'imobiliare') {
  return `/anunt/${category}/${post.slug}-${post.id}`;
}

describe('renewing', () => {
  it('brings an expired ad back for 30 days from now, at the top of its listing', async () => {
    const { cookie, user } = await person();
    await makePost(user.id, { title: 'Anunț mai nou decât cel expirat', bumpedAt: Date.now() - DAY }, HOUSE);
    const ad = await makePost(
      user.id,
      {
        status: 'expired',
        bumpedAt: Date.now() - 40 * DAY,
        expiresAt: Date.now() - 10 * DAY,
        updatedAt: Date.now() - 10 * DAY,
      },
      HOUSE,
    );
    expect(await listingHrefs()).not.toContain(adPath(ad));
    const before = Date.now();
    const res = await postFormAs(`/posts/edit/${ad.id}/reinnoieste`, {}, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(adPath(ad));
    expect(flashText(await (await getAs(adPath(ad), withFlash(res, cookie))).text())).toContain(
      'Anunțul a fost reînnoit',
    );
    const row = await postRow(ad.id);
    expect(row?.status).toBe('published');
    expect(row?.bumpedAt).toBeGreaterThanOrEqual(before);
    expect(row?.renewedAt).toBe(row?.bumpedAt);
    expect(row?.expiresAt).toBe((row?.bumpedAt ?? 0) + 30 * DAY);
    expect(row?.updatedAt).toBe(row?.bumpedAt);
    expect((await listingHrefs())[0]).toBe(adPath(ad));
  });

  it('refuses a second renewal the same day with 429 and a Romanian message', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { bumpedAt: Date.now() - 5 * DAY }, HOUSE);
    expect((await postFormAs(`/posts/edit/${ad.id}/reinnoieste`, {}, cookie)).status).toBe(303);
    const bumped = (await postRow(ad.id))?.bumpedAt;
    const again = await postFormAs(`/posts/edit/${ad.id}/reinnoieste`, {}, cookie);
    expect(again.status).toBe(429);
    expect(textOf(await again.text())).toContain('Îl puteți reînnoi din nou mâine.');
    expect((await postRow(ad.id))?.bumpedAt).toBe(bumped);
  });

  it('does not offer renewing an ad renewed less than a day ago', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(
      user.id,
      { bumpedAt: Date.now() - 3_600_000, renewedAt: Date.now() - 3_600_000 },
      HOUSE,
    );
    const html = await (await getAs(`/posts/edit/${ad.id}`, cookie)).text();
    expect(html).not.toContain(`/posts/edit/${ad.id}/reinnoieste`);
    expect(textOf(html)).toContain('Un anunț se poate reînnoi o dată pe zi: din nou după');
    expect((await postFormAs(`/posts/edit/${ad.id}/reinnoieste`, {}, cookie)).status).toBe(429);
  });
});

describe('sold, unpublished, published again', () => {
  it('marks an ad sold: out of the listing, its page says so and is noindex', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    expect(await listingHrefs()).toContain(adPath(ad));
    const res = await postFormAs(`/posts/edit/${ad.id}/vandut`, {}, cookie);
    expect(res.status).toBe(303);
    const row = await postRow(ad.id);
    expect(row?.status).toBe('sold');
    expect(row?.closedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(row?.updatedAt).toBe(row?.closedAt);
    expect(await listingHrefs()).not.toContain(adPath(ad));
    const page = await get(adPath(ad));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(textOf(html)).toMatch(/marcat ca vândut/);
    expect(html).toContain('noindex');
  });

  it('unpublishes an ad back to a draft only its author sees, and publishes it again', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    expect((await postFormAs(`/posts/edit/${ad.id}/retrage`, {}, cookie)).status).toBe(303);
    expect((await postRow(ad.id))?.status).toBe('draft');
    expect(await listingHrefs()).not.toContain(adPath(ad));
    expect((await get(adPath(ad))).status).toBe(404);
    expect((await getAs(adPath(ad), cookie)).status).toBe(200);
    const res = await postFormAs(`/posts/edit/${ad.id}/publica`, {}, cookie);
    expect(res.status).toBe(303);
    const row = await postRow(ad.id);
    expect(row?.status).toBe('published');
    expect(row?.expiresAt).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(await listingHrefs()).toContain(adPath(ad));
  });

  it('refuses (409) an action the ad’s state does not allow, e.g. selling a draft', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { status: 'draft' }, HOUSE);
    const res = await postFormAs(`/posts/edit/${ad.id}/vandut`, {}, cookie);
    expect(res.status).toBe(409);
    expect((await postRow(ad.id))?.status).toBe('draft');
  });

  it('lets no owner undo an operator’s hiding (409)', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { status: 'hidden' }, HOUSE);
    for (const action of ['reinnoieste', 'publica', 'vandut', 'retrage']) {
      const res = await postFormAs(`/posts/edit/${ad.id}/${action}`, {}, cookie);
      expect(res.status, action).toBe(409);
      expect(textOf(await res.text())).toContain('ascuns de un operator');
    }
    expect((await postRow(ad.id))?.status).toBe('hidden');
  });

  it('keeps the state and lifetime of an ad when it is edited, and updated_at follows', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { updatedAt: Date.now() - 5 * DAY }, HOUSE);
    const res = await postFormAs(
      `/posts/edit/${ad.id}`,
      formOf(validFields({ title: 'Titlu schimbat al anunțului' })),
      cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/\/anunt\/imobiliare\/titlu-schimbat-al-anuntului-\d+$/);
    const row = await postRow(ad.id);
    expect(row).toMatchObject({ status: 'published', expiresAt: ad.expiresAt, bumpedAt: ad.bumpedAt });
    expect(row?.updatedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows the editor with the ad’s values, its state and the sold action', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, { fields: { rooms: 4 } }, HOUSE);
    const html = await (await getAs(`/posts/edit/${ad.id}`, cookie)).text();
    expect(html).toContain(`value="${ad.title}"`);
    expect(html).toMatch(/<option value="102" data-kind="home" selected="">/);
    expect(html).toContain('value="4"');
    expect(html).toContain('Salvează modificările');
    expect(textOf(html)).toContain('Stare: Publicat');
    expect(html).toContain('Marchează ca vândut');
  });
});

describe('deleting', () => {
  it('asks for confirmation first and deletes nothing without it', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const page = await getAs(`/posts/edit/${ad.id}/sterge`, cookie);
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain('Ștergeți anunțul?');
    const res = await postFormAs(`/posts/edit/${ad.id}/sterge`, {}, cookie);
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain('Bifați căsuța pentru a confirma ștergerea.');
    expect(await postRow(ad.id)).not.toBeNull();
  });

  it("takes the ad off the site at once and keeps it with its photos for the operators' undo", async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const photo = await makeDraftPhoto(user.id, ad.id);
    await env.PHOTOS.put(`photos/${photo.id}/w320.webp`, new Uint8Array([1]));
    const res = await postFormAs(`/posts/edit/${ad.id}/sterge`, { confirm: 'da' }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/posts/mine');
    const row = await postRow(ad.id);
    expect(row?.status).toBe('deleted');
    expect(row?.deletedFrom).toBe('published');
    // Kept for 30 days (docs/privacy.md#deleted-ads): the photo's row and objects too.
    expect(await db.select().from(schema.photos).where(eq(schema.photos.id, photo.id))).toHaveLength(1);
    expect((await env.PHOTOS.list({ prefix: `photos/${photo.id}/` })).objects).toHaveLength(2);
    // Its address answers as an ad removed for good, to its author as to anyone.
    expect((await get(adPath(ad))).status).toBe(410);
    expect((await getAs(adPath(ad), cookie)).status).toBe(410);
    const mine = await getAs('/posts/mine', withFlash(res, cookie));
    const html = await mine.text();
    expect(flashText(html)).toBe('Anunțul a fost șters.');
    expect(html).not.toContain(`/posts/edit/${ad.id}`);
    // Nothing more can be done to it by its author.
    expect((await postFormAs(`/posts/edit/${ad.id}/sterge`, { confirm: 'da' }, cookie)).status).toBe(404);
    expect((await getAs(`/posts/edit/${ad.id}`, cookie)).status).toBe(404);
  });
});

describe('Anunțurile mele', () => {
  it('lists the person’s own ads in every state, with the state and the actions it allows', async () => {
    const { cookie, user } = await person();
    const other = await person();
    const published = await makePost(user.id, { title: 'Anunț publicat de test' }, HOUSE);
    const expired = await makePost(
      user.id,
      {
        title: 'Anunț expirat de test',
        status: 'expired',
        expiresAt: Date.now() - DAY,
        bumpedAt: Date.now() - 31 * DAY,
      },
      HOUSE,
    );
    const sold = await makePost(user.id, { title: 'Anunț vândut de test', status: 'sold' }, HOUSE);
    const draft = await makePost(user.id, { title: 'Anunț ciornă de test', status: 'draft' }, HOUSE);
    const hidden = await makePost(user.id, { title: 'Anunț ascuns de test', status: 'hidden' }, HOUSE);
    await makePost(other.user.id, { title: 'Anunțul altcuiva aici' }, HOUSE);
    const res = await getAs('/posts/mine', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    const text = textOf(html);
    for (const [ad, label] of [
      [published, 'Publicat'],
      [expired, 'Expirat'],
      [sold, 'Vândut'],
      [draft, 'Ciornă'],
      [hidden, 'Ascuns de un operator'],
    ] as const) {
      const item = html.slice(html.indexOf(`id="anunt-${ad.id}"`));
      const one = textOf(item.slice(0, item.indexOf('</li>')));
      expect(one, ad.title).toContain(ad.title);
      expect(one, ad.title).toContain(label);
    }
    expect(text).not.toContain('Anunțul altcuiva aici');
    expect(html).toContain(`/posts/edit/${expired.id}/reinnoieste`);
    expect(html).toContain(`/posts/edit/${published.id}/vandut`);
    expect(html).toContain(`/posts/edit/${draft.id}/publica`);
    expect(html).not.toContain(`/posts/edit/${hidden.id}/publica`);
    expect(html).toContain(`/posts/edit/${hidden.id}/sterge`);
    // An action from this page comes back here with a confirmation.
    const back = await postFormAs(`/posts/edit/${published.id}/vandut`, { returnTo: '/posts/mine' }, cookie);
    expect(back.headers.get('location')).toBe('/posts/mine');
    expect(flashText(await (await getAs('/posts/mine', withFlash(back, cookie))).text())).toBe(
      'Anunțul a fost marcat ca vândut.',
    );
  });

  it('never sends an action elsewhere than this site', async () => {
    const { cookie, user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const res = await postFormAs(`/posts/edit/${ad.id}/vandut`, { returnTo: '//evil.example/x' }, cookie);
    expect(res.headers.get('location')).toBe(adPath(ad));
  });
});

describe('the daily job', () => {
  it('expires published ads past their 30 days and leaves the others', async () => {
    const { user } = await person();
    const now = Date.now();
    const old = await makePost(user.id, { expiresAt: now - 1000, bumpedAt: now - 30 * DAY - 1000 }, HOUSE);
    const fresh = await makePost(user.id, { expiresAt: now + DAY }, HOUSE);
    const sold = await makePost(user.id, { status: 'sold', expiresAt: now - 1000 }, HOUSE);
    const report = await runScheduled(env, now);
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const row = await postRow(old.id);
    expect(row?.status).toBe('expired');
    expect(row?.updatedAt).toBe(now);
    expect((await postRow(fresh.id))?.status).toBe('published');
    expect((await postRow(sold.id))?.status).toBe('sold');
    // The expired ad's page says so; the owner can renew it.
    expect(textOf(await (await get(adPath(old))).text())).toContain('a expirat');
  });

  it('removes drafts never published and untouched for a week, with their photos, and orphaned uploads', async () => {
    const { user } = await person();
    const now = Date.now();
    const stale = await makePost(
      user.id,
      { status: 'draft', publishedAt: null, updatedAt: now - 8 * DAY },
      HOUSE,
    );
    const recent = await makePost(
      user.id,
      { status: 'draft', publishedAt: null, updatedAt: now - DAY },
      HOUSE,
    );
    const unpublished = await makePost(user.id, { status: 'draft', updatedAt: now - 30 * DAY }, HOUSE);
    const stalePhoto = await makeDraftPhoto(user.id, stale.id);
    const orphan = await makeDraftPhoto(user.id);
    await db
      .update(schema.photos)
      .set({ createdAt: now - 2 * DAY })
      .where(eq(schema.photos.id, orphan.id));
    const newOrphan = await makeDraftPhoto(user.id);
    await runScheduled(env, now);
    expect(await postRow(stale.id)).toBeNull();
    expect(await postRow(recent.id)).not.toBeNull();
    expect(await postRow(unpublished.id)).not.toBeNull();
    const left = (await db.select({ id: schema.photos.id }).from(schema.photos)).map((p) => p.id);
    expect(left).not.toContain(stalePhoto.id);
    expect(left).not.toContain(orphan.id);
    expect(left).toContain(newOrphan.id);
    expect(await env.PHOTOS.head(`photos/${stalePhoto.id}/original.webp`)).toBeNull();
    expect(await env.PHOTOS.head(`photos/${orphan.id}/original.webp`)).toBeNull();
  });
});
