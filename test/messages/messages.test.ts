import { runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MENU_COPY_MS } from '../../src/auth/menu-copy';
import * as schema from '../../src/db/schema';
import { REFUSALS } from '../../src/lib/conversation-access';
import { MESSAGE_TOO_LONG } from '../../src/lib/message-text';
import { SCAM_WARNING } from '../../src/lib/scam';
import type { ConversationRoom } from '../../src/messages/room';
import { afterAnswer, get, getAs, postForm, postFormAs, textOf } from '../fixtures';
import { ad, conversationIdOf, conversationsOf, db, person, room } from './support';

const JSON_ACCEPT = { accept: 'application/json' };

/** The buyer's first message about the ad: the conversation's id. */
async function open(postId: number, cookie: string, text = 'Bună ziua, mai este disponibil?') {
  const res = await postFormAs(`/mesaje/anunt/${postId}`, { text }, cookie);
  expect(res.status).toBe(303);
  return conversationIdOf(res);
}

describe('writing to a seller', () => {
  it('opens a conversation with the first message, then 303 to it; the seller sees it', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const id = await open(post.id, buyer.cookie, 'Mai este disponibilă bicicleta?');
    const page = await getAs(`/mesaje/${id}`, seller.cookie);
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain('Mai este disponibilă bicicleta?');
    expect(text).toContain(buyer.user.name);
    const [row] = await conversationsOf(post.id);
    expect(row).toMatchObject({ buyerId: buyer.user.id, sellerId: seller.user.id, unreadSeller: 0 });
  });

  it('sends an anonymous visitor to sign in and back to the form of that ad', async () => {
    const seller = await person('vanzator');
    const post = await ad(seller.user.id);
    const res = await postForm(`/mesaje/anunt/${post.id}`, new URLSearchParams({ text: 'Salut' }));
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '', 'http://x');
    expect(location.pathname).toBe('/auth/login');
    expect(location.searchParams.get('redirect_url')).toBe(`/mesaje/anunt/${post.id}`);
    expect(await conversationsOf(post.id)).toHaveLength(0);
  });

  it('shows "Trimite un mesaj" on an active ad to visitors and buyers, never to its author', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const path = `/anunt/imobiliare/${post.slug}-${post.id}`;
    const anonymous = await (await get(path)).text();
    expect(anonymous).toContain(`action="/mesaje/anunt/${post.id}"`);
    expect(await (await getAs(path, buyer.cookie)).text()).toContain('Trimite un mesaj');
    expect(await (await getAs(path, seller.cookie)).text()).not.toContain(
      `action="/mesaje/anunt/${post.id}"`,
    );
  });

  it('refuses, in Romanian and keeping the text: own ad, banned writer, hidden and sold ads, deleted ad', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const banned = await person('suspendat', { banned: true });
    const post = await ad(seller.user.id);
    const hidden = await ad(seller.user.id, { status: 'hidden' });
    const sold = await ad(seller.user.id, { status: 'sold' });
    const cases: [number, string, number, string][] = [
      [post.id, seller.cookie, 403, REFUSALS.ownAd],
      [post.id, banned.cookie, 403, REFUSALS.banned],
      // A hidden ad shows nothing of itself to a stranger (test/saved/enumeration.test.ts).
      [hidden.id, buyer.cookie, 404, 'Anunțul nu este disponibil: nu se pot trimite mesaje despre el.'],
      [sold.id, buyer.cookie, 409, REFUSALS.inactive],
    ];
    for (const [postId, cookie, status, message] of cases) {
      const res = await postFormAs(`/mesaje/anunt/${postId}`, { text: 'Textul meu păstrat' }, cookie);
      expect(res.status).toBe(status);
      const html = await res.text();
      expect(textOf(html)).toContain(message);
      expect(html).toContain('Textul meu păstrat');
      expect(await conversationsOf(postId)).toHaveLength(0);
    }
    const gone = await postFormAs('/mesaje/anunt/999999', { text: 'x' }, buyer.cookie);
    expect(gone.status).toBe(404);
  });

  it('enforces the 2 000 characters on the server and gives the form back with the text', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const long = 'ă'.repeat(2001);
    const res = await postFormAs(`/mesaje/anunt/${post.id}`, { text: long }, buyer.cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain(MESSAGE_TOO_LONG);
    expect(html).toContain(long);
    const empty = await postFormAs(`/mesaje/anunt/${post.id}`, { text: '   \n ' }, buyer.cookie);
    expect(empty.status).toBe(400);
    expect(await conversationsOf(post.id)).toHaveLength(0);
    // Exactly 2 000 characters (letters outside ASCII included) are accepted.
    const id = await open(post.id, buyer.cookie, 'ș'.repeat(2000));
    const messages = await room(id).list();
    expect([...messages[0].body]).toHaveLength(2000);
  });
});

describe('one conversation per ad and buyer', () => {
  it('opens exactly one under 20 concurrent first messages, and keeps every message', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postFormAs(`/mesaje/anunt/${post.id}`, { text: `Mesaj ${i}` }, buyer.cookie),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(303));
    const ids = new Set(responses.map(conversationIdOf));
    expect(ids.size).toBe(1);
    const rows = await conversationsOf(post.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].unreadSeller).toBe(20);
    const messages = await room(rows[0].id).list();
    expect(messages.map((m) => m.body).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `Mesaj ${i}`).sort(),
    );
  });
});

describe('the authorization table', () => {
  it('lets the two participants read and write, operators only read a reported one, others nothing', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const third = await person('strain');
    const operator = await person('operator', { role: 'operator' });
    const post = await ad(seller.user.id);
    const id = await open(post.id, buyer.cookie);

    const read = async (cookie: string) => (await getAs(`/mesaje/${id}`, cookie)).status;
    const write = async (cookie: string) =>
      (await postFormAs(`/mesaje/${id}`, { text: 'Răspuns' }, cookie, JSON_ACCEPT)).status;

    expect(await read(buyer.cookie)).toBe(200);
    expect(await read(seller.cookie)).toBe(200);
    expect(await read(third.cookie)).toBe(404);
    expect(await read(operator.cookie)).toBe(404);
    expect(await write(buyer.cookie)).toBe(201);
    expect(await write(seller.cookie)).toBe(201);
    expect(await write(third.cookie)).toBe(404);
    expect(await write(operator.cookie)).toBe(404);
    const anonymous = await get(`/mesaje/${id}`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toContain('/auth/login');

    // Reported: the operator reads it (and cannot write); the third person still nothing.
    const report = await postFormAs(
      `/mesaje/${id}/raporteaza`,
      { reason: 'Mesaje jignitoare sau hărțuire' },
      buyer.cookie,
    );
    expect(report.status).toBe(303);
    expect(await read(operator.cookie)).toBe(200);
    expect(await write(operator.cookie)).toBe(403);
    expect(await read(third.cookie)).toBe(404);
    const moderation = textOf(await (await getAs('/moderare', operator.cookie)).text());
    expect(moderation).toContain('Conversații raportate');
    expect(moderation).toContain('Mesaje jignitoare sau hărțuire');

    // Banned: reads their own conversation, cannot write in it.
    await db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, buyer.user.id));
    expect(await read(buyer.cookie)).toBe(200);
    const bannedWrite = await postFormAs(`/mesaje/${id}`, { text: 'x' }, buyer.cookie, JSON_ACCEPT);
    expect(bannedWrite.status).toBe(403);
    expect(((await bannedWrite.json()) as { error: string }).error).toBe(REFUSALS.banned);
  });

  it('a block stops both sides writing (the blocked one is told), the first message too; unblocking restores it', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const id = await open(post.id, buyer.cookie);
    expect((await postFormAs(`/mesaje/${id}/blocheaza`, {}, seller.cookie)).status).toBe(303);

    const blocked = await postFormAs(`/mesaje/${id}`, { text: 'Alo?' }, buyer.cookie, JSON_ACCEPT);
    expect(blocked.status).toBe(403);
    expect(((await blocked.json()) as { error: string }).error).toBe(REFUSALS.blockedByOther);
    const again = await postFormAs(`/mesaje/anunt/${post.id}`, { text: 'Alo din nou' }, buyer.cookie);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('Alo din nou');
    // Without JavaScript: the page again, 403, with the reason and the text that was not sent.
    const page = await postFormAs(`/mesaje/${id}`, { text: 'Textul nesalvat' }, buyer.cookie);
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(textOf(html)).toContain(REFUSALS.blockedByOther);
    expect(html).toContain('Textul nesalvat');
    const mine = await postFormAs(`/mesaje/${id}`, { text: 'x' }, seller.cookie, JSON_ACCEPT);
    expect(((await mine.json()) as { error: string }).error).toBe(REFUSALS.blockedByMe);
    // Only the one who blocked may unblock.
    await postFormAs(`/mesaje/${id}/deblocheaza`, {}, buyer.cookie);
    expect((await conversationsOf(post.id))[0].blockedBy).toBe(seller.user.id);
    await postFormAs(`/mesaje/${id}/deblocheaza`, {}, seller.cookie);
    expect((await postFormAs(`/mesaje/${id}`, { text: 'Bine' }, buyer.cookie, JSON_ACCEPT)).status).toBe(201);
  });
});

describe('unread counts', () => {
  it('counts unread conversations for the header and the inbox, and clears them on reading', async () => {
    const seller = await person('vanzator');
    const buyerA = await person('cumparator');
    const buyerB = await person('cumparator');
    const post = await ad(seller.user.id, { title: 'Canapea extensibilă' });
    const idA = await open(post.id, buyerA.cookie, 'Prima întrebare');
    await postFormAs(`/mesaje/${idA}`, { text: 'A doua întrebare' }, buyerA.cookie);
    await open(post.id, buyerB.cookie, 'Altă întrebare');

    const menu = async (cookie: string) =>
      (await (await getAs('/api/cont', cookie, JSON_ACCEPT)).json()) as {
        unreadMessages: number;
        links: { label: string; href: string }[];
      };
    const before = await menu(seller.cookie);
    expect(before.unreadMessages).toBe(2);
    expect(before.links).toContainEqual({ label: 'Mesaje (2 necitite)', href: '/mesaje' });
    expect((await menu(buyerA.cookie)).unreadMessages).toBe(0);

    const inbox = await (await getAs('/mesaje', seller.cookie)).text();
    expect(inbox.match(/inbox__item--unread/g)).toHaveLength(2);
    expect(textOf(inbox)).toContain('2 mesaje necitite');
    // Newest first: buyer B wrote last.
    expect(textOf(inbox).indexOf(buyerB.user.name)).toBeLessThan(textOf(inbox).indexOf(buyerA.user.name));

    // Reading the conversation is the seller's own write: the answer hands out the bookmark, and the
    // menu the browser asks next (carrying it) counts it as read at once.
    const read = await getAs(`/mesaje/${idA}`, seller.cookie);
    const after = await menu(afterAnswer(seller.cookie, read));
    expect(after.unreadMessages).toBe(1);
    expect(after.links).toContainEqual({ label: 'Mesaje (1 necitită)', href: '/mesaje' });
    const stored = await room(idA).list();
    expect(stored.every((m) => m.readAt !== null)).toBe(true);

    // The seller's reply is unread for buyer A: in the menu once the menu's copy of buyer A has aged,
    // as anything someone else changes (src/auth/menu-copy.ts); in the inbox at once.
    await postFormAs(`/mesaje/${idA}`, { text: 'Da, este' }, seller.cookie);
    vi.setSystemTime(Date.now() + MENU_COPY_MS);
    try {
      expect((await menu(buyerA.cookie)).unreadMessages).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    const inboxA = await (await getAs('/mesaje', buyerA.cookie)).text();
    expect(inboxA.match(/inbox__item--unread/g)).toHaveLength(1);
  });

  it('keeps the inbox preview free of phone numbers', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    await open(post.id, buyer.cookie, 'Sunați-mă la 0744 123 456 vă rog');
    const [row] = await conversationsOf(post.id);
    expect(row.lastPreview).not.toContain('0744');
    expect(row.lastPreview).toContain('**********');
  });
});

describe('the scam warning', () => {
  it('shows the recipient, not the sender, the warning above a message with an outside link or card request', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const id = await open(post.id, buyer.cookie, 'Plătiți curierul aici: https://fan-livrare.online/plata');
    const forSeller = textOf(await (await getAs(`/mesaje/${id}`, seller.cookie)).text());
    expect(forSeller).toContain(SCAM_WARNING);
    const forBuyer = textOf(await (await getAs(`/mesaje/${id}`, buyer.cookie)).text());
    expect(forBuyer).not.toContain(SCAM_WARNING);
    // An ordinary message carries none.
    await postFormAs(`/mesaje/${id}`, { text: 'Vin mâine la 18:00.' }, buyer.cookie);
    const html = await (await getAs(`/mesaje/${id}`, seller.cookie)).text();
    expect(html.match(/message__warning/g)).toHaveLength(1);
  });
});

describe('the Durable Object', () => {
  it('stores sender, time and read marks in its own SQLite storage', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const id = await open(post.id, buyer.cookie, 'Salut');
    const rows = await runInDurableObject(room(id), (_instance: ConversationRoom, state) =>
      state.storage.sql.exec('SELECT sender_id, body, created_at, read_at FROM messages').toArray(),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sender_id: buyer.user.id, body: 'Salut', read_at: null });
    expect(Number(rows[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
  });
});
