import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMailKind } from '../../src/db/mail-prefs';
import { NOTICE_DELAY_MS, NOTICE_GAP_MS } from '../../src/messages/room';
import { getAs, postFormAs } from '../fixtures';
import { ad, conversationIdOf, db, person, room } from './support';

afterEach(() => vi.restoreAllMocks());

/** Moves the conversation's messages (and its last notice) `ms` into the past. */
function age(id: number, ms: number) {
  return runInDurableObject(room(id), (_instance, state) => {
    state.storage.sql.exec('UPDATE messages SET created_at = created_at - ?', ms);
    state.storage.sql.exec(
      "UPDATE room SET value = CAST(value AS INTEGER) - ? WHERE key = 'last_notice_at'",
      ms,
    );
  });
}

async function firstMessage(text: string) {
  const seller = await person('vanzator');
  const buyer = await person('cumparator');
  const post = await ad(seller.user.id, { title: 'Mașină de spălat' });
  const res = await postFormAs(`/mesaje/anunt/${post.id}`, { text }, buyer.cookie);
  return { seller, buyer, post, id: conversationIdOf(res) };
}

type Sent = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

describe('the unread-message e-mail', () => {
  it('arms an alarm 10 minutes after a message', async () => {
    const { id } = await firstMessage('Bună ziua');
    const alarm = await runInDurableObject(room(id), (_i, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(Number(alarm) - Date.now()).toBeGreaterThan(NOTICE_DELAY_MS - 60_000);
    expect(Number(alarm) - Date.now()).toBeLessThanOrEqual(NOTICE_DELAY_MS);
  });

  it('sends the recipient one e-mail (who, which ad, the start, the link) when unread after 10 minutes', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const { seller, buyer, id } = await firstMessage('Mai este disponibilă? Sunați la 0744 555 666.');
    await age(id, NOTICE_DELAY_MS + 1000);
    expect(await runDurableObjectAlarm(room(id))).toBe(true);
    await vi.waitUntil(() => send.mock.calls.length > 0, { timeout: 10_000, interval: 100 });
    const mail = send.mock.calls[0][0] as unknown as Sent;
    expect(mail.to).toBe(seller.user.email);
    expect(mail.subject).toBe(`Mesaj nou de la ${buyer.user.name}: Mașină de spălat`);
    expect(mail.text).toContain('Mai este disponibilă?');
    expect(mail.text).toContain(`Aveți un mesaj necitit de la ${buyer.user.name}`);
    expect(mail.html).toContain('Aveți un mesaj necitit');
    expect(mail.text).not.toContain('0744');
    expect(mail.text).toContain(`/mesaje/${id}`);
    expect(mail.html).toContain(`/mesaje/${id}`);
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/dezabonare/);

    // A second message within the hour: no second e-mail.
    await postFormAs(`/mesaje/${id}`, { text: 'Alo?' }, buyer.cookie);
    await age(id, NOTICE_DELAY_MS + 1000);
    await runDurableObjectAlarm(room(id));
    await new Promise((r) => setTimeout(r, 2500));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends again after an hour, but only once per conversation per hour', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const { buyer, id } = await firstMessage('Prima');
    await age(id, NOTICE_DELAY_MS + 1000);
    await runDurableObjectAlarm(room(id));
    await vi.waitUntil(() => send.mock.calls.length === 1, { timeout: 10_000, interval: 100 });
    await postFormAs(`/mesaje/${id}`, { text: 'A doua' }, buyer.cookie);
    await age(id, NOTICE_GAP_MS);
    await runDurableObjectAlarm(room(id));
    await vi.waitUntil(() => send.mock.calls.length === 2, { timeout: 10_000, interval: 100 });
    const second = send.mock.calls[1][0] as unknown as Sent;
    expect(second.text).toContain('A doua');
    // Both messages still wait unread: the mail says how many.
    expect(second.subject).toBe(`2 mesaje necitite de la ${buyer.user.name}: Mașină de spălat`);
    expect(second.text).toContain(`Aveți 2 mesaje necitite de la ${buyer.user.name}`);
    expect(second.html).toContain('Aveți 2 mesaje necitite');
  });

  it('sends nothing when the message was read in time', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const { seller, id } = await firstMessage('Citește-mă');
    expect((await getAs(`/mesaje/${id}`, seller.cookie)).status).toBe(200);
    await age(id, NOTICE_DELAY_MS + 1000);
    await runDurableObjectAlarm(room(id));
    await new Promise((r) => setTimeout(r, 2500));
    expect(send).not.toHaveBeenCalled();
  });

  it('sends nothing to a person who turned message e-mails off', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const { seller, id } = await firstMessage('Nu vreau mailuri');
    await setMailKind(db, seller.user.id, 'messages', false);
    await age(id, NOTICE_DELAY_MS + 1000);
    await runDurableObjectAlarm(room(id));
    await new Promise((r) => setTimeout(r, 2500));
    expect(send).not.toHaveBeenCalled();
  });
});
