// The instant alert: when reports hold an ad the operators get one mail at once through the job
// queue, at most HELD_ALERTS_PER_HOUR an hour (claimed in one D1 statement, raced here); and the
// hourly digest groups the reports by ad and says which ads are held.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimHeldAlert, HELD_ALERT_WINDOW_MS, HELD_ALERTS_PER_HOUR } from '../../src/db/held-alerts';
import * as schema from '../../src/db/schema';
import { alertHeld } from '../../src/jobs/held-alert';
import { runReportsDigest } from '../../src/jobs/moderation';
import { db, HOUSE, makePost, person, postRow } from '../fixtures';
import { postFrom, trustedReporter, uniqueClient } from '../limits/support';

type Sent = { to: string; subject: string; text: string; html: string };

afterEach(() => {
  vi.restoreAllMocks();
});

function spySend() {
  return vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
}
const sentTo = (spy: ReturnType<typeof spySend>, email: string | null) =>
  spy.mock.calls.map((c) => c[0] as unknown as Sent).filter((m) => m.to === email);

describe('the alert claim', () => {
  it('lets exactly HELD_ALERTS_PER_HOUR of many simultaneous holds alert, then more an hour later', async () => {
    const t = Date.UTC(2040, 0, 1, 12);
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claimHeldAlert(db, 900_000 + i, t)),
    );
    expect(claims.filter(Boolean)).toHaveLength(HELD_ALERTS_PER_HOUR);
    expect(await claimHeldAlert(db, 900_100, t + 60_000)).toBe(false);
    expect(await claimHeldAlert(db, 900_100, t + HELD_ALERT_WINDOW_MS + 1)).toBe(true);
  });

  it('alerts once about one ad however many holds of it race', async () => {
    const t = Date.UTC(2041, 0, 1, 12);
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimHeldAlert(db, 910_000, t)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});

describe('the instant alert', () => {
  it('mails each operator at once when reports hold an ad, linking to its item; no more than the hourly limit', async () => {
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const ad = await makePost(user.id, { title: 'Telefon ieftin plată în avans' }, HOUSE);
    const send = spySend();
    for (let i = 0; i < 3; i++) {
      const res = await postFrom(
        uniqueClient(),
        `/raporteaza/${ad.id}`,
        { reason: 'Înșelătorie' },
        {
          cookie: (await trustedReporter()).cookie,
        },
      );
      expect(res.status).toBe(303);
    }
    expect((await postRow(ad.id))?.status).toBe('held');
    await vi.waitUntil(() => sentTo(send, op.user.email).some((m) => m.subject.startsWith('Anunț reținut')), {
      timeout: 15_000,
      interval: 100,
    });
    const alerts = sentTo(send, op.user.email).filter((m) => m.subject.startsWith('Anunț reținut'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].subject).toBe('Anunț reținut automat: Telefon ieftin plată în avans');
    expect(alerts[0].text).toContain(`/moderare/anunt/${ad.id}`);
    expect(alerts[0].text).toContain('mai multe persoane l-au raportat');

    // In the same hour: two more alerts go out, the next is left to the hourly digest.
    const now = Date.now();
    const more = [];
    for (let i = 0; i < 3; i++) {
      const held = await makePost(user.id, { status: 'held' }, HOUSE);
      more.push(await alertHeld(env, db, held.id, 'o regulă', now));
    }
    expect(more).toEqual([true, true, false]);
  });

  it('sends nothing when an operator decided before the job ran', async () => {
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const ad = await makePost(user.id, { status: 'published' }, HOUSE);
    const send = spySend();
    const { runHeldAlert } = await import('../../src/jobs/held-alert');
    await runHeldAlert({ kind: 'held-alert', userId: op.user.id, postId: ad.id, ground: 'x' }, env);
    expect(sentTo(send, op.user.email)).toHaveLength(0);
  });
});

describe('the hourly digest', () => {
  it('groups the reports by ad, held ads first and said to be held', async () => {
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const quiet = await makePost(user.id, { title: 'Bicicletă copii' }, HOUSE);
    const held = await makePost(user.id, { title: 'Câini de rasă gratuit' }, HOUSE);
    await db.update(schema.posts).set({ status: 'held' }).where(eq(schema.posts.id, held.id));
    const t0 = Date.UTC(2035, 5, 1, 9, 7);
    const report = (postId: number, key: string, reason: string, ago: number) =>
      db.insert(schema.reports).values({ postId, reason, reporterKey: key, createdAt: t0 - ago });
    await report(quiet.id, 'g1', 'Spam', 50 * 60_000);
    await report(held.id, 'g2', 'Înșelătorie', 40 * 60_000);
    await report(held.id, 'g3', 'Înșelătorie', 30 * 60_000);
    await report(held.id, 'g4', 'Spam', 20 * 60_000);
    const send = spySend();
    await runReportsDigest(
      { kind: 'reports-digest', userId: op.user.id, since: t0 - 3_600_000, until: t0 },
      env,
    );
    const [mail] = sentTo(send, op.user.email);
    expect(mail.subject).toBe('4 rapoarte noi pe eRădăuți');
    expect(mail.text).toContain(
      '4 rapoarte noi de la ultimul mesaj, la 2 anunțuri. 1 anunț este reținut automat.',
    );
    const heldAt = mail.text.indexOf('Câini de rasă gratuit — REȚINUT AUTOMAT');
    const quietAt = mail.text.indexOf('Bicicletă copii');
    expect(heldAt).toBeGreaterThan(-1);
    expect(quietAt).toBeGreaterThan(heldAt);
    expect(mail.text).toContain('3 rapoarte: ');
    expect(mail.text).toContain('1 raport: Spam');
    expect(mail.text).not.toContain('Bicicletă copii — REȚINUT');
    expect(mail.text).toContain(`/moderare/anunt/${held.id}`);
    expect(mail.html).toContain('reținut automat, în verificare');
  });
});
