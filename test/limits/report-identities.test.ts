// From the attacker's side: one person with several identities (fresh accounts, banned accounts,
// anonymous addresses, accounts sharing an address or a browser) must not add up to the automatic
// hold; after an operator dismisses the reports only new, trusted reporters can hold the ad again;
// the author's mail goes out once per hold (docs/limits.md#reports).
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { distinctPeople } from '../../src/db/reports';
import * as schema from '../../src/db/schema';
import { db, HOUSE, makePost, person, postFormAs, postRow } from '../fixtures';
import { postFrom, trustedReporter, uniqueClient } from './support';

afterEach(() => {
  vi.restoreAllMocks();
});

function report(postId: number, client: string, cookie?: string) {
  return postFrom(client, `/raporteaza/${postId}`, { reason: 'Înșelătorie' }, cookie ? { cookie } : {});
}

async function victimAd() {
  const author = await person();
  return { author, ad: await makePost(author.user.id, {}, HOUSE) };
}

async function status(id: number) {
  return (await postRow(id))?.status;
}

describe('one person with several identities', () => {
  it('three fresh accounts from three addresses do not hold an ad', async () => {
    const { ad } = await victimAd();
    for (let i = 0; i < 3; i++) {
      const fresh = await person();
      expect((await report(ad.id, uniqueClient(), fresh.cookie)).status).toBe(303);
    }
    expect((await db.select().from(schema.reports).where(eq(schema.reports.postId, ad.id))).length).toBe(3);
    expect(await status(ad.id)).toBe('published');
  });

  it('an account of 6 days does not count; one of 7 does', async () => {
    const { ad } = await victimAd();
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    await report(ad.id, uniqueClient(), (await trustedReporter({ ageDays: 6 })).cookie);
    expect(await status(ad.id)).toBe('published');
    await report(ad.id, uniqueClient(), (await trustedReporter({ ageDays: 7.01 })).cookie);
    expect(await status(ad.id)).toBe('held');
  });

  it('ten anonymous addresses do not hold an ad (and their reports still wait for an operator)', async () => {
    const { ad } = await victimAd();
    for (let i = 0; i < 10; i++) expect((await report(ad.id, uniqueClient())).status).toBe(303);
    expect(await status(ad.id)).toBe('published');
    const open = await db.select().from(schema.reports).where(eq(schema.reports.postId, ad.id));
    expect(open.filter((r) => r.resolvedAt === null)).toHaveLength(10);
  });

  it('banned accounts do not add up, even old ones', async () => {
    const { ad } = await victimAd();
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    await report(ad.id, uniqueClient(), (await trustedReporter({ banned: true })).cookie);
    expect(await status(ad.id)).toBe('published');
  });

  it('a reporter banned after reporting stops counting', async () => {
    const { ad } = await victimAd();
    const bad = await trustedReporter();
    await report(ad.id, uniqueClient(), bad.cookie);
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    await db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, bad.user.id));
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    expect(await status(ad.id)).toBe('published');
  });

  it('three old accounts from one address are one person', async () => {
    const { ad } = await victimAd();
    const home = uniqueClient();
    for (let i = 0; i < 3; i++) await report(ad.id, home, (await trustedReporter()).cookie);
    expect(await status(ad.id)).toBe('published');
  });

  it('three old accounts in one browser, each from its own address, are one person', async () => {
    const { ad } = await victimAd();
    const device = 'ab'.repeat(16);
    for (let i = 0; i < 3; i++) {
      const account = await trustedReporter();
      await report(ad.id, uniqueClient(), account.cookie.replace(account.device, device));
    }
    expect(await status(ad.id)).toBe('published');
  });

  it('a chain of shared traces (A and B share an address, B and C a browser) is one person', async () => {
    const { ad } = await victimAd();
    const shared = uniqueClient();
    const a = await trustedReporter();
    const b = await trustedReporter();
    const c = await trustedReporter();
    await report(ad.id, shared, a.cookie);
    await report(ad.id, shared, `${b.cookie}; eradauti_dispozitiv=${c.device}`);
    await report(ad.id, uniqueClient(), c.cookie);
    expect(await status(ad.id)).toBe('published');
  });

  it('the author reporting their own ad does not count', async () => {
    const author = await trustedReporter();
    const ad = await makePost(author.user.id, {}, HOUSE);
    await report(ad.id, uniqueClient(), author.cookie);
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    expect(await status(ad.id)).toBe('published');
  });

  it('the device cookie is set on the first report, so a second account in that browser is the same person', async () => {
    const { ad } = await victimAd();
    const first = await trustedReporter();
    const plain = first.cookie.replace(/; eradauti_dispozitiv=[0-9a-f]+/, '');
    const res = await report(ad.id, uniqueClient(), plain);
    const set = res.headers.get('set-cookie') ?? '';
    const device = /eradauti_dispozitiv=([0-9a-f]{32})/.exec(set)?.[1];
    expect(device).toBeTruthy();
    expect(set).toMatch(/HttpOnly/i);
    const second = (await trustedReporter()).cookie.replace(
      /eradauti_dispozitiv=[0-9a-f]+/,
      `eradauti_dispozitiv=${device}`,
    );
    await report(ad.id, uniqueClient(), second);
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    expect(await status(ad.id)).toBe('published');
  });
});

describe('after an operator dismisses the reports', () => {
  async function heldThenDismissed(
    beforeDismissal: (authorEmail: string) => Promise<unknown> = async () => {},
  ) {
    const { author, ad } = await victimAd();
    const reporters = [];
    for (let i = 0; i < 3; i++) {
      const r = { ...(await trustedReporter()), client: uniqueClient() };
      reporters.push(r);
      await report(ad.id, r.client, r.cookie);
    }
    expect(await status(ad.id)).toBe('held');
    await beforeDismissal(author.user.email as string);
    const op = await person({ role: 'operator' });
    expect((await postFormAs(`/moderare/anunt/${ad.id}/rezolva`, {}, op.cookie)).status).toBe(303);
    expect(await status(ad.id)).toBe('published');
    return { author, ad, reporters };
  }

  it('the same people with new accounts (same addresses or browsers) cannot hold it again', async () => {
    const { ad, reporters } = await heldThenDismissed();
    // New old-looking accounts, each from an address one of the dismissed reporters used.
    for (const r of reporters) await report(ad.id, r.client, (await trustedReporter()).cookie);
    // And from new addresses but the dismissed reporters' browsers.
    for (const r of reporters) {
      const fresh = (await trustedReporter()).cookie.replace(
        /eradauti_dispozitiv=[0-9a-f]+/,
        `eradauti_dispozitiv=${r.device}`,
      );
      await report(ad.id, uniqueClient(), fresh);
    }
    expect(await status(ad.id)).toBe('published');
  });

  it('new trusted reporters can hold it again, and its author hears once per hold', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    // The first hold's mail goes out before the operator decides (after, there is nothing to say).
    const { author, ad } = await heldThenDismissed((email) =>
      vi.waitUntil(() => send.mock.calls.some((c) => c[0].to === email), { timeout: 10_000, interval: 50 }),
    );
    const newcomers = await Promise.all([trustedReporter(), trustedReporter(), trustedReporter()]);
    // All at once: one hold, one mail.
    const res = await Promise.all(newcomers.map((n) => report(ad.id, uniqueClient(), n.cookie)));
    expect(res.map((r) => r.status)).toEqual([303, 303, 303]);
    expect(await status(ad.id)).toBe('held');
    // Held, shown again by the operator (the author hears of it: docs/moderation.md#notices), held again.
    const holds = () =>
      send.mock.calls.filter((c) => c[0].to === author.user.email && /în verificare/.test(c[0].subject));
    await vi.waitUntil(() => holds().length >= 2, {
      timeout: 10_000,
      interval: 50,
    });
    // A few more reports of an ad already held send nothing more. A later hold of another ad, whose
    // mail is waited for, is the sentinel: by then any extra mail would have gone out too.
    await report(ad.id, uniqueClient(), (await trustedReporter()).cookie);
    const other = await victimAd();
    for (let i = 0; i < 3; i++) await report(other.ad.id, uniqueClient(), (await trustedReporter()).cookie);
    await vi.waitUntil(() => send.mock.calls.some((c) => c[0].to === other.author.user.email), {
      timeout: 10_000,
      interval: 50,
    });
    expect(holds()).toHaveLength(2);
  });
});

describe('distinctPeople', () => {
  const t = (userId: number | null, addressKey: string, deviceKey: string) => ({
    userId,
    addressKey,
    deviceKey,
  });
  it.each([
    ['three separate people', [t(1, 'a', 'x'), t(2, 'b', 'y'), t(3, 'c', 'z')], [], 3],
    ['shared address', [t(1, 'a', 'x'), t(2, 'a', 'y'), t(3, 'c', 'z')], [], 2],
    ['a chain', [t(1, 'a', 'x'), t(2, 'a', 'y'), t(3, 'c', 'y')], [], 1],
    ['one trace dismissed', [t(1, 'a', 'x'), t(2, 'b', 'y'), t(3, 'c', 'z')], [t(9, 'c', 'q')], 2],
    ['empty traces never link', [t(1, '', ''), t(2, '', ''), t(3, '', '')], [], 3],
  ])('%s', (_name, open, dismissed, n) => {
    expect(distinctPeople(open, dismissed)).toBe(n);
  });
});
