// Deleted ads are kept 30 days for an operator's undo (docs/privacy.md#deleted-ads): gone from every
// public place at once, restorable by an operator only and logged, removed for good with their photo
// objects by the daily job a day after the 30 days (not a day before).
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELETED_AD_KEEP_MS } from '../../src/db/lifecycle';
import * as schema from '../../src/db/schema';
import { openDb } from '../../src/db/session';
import { sitemapAds } from '../../src/db/sitemap';
import { runRetention } from '../../src/jobs/retention';
import { variantKey } from '../../src/photos/keys';
import {
  DAY,
  db,
  get,
  getAs,
  makeDraftPhoto,
  makePost,
  person,
  postFormAs,
  postRow,
  textOf,
} from '../fixtures';
import { objectsOf } from './support';

const handle = () => openDb(env.DB);
let seq = 0;

function adPath(ad: schema.Post) {
  return `/anunt/imobiliare/${ad.slug}-${ad.id}`;
}
function photoPath(photo: schema.Photo) {
  return `/api/poze/${photo.id}/${photo.fileName.replace(/\.jpg$/, '.webp')}`;
}

/** An owner's published ad with a photo (objects in R2), a word only its title has, and a stranger. */
async function adWithPhoto() {
  seq++;
  const word = `undoprobe${seq}${Math.random().toString(36).slice(2, 7)}`;
  const owner = await person();
  const stranger = await person();
  const ad = await makePost(owner.user.id, { title: `Bicicletă ${word}` });
  const photo = await makeDraftPhoto(owner.user.id, ad.id);
  // The full-size variant already made, so serving it needs no decoding of the fixture's bytes.
  await env.PHOTOS.put(variantKey(photo.id, 'full'), new Uint8Array([1, 2, 3]));
  return { owner, stranger, ad, photo, word };
}

async function ownerDeletes(owner: { cookie: string }, ad: schema.Post) {
  const res = await postFormAs(`/posts/edit/${ad.id}/sterge`, { confirm: 'da' }, owner.cookie);
  expect(res.status).toBe(303);
}

describe('a deleted ad is visible to no one but the operators', () => {
  it('its page answers 410 and its photo 404 to strangers and its owner; search, sitemap, favourites and messages know nothing of it', async () => {
    const { owner, stranger, ad, photo, word } = await adWithPhoto();
    const operator = await person({ role: 'operator' });
    await db
      .insert(schema.favourites)
      .values({ userId: stranger.user.id, postId: ad.id, createdAt: Date.now(), priceAtSave: ad.price });
    const opened = await postFormAs(
      `/mesaje/anunt/${ad.id}`,
      { text: 'Bună ziua, mai este?' },
      stranger.cookie,
    );
    const conversationPath = opened.headers.get('location') ?? '';
    expect(conversationPath).toMatch(/^\/mesaje\/\d+$/);
    const found = async () => textOf(await (await get(`/cautare?q=${word}`)).text());
    expect(await found()).toContain(`Bicicletă ${word}`);

    await ownerDeletes(owner, ad);

    for (const viewer of [null, stranger.cookie, owner.cookie]) {
      const page = viewer ? await getAs(adPath(ad), viewer) : await get(adPath(ad));
      expect(page.status).toBe(410);
      expect(textOf(await page.text())).not.toContain(word);
      const pixels = viewer ? await getAs(photoPath(photo), viewer) : await get(photoPath(photo));
      expect(pixels.status).toBe(404);
      await pixels.body?.cancel();
    }
    expect(await found()).not.toContain(`Bicicletă ${word}`);
    expect((await sitemapAds(db, 0, 50_000)).map((a) => a.id)).not.toContain(ad.id);
    const saved = textOf(await (await getAs('/salvate', stranger.cookie)).text());
    expect(saved).not.toContain(word);
    expect(saved).toContain('Anunț indisponibil');
    // A participant still reads the conversation, without the ad's link or photo; a new one cannot start.
    const conversation = await (await getAs(conversationPath, stranger.cookie)).text();
    expect(conversation).not.toContain(adPath(ad));
    expect(conversation).not.toContain(`/api/poze/${photo.id}/`);
    const inbox = await (await getAs('/mesaje', stranger.cookie)).text();
    expect(inbox).not.toContain(adPath(ad));
    expect(inbox).not.toContain(`/api/poze/responsive/${photo.id}/`);
    const third = await person();
    const start = await getAs(`/mesaje/anunt/${ad.id}`, third.cookie);
    expect(start.status).toBe(404);
    expect(textOf(await start.text())).not.toContain(word);

    // The operators still see it, with the undo, and its photo (never cached).
    const opPage = await getAs(adPath(ad), operator.cookie);
    expect(opPage.status).toBe(200);
    const opHtml = await opPage.text();
    expect(textOf(opHtml)).toContain('Anunț șters');
    expect(opHtml).toContain(`action="/moderare/restaurare/${ad.id}"`);
    const opPixels = await getAs(photoPath(photo), operator.cookie);
    expect(opPixels.status).toBe(200);
    expect(opPixels.headers.get('cache-control')).toBe('private, no-store');
    await opPixels.body?.cancel();
  });

  it('three deletions at once delete it once and log it once', async () => {
    const { ad } = await adWithPhoto();
    const operator = await person({ role: 'operator' });
    const results = await Promise.all(
      [1, 2, 3].map(() => postFormAs(`/moderare/anunt/${ad.id}/sterge`, { confirm: 'da' }, operator.cookie)),
    );
    for (const r of results) await r.body?.cancel();
    expect(results.some((r) => r.status === 303)).toBe(true);
    for (const r of results) expect([303, 409]).toContain(r.status);
    const row = await postRow(ad.id);
    expect(row?.status).toBe('deleted');
    expect(row?.deletedFrom).toBe('published');
    const logged = await db
      .select()
      .from(schema.moderationLog)
      .where(
        and(
          eq(schema.moderationLog.targetType, 'post'),
          eq(schema.moderationLog.targetId, ad.id),
          eq(schema.moderationLog.action, 'delete'),
        ),
      );
    expect(logged).toHaveLength(1);
  });

  it('a bulk delete from the console follows the same rule', async () => {
    const { ad, photo } = await adWithPhoto();
    const operator = await person({ role: 'operator' });
    const f = new URLSearchParams({ action: 'sterge', confirm: 'da' });
    f.append('ids', String(ad.id));
    expect((await postFormAs('/moderare/in-masa', f, operator.cookie)).status).toBe(303);
    expect((await postRow(ad.id))?.status).toBe('deleted');
    expect(await objectsOf(photo.id)).toHaveLength(2);
    expect((await get(adPath(ad))).status).toBe(410);
  });
});

describe('an operator undoes a deletion within 30 days', () => {
  it('from the person page: the ad is back in its state, public again with its photo, and the undo is logged', async () => {
    const { owner, ad, photo, word } = await adWithPhoto();
    const operator = await person({ role: 'operator' });
    await ownerDeletes(owner, ad);
    const personPage = await (await getAs(`/moderare/utilizator/${owner.user.id}`, operator.cookie)).text();
    expect(personPage).toContain(`action="/moderare/restaurare/${ad.id}"`);
    expect(textOf(personPage)).toContain('Se poate restaura până pe');

    const res = await postFormAs(
      `/moderare/restaurare/${ad.id}`,
      { returnTo: `/moderare/utilizator/${owner.user.id}` },
      operator.cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/moderare/utilizator/${owner.user.id}`);
    const row = await postRow(ad.id);
    expect(row?.status).toBe('published');
    expect(row?.deletedAt).toBeNull();
    expect((await get(adPath(ad))).status).toBe(200);
    const pixels = await get(photoPath(photo));
    expect(pixels.status).toBe(200);
    await pixels.body?.cancel();
    expect(textOf(await (await get(`/cautare?q=${word}`)).text())).toContain(`Bicicletă ${word}`);
    const [logged] = await db
      .select()
      .from(schema.moderationLog)
      .where(
        and(
          eq(schema.moderationLog.targetType, 'post'),
          eq(schema.moderationLog.targetId, ad.id),
          eq(schema.moderationLog.action, 'restore'),
        ),
      );
    expect(logged.operatorUserId).toBe(operator.user.id);
    // A second undo finds nothing to undo.
    const again = await postFormAs(`/moderare/restaurare/${ad.id}`, {}, operator.cookie);
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain('Anunțul nu este șters');
  });

  it('returns a hidden ad to hidden, not to public', async () => {
    const owner = await person();
    const operator = await person({ role: 'operator' });
    const ad = await makePost(owner.user.id, { status: 'hidden', hiddenReason: 'Spam sau anunț duplicat' });
    await ownerDeletes(owner, ad);
    expect((await postFormAs(`/moderare/restaurare/${ad.id}`, {}, operator.cookie)).status).toBe(303);
    expect((await postRow(ad.id))?.status).toBe('hidden');
    expect((await get(adPath(ad))).status).toBe(404);
  });

  it('is for operators only: the owner and strangers are refused, signed-out people sent to sign in', async () => {
    const { owner, stranger, ad } = await adWithPhoto();
    await ownerDeletes(owner, ad);
    for (const cookie of [owner.cookie, stranger.cookie]) {
      const res = await postFormAs(`/moderare/restaurare/${ad.id}`, {}, cookie);
      expect(res.status).toBe(403);
      await res.body?.cancel();
    }
    const anonymous = await get(`/moderare/restaurare/${ad.id}`, { method: 'POST' });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
    await anonymous.body?.cancel();
    expect((await postRow(ad.id))?.status).toBe('deleted');
  });

  it('is refused once the 30 days are over, even before the daily job ran', async () => {
    const { owner, ad } = await adWithPhoto();
    const operator = await person({ role: 'operator' });
    await ownerDeletes(owner, ad);
    await db
      .update(schema.posts)
      .set({ deletedAt: Date.now() - DELETED_AD_KEEP_MS - 1000 })
      .where(eq(schema.posts.id, ad.id));
    const page = await (await getAs(`/moderare/utilizator/${owner.user.id}`, operator.cookie)).text();
    expect(page).not.toContain(`action="/moderare/restaurare/${ad.id}"`);
    expect(textOf(page)).toContain('Nu mai poate fi restaurat');
    const res = await postFormAs(`/moderare/restaurare/${ad.id}`, {}, operator.cookie);
    expect(res.status).toBe(409);
    expect(textOf(await res.text())).toContain('Au trecut cele 30 de zile');
    expect((await postRow(ad.id))?.status).toBe('deleted');
  });

  it('answers a bad id or an ad that never existed with a 404', async () => {
    const operator = await person({ role: 'operator' });
    for (const id of ['abc', '0', '99999999']) {
      const res = await postFormAs(`/moderare/restaurare/${id}`, {}, operator.cookie);
      expect(res.status, id).toBe(404);
      await res.body?.cancel();
    }
  });
});

describe('the daily job removes deleted ads for good after 30 days', () => {
  it('a day before: kept with its photo objects; a day after: rows and objects gone, the URL 410', async () => {
    const now = Date.now();
    const before = await adWithPhoto();
    const after = await adWithPhoto();
    await ownerDeletes(before.owner, before.ad);
    await ownerDeletes(after.owner, after.ad);
    await db
      .update(schema.posts)
      .set({ deletedAt: now - DELETED_AD_KEEP_MS + DAY })
      .where(eq(schema.posts.id, before.ad.id));
    await db
      .update(schema.posts)
      .set({ deletedAt: now - DELETED_AD_KEEP_MS - DAY })
      .where(eq(schema.posts.id, after.ad.id));

    const report = await runRetention(env, handle(), now);
    expect(report.deletedAdsRemoved).toBeGreaterThanOrEqual(1);
    expect((await postRow(before.ad.id))?.status).toBe('deleted');
    expect(await objectsOf(before.photo.id)).toHaveLength(2);
    expect(await postRow(after.ad.id)).toBeNull();
    expect(await objectsOf(after.photo.id)).toEqual([]);
    expect(await db.select().from(schema.photos).where(eq(schema.photos.id, after.photo.id))).toEqual([]);
    expect((await get(adPath(after.ad))).status).toBe(410);
    expect((await get(adPath(before.ad))).status).toBe(410);
  });

  it('a deleted account takes its deleted ads with it at once, photos included', async () => {
    const { owner, ad, photo } = await adWithPhoto();
    await ownerDeletes(owner, ad);
    expect((await postFormAs('/cont/sterge', { confirm: 'ȘTERGE' }, owner.cookie)).status).toBe(303);
    expect(await postRow(ad.id)).toBeNull();
    expect(await objectsOf(photo.id)).toEqual([]);
    expect((await get(adPath(ad))).status).toBe(410);
  });
});
