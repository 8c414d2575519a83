// Deleting an account: `/cont/sterge` (a typed confirmation, then every row and object goes, the
// session ends), what the other side of a conversation sees, an interrupted deletion resumed by the
// daily job, the Clerk user deleted through @clerk/backend against a stand-in of Clerk's Backend
// API, and the operators' deletion on request.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDeletion } from '../../src/db/account-deletion';
import * as schema from '../../src/db/schema';
import { openDb } from '../../src/db/session';
import worker from '../../src/index';
import { deleteAccount, resumeAccountDeletions } from '../../src/jobs/account-deletion';
import { identityHash } from '../../src/lib/identity-hash';
import {
  CLERK_STAND_IN_URL,
  clerkStandIn,
  flashText,
  get,
  getAs,
  person,
  postForm,
  postFormAs,
  sessionCookie,
  textOf,
  withFlash,
} from '../fixtures';
import { db, objectsOf, personWithEverything, room, rowsOf } from './support';

async function expectEverythingGone(s: Awaited<ReturnType<typeof personWithEverything>>) {
  const rows = await rowsOf(s.me.user.id);
  expect(rows.users).toEqual([]);
  expect(rows.posts).toEqual([]);
  expect(rows.photos).toEqual([]);
  expect(rows.favourites).toEqual([]);
  expect(rows.savedSearches).toEqual([]);
  expect(rows.optouts).toEqual([]);
  expect(rows.reminders).toEqual([]);
  expect(rows.refusals).toEqual([]);
  for (const photo of [...s.photos, s.upload]) {
    expect(await objectsOf(photo.id)).toEqual([]);
    expect(await db.select().from(schema.photos).where(eq(schema.photos.id, photo.id))).toEqual([]);
  }
  for (const ad of [s.ad, s.hidden]) {
    expect(await db.select().from(schema.posts).where(eq(schema.posts.id, ad.id))).toEqual([]);
  }
  // The other person's things are untouched.
  expect(await objectsOf(s.otherPhoto.id)).toHaveLength(1);
  const other = await rowsOf(s.other.user.id);
  expect(other.users).toHaveLength(1);
  expect(other.posts).toHaveLength(1);
  expect(other.savedSearches).toHaveLength(1);
  expect(other.optouts).toHaveLength(1);
  // Their favourite of my ad stays theirs (shown as removed).
  expect(other.favourites).toHaveLength(1);
  // My report of their ad stays, without my identity.
  const reports = await db.select().from(schema.reports).where(eq(schema.reports.postId, s.otherAd.id));
  expect(reports).toHaveLength(1);
  expect(reports[0].reporterKey).not.toBe(`u:${s.me.user.id}`);
  expect(reports[0].reporterKey).toMatch(/^x:\d+$/);
  expect(reports[0].reason).toBe('Spam');
  // The operator's decision stays, without the ad's title.
  const log = await db
    .select()
    .from(schema.moderationLog)
    .where(eq(schema.moderationLog.targetId, s.hidden.id));
  expect(log.map((l) => [l.action, l.details])).toEqual([['hide', 'Spam sau anunț duplicat']]);
  // My messages left the conversation; theirs stayed.
  const messages = await room(s.conversationId).list();
  expect(messages.map((m) => m.body)).toEqual([s.otherText]);
  const deletion = await getDeletion(db, s.me.user.id);
  expect(deletion).toMatchObject({ step: 'done', clerkId: null, lastError: null });
  expect(deletion?.finishedAt).not.toBeNull();
}

describe('the deletion page', () => {
  it('says what goes and what stays, and refuses without the typed word, keeping what was typed', async () => {
    const s = await personWithEverything();
    const page = await getAs('/cont/sterge', s.me.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const text = textOf(await page.text());
    expect(text).toMatch(/2 anunțuri\s*, în orice stare, cu 3 fotografii/);
    expect(text).toContain('Ce se păstrează și de ce');
    expect(text).toContain('rapoartele trimise de dumneavoastră');
    const refused = await postFormAs('/cont/sterge', { confirm: 'da' }, s.me.cookie);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(textOf(html)).toContain('Scrieți cuvântul ȘTERGE ca să confirmați ștergerea contului.');
    expect(html).toContain('value="da"');
    expect(await rowsOf(s.me.user.id)).toMatchObject({ users: [expect.anything()] });
    expect(await objectsOf(s.photos[0].id)).toHaveLength(1);
  });

  it('is for signed-in people only', async () => {
    expect((await get('/cont/sterge', { headers: { accept: 'application/json' } })).status).toBe(401);
    const res = await postForm('/cont/sterge', new URLSearchParams({ confirm: 'ȘTERGE' }));
    expect(res.status).toBe(401);
  });
});

describe('deleting an account', () => {
  it('removes every row and photo object, ends the session, and the other side sees "Cont șters"', async () => {
    const s = await personWithEverything();
    const adPath = `/anunt/imobiliare/${s.ad.slug}-${s.ad.id}`;
    const photoPath = `/api/poze/${s.photos[0].id}/${s.photos[0].fileName.replace(/\.jpg$/, '.webp')}`;
    const res = await postFormAs('/cont/sterge', { confirm: 'sterge' }, s.me.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const cookies = res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/__session=;/);
    expect(cookies).toMatch(/__client_uat=0/);
    expect(flashText(await (await get('/', { headers: { cookie: withFlash(res) } })).text())).toBe(
      'Contul și datele dumneavoastră au fost șterse. Vă mulțumim că ați folosit eRădăuți.',
    );

    await expectEverythingGone(s);
    // The ad's address answers 410, its photo 404.
    const gone = await get(adPath);
    expect(gone.status).toBe(410);
    expect(textOf(await gone.text())).toContain('Acest anunț a fost șters definitiv');
    expect((await get(photoPath)).status).toBe(404);

    // The other side reads the conversation with "Cont șters" and can no longer write.
    const view = await getAs(`/mesaje/${s.conversationId}`, s.other.cookie);
    expect(view.status).toBe(200);
    const viewText = textOf(await view.text());
    expect(viewText).toContain('Cont șters');
    expect(viewText).toContain(s.otherText);
    expect(viewText).not.toContain(s.myText);
    expect(viewText).not.toContain(s.me.user.name);
    expect(viewText).toContain('Această persoană și-a șters contul: nu îi mai puteți scrie.');
    const write = await postFormAs(
      `/mesaje/${s.conversationId}`,
      { text: 'Mai sunteți acolo?' },
      s.other.cookie,
    );
    expect(write.status).toBe(403);
    expect(await room(s.conversationId).list()).toHaveLength(1);
    const inbox = textOf(await (await getAs('/mesaje', s.other.cookie)).text());
    expect(inbox).toContain('Cont șters');

    // The old session never brings the account back.
    const after = await getAs('/api/cont', s.me.cookie, { accept: 'application/json' });
    expect(await after.json()).toMatchObject({ signedIn: false });
    expect(await rowsOf(s.me.user.id)).toMatchObject({ users: [] });
    expect(await db.select().from(schema.users).where(eq(schema.users.clerkId, s.me.user.clerkId))).toEqual(
      [],
    );
  });

  it('signing in again with the same e-mail starts a new, empty account', async () => {
    const s = await personWithEverything();
    const email = s.me.user.email as string;
    expect((await postFormAs('/cont/sterge', { confirm: 'ȘTERGE' }, s.me.cookie)).status).toBe(303);
    const signIn = await postForm('/clerk/sign-in', new URLSearchParams({ email, name: 'Ana din nou' }), {
      'cf-connecting-ip': `10.25.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    expect(signIn.status).toBe(303);
    const fresh = await db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(fresh).toHaveLength(1);
    expect(fresh[0].id).not.toBe(s.me.user.id);
    expect(fresh[0].clerkId).not.toBe(s.me.user.clerkId);
    const data = await rowsOf(fresh[0].id);
    expect([data.posts, data.favourites, data.savedSearches, data.conversations]).toEqual([[], [], [], []]);
  });

  it('two deletions at once of one account run as one and both leave nothing behind', async () => {
    const s = await personWithEverything();
    const [a, b] = await Promise.all([
      postFormAs('/cont/sterge', { confirm: 'ȘTERGE' }, s.me.cookie),
      postFormAs('/cont/sterge', { confirm: 'ȘTERGE' }, s.me.cookie),
    ]);
    // Whichever answered what, the account is gone entirely (a late one may find no session: 401).
    for (const r of [a, b]) expect([303, 401]).toContain(r.status);
    await expectEverythingGone(s);
    const deletions = await db
      .select()
      .from(schema.accountDeletions)
      .where(eq(schema.accountDeletions.userId, s.me.user.id));
    expect(deletions).toHaveLength(1);
  });
});

describe('an interrupted deletion', () => {
  it('stopped right after the photos is finished by the daily job, and logged', async () => {
    const s = await personWithEverything();
    const user = (await db.select().from(schema.users).where(eq(schema.users.id, s.me.user.id)))[0];
    const now = Date.now();
    const first = await deleteAccount(env, openDb(env.DB), user, { requestedBy: null, reason: '' }, now, {
      stopAfter: 'photos',
    });
    expect(first).toMatchObject({ step: 'ads', finishedAt: null });
    // Halfway: the photos are gone (objects and rows), the ads not yet, and nobody can sign in to it.
    for (const photo of [...s.photos, s.upload]) expect(await objectsOf(photo.id)).toEqual([]);
    expect((await rowsOf(s.me.user.id)).photos).toEqual([]);
    expect((await rowsOf(s.me.user.id)).posts).toHaveLength(2);
    const menu = await getAs('/api/cont', s.me.cookie, { accept: 'application/json' });
    expect(await menu.json()).toMatchObject({ signedIn: false });

    const logs = vi.spyOn(console, 'log');
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ cron: '17 3 * * *', scheduledTime: now + 86_400_000 }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const lines = logs.mock.calls.map((c) => String(c[0]));
    logs.mockRestore();
    expect(lines).toContainEqual(expect.stringContaining('"event":"account-deletion-resumed"'));
    expect(lines).toContainEqual(expect.stringContaining('"step":"ads"'));
    expect(lines).toContainEqual(expect.stringContaining('"event":"account-deletion-finished"'));
    await expectEverythingGone(s);
  });
});

describe('in Clerk mode', () => {
  const secretKey = 'sk_test_clerk_stand_in_secret';
  const clerkEnv = () => ({
    ...env,
    CLERK_PUBLISHABLE_KEY: `pk_test_${btoa('clerk.eradauti-stand-in.example$')}`,
    CLERK_SECRET_KEY: secretKey,
    CLERK_API_URL: CLERK_STAND_IN_URL,
  });
  let standIn: ReturnType<typeof clerkStandIn> | null = null;
  afterEach(() => standIn?.remove());
  // @clerk/backend keeps the fetch it found when first imported unless NODE_ENV is `test`; then it
  // calls the global fetch each time, i.e. the setup's guard, which hands the stand-in its requests.
  const nodeEnv = process.env.NODE_ENV;
  beforeAll(() => {
    process.env.NODE_ENV = 'test';
  });
  afterAll(() => {
    process.env.NODE_ENV = nodeEnv;
  });

  it('deletes the Clerk user through @clerk/backend, then forgets the Clerk id', async () => {
    standIn = clerkStandIn(secretKey);
    const s = await personWithEverything();
    const clerkId = `user_2clerk${Math.random().toString(36).slice(2, 10)}`;
    await db.update(schema.users).set({ clerkId }).where(eq(schema.users.id, s.me.user.id));
    standIn.users.add(clerkId);
    const user = (await db.select().from(schema.users).where(eq(schema.users.id, s.me.user.id)))[0];
    const done = await deleteAccount(
      clerkEnv(),
      openDb(env.DB),
      user,
      { requestedBy: null, reason: '' },
      Date.now(),
    );
    expect(done).toMatchObject({ step: 'done', clerkId: null, clerkHash: await identityHash(clerkId) });
    expect(standIn.calls).toEqual([
      { method: 'DELETE', path: `/v1/users/${clerkId}`, authorization: `Bearer ${secretKey}` },
    ]);
    expect(standIn.users.has(clerkId)).toBe(false);
    await expectEverythingGone(s);
  });

  it('Clerk unreachable: the deletion stops before the account row, keeps the Clerk id, and is resumed', async () => {
    standIn = clerkStandIn(secretKey);
    standIn.down = true;
    const s = await personWithEverything();
    const clerkId = `user_2down${Math.random().toString(36).slice(2, 10)}`;
    await db.update(schema.users).set({ clerkId }).where(eq(schema.users.id, s.me.user.id));
    standIn.users.add(clerkId);
    const user = (await db.select().from(schema.users).where(eq(schema.users.id, s.me.user.id)))[0];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(
      deleteAccount(clerkEnv(), openDb(env.DB), user, { requestedBy: null, reason: '' }, Date.now()),
    ).rejects.toThrow();
    errors.mockRestore();
    const stuck = await getDeletion(db, s.me.user.id);
    expect(stuck).toMatchObject({ step: 'clerk', clerkId, attempts: 1, finishedAt: null });
    expect(stuck?.lastError).toBeTruthy();
    // Everything but the Clerk user and the account row is already gone.
    expect((await rowsOf(s.me.user.id)).posts).toEqual([]);

    standIn.down = false;
    expect(await resumeAccountDeletions(clerkEnv(), openDb(env.DB), Date.now())).toBeGreaterThanOrEqual(1);
    expect(standIn.users.has(clerkId)).toBe(false);
    await expectEverythingGone(s);
  });

  it('a Clerk user already gone (404) counts as deleted', async () => {
    standIn = clerkStandIn(secretKey);
    const s = await personWithEverything();
    await db
      .update(schema.users)
      .set({ clerkId: 'user_2alreadygone' })
      .where(eq(schema.users.id, s.me.user.id));
    const user = (await db.select().from(schema.users).where(eq(schema.users.id, s.me.user.id)))[0];
    const done = await deleteAccount(
      clerkEnv(),
      openDb(env.DB),
      user,
      { requestedBy: null, reason: '' },
      Date.now(),
    );
    expect(done.step).toBe('done');
    expect(standIn.calls).toHaveLength(1);
  });
});

describe('operators delete on request', () => {
  it('with a reason and the confirmation: everything goes, the log keeps the decision and the reason', async () => {
    const s = await personWithEverything();
    const operator = await person({ role: 'operator' });
    const action = `/moderare/utilizator/${s.me.user.id}/sterge-contul`;
    const noReason = await postFormAs(action, { confirm: 'da', reason: '' }, operator.cookie);
    expect(noReason.status).toBe(400);
    expect(textOf(await noReason.text())).toContain('Scrieți motivul');
    const noTick = await postFormAs(action, { reason: 'Cerere prin e-mail, 20.11.2026' }, operator.cookie);
    expect(noTick.status).toBe(400);
    const noTickHtml = await noTick.text();
    expect(textOf(noTickHtml)).toContain('Bifați confirmarea');
    expect(noTickHtml).toContain('Cerere prin e-mail, 20.11.2026');
    expect((await rowsOf(s.me.user.id)).users).toHaveLength(1);

    const done = await postFormAs(
      action,
      { reason: 'Cerere prin e-mail, 20.11.2026', confirm: 'da' },
      operator.cookie,
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/moderare');
    await expectEverythingGone(s);
    const log = await db
      .select()
      .from(schema.moderationLog)
      .where(eq(schema.moderationLog.action, 'delete-account'));
    expect(log.filter((l) => l.targetId === s.me.user.id)).toEqual([
      expect.objectContaining({
        operatorUserId: operator.user.id,
        details: 'Cerere prin e-mail, 20.11.2026',
      }),
    ]);
    expect(await getDeletion(db, s.me.user.id)).toMatchObject({
      requestedBy: operator.user.id,
      reason: 'Cerere prin e-mail, 20.11.2026',
    });
  });

  it('never for an operator, nor by anyone who is not one', async () => {
    const operator = await person({ role: 'operator' });
    const other = await person({ role: 'operator' });
    const refused = await postFormAs(
      `/moderare/utilizator/${other.user.id}/sterge-contul`,
      { reason: 'x', confirm: 'da' },
      operator.cookie,
    );
    expect(refused.status).toBe(400);
    const plain = await person();
    const victim = await person();
    const forbidden = await postFormAs(
      `/moderare/utilizator/${victim.user.id}/sterge-contul`,
      { reason: 'x', confirm: 'da' },
      plain.cookie,
    );
    expect(forbidden.status).toBe(403);
    expect((await rowsOf(victim.user.id)).users).toHaveLength(1);
    expect((await rowsOf(other.user.id)).users).toHaveLength(1);
  });
});

it('a session of a deleted account is refused even with a freshly minted token', async () => {
  const p = await person();
  expect((await postFormAs('/cont/sterge', { confirm: 'ȘTERGE' }, p.cookie)).status).toBe(303);
  const again = await sessionCookie(p.user.clerkId);
  const res = await getAs('/api/cont', again, { accept: 'application/json' });
  expect(await res.json()).toMatchObject({ signedIn: false });
  expect(await db.select().from(schema.users).where(eq(schema.users.clerkId, p.user.clerkId))).toEqual([]);
});
