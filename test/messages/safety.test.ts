import {
  createExecutionContext,
  createScheduledController,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { DELETED_AD_KEEP_MS } from '../../src/db/conversations';
import * as schema from '../../src/db/schema';
import worker from '../../src/index';
import { runScheduled } from '../../src/jobs/daily';
import { jsonLdOf } from '../browse/html';
import { get, getAs, ORIGIN, postFormAs } from '../fixtures';
import { ad, conversationIdOf, conversationsOf, db, person, room } from './support';

const adPath = (post: { id: number; slug: string }) => `/anunt/imobiliare/${post.slug}-${post.id}`;

describe('"Doar mesaje"', () => {
  it('per ad: no phone on the page, in the JSON-LD or through ?contact=1; the form to write is there', async () => {
    const seller = await person('vanzator', { phone: '0744999888' });
    const post = await ad(seller.user.id, { phone: '0744123456', price: 500 });
    const before = await (await get(`${adPath(post)}?contact=1`)).text();
    expect(before).toContain('0744');

    const toggle = await postFormAs(`/mesaje/doar-mesaje/${post.id}`, { on: '1' }, seller.cookie);
    expect(toggle.status).toBe(303);
    for (const path of [adPath(post), `${adPath(post)}?contact=1`]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toMatch(/0744|744 ?123|tel:|wa\.me/);
      expect(JSON.stringify(jsonLdOf(html))).not.toMatch(/0744|telephone/);
      expect(html).toContain('doar prin mesaje');
      expect(html).toContain(`action="/mesaje/anunt/${post.id}"`);
    }
    const json = await get(`${adPath(post)}?contact=1`, { headers: { accept: 'application/json' } });
    expect(await json.text()).not.toContain('0744');
  });

  it("in the profile: no phone on any of the author's ads", async () => {
    const seller = await person('vanzator', { phone: '0744999888' });
    const a = await ad(seller.user.id, { phone: null });
    const b = await ad(seller.user.id, { phone: '0755111222' });
    const form = new FormData();
    form.set('name', seller.user.name);
    form.set('phone', '0744999888');
    form.set('messagesOnly', '1');
    expect((await postFormAs('/profile/edit', form, seller.cookie)).status).toBe(303);
    for (const post of [a, b]) {
      const html = await (await get(`${adPath(post)}?contact=1`)).text();
      expect(html).not.toMatch(/0744|0755|tel:/);
      expect(html).toContain('doar prin mesaje');
    }
  });

  it("only the ad's author may switch it", async () => {
    const seller = await person('vanzator');
    const other = await person('strain');
    const post = await ad(seller.user.id);
    const res = await postFormAs(`/mesaje/doar-mesaje/${post.id}`, { on: '1' }, other.cookie);
    expect(res.status).toBe(403);
    const [row] = await db.select().from(schema.posts).where(eq(schema.posts.id, post.id));
    expect(row.messagesOnly).toBe(false);
  });
});

describe('the new-conversation rate limit', () => {
  it('refuses the 11th new conversation in a minute with 429, Retry-After and the text kept; replies are not limited', async () => {
    const buyer = await person('grabit');
    const seller = await person('vanzator');
    const posts = await Promise.all(Array.from({ length: 11 }, () => ad(seller.user.id)));
    const statuses: number[] = [];
    let last: Response | null = null;
    for (const post of posts) {
      last = await postFormAs(`/mesaje/anunt/${post.id}`, { text: 'Mai este?' }, buyer.cookie);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(303));
    expect(statuses[10]).toBe(429);
    expect(last?.headers.get('retry-after')).toBe('60');
    const html = await last?.text();
    expect(html).toContain('prea multe conversații într-un minut');
    expect(html).toContain('Mai este?');
    expect(await conversationsOf(posts[10].id)).toHaveLength(0);
    // An existing conversation continues: a reply is never a new conversation.
    const again = await postFormAs(
      `/mesaje/anunt/${posts[0].id}`,
      { text: 'Încă o întrebare' },
      buyer.cookie,
    );
    expect(again.status).toBe(303);
  });

  it('caps new conversations at 20 a day in D1', async () => {
    const buyer = await person('zilnic');
    const seller = await person('vanzator');
    const now = Date.now();
    const old = await Promise.all(Array.from({ length: 20 }, () => ad(seller.user.id)));
    const rows = old.map((p, i) => ({
      postId: p.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      postTitle: p.title,
      createdAt: now - 3_600_000 - i,
      lastMessageAt: now - 3_600_000,
    }));
    // D1 binds at most 100 parameters a statement.
    await db.insert(schema.conversations).values(rows.slice(0, 10));
    await db.insert(schema.conversations).values(rows.slice(10));
    const post = await ad(seller.user.id);
    const res = await postFormAs(`/mesaje/anunt/${post.id}`, { text: 'A 21-a' }, buyer.cookie);
    expect(res.status).toBe(429);
    expect(await res.text()).toContain('cel mult 20 pe zi');
  });
});

describe('cleanup after the ad is deleted', () => {
  it('keeps the conversation readable 30 days, then the daily cron removes its storage and its row', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id, { title: 'Dulap vechi' });
    const res = await postFormAs(`/mesaje/anunt/${post.id}`, { text: 'Îl mai aveți?' }, buyer.cookie);
    const id = conversationIdOf(res);
    await db.delete(schema.posts).where(eq(schema.posts.id, post.id));

    const t0 = Date.now();
    await runScheduled(env, t0);
    const page = await getAs(`/mesaje/${id}`, buyer.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Îl mai aveți?');
    expect(html).toContain('se păstrează 30 de zile');
    expect(html).not.toContain('name="text"');
    const reply = await postFormAs(`/mesaje/${id}`, { text: 'x' }, seller.cookie, {
      accept: 'application/json',
    });
    expect(reply.status).toBe(404);

    await runScheduled(env, t0 + DELETED_AD_KEEP_MS - 60_000);
    expect(await conversationsOf(post.id)).toHaveLength(1);
    const report = await runScheduled(env, t0 + DELETED_AD_KEEP_MS + 1000);
    expect(report.conversationsRemoved).toBe(1);
    expect(await conversationsOf(post.id)).toHaveLength(0);
    expect(await room(id).list()).toEqual([]);
    expect((await getAs(`/mesaje/${id}`, buyer.cookie)).status).toBe(404);
  });

  it("is one step of the Worker's daily cron handler", async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const id = conversationIdOf(
      await postFormAs(`/mesaje/anunt/${post.id}`, { text: 'Salut' }, buyer.cookie),
    );
    await db.delete(schema.posts).where(eq(schema.posts.id, post.id));
    await db
      .update(schema.conversations)
      .set({ postDeletedAt: Date.now() - DELETED_AD_KEEP_MS - 1000 })
      .where(eq(schema.conversations.id, id));
    const ctx = createExecutionContext();
    const controller = createScheduledController({ cron: '17 3 * * *', scheduledTime: Date.now() });
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await conversationsOf(post.id)).toHaveLength(0);
    const stored = await runInDurableObject(
      room(id),
      (_i, state) =>
        state.storage.sql.exec("SELECT count(*) AS n FROM sqlite_master WHERE name = 'messages'").one().n,
    );
    expect(stored).toBe(0);
  });
});

describe('the live WebSocket', () => {
  async function setup() {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const third = await person('strain');
    const post = await ad(seller.user.id);
    const res = await postFormAs(`/mesaje/anunt/${post.id}`, { text: 'Salut' }, buyer.cookie);
    return { seller, buyer, third, id: conversationIdOf(res) };
  }
  const upgrade = (id: number, headers: Record<string, string>) =>
    exports.default.fetch(
      new Request(`${ORIGIN}/mesaje/${id}/live`, { headers: { upgrade: 'websocket', ...headers } }),
    );

  it('refuses an upgrade without a session, from another origin, or from someone outside the conversation', async () => {
    const { buyer, third, id } = await setup();
    expect((await upgrade(id, { origin: ORIGIN })).status).toBe(401);
    expect((await upgrade(id, { origin: 'https://evil.example', cookie: buyer.cookie })).status).toBe(403);
    expect((await upgrade(id, { cookie: buyer.cookie })).status).toBe(403);
    expect((await upgrade(id, { origin: ORIGIN, cookie: third.cookie })).status).toBe(404);
    const plain = await exports.default.fetch(
      new Request(`${ORIGIN}/mesaje/${id}/live`, { headers: { cookie: buyer.cookie } }),
    );
    expect(plain.status).toBe(426);
  });

  it("delivers the other person's reply live to an open conversation", async () => {
    const { seller, buyer, id } = await setup();
    const res = await upgrade(id, { origin: ORIGIN, cookie: buyer.cookie });
    expect(res.status).toBe(101);
    const ws = res.webSocket;
    if (!ws) throw new Error('no socket');
    ws.accept();
    const received: string[] = [];
    ws.addEventListener('message', (e) => received.push(String(e.data)));
    ws.send('ping');
    const reply = await postFormAs(`/mesaje/${id}`, { text: 'Da, este disponibil' }, seller.cookie, {
      accept: 'application/json',
    });
    expect(reply.status).toBe(201);
    // Wait for the pong and the live message themselves, not for a fixed time.
    await vi.waitUntil(
      () => received.includes('pong') && received.some((d) => d.includes('Da, este disponibil')),
      {
        timeout: 10_000,
        interval: 20,
      },
    );
    expect(received).toContain('pong');
    const events = received.filter((d) => d !== 'pong').map((d) => JSON.parse(d));
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'message',
        message: expect.objectContaining({ body: 'Da, este disponibil', senderId: seller.user.id }),
      }),
    );
    ws.close(1000, 'done');
  });
});
