// The saved-search digest and the price-drop mail, through the real queue and D1: the digest holds
// exactly the ads /cautare lists as new, nothing is sent when nothing is new, a retry or a duplicate
// job never sends twice, banned and opted-out people get nothing, and one click stops one search.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMailKind } from '../../src/db/mail-prefs';
import worker from '../../src/index';
import { DIGEST_SETTLE_MS } from '../../src/jobs/saved-search-digest';
import type { Job } from '../../src/jobs/types';
import { bucharestDay } from '../../src/lib/dates';
import { applyUnsubscribe, readUnsubscribeToken } from '../../src/mail/unsubscribe';
import {
  DAY,
  db,
  formOf,
  get,
  getAs,
  HOUSE,
  makeDraftPhoto,
  makePost,
  person,
  postForm,
  postFormAs,
  queueIdle,
  textOf,
  validFields,
} from '../fixtures';

afterEach(() => {
  vi.restoreAllMocks();
});

type Sent = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

function spySend() {
  const sent: Sent[] = [];
  const spy = vi.spyOn(env.EMAIL, 'send').mockImplementation(async (message) => {
    sent.push(message as unknown as Sent);
    return { messageId: `m${sent.length}` };
  });
  return { sent, spy };
}

let seq = 0;
async function runJobs(jobs: Job[], attempts = 1) {
  const batch = createMessageBatch<Job>(
    'eradauti-jobs',
    jobs.map((body) => ({ id: `t${++seq}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/** A saved search of `userId` whose previous digest covered everything up to `cursorAt`. */
async function saveSearch(userId: number, query: string, name: string, cursorAt: number) {
  const row = await env.DB.prepare(
    'INSERT INTO saved_searches (user_id, name, query, created_at, cursor_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(userId, name, query, cursorAt, cursorAt)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

async function cursorOf(id: number) {
  return (await env.DB.prepare('SELECT cursor_at, last_sent_at, paused FROM saved_searches WHERE id = ?')
    .bind(id)
    .first<{ cursor_at: number; last_sent_at: number | null; paused: number }>())!;
}

function digestJob(userId: number, upTo = Date.now(), day = `t-${userId}`): Job {
  return { kind: 'saved-search-digest', userId, day, upTo };
}

function adLinks(html: string): string[] {
  return [...html.matchAll(/href="http:\/\/127\.0\.0\.1:8787(\/anunt\/[^"]+)"/g)].map((m) => m[1]);
}

describe('the saved-search digest', () => {
  it('holds exactly the ads /cautare lists as new since the last digest, newest first, with photo, price and locality', async () => {
    const author = await person();
    const banned = await person({ banned: true });
    const me = await person({ name: 'Ioana Căutătoare' });
    const now = Date.now();
    const cursor = now - DAY;
    const id = await saveSearch(me.user.id, 'q=bicicleta&localitate=Siret', 'Biciclete în Siret', cursor);
    const at = (hoursAgo: number) => ({
      bumpedAt: now - hoursAgo * 3_600_000,
      publishedAt: now - hoursAgo * 3_600_000,
    });
    const newA = await makePost(
      author.user.id,
      {
        title: 'Bicicletă de oraș',
        locality: 'Siret',
        price: 400,
        currency: 'RON',
        ...at(3),
      },
      HOUSE,
    );
    const newB = await makePost(
      author.user.id,
      {
        title: 'Bicicletă pentru copii',
        locality: 'Siret',
        price: 150,
        currency: 'RON',
        ...at(1),
      },
      HOUSE,
    );
    const photo = await makeDraftPhoto(author.user.id, newB.id);
    const old = await makePost(
      author.user.id,
      { title: 'Bicicletă veche', locality: 'Siret', ...at(30) },
      HOUSE,
    );
    const elsewhere = await makePost(
      author.user.id,
      {
        title: 'Bicicletă de munte',
        locality: 'Rădăuți',
        ...at(2),
      },
      HOUSE,
    );
    const hidden = await makePost(
      author.user.id,
      {
        title: 'Bicicletă ascunsă',
        locality: 'Siret',
        status: 'hidden',
        ...at(2),
      },
      HOUSE,
    );
    const byBanned = await makePost(
      banned.user.id,
      {
        title: 'Bicicletă de la blocat',
        locality: 'Siret',
        ...at(2),
      },
      HOUSE,
    );
    await env.DB.prepare('UPDATE posts SET author_banned = 1 WHERE user_id = ?').bind(banned.user.id).run();
    const unrelated = await makePost(
      author.user.id,
      { title: 'Canapea', locality: 'Siret', ...at(2) },
      HOUSE,
    );

    // What /cautare lists, newest first, restricted to what was published since the cursor.
    const page = await (await get('/cautare?q=bicicleta&localitate=Siret&ordine=noi')).text();
    const ids = new Set(
      [newA, newB, old, elsewhere, hidden, byBanned, unrelated]
        .filter((a) => (a.bumpedAt ?? 0) > cursor)
        .map((a) => a.id),
    );
    const listed = [...page.matchAll(/<h2 class="sr__title"><a href="(\/anunt\/[^"]+)"/g)].map((m) => m[1]);
    const expected = listed.filter((href) => ids.has(Number(href.split('-').pop())));
    expect(expected).toHaveLength(2);

    const { sent } = spySend();
    const result = await runJobs([digestJob(me.user.id)]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(sent).toHaveLength(1);
    const mail = sent[0];
    expect(mail.to).toBe(me.user.email);
    expect(mail.subject).toBe('2 anunțuri noi: Biciclete în Siret');
    expect([...new Set(adLinks(mail.html))]).toEqual(expected);
    expect(expected[0]).toContain(`-${newB.id}`);
    expect(mail.html).toContain(`<img src="http://127.0.0.1:8787/api/poze/responsive/${photo.id}/`);
    expect(mail.html).toContain('150 RON');
    expect(mail.html).toContain('Siret');
    expect(mail.html).toContain('href="http://127.0.0.1:8787/cautare?q=bicicleta&amp;localitate=Siret"');
    expect(mail.text).toContain('Bicicletă pentru copii — 150 RON, Siret');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The cursor moved to the job's bound, and the next digest starts there.
    const after = await cursorOf(id);
    expect(after.last_sent_at).not.toBeNull();
    const again = spySend();
    await runJobs([digestJob(me.user.id, Date.now(), 'next-day')]);
    expect(again.sent).toHaveLength(0);
  });

  it('lists at most 20 ads per search and says how many there are, with a link to all results', async () => {
    const author = await person();
    const me = await person();
    const now = Date.now();
    await saveSearch(me.user.id, 'q=tricicleta', 'Triciclete', now - DAY);
    for (let i = 0; i < 23; i++)
      await makePost(
        author.user.id,
        { title: `Tricicletă model ${i}`, bumpedAt: now - (i + 1) * 60_000 },
        HOUSE,
      );
    const { sent } = spySend();
    await runJobs([digestJob(me.user.id)]);
    expect(sent).toHaveLength(1);
    expect(new Set(adLinks(sent[0].html)).size).toBe(20);
    expect(sent[0].subject).toBe('23 de anunțuri noi: Triciclete');
  });

  it('sends nothing when nothing is new, and leaves the cursor', async () => {
    const me = await person();
    const cursor = Date.now() - DAY;
    const id = await saveSearch(me.user.id, 'q=submarin', 'Submarine', cursor);
    const { sent } = spySend();
    await runJobs([digestJob(me.user.id)]);
    expect(sent).toHaveLength(0);
    expect((await cursorOf(id)).cursor_at).toBe(cursor);
  });

  it('never sends twice: the same job delivered five times at once, then retried, sends one mail', async () => {
    const author = await person();
    const me = await person();
    await saveSearch(me.user.id, 'q=acordeon', 'Acordeoane', Date.now() - DAY);
    await makePost(author.user.id, { title: 'Acordeon Weltmeister', bumpedAt: Date.now() - 60_000 }, HOUSE);
    const { sent } = spySend();
    const job = digestJob(me.user.id);
    await Promise.all([1, 2, 3, 4, 5].map(() => runJobs([job])));
    await runJobs([job], 2);
    expect(sent).toHaveLength(1);
  });

  it('a failed send is retried, claims nothing and moves no cursor; the retry sends once', async () => {
    const author = await person();
    const me = await person();
    const cursor = Date.now() - DAY;
    const id = await saveSearch(me.user.id, 'q=violoncel', 'Violoncel', cursor);
    await makePost(author.user.id, { title: 'Violoncel 4/4', bumpedAt: Date.now() - 60_000 }, HOUSE);
    vi.spyOn(env.EMAIL, 'send').mockRejectedValueOnce(new Error('mail service down'));
    const job = digestJob(me.user.id);
    const first = await runJobs([job]);
    expect(first.retryMessages).toHaveLength(1);
    expect((await cursorOf(id)).cursor_at).toBe(cursor);
    vi.restoreAllMocks();
    const { sent } = spySend();
    const second = await runJobs([job], 2);
    expect(second.explicitAcks).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect((await cursorOf(id)).cursor_at).toBe((job as { upTo: number }).upTo);
  });

  it('sends nothing to a banned person nor to one who turned saved-search mail off; paused searches are left out', async () => {
    const author = await person();
    const banned = await person({ banned: true });
    const off = await person();
    const paused = await person();
    for (const p of [banned, off, paused]) await saveSearch(p.user.id, 'q=harpa', 'Harpe', Date.now() - DAY);
    await env.DB.prepare('UPDATE saved_searches SET paused = 1 WHERE user_id = ?').bind(paused.user.id).run();
    await setMailKind(db, off.user.id, 'saved-search', false);
    await makePost(author.user.id, { title: 'Harpă celtică', bumpedAt: Date.now() - 60_000 }, HOUSE);
    const { sent } = spySend();
    await runJobs([digestJob(banned.user.id), digestJob(off.user.id), digestJob(paused.user.id)]);
    expect(sent).toHaveLength(0);
  });

  it('the daily cron queues one job per person with an active search; the real queue delivers the digest', async () => {
    const author = await person();
    const me = await person();
    const now = Date.now();
    await saveSearch(me.user.id, 'q=clavecin', 'Clavecin', now - DAY);
    await saveSearch(me.user.id, 'q=clavecin+vechi', 'Clavecin vechi', now - DAY);
    await makePost(author.user.id, { title: 'Clavecin vechi restaurat', bumpedAt: now - 5 * 60_000 }, HOUSE);
    const sendBatch = vi.spyOn(env.JOBS, 'sendBatch');
    const { sent } = spySend();
    const ctx = createExecutionContext();
    const scheduledTime = now + DIGEST_SETTLE_MS + 1000;
    await worker.scheduled(createScheduledController({ cron: '17 3 * * *', scheduledTime }), env, ctx);
    await waitOnExecutionContext(ctx);
    const queued = sendBatch.mock.calls.flatMap((c) => [...c[0]].map((m) => m.body as Job));
    const mine = queued.filter((j) => j.kind === 'saved-search-digest' && j.userId === me.user.id);
    expect(mine).toEqual([
      { kind: 'saved-search-digest', userId: me.user.id, day: bucharestDay(scheduledTime), upTo: now + 1000 },
    ]);
    await vi.waitUntil(() => sent.some((m) => m.to === me.user.email), { timeout: 10_000, interval: 100 });
    const mail = sent.find((m) => m.to === me.user.email);
    // One mail for both searches.
    expect(mail?.subject).toBe('2 anunțuri noi pentru căutările salvate');
    expect(sent.filter((m) => m.to === me.user.email)).toHaveLength(1);
  });

  it('one click in the digest stops that search alone, without a session; a forged or foreign ref changes nothing', async () => {
    const author = await person();
    const me = await person();
    const other = await person();
    const a = await saveSearch(me.user.id, 'q=orga', 'Orgă', Date.now() - DAY);
    const b = await saveSearch(me.user.id, 'q=pian', 'Pian', Date.now() - DAY);
    const foreign = await saveSearch(other.user.id, 'q=orga', 'Orgă', Date.now() - DAY);
    await makePost(author.user.id, { title: 'Orgă electronică', bumpedAt: Date.now() - 60_000 }, HOUSE);
    const { sent } = spySend();
    await runJobs([digestJob(me.user.id)]);
    const stop =
      /href="http:\/\/127\.0\.0\.1:8787\/dezabonare\/([^"]+)"[^>]*>Opriți e-mailurile pentru această căutare<\/a>/.exec(
        sent[0].html,
      );
    expect(stop).not.toBeNull();
    const target = await readUnsubscribeToken(env, stop?.[1] ?? '');
    expect(target).toEqual({ userId: me.user.id, kind: 'saved-search', ref: String(a) });
    // The stop page speaks of that search only, before and after the click.
    const page = textOf(await (await get(`/dezabonare/${stop?.[1]}`)).text());
    expect(page).toMatch(/Nu mai doriți mesajele pentru căutarea salvată „Orgă” ?\?/);
    expect(page).toContain('celelalte căutări salvate vă sunt trimise în continuare');
    expect(page).toContain('Oprește mesajele pentru această căutare');
    expect(page).not.toContain('„Căutări salvate”');
    const clicked = await postForm(`/dezabonare/${stop?.[1]}`, new URLSearchParams());
    expect(textOf(await clicked.text())).toContain(
      'Gata: nu mai primiți mesaje pentru căutarea salvată „Orgă”. Celelalte căutări salvate nu se schimbă.',
    );
    expect((await cursorOf(b)).paused).toBe(0);
    const outcome = await applyUnsubscribe(db, target!);
    expect(outcome).toMatchObject({ scope: 'ref', what: 'căutarea salvată „Orgă”' });
    expect((await cursorOf(a)).paused).toBe(1);
    expect((await cursorOf(b)).paused).toBe(0);
    // A ref naming someone else's search, or junk, touches nothing.
    expect(
      await applyUnsubscribe(db, { userId: me.user.id, kind: 'saved-search', ref: String(foreign) }),
    ).toMatchObject({ scope: 'gone' });
    expect(
      await applyUnsubscribe(db, { userId: me.user.id, kind: 'saved-search', ref: '1 OR 1=1' }),
    ).toMatchObject({ scope: 'gone' });
    expect((await cursorOf(foreign)).paused).toBe(0);
  });
});

describe('the price-drop mail', () => {
  it('an edit that lowers the price mails each favouriter who asked, once, through the real queue', async () => {
    const owner = await person();
    const ad = await makePost(
      owner.user.id,
      {
        title: 'Apartament 2 camere central',
        price: 60000,
        currency: 'EUR',
      },
      HOUSE,
    );
    const asked = await person({ name: 'Radu Atent' });
    const silent = await person();
    const banned = await person();
    for (const p of [asked, silent, banned])
      await postFormAs(`/salvate/${ad.id}`, { do: 'adauga' }, p.cookie);
    // On by default for a saved ad; `silent` turns it off for this ad.
    await postFormAs(`/salvate/${ad.id}/notificare`, {}, silent.cookie);
    await env.DB.prepare('UPDATE users SET banned = 1 WHERE id = ?').bind(banned.user.id).run();
    const { sent } = spySend();
    const res = await postFormAs(
      `/posts/edit/${ad.id}`,
      formOf(validFields({ price: '52000', currency: 'EUR' })),
      owner.cookie,
    );
    expect(res.status).toBe(303);
    await vi.waitUntil(() => sent.length > 0, { timeout: 10_000, interval: 100 });
    await queueIdle();
    expect(sent.map((m) => m.to)).toEqual([asked.user.email]);
    expect(sent[0].subject).toBe('Preț mai mic: Apartament 2 camere central — acum 52.000 €');
    expect(sent[0].html).toContain('60.000 €');
    expect(sent[0].text).toContain('Preț: 52.000 € (era 60.000 €)');
    expect(sent[0].headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/127\.0\.0\.1:8787\/dezabonare\//);
    // The same drop again (a duplicate job) sends nothing more.
    const version = (await env.DB.prepare('SELECT version FROM posts WHERE id = ?')
      .bind(ad.id)
      .first<{ version: number }>())!.version;
    await runJobs([{ kind: 'price-drop', postId: ad.id, version, newPrice: 52000 }]);
    expect(sent).toHaveLength(1);
  });

  it('a raised price, or a price-drop mail turned off, sends nothing', async () => {
    const owner = await person();
    const ad = await makePost(owner.user.id, { price: 40000, currency: 'EUR' }, HOUSE);
    const fan = await person();
    await postFormAs(`/salvate/${ad.id}`, { do: 'adauga' }, fan.cookie);
    await postFormAs(`/salvate/${ad.id}/notificare`, { notify: '1' }, fan.cookie);
    const sendBatch = vi.spyOn(env.JOBS, 'sendBatch');
    await postFormAs(
      `/posts/edit/${ad.id}`,
      formOf(validFields({ price: '52000', currency: 'EUR' })),
      owner.cookie,
    );
    expect(
      sendBatch.mock.calls.flatMap((c) => [...c[0]]).filter((m) => (m.body as Job).kind === 'price-drop'),
    ).toHaveLength(0);
    // Turned off on /cont/notificari: the drop is claimed but no mail goes out.
    await setMailKind(db, fan.user.id, 'price-drop', false);
    const { sent } = spySend();
    await env.DB.prepare('UPDATE favourites SET price_at_save = 60000 WHERE user_id = ?')
      .bind(fan.user.id)
      .run();
    await runJobs([{ kind: 'price-drop', postId: ad.id, version: 99, newPrice: 52000 }]);
    expect(sent).toHaveLength(0);
  });

  it('a failed send is retried for that person only, and then sent once', async () => {
    const owner = await person();
    const ad = await makePost(owner.user.id, { price: 1000, currency: 'RON' }, HOUSE);
    const a = await person();
    const b = await person();
    for (const p of [a, b]) {
      await postFormAs(`/salvate/${ad.id}`, { do: 'adauga' }, p.cookie);
      await postFormAs(`/salvate/${ad.id}/notificare`, { notify: '1' }, p.cookie);
    }
    await env.DB.prepare('UPDATE posts SET price = 800, version = version + 1 WHERE id = ?')
      .bind(ad.id)
      .run();
    const sent: string[] = [];
    vi.spyOn(env.EMAIL, 'send').mockImplementation(async (m) => {
      const to = (m as unknown as Sent).to;
      if (to === a.user.email && !sent.includes('failed-once')) {
        sent.push('failed-once');
        throw new Error('mail service down');
      }
      sent.push(to);
      return { messageId: 'x' };
    });
    const job: Job = { kind: 'price-drop', postId: ad.id, version: ad.version + 1, newPrice: 800 };
    const first = await runJobs([job]);
    expect(first.retryMessages).toHaveLength(1);
    await runJobs([job], 2);
    await runJobs([job], 3);
    expect(sent.filter((s) => s === a.user.email)).toHaveLength(1);
    expect(sent.filter((s) => s === b.user.email)).toHaveLength(1);
  });
});

describe('a third person', () => {
  it('sees none of someone’s saved searches on /cont/cautari', async () => {
    const owner = await person();
    await saveSearch(owner.user.id, 'q=contrabas', 'Contrabas secret', Date.now());
    const other = await person();
    const html = await (await getAs('/cont/cautari', other.cookie)).text();
    expect(html).not.toContain('Contrabas secret');
  });
});
