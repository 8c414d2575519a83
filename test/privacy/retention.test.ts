// Retention as code: each rule the privacy page promises, at its boundary (a day before and a day
// after), through the daily job's own functions on the real D1, R2 and conversation objects.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { openDb } from '../../src/db/session';
import { cleanupConversations } from '../../src/jobs/conversation-cleanup';
import {
  runRetention,
  SWEEP_INTERVAL_MS,
  SWEEP_META_KEY,
  SWEEP_MIN_AGE_MS,
  sweepPhotoObjects,
} from '../../src/jobs/retention';
import { EXPIRED_AD_KEEP_MS } from '../../src/lib/ad-retention';
import { RENEW_LINK_TTL_MS } from '../../src/mail/renew-link';
import { DAY, get, makeDraftPhoto, makePost, person, postForm, postFormAs } from '../fixtures';
import { db, objectsOf, room } from './support';

const handle = () => openDb(env.DB);

async function postExists(id: number) {
  return (await db.select().from(schema.posts).where(eq(schema.posts.id, id))).length === 1;
}

describe('expired ads are removed two years after their expiry', () => {
  it('a day before: kept and still shown; a day after: gone with its photos, the URL answers 410', async () => {
    const now = Date.now();
    const { user } = await person();
    const before = await makePost(user.id, { status: 'expired', expiresAt: now - EXPIRED_AD_KEEP_MS + DAY });
    const after = await makePost(user.id, { status: 'expired', expiresAt: now - EXPIRED_AD_KEEP_MS - DAY });
    // Still "published" in its column but past its expiry the same long: the same rule.
    const stale = await makePost(user.id, { status: 'published', expiresAt: now - EXPIRED_AD_KEEP_MS - DAY });
    const keptPhoto = await makeDraftPhoto(user.id, before.id);
    const gonePhoto = await makeDraftPhoto(user.id, after.id);

    const report = await runRetention(env, handle(), now);
    expect(report.expiredAdsRemoved).toBeGreaterThanOrEqual(2);
    expect(await postExists(before.id)).toBe(true);
    expect(await objectsOf(keptPhoto.id)).toHaveLength(1);
    expect(await postExists(after.id)).toBe(false);
    expect(await postExists(stale.id)).toBe(false);
    expect(await objectsOf(gonePhoto.id)).toEqual([]);
    expect(await db.select().from(schema.photos).where(eq(schema.photos.id, gonePhoto.id))).toEqual([]);

    expect((await get(`/anunt/imobiliare/${before.slug}-${before.id}`)).status).toBe(200);
    expect((await get(`/anunt/imobiliare/${after.slug}-${after.id}`)).status).toBe(410);
    expect(
      (await get(`/api/poze/${gonePhoto.id}/${gonePhoto.fileName.replace(/\.jpg$/, '.webp')}`)).status,
    ).toBe(404);
    // An ad that never existed is still a 404, not a 410.
    expect((await get('/anunt/imobiliare/nimic-99999999')).status).toBe(404);
  });
});

describe('mail logs and tokens go once past their validity', () => {
  it('reminder rows 30 days after their expiry date, used renewal links after 7 days, digest claims after 30', async () => {
    const now = Date.now();
    const { user } = await person();
    const ad = await makePost(user.id);
    await db.insert(schema.expiryReminders).values([
      {
        postId: ad.id,
        expiresAt: now - 30 * DAY + DAY,
        stage: 'expired',
        userId: user.id,
        createdAt: now - 40 * DAY,
      },
      {
        postId: ad.id,
        expiresAt: now - 30 * DAY - DAY,
        stage: 'expired',
        userId: user.id,
        createdAt: now - 40 * DAY,
      },
    ]);
    const tag = Math.random().toString(36).slice(2);
    await db.insert(schema.usedTokens).values([
      { id: `kept-${tag}`, usedAt: now - RENEW_LINK_TTL_MS + DAY },
      { id: `gone-${tag}`, usedAt: now - RENEW_LINK_TTL_MS - DAY },
    ]);
    await db.insert(schema.savedSearchRuns).values([
      { userId: user.id, day: '2026-01-02', state: 'sent', claimedAt: now - 30 * DAY + DAY },
      { userId: user.id, day: '2026-01-01', state: 'sent', claimedAt: now - 30 * DAY - DAY },
    ]);
    await runRetention(env, handle(), now);
    const reminders = await db
      .select()
      .from(schema.expiryReminders)
      .where(eq(schema.expiryReminders.postId, ad.id));
    expect(reminders.map((r) => r.expiresAt)).toEqual([now - 30 * DAY + DAY]);
    const tokens = (await db.select().from(schema.usedTokens))
      .map((t) => t.id)
      .filter((id) => id.endsWith(tag));
    expect(tokens).toEqual([`kept-${tag}`]);
    const runs = await db
      .select()
      .from(schema.savedSearchRuns)
      .where(eq(schema.savedSearchRuns.userId, user.id));
    expect(runs.map((r) => r.day)).toEqual(['2026-01-02']);
  });
});

describe('conversations go 30 days after both sides are gone', () => {
  it('one side gone: kept; both gone: removed from D1 and its object a day after the 30 days, not a day before', async () => {
    const seller = await person();
    const buyer = await person();
    const ad = await makePost(seller.user.id);
    const opened = await postFormAs(`/mesaje/anunt/${ad.id}`, { text: 'Bună ziua, mai este?' }, buyer.cookie);
    const id = Number(/\/mesaje\/(\d+)/.exec(opened.headers.get('location') ?? '')?.[1]);
    expect(await postFormAs(`/mesaje/${id}`, { text: 'Da, este.' }, seller.cookie)).toHaveProperty(
      'status',
      303,
    );
    const row = async () =>
      (await db.select().from(schema.conversations).where(eq(schema.conversations.id, id)))[0] ?? null;

    expect((await postFormAs('/cont/sterge', { confirm: 'ȘTERGE' }, buyer.cookie)).status).toBe(303);
    expect((await row())?.postDeletedAt).toBeNull();
    await runRetention(env, handle(), Date.now());
    expect((await row())?.postDeletedAt).toBeNull();

    expect((await postFormAs('/cont/sterge', { confirm: 'ȘTERGE' }, seller.cookie)).status).toBe(303);
    const since = (await row())?.postDeletedAt as number;
    expect(since).toBeGreaterThan(0);
    await cleanupConversations(env, handle(), since + 30 * DAY - DAY);
    expect(await row()).not.toBeNull();
    await cleanupConversations(env, handle(), since + 30 * DAY + DAY);
    expect(await row()).toBeNull();
    expect(await room(id).list()).toEqual([]);
  });
});

describe('R2 objects without a row', () => {
  it('are removed by the weekly sweep once a day old, never a photo that has its row', async () => {
    const { user } = await person();
    const ad = await makePost(user.id);
    const kept = await makeDraftPhoto(user.id, ad.id);
    const orphanId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const put = await env.PHOTOS.put(`photos/${orphanId}/original.webp`, new Uint8Array([1, 2, 3]));
    await env.PHOTOS.put(`photos/${orphanId}/w320.webp`, new Uint8Array([1]));
    const uploaded = (put as R2Object).uploaded.getTime();

    expect(await sweepPhotoObjects(env, handle(), uploaded + SWEEP_MIN_AGE_MS - DAY / 24)).toBe(0);
    expect(await objectsOf(orphanId)).toHaveLength(2);
    expect(await sweepPhotoObjects(env, handle(), uploaded + SWEEP_MIN_AGE_MS + DAY / 24)).toBe(2);
    expect(await objectsOf(orphanId)).toEqual([]);
    expect(await objectsOf(kept.id)).toHaveLength(1);
  });

  it('runs once a week: not 6 days after the last sweep, again after 8', async () => {
    const now = Date.now();
    const orphanId = 910_000_000 + Math.floor(Math.random() * 1_000_000);
    await env.PHOTOS.put(`photos/${orphanId}/original.webp`, new Uint8Array([1]));
    await db
      .insert(schema.meta)
      .values({ key: SWEEP_META_KEY, value: String(now - SWEEP_INTERVAL_MS + DAY), updatedAt: now })
      .onConflictDoUpdate({ target: schema.meta.key, set: { value: String(now - SWEEP_INTERVAL_MS + DAY) } });
    const early = await runRetention(env, handle(), now + SWEEP_MIN_AGE_MS / 2);
    expect(early.sweptObjects).toBeNull();
    expect(await objectsOf(orphanId)).toHaveLength(1);
    const due = await runRetention(env, handle(), now + 2 * DAY);
    expect(due.sweptObjects).toBeGreaterThanOrEqual(1);
    expect(await objectsOf(orphanId)).toEqual([]);
  });
});

describe('anonymous identifiers are never stored in clear', () => {
  it('an anonymous report keeps a keyed hash of the client, not its address nor its plain hash', async () => {
    const { user } = await person();
    const ad = await makePost(user.id);
    const ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const res = await postForm(`/raporteaza/${ad.id}`, new URLSearchParams({ reason: 'Spam' }), {
      'cf-connecting-ip': ip,
    });
    expect(res.status).toBe(303);
    const [row] = await db.select().from(schema.reports).where(eq(schema.reports.postId, ad.id));
    expect(row.reporterKey).toMatch(/^a:[0-9a-f]{64}$/);
    expect(row.reporterKey).not.toContain(ip);
    const plain = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`eradauti-raport-v2|${ip}`));
    const plainHex = Array.from(new Uint8Array(plain), (b) => b.toString(16).padStart(2, '0')).join('');
    expect(row.reporterKey).not.toBe(`a:${plainHex}`);
  });
});
