import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMailKind } from '../../src/db/mail-prefs';
import { NOTICE_MAIL_GAP_MS } from '../../src/db/message-limits';
import * as schema from '../../src/db/schema';
import { runHourly } from '../../src/jobs/hourly';
import { NOTICE_DELAY_MS, NOTICE_GAP_MS } from '../../src/messages/room';
import { getAs, jobsSent, postFormAs, queueIdle } from '../fixtures';
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
    const send = vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
    const { seller, buyer, id } = await firstMessage('Mai este disponibilă? Sunați la 0744 555 666.');
    await age(id, NOTICE_DELAY_MS + 1000);
    const before = jobsSent();
    expect(await runDurableObjectAlarm(room(id))).toBe(true);
    // The conversation's alarm put its job on the queue, and every queued job has run.
    expect(jobsSent()).toBeGreaterThan(before);
    await queueIdle(before + 1);
    expect(send).toHaveBeenCalledTimes(1);
    const mail = send.mock.calls[0][0] as unknown as Sent;
    expect(mail.to).toBe(seller.user.email);
    expect(mail.subject).toBe(`Mesaj nou de la ${buyer.user.name}: Mașină de spălat`);
    expect(mail.text).toContain('Mai este disponibilă?');
    expect(mail.text).not.toContain('0744');
    expect(mail.text).toContain(`/mesaje/${id}`);
    expect(mail.html).toContain(`/mesaje/${id}`);
    expect(mail.headers?.['List-Unsubscribe']).toMatch(/dezabonare/);

    // A second message within the hour: no second e-mail.
    await postFormAs(`/mesaje/${id}`, { text: 'Alo?' }, buyer.cookie);
    await age(id, NOTICE_DELAY_MS + 1000);
    const mark = jobsSent();
    await runDurableObjectAlarm(room(id));
    // Whatever the alarm queued has run: the recipient's job mails at most once an hour.
    await queueIdle(mark);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends again after an hour (the waiting mail, through the hourly cron), never twice within it', async () => {
    const send = vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
    const { seller, buyer, id } = await firstMessage('Prima');
    await age(id, NOTICE_DELAY_MS + 1000);
    await runDurableObjectAlarm(room(id));
    await vi.waitUntil(() => send.mock.calls.length === 1, { timeout: 10_000, interval: 100 });
    await postFormAs(`/mesaje/${id}`, { text: 'A doua' }, buyer.cookie);
    await age(id, NOTICE_GAP_MS);
    await runDurableObjectAlarm(room(id));
    // The job ran and found the hour not over: the mail waits.
    await vi.waitUntil(
      async () =>
        (
          await db
            .select()
            .from(schema.messageNoticeState)
            .where(eq(schema.messageNoticeState.userId, seller.user.id))
        )[0]?.pendingAt != null,
      { timeout: 10_000, interval: 100 },
    );
    expect(send).toHaveBeenCalledTimes(1);
    await db
      .update(schema.messageNoticeState)
      .set({ lastSentAt: Date.now() - NOTICE_MAIL_GAP_MS - 1000 })
      .where(eq(schema.messageNoticeState.userId, seller.user.id));
    await runHourly(env, Date.now());
    await vi.waitUntil(() => send.mock.calls.length === 2, { timeout: 10_000, interval: 100 });
    expect((send.mock.calls[1][0] as unknown as Sent).text).toContain('A doua');
  });

  it('sends nothing when the message was read in time', async () => {
    const send = vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
    const { seller, id } = await firstMessage('Citește-mă');
    expect((await getAs(`/mesaje/${id}`, seller.cookie)).status).toBe(200);
    await age(id, NOTICE_DELAY_MS + 1000);
    const mark = jobsSent();
    await runDurableObjectAlarm(room(id));
    await queueIdle(mark);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends nothing to a person who turned message e-mails off', async () => {
    const send = vi.spyOn(env.EMAIL, 'send').mockResolvedValue({ messageId: 'x' } as never);
    const { seller, id } = await firstMessage('Nu vreau mailuri');
    await setMailKind(db, seller.user.id, 'messages', false);
    await age(id, NOTICE_DELAY_MS + 1000);
    const mark = jobsSent();
    await runDurableObjectAlarm(room(id));
    await queueIdle(mark);
    expect(send).not.toHaveBeenCalled();
  });
});
