// The mail and job-queue foundation in workerd: signed tokens, the real queue with its consumer
// (retries, giving up), the recipient rules and the unsubscribe tokens.
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMailKind } from '../../src/db/mail-prefs';
import worker from '../../src/index';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../../src/jobs/consumer';
import { enqueue } from '../../src/jobs/queue';
import type { Job } from '../../src/jobs/types';
import { MAIL_KIND_NAMES } from '../../src/lib/mail-kinds';
import { signToken, verifyToken } from '../../src/lib/signed-token';
import { mailRecipient } from '../../src/mail/recipient';
import {
  applyUnsubscribe,
  listUnsubscribeHeaders,
  readUnsubscribeToken,
  unsubscribeUrl,
} from '../../src/mail/unsubscribe';
import { db, insertUser } from '../fixtures';

const SECRET = 'a-secret-for-this-test';
const NOW = Date.UTC(2026, 5, 1, 9, 0, 0);

afterEach(() => {
  vi.restoreAllMocks();
});

function mailJob(userId: number, subject: string): Job {
  return {
    kind: 'send-mail',
    userId,
    mailKind: 'moderation',
    subject,
    text: `Text ${subject}`,
    html: `<!doctype html><p>${subject}</p>`,
  };
}

describe('signed tokens', () => {
  it.each([
    ['a valid token', (t: string) => t, SECRET, NOW + 1000, true],
    [
      'a token whose payload was changed',
      (t: string) => `${flip(t.split('.')[0])}.${t.split('.')[1]}`,
      SECRET,
      NOW,
      false,
    ],
    [
      'a token whose signature was changed',
      (t: string) => `${t.split('.')[0]}.${flip(t.split('.')[1])}`,
      SECRET,
      NOW,
      false,
    ],
    ['a token with its signature cut off', (t: string) => t.split('.')[0], SECRET, NOW, false],
    ['a token with a third part', (t: string) => `${t}.x`, SECRET, NOW, false],
    ['an expired token', (t: string) => t, SECRET, NOW + 60_000, false],
    ['a token at its exact expiry', (t: string) => t, SECRET, NOW + 60_000, false],
    ['a token checked with another secret', (t: string) => t, 'another-secret', NOW, false],
    ['a token checked with an empty secret', (t: string) => t, '', NOW, false],
    ['garbage', () => '!!!.???', SECRET, NOW, false],
    ['an empty string', () => '', SECRET, NOW, false],
  ])('%s → %s', async (_name, change, secret, at, valid) => {
    const token = await signToken(SECRET, { u: 7, k: 'expiry' }, NOW + 60_000);
    const payload = await verifyToken(secret, change(token), at);
    if (valid) expect(payload).toEqual({ u: 7, k: 'expiry', exp: NOW + 60_000 });
    else expect(payload).toBeNull();
  });

  it('a payload forged with a signature of another payload is refused', async () => {
    const a = await signToken(SECRET, { u: 1 }, NOW + 60_000);
    const b = await signToken(SECRET, { u: 2 }, NOW + 60_000);
    expect(await verifyToken(SECRET, `${b.split('.')[0]}.${a.split('.')[1]}`, NOW)).toBeNull();
  });

  it('refuses to sign without a secret', async () => {
    await expect(signToken('', { u: 1 }, NOW)).rejects.toThrow(/SIGNING_SECRET/);
  });
});

/** The same string with its first character changed (still base64url). */
function flip(part: string): string {
  return (part[0] === 'A' ? 'B' : 'A') + part.slice(1);
}

describe('the job consumer', () => {
  it('sends a queued mail through the real local queue, from MAIL_FROM', async () => {
    const user = await insertUser('Coada');
    const send = vi.spyOn(env.EMAIL, 'send');
    await enqueue(env, mailJob(user.id, 'prin coadă'));
    await vi.waitUntil(() => send.mock.calls.length > 0, { timeout: 10_000, interval: 100 });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toMatchObject({
      from: env.MAIL_FROM,
      to: user.email,
      subject: 'prin coadă',
    });
  });

  it('enqueues more than one sendBatch can hold, in chunks of 100', async () => {
    const sendBatch = vi.spyOn(env.JOBS, 'sendBatch').mockResolvedValue(undefined as never);
    const jobs = Array.from({ length: 250 }, (_, i) => mailJob(1_000_000 + i, `j${i}`));
    await enqueue(env, jobs);
    expect(sendBatch.mock.calls.map((c) => [...c[0]].length)).toEqual([100, 100, 50]);
  });

  it('retries a job whose send fails, with a growing delay, and acks the others', async () => {
    const a = await insertUser('Reincercare');
    const b = await insertUser('Reusita');
    vi.spyOn(env.EMAIL, 'send').mockImplementation(async (message) => {
      if ((message as { to: string }).to === a.email) throw new Error('mail service down');
      return { messageId: 'ok' };
    });
    const batch = createMessageBatch<Job>('eradauti-jobs', [
      { id: 'm1', timestamp: new Date(), attempts: 1, body: mailJob(a.id, 'eșuează') },
      { id: 'm2', timestamp: new Date(), attempts: 2, body: mailJob(b.id, 'merge') },
    ]);
    const retry = vi.spyOn(batch.messages[0], 'retry');
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(['m2']);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(['m1']);
    expect(retry).toHaveBeenCalledWith({ delaySeconds: retryDelaySeconds(1) });
    expect(retryDelaySeconds(1)).toBeLessThan(retryDelaySeconds(2));
  });

  it('gives up after the last attempt with one log line, and acks', async () => {
    const a = await insertUser('Renunta');
    vi.spyOn(env.EMAIL, 'send').mockRejectedValue(new Error('mail service down'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const batch = createMessageBatch<Job>('eradauti-jobs', [
      { id: 'last', timestamp: new Date(), attempts: MAX_ATTEMPTS, body: mailJob(a.id, 'ultima') },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(['last']);
    expect(result.retryMessages).toEqual([]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][0])).toMatch(/given up after 5 attempts: send-mail .*mail service down/);
  });

  it('MAX_ATTEMPTS is the first attempt plus max_retries of wrangler.toml', () => {
    expect(MAX_ATTEMPTS).toBe(1 + 4);
  });

  it('a job whose send failed once is sent on its next attempt', async () => {
    const user = await insertUser('Revenire');
    let calls = 0;
    const send = vi.spyOn(env.EMAIL, 'send').mockImplementation(async () => {
      calls++;
      if (calls === 1) throw new Error('temporary failure');
      return { messageId: 'ok' };
    });
    const batch = createMessageBatch<Job>('eradauti-jobs', [
      { id: 'r1', timestamp: new Date(), attempts: 1, body: mailJob(user.id, 'din nou') },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).retryMessages).toHaveLength(1);
    const again = createMessageBatch<Job>('eradauti-jobs', [
      { id: 'r1', timestamp: new Date(), attempts: 2, body: mailJob(user.id, 'din nou') },
    ]);
    const ctx2 = createExecutionContext();
    await worker.queue(again, env, ctx2);
    expect((await getQueueResult(again, ctx2)).explicitAcks).toEqual(['r1']);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('drops a message of an unknown kind with a log line instead of retrying it forever', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const batch = createMessageBatch('eradauti-jobs', [
      { id: 'x', timestamp: new Date(), attempts: 1, body: { kind: 'no-such-job' } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['x']);
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('mailRecipient', () => {
  it('is the person with their address when nothing stops it', async () => {
    const user = await insertUser('Primitor');
    expect(await mailRecipient(db, user.id, 'expiry')).toEqual({
      userId: user.id,
      email: user.email,
      name: user.name,
    });
  });

  it('is null for a banned person', async () => {
    const user = await insertUser('Blocat', { banned: true });
    expect(await mailRecipient(db, user.id, 'expiry')).toBeNull();
  });

  it.each([null, '', '   ', 'not-an-address', 'a@b', 'x@y.ro\r\nBcc: z@w.ro'])(
    'is null for the address %j',
    async (email) => {
      const user = await insertUser('Faraadresa', { email });
      expect(await mailRecipient(db, user.id, 'expiry')).toBeNull();
    },
  );

  it('is null for a kind turned off, and only for that kind', async () => {
    const user = await insertUser('Dezabonat');
    await setMailKind(db, user.id, 'expiry', false);
    expect(await mailRecipient(db, user.id, 'expiry')).toBeNull();
    for (const kind of MAIL_KIND_NAMES.filter((k) => k !== 'expiry'))
      expect(await mailRecipient(db, user.id, kind)).not.toBeNull();
    await setMailKind(db, user.id, 'expiry', true);
    expect(await mailRecipient(db, user.id, 'expiry')).not.toBeNull();
  });

  it('is null for someone who does not exist', async () => {
    expect(await mailRecipient(db, 987_654_321, 'expiry')).toBeNull();
  });

  it('the send-mail job sends nothing to a banned person or one who turned the kind off', async () => {
    const banned = await insertUser('Interzis', { banned: true });
    const off = await insertUser('Oprit');
    await setMailKind(db, off.id, 'moderation', false);
    const send = vi.spyOn(env.EMAIL, 'send');
    const batch = createMessageBatch<Job>('eradauti-jobs', [
      { id: 'b', timestamp: new Date(), attempts: 1, body: mailJob(banned.id, 'nu') },
      { id: 'o', timestamp: new Date(), attempts: 1, body: mailJob(off.id, 'nu') },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(['b', 'o']);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('unsubscribe links', () => {
  it('carry the person, the kind and an optional ref, signed with SIGNING_SECRET', async () => {
    const url = await unsubscribeUrl(env, 42, 'saved-search', '17');
    expect(url.startsWith(`${env.SITE_URL}/dezabonare/`)).toBe(true);
    const token = url.split('/').pop() as string;
    expect(await readUnsubscribeToken(env, token)).toEqual({ userId: 42, kind: 'saved-search', ref: '17' });
    expect(await readUnsubscribeToken({ SIGNING_SECRET: 'other' }, token)).toBeNull();
    expect(listUnsubscribeHeaders(url)).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('a token signed for another purpose is not an unsubscribe token', async () => {
    const other = await signToken(
      env.SIGNING_SECRET as string,
      { p: 'renew', u: 1, k: 'expiry' },
      Date.now() + 60_000,
    );
    expect(await readUnsubscribeToken(env, other)).toBeNull();
  });

  it('applying one turns the kind off, twice is the same as once', async () => {
    const user = await insertUser('Unclick');
    expect(await applyUnsubscribe(db, { userId: user.id, kind: 'messages' })).toEqual({
      kind: 'messages',
      scope: 'kind',
      what: null,
    });
    await applyUnsubscribe(db, { userId: user.id, kind: 'messages' });
    expect(await mailRecipient(db, user.id, 'messages')).toBeNull();
  });
});
