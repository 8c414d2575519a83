// A first message typed by someone not signed in survives the sign-in (docs/messages.md#drafts).

import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS } from '../../src/db/message-drafts';
import * as schema from '../../src/db/schema';
import { DRAFT_COOKIE } from '../../src/http/message-drafts';
import { runHourly } from '../../src/jobs/hourly';
import { getAs, postForm, postFormAs } from '../fixtures';
import { ad, conversationIdOf, db, person } from './support';

/** The `mesaj_ciorna=<id>` pair an answer sets (with its attributes), or null. */
function draftCookie(res: Response): { pair: string; attributes: string } | null {
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...rest] = line.split(';');
    if (pair.startsWith(`${DRAFT_COOKIE}=`) && pair.length > DRAFT_COOKIE.length + 1)
      return { pair, attributes: rest.join(';') };
  }
  return null;
}

let client = 0;
/** A distinct client address per call, so the per-client limit of one test never touches another. */
function address() {
  return `198.51.100.${(++client % 250) + 1}`;
}

async function typeAnonymously(postId: number, text: string, headers: Record<string, string> = {}) {
  const res = await postForm(`/mesaje/anunt/${postId}`, new URLSearchParams({ text }), {
    'cf-connecting-ip': address(),
    ...headers,
  });
  expect(res.status).toBe(303);
  expect(new URL(res.headers.get('location') ?? '', 'http://x').pathname).toBe('/auth/login');
  return res;
}

describe('a message typed before signing in', () => {
  it('waits in the message box after sign-in, once, and the cookie is HttpOnly, scoped to /mesaje, short-lived', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const typed = 'Bună ziua, mai este disponibilă? Pot veni mâine la 18:30 — „urgent”.';
    const res = await typeAnonymously(post.id, typed);
    const cookie = draftCookie(res);
    expect(cookie).not.toBeNull();
    expect(cookie?.attributes).toMatch(/HttpOnly/i);
    expect(cookie?.attributes).toMatch(/Path=\/mesaje/);
    expect(cookie?.attributes).toMatch(/Max-Age=3600/);
    // The address carries nothing of the text.
    expect(res.headers.get('location')).not.toContain('disponibil');

    const page = await getAs(`/mesaje/anunt/${post.id}`, `${buyer.cookie}; ${cookie?.pair}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pot veni mâine la 18:30 — „urgent”.');
    expect(html).toMatch(/<textarea[^>]*name="text"[^>]*>Bună ziua, mai este disponibilă\?/);
    // The cookie is cleared and the row is gone: a reload shows an empty box.
    expect(page.headers.getSetCookie().some((l) => l.startsWith(`${DRAFT_COOKIE}=;`))).toBe(true);
    const again = await (await getAs(`/mesaje/anunt/${post.id}`, `${buyer.cookie}; ${cookie?.pair}`)).text();
    expect(again).not.toContain('Pot veni mâine');
    // Nothing was sent: the buyer sends it themselves.
    expect(
      await db.select().from(schema.conversations).where(eq(schema.conversations.postId, post.id)),
    ).toHaveLength(0);
  });

  it('belongs to its ad: another ad’s box stays empty and the message still waits for its own', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const other = await ad(seller.user.id);
    const cookie = draftCookie(await typeAnonymously(post.id, 'Mesaj pentru bicicleta roșie'));
    const wrong = await (await getAs(`/mesaje/anunt/${other.id}`, `${buyer.cookie}; ${cookie?.pair}`)).text();
    expect(wrong).not.toContain('bicicleta roșie');
    const right = await (await getAs(`/mesaje/anunt/${post.id}`, `${buyer.cookie}; ${cookie?.pair}`)).text();
    expect(right).toContain('Mesaj pentru bicicleta roșie');
  });

  it('waits in the reply box when the buyer already writes with this seller about the ad', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const id = conversationIdOf(
      await postFormAs(`/mesaje/anunt/${post.id}`, { text: 'Primul mesaj' }, buyer.cookie),
    );
    const cookie = draftCookie(await typeAnonymously(post.id, 'Al doilea, scris deconectat'));
    const start = await getAs(`/mesaje/anunt/${post.id}`, `${buyer.cookie}; ${cookie?.pair}`);
    expect(start.status).toBe(303);
    expect(start.headers.get('location')).toBe(`/mesaje/${id}`);
    const html = await (await getAs(`/mesaje/${id}`, `${buyer.cookie}; ${cookie?.pair}`)).text();
    expect(html).toMatch(/<textarea[^>]*>Al doilea, scris deconectat<\/textarea>/);
    // The seller, even with a stolen cookie, never gets a buyer's kept text.
    const cookie2 = draftCookie(await typeAnonymously(post.id, 'Nu pentru vânzător'));
    const sellers = await (await getAs(`/mesaje/${id}`, `${seller.cookie}; ${cookie2?.pair}`)).text();
    expect(sellers).not.toContain('Nu pentru vânzător');
  });

  it('keeps one message per browser (a second one replaces the first), nothing for an empty or forged one', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const first = draftCookie(await typeAnonymously(post.id, 'Prima variantă'));
    const second = draftCookie(
      await typeAnonymously(post.id, 'A doua variantă', { cookie: first?.pair ?? '' }),
    );
    expect(second?.pair).not.toBe(first?.pair);
    const firstId = first?.pair.split('=')[1] ?? '';
    expect(
      await db.select().from(schema.messageDrafts).where(eq(schema.messageDrafts.id, firstId)),
    ).toHaveLength(0);
    expect(
      await (await getAs(`/mesaje/anunt/${post.id}`, `${buyer.cookie}; ${second?.pair}`)).text(),
    ).toContain('A doua variantă');
    // Whitespace only: nothing kept, no cookie.
    expect(draftCookie(await typeAnonymously(post.id, '   \n '))).toBeNull();
    // A guessed or malformed id finds nothing and breaks nothing.
    for (const forged of ['x', 'AAAAAAAAAAAAAAAAAAAAAA', "'; DROP TABLE message_drafts; --"]) {
      const res = await getAs(
        `/mesaje/anunt/${post.id}`,
        `${buyer.cookie}; ${DRAFT_COOKIE}=${encodeURIComponent(forged)}`,
      );
      expect(res.status).toBe(200);
    }
  });

  it('is never shown after an hour, and the hourly job deletes it', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const post = await ad(seller.user.id);
    const cookie = draftCookie(await typeAnonymously(post.id, 'Mesaj uitat'));
    const id = cookie?.pair.split('=')[1] ?? '';
    await db
      .update(schema.messageDrafts)
      .set({ createdAt: Date.now() - DRAFT_TTL_MS - 1000 })
      .where(eq(schema.messageDrafts.id, id));
    expect(
      await (await getAs(`/mesaje/anunt/${post.id}`, `${buyer.cookie}; ${cookie?.pair}`)).text(),
    ).not.toContain('Mesaj uitat');
    const report = await runHourly(env, Date.now());
    expect(report.staleDrafts).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(schema.messageDrafts).where(eq(schema.messageDrafts.id, id))).toHaveLength(
      0,
    );
  });

  it('keeps at most 10 a minute per client; beyond that the sign-in goes on without keeping', async () => {
    const seller = await person('vanzator');
    const post = await ad(seller.user.id);
    const ip = '203.0.113.77';
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        typeAnonymously(post.id, `Mesajul ${i}`, { 'cf-connecting-ip': ip }),
      ),
    );
    const kept = answers.filter((res) => draftCookie(res) !== null).length;
    expect(kept).toBe(10);
  });
});
