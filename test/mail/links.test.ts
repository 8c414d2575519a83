// The mail preferences page, the one-click unsubscribe, moderation notices and the operators'
// hourly digest, in workerd with real D1, real sessions and the real queue.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimDigestSlot, DIGEST_INTERVAL_MS } from '../../src/db/mail-moderation';
import { isMailKindOn, setMailKind } from '../../src/db/mail-prefs';
import { posts, reports, users } from '../../src/db/schema';
import worker from '../../src/index';
import { HOURLY_CRON, runHourly } from '../../src/jobs/hourly';
import { runReportsDigest } from '../../src/jobs/moderation';
import { MAIL_KIND_NAMES, MAIL_KINDS } from '../../src/lib/mail-kinds';
import { unsubscribeUrl } from '../../src/mail/unsubscribe';
import {
  DAY,
  db,
  get,
  getAs,
  makePost,
  makeUser,
  ORIGIN,
  postFormAs,
  queueIdle,
  signIn,
  textOf,
} from '../fixtures';

type Sent = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

afterEach(() => {
  vi.restoreAllMocks();
});

let seq = 0;
const uid = (label: string) => `user_mail_${label}_${++seq}_${Math.random().toString(36).slice(2, 7)}`;
function spySend() {
  return vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
}
const sentTo = (spy: ReturnType<typeof spySend>, email: string | null) =>
  spy.mock.calls.map((c) => c[0] as unknown as Sent).filter((m) => m.to === email);

describe('/cont/notificari', () => {
  it('signed out: 401 page asking to sign in', async () => {
    const res = await get('/cont/notificari');
    expect([401, 303, 302]).toContain(res.status);
  });

  it('lists each kind with its label and description, all on by default; the digest only for operators', async () => {
    const { cookie } = await signIn(uid('prefs'));
    const html = await (await getAs('/cont/notificari', cookie)).text();
    for (const kind of MAIL_KIND_NAMES.filter((k) => k !== 'reports')) {
      expect(html).toContain(MAIL_KINDS[kind].label);
      if (kind !== 'moderation') expect(html).toContain(`checked="" value="${kind}"`);
    }
    expect(html).not.toContain(MAIL_KINDS.reports.label);
    const op = await signIn(uid('op'), { role: 'operator' });
    expect(await (await getAs('/cont/notificari', op.cookie)).text()).toContain(MAIL_KINDS.reports.label);
  });

  it('is linked from /cont', async () => {
    const { cookie } = await signIn(uid('cont'));
    expect(await (await getAs('/cont', cookie)).text()).toContain('href="/cont/notificari"');
  });

  it('a plain form POST saves the choice, answers 303 with a confirmation, and each preference is honoured', async () => {
    const { user, cookie } = await signIn(uid('save'));
    const form = new URLSearchParams();
    for (const k of ['expiry', 'messages', 'not-a-kind']) form.append('on', k);
    const res = await postFormAs('/cont/notificari', form, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cont/notificari');
    expect(res.headers.get('set-cookie')).toContain('flash=notificari-salvate');
    for (const kind of MAIL_KIND_NAMES.filter((k) => k !== 'reports'))
      expect(await isMailKindOn(db, user.id, kind)).toBe(
        kind === 'expiry' || kind === 'messages' || kind === 'moderation',
      );
    const page = await getAs('/cont/notificari', `${cookie}; flash=notificari-salvate`);
    const html = await page.text();
    expect(textOf(html)).toContain('Preferințele de e-mail au fost salvate.');
    expect(html).toContain('checked="" value="expiry"');
    // The operators' decisions have no switch: the page says they are always sent, and they are.
    expect(html).not.toContain('value="moderation"');
    expect(textOf(html)).toContain(MAIL_KINDS.moderation.label);
    expect(textOf(html)).toContain('Aceste mesaje se trimit întotdeauna, nu pot fi oprite');
    const send = spySend();
    const ad = await makePost(user.id, { status: 'hidden', hiddenReason: 'Spam sau anunț duplicat' });
    await worker.queue(
      createMessageBatch('eradauti-jobs', [
        {
          id: 'n',
          timestamp: new Date(),
          attempts: 1,
          body: {
            kind: 'decision-notice',
            userId: user.id,
            decision: 'hide',
            postId: ad.id,
            title: ad.title,
            reason: 'Spam sau anunț duplicat',
            ground: 'decizia unui operator',
          },
        },
      ]),
      env,
      createExecutionContext(),
    );
    expect(sentTo(send, user.email)).toHaveLength(1);
  });

  it('a forged form cannot turn off the operators’ decisions', async () => {
    const { user, cookie } = await signIn(uid('forged'));
    const form = new URLSearchParams();
    form.append('on', 'expiry');
    const res = await postFormAs('/cont/notificari', form, cookie);
    expect(res.status).toBe(303);
    expect(await isMailKindOn(db, user.id, 'moderation')).toBe(true);
    expect(await isMailKindOn(db, user.id, 'messages')).toBe(false);
  });

  it('a POST from another site is refused', async () => {
    const { user, cookie } = await signIn(uid('csrf'));
    const res = await postFormAs('/cont/notificari', new URLSearchParams(), cookie, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(await isMailKindOn(db, user.id, 'expiry')).toBe(true);
  });
});

describe('one-click unsubscribe', () => {
  it('POST /dezabonare/<token> works without a session and from a mail client (cross-site), idempotently', async () => {
    const user = await makeUser();
    const url = await unsubscribeUrl(env, user.id, 'expiry');
    const path = new URL(url).pathname;
    for (let i = 0; i < 2; i++) {
      const res = await exports.default.fetch(
        new Request(new URL(path, ORIGIN), {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: 'https://mail.example.com',
          },
        }),
      );
      expect(res.status).toBe(200);
      const text = textOf(await res.text());
      expect(text).toContain('Gata: nu mai primiți mesajele');
      expect(text).toContain(MAIL_KINDS.expiry.label);
    }
    expect(await isMailKindOn(db, user.id, 'expiry')).toBe(false);
    expect(await isMailKindOn(db, user.id, 'moderation')).toBe(true);
  });

  it('GET shows the kind and a button, and turns nothing off', async () => {
    const user = await makeUser();
    const path = new URL(await unsubscribeUrl(env, user.id, 'moderation')).pathname;
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    expect(textOf(html)).toContain(MAIL_KINDS.moderation.label);
    expect(html).toContain(`action="${path}"`);
    expect(await isMailKindOn(db, user.id, 'moderation')).toBe(true);
  });

  it('a tampered or foreign token is a 400 page and changes nothing', async () => {
    const user = await makeUser();
    const path = new URL(await unsubscribeUrl(env, user.id, 'expiry')).pathname;
    const [body, sig] = path.split('/').pop()?.split('.') ?? [];
    const other = new URL(await unsubscribeUrl({ ...env, SIGNING_SECRET: 'another' }, user.id, 'expiry'))
      .pathname;
    for (const bad of [`/dezabonare/${body}.${sig.slice(0, -2)}AA`, other, '/dezabonare/x.y']) {
      const res = await exports.default.fetch(
        new Request(new URL(bad, ORIGIN), { method: 'POST', headers: { accept: 'text/html' } }),
      );
      expect(res.status).toBe(400);
      expect(textOf(await res.text())).toContain('Linkul de dezabonare nu este valid');
    }
    expect(await isMailKindOn(db, user.id, 'expiry')).toBe(true);
  });

  it('only the unsubscribe path is exempt from the origin check', async () => {
    const res = await exports.default.fetch(
      new Request(new URL('/dezabonare', ORIGIN), {
        method: 'POST',
        headers: { origin: 'https://evil.example', accept: 'text/html' },
      }),
    );
    expect(res.status).toBe(403);
  });
});

describe('moderation notices', () => {
  it('an operator hiding an ad sends its author a mail with the reason and how to fix it', async () => {
    const author = await makeUser();
    const ad = await makePost(author.id, { title: 'Telefon mobil nou' });
    const op = await signIn(uid('hider'), { role: 'operator' });
    const send = spySend();
    const res = await postFormAs(
      `/moderare/anunt/${ad.id}/ascunde`,
      { hideReason: 'Categorie greșită', hideDetails: 'Mutați-l la Electronice.' },
      op.cookie,
    );
    expect(res.status).toBe(303);
    await vi.waitUntil(() => sentTo(send, author.email).length > 0, { timeout: 10_000, interval: 100 });
    const [mail] = sentTo(send, author.email);
    expect(mail.subject).toBe('Decizie de moderare: anunțul „Telefon mobil nou” a fost ascuns');
    expect(mail.text).toContain('Motivul: Categorie greșită: Mutați-l la Electronice.');
    expect(mail.text).toContain(`/posts/edit/${ad.id}`);
    // A statement of reasons (a legal notice): how to contest it, no unsubscribe link.
    expect(mail.text).toContain('contact@eradauti.ro');
    expect((mail as { replyTo?: string }).replyTo).toBe('contact@eradauti.ro');
  });

  it('reports putting an ad on hold send its author a mail; a banned author gets nothing', async () => {
    const author = await makeUser();
    const bannedAuthor = await makeUser({ banned: true });
    const ad = await makePost(author.id, { title: 'Bicicletă raportată' });
    const send = spySend();
    // Three credibly different people: month-old accounts, each from its own address and browser.
    for (let i = 0; i < 3; i++) {
      const reporter = await signIn(uid(`rep${i}`));
      await db
        .update(users)
        .set({ createdAt: Date.now() - 30 * DAY })
        .where(eq(users.id, reporter.user.id));
      const res = await postFormAs(
        `/raporteaza/${ad.id}`,
        { reason: 'Spam' },
        `${reporter.cookie}; eradauti_dispozitiv=${'0123456789abcdef'.repeat(2).slice(0, 31)}${i}`,
        { 'cf-connecting-ip': `198.51.100.${10 + i}` },
      );
      expect(res.status).toBe(303);
    }
    await vi.waitUntil(() => sentTo(send, author.email).length > 0, { timeout: 10_000, interval: 100 });
    expect((await db.select().from(posts).where(eq(posts.id, ad.id)))[0].status).toBe('held');
    expect(sentTo(send, author.email)[0].subject).toBe(
      'Decizie de moderare: anunțul „Bicicletă raportată” este în verificare',
    );
    const banned = await makePost(bannedAuthor.id, { status: 'held' });
    const batch = createMessageBatch('eradauti-jobs', [
      {
        id: 'h',
        timestamp: new Date(),
        attempts: 1,
        body: { kind: 'moderation-notice', postId: banned.id, action: 'held' },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['h']);
    expect(sentTo(send, bannedAuthor.email)).toHaveLength(0);
  });
});

describe('the operators’ hourly digest', () => {
  async function report(postId: number, at: number, key: string) {
    await db.insert(reports).values({ postId, reason: 'Spam', details: '', reporterKey: key, createdAt: at });
  }

  it('at most one digest an hour: concurrent and repeated hourly runs send once, linking to /moderare', async () => {
    const op = await signIn(uid('digest'), { role: 'operator' });
    const author = await makeUser();
    const ad = await makePost(author.id, { title: 'Anunț raportat' });
    const t0 = Date.UTC(2030, 0, 1, 10, 7);
    await report(ad.id, t0 - 10 * 60_000, 'k1');
    await report(ad.id, t0 - 5 * 60_000, 'k2');
    const send = spySend();
    // Two crons at once, and one more later in the same hour.
    await Promise.all(
      [1, 2].map(async () => {
        const ctx = createExecutionContext();
        await worker.scheduled(createScheduledController({ cron: HOURLY_CRON, scheduledTime: t0 }), env, ctx);
        await waitOnExecutionContext(ctx);
      }),
    );
    expect((await runHourly(env, t0 + 30 * 60_000)).digests).toBe(0);
    await vi.waitUntil(() => sentTo(send, op.user.email).length > 0, { timeout: 10_000, interval: 100 });
    // Every job the three runs queued has run.
    await queueIdle();
    const mails = sentTo(send, op.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('2 rapoarte noi pe eRădăuți');
    expect(mails[0].text).toContain('http://127.0.0.1:8787/moderare');
    expect(mails[0].text).toContain('Anunț raportat');
    // An hour later, only reports newer than the last digest count; none → no mail.
    expect((await runHourly(env, t0 + DIGEST_INTERVAL_MS)).digests).toBe(0);
    await report(ad.id, t0 + DIGEST_INTERVAL_MS + 60_000, 'k3');
    expect((await runHourly(env, t0 + 2 * DIGEST_INTERVAL_MS)).digests).toBeGreaterThan(0);
  });

  it('the digest slot is claimed once among many concurrent claims', async () => {
    const t = Date.UTC(2031, 0, 1, 0, 7);
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimDigestSlot(db, t)));
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
    expect(await claimDigestSlot(db, t + DIGEST_INTERVAL_MS - 1)).toBeNull();
    expect(await claimDigestSlot(db, t + DIGEST_INTERVAL_MS)).toBe(t);
  });

  it('an operator who turned the digest off gets none', async () => {
    const op = await signIn(uid('digestoff'), { role: 'operator' });
    await setMailKind(db, op.user.id, 'reports', false);
    const author = await makeUser();
    const ad = await makePost(author.id);
    const t0 = Date.UTC(2032, 0, 1, 10, 7);
    await report(ad.id, t0 - 60_000, 'z1');
    const send = spySend();
    await runReportsDigest(
      { kind: 'reports-digest', userId: op.user.id, since: t0 - DIGEST_INTERVAL_MS, until: t0 },
      env,
    );
    expect(sentTo(send, op.user.email)).toHaveLength(0);
  });
});
