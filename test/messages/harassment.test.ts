// Messages cannot be turned into a weapon, tested from the harasser's side: a reply flood meets the
// per-minute binding and the daily count in D1 (parallel requests included), a conversation is
// capped and paged, a block is about the person on every ad (also from the inbox), thousands of
// WebSockets stay a handful, and the unread mails are grouped per recipient, one an hour at most.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAILY_MESSAGES, dayOf, NOTICE_MAIL_GAP_MS } from '../../src/db/message-limits';
import * as schema from '../../src/db/schema';
import { runHourly } from '../../src/jobs/hourly';
import { runMessageUnread } from '../../src/jobs/message-unread';
import {
  MAX_CONVERSATION_MESSAGES,
  MAX_SOCKETS_PER_PERSON,
  NOTICE_DELAY_MS,
  PAGE_SIZE,
} from '../../src/messages/room';
import { getAs, ORIGIN, postFormAs, textOf } from '../fixtures';
import { itInOneWindow } from '../limits/support';
import { ad, conversationIdOf, conversationsOf, db, person, room } from './support';

afterEach(() => vi.restoreAllMocks());

const JSON_ACCEPT = { accept: 'application/json' };

async function opened(text = 'Bună ziua, mai este?') {
  const seller = await person('vanzator');
  const buyer = await person('cumparator');
  const post = await ad(seller.user.id);
  const res = await postFormAs(`/mesaje/anunt/${post.id}`, { text }, buyer.cookie);
  return { seller, buyer, post, id: conversationIdOf(res) };
}

const storedCount = (id: number) =>
  runInDurableObject(room(id), (_i, state) =>
    Number(state.storage.sql.exec('SELECT count(*) AS n FROM messages').one().n),
  );

describe('a reply flood', () => {
  itInOneWindow(
    'meets 20 messages a minute per person (the first one counts): 429, Retry-After, the text kept',
    async () => {
      const { buyer, id } = await opened();
      const statuses: number[] = [];
      let last: Response | null = null;
      for (let i = 0; i < 25; i++) {
        last = await postFormAs(`/mesaje/${id}`, { text: `Flood ${i}` }, buyer.cookie);
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 19)).toEqual(Array(19).fill(303));
      expect(statuses.slice(19)).toEqual(Array(6).fill(429));
      expect(last?.headers.get('retry-after')).toBe('60');
      const html = (await last?.text()) ?? '';
      expect(textOf(html)).toContain('Ați trimis prea multe mesaje într-un minut');
      expect(html).toContain('Flood 24');
      expect(await storedCount(id)).toBe(20);
      // JSON for the live island, with the same refusal.
      const json = await postFormAs(`/mesaje/${id}`, { text: 'încă unul' }, buyer.cookie, JSON_ACCEPT);
      expect(json.status).toBe(429);
      expect(((await json.json()) as { error: string }).error).toContain('prea multe mesaje');
      // The limit is the person's: the other side still answers.
    },
  );

  itInOneWindow('the same flood sent all at once: still 20 a minute', async () => {
    const { seller, buyer, id } = await opened();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postFormAs(`/mesaje/${id}`, { text: `Paralel ${i}` }, buyer.cookie, JSON_ACCEPT),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(19);
    expect(results.filter((r) => r.status === 429)).toHaveLength(21);
    expect(await storedCount(id)).toBe(20);
    const answer = await postFormAs(`/mesaje/${id}`, { text: 'Vă răspund eu' }, seller.cookie);
    expect(answer.status).toBe(303);
  });

  itInOneWindow(
    `the daily ${DAILY_MESSAGES} are counted in D1 by the reserving statement: parallel messages pass exactly to the limit`,
    async () => {
      const { buyer, id } = await opened();
      const today = dayOf(Date.now());
      // 195 sent today already (the first message was the 1st; set the count as if 194 more followed).
      await db
        .update(schema.messageDayCounts)
        .set({ sent: DAILY_MESSAGES - 5 })
        .where(
          and(eq(schema.messageDayCounts.userId, buyer.user.id), eq(schema.messageDayCounts.day, today)),
        );
      const results = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          postFormAs(`/mesaje/${id}`, { text: `Zilnic ${i}` }, buyer.cookie, JSON_ACCEPT),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      const refused = results.filter((r) => r.status === 429);
      expect(refused).toHaveLength(10);
      expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused[0].json()) as { error: string }).error).toContain('200 de mesaje astăzi');
      const [row] = await db
        .select()
        .from(schema.messageDayCounts)
        .where(
          and(eq(schema.messageDayCounts.userId, buyer.user.id), eq(schema.messageDayCounts.day, today)),
        );
      expect(row.sent).toBe(DAILY_MESSAGES);
      expect(await storedCount(id)).toBe(6);
      // The page form keeps the text of a refused reply.
      const page = await postFormAs(`/mesaje/${id}`, { text: 'Textul meu păstrat' }, buyer.cookie);
      expect(page.status).toBe(429);
      expect(await page.text()).toContain('Textul meu păstrat');
    },
  );
});

describe('a conversation is capped and paged', () => {
  async function fill(id: number, buyerId: number, sellerId: number, count: number) {
    await runInDurableObject(room(id), (_i, state) => {
      const t = Date.now() - 3_600_000;
      for (let i = 0; i < count; i++)
        state.storage.sql.exec(
          'INSERT INTO messages (sender_id, body, created_at, read_at, notice_checked) VALUES (?, ?, ?, ?, 1)',
          i % 2 ? sellerId : buyerId,
          `Mesaj ${i + 2} ${'x'.repeat(1900)}`,
          t + i,
          t + i,
        );
    });
  }

  it(`stores at most ${MAX_CONVERSATION_MESSAGES} messages (simultaneous ones too), then refuses with 409 and the text kept`, async () => {
    const { seller, buyer, id } = await opened();
    await fill(id, buyer.user.id, seller.user.id, MAX_CONVERSATION_MESSAGES - 2);
    const results = await Promise.all([
      postFormAs(`/mesaje/${id}`, { text: 'Ultimul 1' }, buyer.cookie, JSON_ACCEPT),
      postFormAs(`/mesaje/${id}`, { text: 'Ultimul 2' }, seller.cookie, JSON_ACCEPT),
      postFormAs(`/mesaje/${id}`, { text: 'Ultimul 3' }, buyer.cookie, JSON_ACCEPT),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await storedCount(id)).toBe(MAX_CONVERSATION_MESSAGES);
    const page = await postFormAs(`/mesaje/${id}`, { text: 'Nu mai încape' }, seller.cookie);
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(textOf(html)).toContain('a ajuns la 1.000 de mesaje');
    expect(html).toContain('Nu mai încape');
  });

  it(`shows the newest ${PAGE_SIZE} first, older ones on request without JavaScript; the page stays small`, async () => {
    const { seller, buyer, id } = await opened('Mesaj 1');
    await fill(id, buyer.user.id, seller.user.id, MAX_CONVERSATION_MESSAGES - 1);
    const res = await getAs(`/mesaje/${id}`, seller.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const shown = () => [...html.matchAll(/data-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(shown()).toHaveLength(PAGE_SIZE);
    expect(Math.max(...shown())).toBe(MAX_CONVERSATION_MESSAGES);
    // 1 000 messages of ~1 900 characters would be ~2 MB; one page is a twentieth of it.
    expect(html.length).toBeLessThan(200_000);
    // The block and report forms are on the page.
    expect(html).toContain(`action="/mesaje/${id}/blocheaza"`);
    const older = /href="(\/mesaje\/\d+\?inainte=\d+)"/.exec(html)?.[1];
    expect(older).toBe(`/mesaje/${id}?inainte=${MAX_CONVERSATION_MESSAGES - PAGE_SIZE + 1}`);
    expect(textOf(html)).toContain('1.000 de mesaje în total');
    const previous = await (await getAs(older ?? '', seller.cookie)).text();
    const ids = [...previous.matchAll(/data-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids[0]).toBe(MAX_CONVERSATION_MESSAGES - 2 * PAGE_SIZE + 1);
    expect(ids.at(-1)).toBe(MAX_CONVERSATION_MESSAGES - PAGE_SIZE);
    expect(previous).toContain(`href="/mesaje/${id}"`);
    // The very first page ends the chain.
    const first = await (await getAs(`/mesaje/${id}?inainte=${PAGE_SIZE + 1}`, seller.cookie)).text();
    expect(first).toContain('Mesaj 1');
    expect(first).not.toMatch(/inainte=\d+"/);
  });
});

describe('a block is about the person', () => {
  it('blocked from the inbox: no reply, no new conversation on any other ad of either, both ways; unblocking restores it', async () => {
    const seller = await person('vanzator');
    const pest = await person('insistent');
    const [first, second] = await Promise.all([ad(seller.user.id), ad(seller.user.id)]);
    const pestsAd = await ad(pest.user.id);
    const id = conversationIdOf(
      await postFormAs(`/mesaje/anunt/${first.id}`, { text: 'Salut' }, pest.cookie),
    );
    // An older conversation the other way round: the seller once wrote about the pest's ad.
    const other = conversationIdOf(
      await postFormAs(`/mesaje/anunt/${pestsAd.id}`, { text: 'Mai e?' }, seller.cookie),
    );

    const inbox = await (await getAs('/mesaje', seller.cookie)).text();
    expect(inbox).toContain(`action="/mesaje/${id}/blocheaza"`);
    const blocked = await postFormAs(`/mesaje/${id}/blocheaza`, { inapoi: 'mesaje' }, seller.cookie);
    expect(blocked.status).toBe(303);
    expect(blocked.headers.get('location')).toBe('/mesaje');
    const after = await (await getAs('/mesaje', seller.cookie)).text();
    expect(after).toContain(`action="/mesaje/${id}/deblocheaza"`);

    // The pest: no reply here, none in the other conversation, no new one about another ad.
    const reply = await postFormAs(`/mesaje/${id}`, { text: 'De ce?' }, pest.cookie, JSON_ACCEPT);
    expect(reply.status).toBe(403);
    expect((await postFormAs(`/mesaje/${other}`, { text: 'Alo' }, pest.cookie, JSON_ACCEPT)).status).toBe(
      403,
    );
    const fresh = await postFormAs(`/mesaje/anunt/${second.id}`, { text: 'Alt anunț, tot eu' }, pest.cookie);
    expect(fresh.status).toBe(403);
    const html = await fresh.text();
    expect(textOf(html)).toContain('Această persoană nu mai primește mesaje de la dumneavoastră');
    expect(html).toContain('Alt anunț, tot eu');
    expect(await conversationsOf(second.id)).toHaveLength(0);
    // Parallel attempts on a new ad open nothing either.
    const third = await ad(seller.user.id);
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        postFormAs(`/mesaje/anunt/${third.id}`, { text: 'x' }, pest.cookie, JSON_ACCEPT),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(5).fill(403));
    expect(await conversationsOf(third.id)).toHaveLength(0);
    // The blocker is told to unblock first.
    const mine = await postFormAs(`/mesaje/${other}`, { text: 'Eu' }, seller.cookie, JSON_ACCEPT);
    expect(mine.status).toBe(403);
    // Only the blocker may unblock.
    await postFormAs(`/mesaje/${id}/deblocheaza`, {}, pest.cookie);
    expect((await postFormAs(`/mesaje/${id}`, { text: 'Tot nu' }, pest.cookie, JSON_ACCEPT)).status).toBe(
      403,
    );
    await postFormAs(`/mesaje/${id}/deblocheaza`, { inapoi: 'mesaje' }, seller.cookie);
    expect((await postFormAs(`/mesaje/${id}`, { text: 'Scuze' }, pest.cookie, JSON_ACCEPT)).status).toBe(201);
    expect((await postFormAs(`/mesaje/anunt/${second.id}`, { text: 'Acum?' }, pest.cookie)).status).toBe(303);
  });
});

describe('WebSockets per person', () => {
  it(`opening 40 on one conversation keeps at most ${MAX_SOCKETS_PER_PERSON} open; the newest still works`, async () => {
    const { seller, buyer, id } = await opened();
    const sockets: WebSocket[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await exports.default.fetch(
        new Request(`${ORIGIN}/mesaje/${id}/live`, {
          headers: { upgrade: 'websocket', origin: ORIGIN, cookie: buyer.cookie },
        }),
      );
      expect(res.status).toBe(101);
      const ws = res.webSocket;
      if (!ws) throw new Error('no socket');
      ws.accept();
      sockets.push(ws);
    }
    const open = () =>
      runInDurableObject(
        room(id),
        (_i, state) =>
          state.getWebSockets(String(buyer.user.id)).filter((ws) => ws.readyState === WebSocket.OPEN).length,
      );
    await vi.waitUntil(async () => (await open()) <= MAX_SOCKETS_PER_PERSON, { timeout: 10_000 });
    expect(await open()).toBe(MAX_SOCKETS_PER_PERSON);
    const received: string[] = [];
    sockets[39].addEventListener('message', (e) => received.push(String(e.data)));
    await postFormAs(`/mesaje/${id}`, { text: 'Live' }, seller.cookie);
    await vi.waitUntil(() => received.some((d) => d.includes('Live')), { timeout: 10_000 });
    for (const ws of sockets) {
      try {
        ws.close(1000, 'done');
      } catch {
        // closed by the room already
      }
    }
  });
});

type Sent = { to: string; subject: string; text: string };

describe('unread mails are grouped per recipient', () => {
  it('three conversations waiting: one mail listing them with their counts; no second one within the hour, the waiting one after it', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const seller = await person('vanzator');
    const posts = await Promise.all([ad(seller.user.id), ad(seller.user.id), ad(seller.user.id)]);
    const ids: number[] = [];
    for (const [i, post] of posts.entries()) {
      const buyer = await person(`cumparator${i}`);
      const id = conversationIdOf(
        await postFormAs(`/mesaje/anunt/${post.id}`, { text: `Întrebarea ${i}` }, buyer.cookie),
      );
      for (let k = 0; k < i; k++) await postFormAs(`/mesaje/${id}`, { text: `Încă una ${k}` }, buyer.cookie);
      ids.push(id);
    }
    // Every conversation's alarm fires at once: three jobs, one mail.
    for (const id of ids)
      await runInDurableObject(room(id), (_i, state) => {
        state.storage.sql.exec('UPDATE messages SET created_at = created_at - ?', NOTICE_DELAY_MS + 1000);
      });
    await Promise.all(ids.map((id) => runDurableObjectAlarm(room(id))));
    await vi.waitUntil(() => send.mock.calls.length > 0, { timeout: 15_000, interval: 100 });
    // The other jobs ran too, and sent nothing more.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        runMessageUnread({ kind: 'message-unread', recipientId: seller.user.id }, env),
      ),
    );
    expect(send).toHaveBeenCalledTimes(1);
    const mail = send.mock.calls[0][0] as unknown as Sent;
    expect(mail.to).toBe(seller.user.email);
    expect(mail.subject).toBe('Aveți mesaje necitite în 3 conversații');
    for (const [i, post] of posts.entries()) {
      expect(mail.text).toContain(post.title);
      expect(mail.text).toContain(`/mesaje/${ids[i]}`);
    }
    expect(mail.text).toContain('1 mesaj necitit');
    expect(mail.text).toContain('2 mesaje necitite');
    expect(mail.text).toContain('3 mesaje necitite');

    // A new message within the hour: no mail now, the mail waits.
    const late = await person('tarziu');
    const post = await ad(seller.user.id);
    const lateId = conversationIdOf(
      await postFormAs(`/mesaje/anunt/${post.id}`, { text: 'Târziu' }, late.cookie),
    );
    await runMessageUnread(
      { kind: 'message-unread', recipientId: seller.user.id, conversationId: lateId },
      env,
    );
    expect(send).toHaveBeenCalledTimes(1);
    const [state] = await db
      .select()
      .from(schema.messageNoticeState)
      .where(eq(schema.messageNoticeState.userId, seller.user.id));
    expect(state.pendingAt).not.toBeNull();
    // The hourly cron before the hour is over leaves it waiting; after it, the mail goes.
    expect((await runHourly(env, Date.now())).messageNotices).toBe(0);
    await db
      .update(schema.messageNoticeState)
      .set({ lastSentAt: state.lastSentAt - NOTICE_MAIL_GAP_MS })
      .where(eq(schema.messageNoticeState.userId, seller.user.id));
    expect((await runHourly(env, Date.now())).messageNotices).toBeGreaterThanOrEqual(1);
    await vi.waitUntil(() => send.mock.calls.length === 2, { timeout: 15_000, interval: 100 });
    expect((send.mock.calls[1][0] as unknown as Sent).text).toContain('Târziu');
  });
});

describe('names and titles reaching a mail', () => {
  it('a title with line breaks is stored on one line and the subject has no header break', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    await db
      .update(schema.users)
      .set({ name: 'Ion\r\nBcc: victima@example.ro' })
      .where(eq(schema.users.id, buyer.user.id));
    const post = await ad(seller.user.id, { title: 'Canapea\r\nBcc: toti@example.ro\u202e' });
    const id = conversationIdOf(
      await postFormAs(`/mesaje/anunt/${post.id}`, { text: 'Salut' }, buyer.cookie),
    );
    const [row] = await conversationsOf(post.id);
    expect(row.postTitle).toBe('Canapea Bcc: toti@example.ro');
    await runInDurableObject(room(id), (_i, state) => {
      state.storage.sql.exec('UPDATE messages SET created_at = created_at - ?', NOTICE_DELAY_MS + 1000);
    });
    await runDurableObjectAlarm(room(id));
    await vi.waitUntil(() => send.mock.calls.length > 0, { timeout: 15_000, interval: 100 });
    const mail = send.mock.calls[0][0] as unknown as Sent;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for exactly these characters
    expect(mail.subject).not.toMatch(/[\r\n\u0000-\u001f\u202e]/);
    expect(mail.subject).toBe('Mesaj nou de la Ion Bcc: victima@example.ro: Canapea Bcc: toti@example.ro');
  });
});
