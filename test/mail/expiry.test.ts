// Expiry reminders in workerd with real D1 and the real queue: one mail per owner listing their ads
// that expire soon, once per ad and expiry date (also under concurrent crons and retries), one more
// after expiry, none to banned or unsubscribed people; and the one-click renewal link.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimExpiryReminders } from '../../src/db/expiry-reminders';
import { setMailKind } from '../../src/db/mail-prefs';
import { posts, users } from '../../src/db/schema';
import worker from '../../src/index';
import { enqueueExpiryReminders, runExpiryReminder } from '../../src/jobs/expiry-reminder';
import { formatDate } from '../../src/lib/dates';
import { renewUrl } from '../../src/mail/renew-link';
import { DAY, db, get, makePost, makeUser, ORIGIN, postForm, queueIdle, textOf } from '../fixtures';

type Sent = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

afterEach(() => {
  vi.restoreAllMocks();
});

function spySend() {
  return vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
}
function sentTo(spy: ReturnType<typeof spySend>, email: string | null): Sent[] {
  return spy.mock.calls.map((c) => c[0] as unknown as Sent).filter((m) => m.to === email);
}
function renewLinks(text: string): string[] {
  return [...text.matchAll(/Reînnoiește: (\S+)/g)].map((m) => m[1]);
}
async function runDailyCron(now: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: '17 3 * * *', scheduledTime: now }), env, ctx);
  await waitOnExecutionContext(ctx);
}
async function expiringAd(userId: number, expiresIn: number, title = 'Apartament 2 camere de vânzare') {
  return makePost(userId, { title, expiresAt: Date.now() + expiresIn });
}

describe('the reminder before expiry', () => {
  it('the daily cron sends one mail per owner listing every ad expiring within 3 days, through the queue', async () => {
    const owner = await makeUser();
    const a = await expiringAd(owner.id, 2 * DAY, 'Bicicletă de oraș');
    const b = await expiringAd(owner.id, 1 * DAY, 'Masă extensibilă sună la 0744 123 456');
    const later = await expiringAd(owner.id, 10 * DAY, 'Canapea care nu expiră acum');
    const send = spySend();
    await runDailyCron(Date.now());
    await vi.waitUntil(() => sentTo(send, owner.email).length > 0, { timeout: 10_000, interval: 100 });
    const [mail] = sentTo(send, owner.email);
    expect(mail.subject).toBe('2 anunțuri expiră în curând');
    expect(mail.text).toContain('Bicicletă de oraș');
    expect(mail.text).toContain('Masă extensibilă');
    expect(mail.text).not.toContain('0744 123 456');
    expect(mail.text).not.toContain('Canapea');
    // The one expiring first comes first.
    expect(mail.text.indexOf('Masă')).toBeLessThan(mail.text.indexOf('Bicicletă'));
    expect(renewLinks(mail.text)).toHaveLength(2);
    expect(mail.html.startsWith('<!doctype html>')).toBe(true);
    expect(mail.html).toContain('Reînnoiește');
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:8787\/dezabonare\/.+>$/);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(a.id).not.toBe(later.id);
    expect(b.id).not.toBe(later.id);
  });

  it('never twice for the same ad and expiry date: a second cron the same day sends nothing', async () => {
    const owner = await makeUser();
    await expiringAd(owner.id, 2 * DAY);
    const send = spySend();
    await runDailyCron(Date.now());
    await vi.waitUntil(() => sentTo(send, owner.email).length > 0, { timeout: 10_000, interval: 100 });
    await runDailyCron(Date.now() + 60_000);
    await runDailyCron(Date.now() + DAY / 2);
    // Every job the three crons queued has run.
    await queueIdle();
    expect(sentTo(send, owner.email)).toHaveLength(1);
  });

  it('concurrent crons claim each ad once, and concurrent deliveries of the job send one mail', async () => {
    const owner = await makeUser();
    const ads = await Promise.all([1, 2, 3].map((d) => expiringAd(owner.id, d * DAY - 3600_000)));
    const now = Date.now();
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimExpiryReminders(db, now)));
    const mine = claims.flat().filter((o) => o.userId === owner.id);
    expect(mine).toEqual([{ userId: owner.id, stage: 'soon' }]);
    const send = spySend();
    await Promise.all(
      Array.from({ length: 6 }, () =>
        runExpiryReminder({ kind: 'expiry-reminder', userId: owner.id, stage: 'soon' }, env, now),
      ),
    );
    const mails = sentTo(send, owner.email);
    expect(mails).toHaveLength(1);
    expect(renewLinks(mails[0].text)).toHaveLength(ads.length);
  });

  it('a renewed ad with a new expiry date is reminded again when that date comes close', async () => {
    const owner = await makeUser();
    const ad = await expiringAd(owner.id, 2 * DAY);
    const now = Date.now();
    expect((await claimExpiryReminders(db, now)).filter((o) => o.userId === owner.id)).toHaveLength(1);
    await db
      .update(posts)
      .set({ expiresAt: now + 32 * DAY })
      .where(eq(posts.id, ad.id));
    expect(
      (await claimExpiryReminders(db, now + 29 * DAY + 3600_000)).filter((o) => o.userId === owner.id),
    ).toEqual([{ userId: owner.id, stage: 'soon' }]);
  });

  it('a failing send is retried: the reminders go back, and the next attempt sends them once', async () => {
    const owner = await makeUser();
    await expiringAd(owner.id, 2 * DAY);
    const now = Date.now();
    await claimExpiryReminders(db, now);
    const send = vi.spyOn(env.EMAIL, 'send').mockRejectedValueOnce(new Error('mail down'));
    const job = { kind: 'expiry-reminder' as const, userId: owner.id, stage: 'soon' as const };
    await expect(runExpiryReminder(job, env, now)).rejects.toThrow('mail down');
    send.mockResolvedValue({ messageId: 'ok' } as never);
    await runExpiryReminder(job, env, now + 30_000);
    await runExpiryReminder(job, env, now + 60_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(sentTo(send as never, owner.email)).toHaveLength(2);
    expect(send.mock.results[1].type).toBe('return');
  });

  it('nothing is sent to a banned owner, nor to one who turned expiry mails off', async () => {
    const banned = await makeUser({ banned: true });
    const off = await makeUser();
    await setMailKind(db, off.id, 'expiry', false);
    await expiringAd(banned.id, 2 * DAY);
    await expiringAd(off.id, 2 * DAY);
    const send = spySend();
    const now = Date.now();
    await enqueueExpiryReminders(env, db, now);
    for (const userId of [banned.id, off.id])
      await runExpiryReminder({ kind: 'expiry-reminder', userId, stage: 'soon' }, env, now);
    expect(sentTo(send, banned.email)).toHaveLength(0);
    expect(sentTo(send, off.email)).toHaveLength(0);
  });

  it('an ad sold or renewed between the cron and the job is left out of the mail', async () => {
    const owner = await makeUser();
    const sold = await expiringAd(owner.id, 2 * DAY, 'Vândut între timp');
    await expiringAd(owner.id, 2 * DAY, 'Încă de vânzare');
    const now = Date.now();
    await claimExpiryReminders(db, now);
    await db.update(posts).set({ status: 'sold' }).where(eq(posts.id, sold.id));
    const send = spySend();
    await runExpiryReminder({ kind: 'expiry-reminder', userId: owner.id, stage: 'soon' }, env, now);
    const [mail] = sentTo(send, owner.email);
    expect(mail.subject).toBe('Anunțul „Încă de vânzare” expiră în curând');
    expect(mail.text).not.toContain('Vândut între timp');
  });
});

describe('the reminder after expiry', () => {
  it('one more mail after the ad expired (the cron expires it first), and only one', async () => {
    const owner = await makeUser();
    const ad = await expiringAd(owner.id, -3600_000, 'Expirat de o oră');
    const send = spySend();
    await runDailyCron(Date.now());
    await vi.waitUntil(() => sentTo(send, owner.email).length > 0, { timeout: 10_000, interval: 100 });
    await runDailyCron(Date.now() + 1000);
    await queueIdle();
    const mails = sentTo(send, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Anunțul „Expirat de o oră” a expirat');
    expect((await db.select().from(posts).where(eq(posts.id, ad.id)))[0].status).toBe('expired');
  });

  it('ads that expired long ago are not mailed', async () => {
    const owner = await makeUser();
    await makePost(owner.id, { status: 'expired', expiresAt: Date.now() - 20 * DAY });
    expect((await claimExpiryReminders(db, Date.now())).filter((o) => o.userId === owner.id)).toEqual([]);
  });
});

describe('the one-click renewal link', () => {
  async function linkFor(expiresIn = 2 * DAY, signedAt = Date.now()) {
    const owner = await makeUser();
    const ad = await makePost(owner.id, { expiresAt: Date.now() + expiresIn, age: 28 * DAY });
    const url = await renewUrl(
      env,
      { userId: owner.id, postId: ad.id, expiresAt: ad.expiresAt as number },
      signedAt,
    );
    return { owner, ad, path: new URL(url).pathname };
  }
  const adRow = async (id: number) => (await db.select().from(posts).where(eq(posts.id, id)))[0];

  it('GET shows the ad and a button, and renews nothing (mail scanners follow links)', async () => {
    const { ad, path } = await linkFor();
    for (let i = 0; i < 3; i++) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const text = textOf(await res.text());
      expect(text).toContain('Reînnoiți anunțul?');
      expect(text).toContain(ad.title);
    }
    const row = await adRow(ad.id);
    expect(row.expiresAt).toBe(ad.expiresAt);
    expect(row.bumpedAt).toBe(ad.bumpedAt);
  });

  it('POST renews without signing in, by the site rules (30 more days), then shows the ad with a confirmation', async () => {
    const { ad, path } = await linkFor();
    const before = Date.now();
    const res = await postForm(path, new URLSearchParams());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(new RegExp(`/anunt/.*${ad.id}`));
    expect(res.headers.get('set-cookie')).toContain('flash=reinnoit');
    const row = await adRow(ad.id);
    expect(row.status).toBe('published');
    expect(row.expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(row.renewedAt).toBeGreaterThanOrEqual(before);
  });

  it('an expired ad is renewed and published again', async () => {
    const owner = await makeUser();
    const ad = await makePost(owner.id, { status: 'expired', expiresAt: Date.now() - DAY, age: 31 * DAY });
    const url = await renewUrl(env, { userId: owner.id, postId: ad.id, expiresAt: ad.expiresAt as number });
    expect((await postForm(new URL(url).pathname, new URLSearchParams())).status).toBe(303);
    expect((await adRow(ad.id)).status).toBe('published');
  });

  it('a used link is refused with 410, on GET and POST', async () => {
    const { ad, path } = await linkFor();
    expect((await postForm(path, new URLSearchParams())).status).toBe(303);
    const renewed = await adRow(ad.id);
    for (const res of [await postForm(path, new URLSearchParams()), await get(path)]) {
      expect(res.status).toBe(410);
      const text = textOf(await res.text());
      expect(text).toContain('Linkul de reînnoire a fost deja folosit');
      // It says the ad was renewed, and until when.
      expect(text).toContain(
        `anunțul a fost reînnoit și este publicat până pe ${formatDate(renewed.expiresAt as number, 'long')}.`,
      );
    }
    expect((await adRow(ad.id)).expiresAt).toBe(renewed.expiresAt);
  });

  it('many concurrent POSTs of one link renew once: one 303, the rest 410', async () => {
    const { ad, path } = await linkFor();
    const statuses = (
      await Promise.all(Array.from({ length: 8 }, () => postForm(path, new URLSearchParams())))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 303).every((s) => s === 410 || s === 429)).toBe(true);
    expect((await adRow(ad.id)).status).toBe('published');
  });

  it('an expired link (older than 7 days) is refused with 410 and renews nothing', async () => {
    const { ad, path } = await linkFor(2 * DAY, Date.now() - 7 * DAY - 1000);
    for (const res of [await get(path), await postForm(path, new URLSearchParams())]) {
      expect(res.status).toBe(410);
      expect(textOf(await res.text())).toContain('Linkul de reînnoire a expirat');
    }
    expect((await adRow(ad.id)).expiresAt).toBe(ad.expiresAt);
  });

  it('a tampered link is refused with 400 and renews nothing', async () => {
    const { ad, path } = await linkFor();
    const token = path.split('/').pop() as string;
    const [body, sig] = token.split('.');
    const forged = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/')));
    forged.i = ad.id + 1;
    const forgedBody = btoa(JSON.stringify(forged))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    for (const bad of [`${forgedBody}.${sig}`, `${body}.${sig.slice(0, -2)}AA`, 'nu-e-un-token', `${body}`]) {
      for (const res of [
        await get(`/reinnoire/${bad}`),
        await postForm(`/reinnoire/${bad}`, new URLSearchParams()),
      ]) {
        expect(res.status).toBe(400);
        expect(textOf(await res.text())).toContain('Linkul de reînnoire nu este valid');
      }
    }
    expect((await adRow(ad.id)).expiresAt).toBe(ad.expiresAt);
  });

  it('a renewal refused by the once-a-day rule is a 429 and leaves the link usable', async () => {
    const owner = await makeUser();
    const ad = await makePost(owner.id, { age: 3600_000, expiresAt: Date.now() + 2 * DAY });
    const url = await renewUrl(env, { userId: owner.id, postId: ad.id, expiresAt: ad.expiresAt as number });
    const path = new URL(url).pathname;
    const res = await postForm(path, new URLSearchParams());
    expect(res.status).toBe(429);
    expect(textOf(await res.text())).toContain('Îl puteți reînnoi din nou mâine');
    expect((await get(path)).status).toBe(200);
  });

  it('a banned author cannot renew by link (403)', async () => {
    const { owner, path } = await linkFor();
    await db.update(users).set({ banned: true }).where(eq(users.id, owner.id));
    expect((await postForm(path, new URLSearchParams())).status).toBe(403);
  });

  it('the POST from another site is refused (only unsubscribing is exempt from the origin check)', async () => {
    const { ad, path } = await linkFor();
    const res = await postForm(path, new URLSearchParams(), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await adRow(ad.id)).expiresAt).toBe(ad.expiresAt);
    expect(ORIGIN).toBe('http://127.0.0.1:8787');
  });
});
