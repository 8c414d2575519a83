// Shared by the limits tests: a unique client address per call (the Rate Limiting binding's
// counters outlive a test, so no two tests may share a key), and requests from such a client.
import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { it } from 'vitest';
import * as schema from '../../src/db/schema';
import { db, ORIGIN, person } from '../fixtures';

let seq = 0;
const run = Math.floor(Math.random() * 200) + 1;

/** A client address no other test uses (TEST-NET-3 and a random run byte, then a counter). */
export function uniqueClient(): string {
  seq++;
  return `203.${run}.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
}

/** A GET from `client` (HTML unless `accept` says otherwise). */
export function getFrom(client: string, path: string, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(new URL(path, ORIGIN), {
      redirect: 'manual',
      headers: { accept: 'text/html', 'cf-connecting-ip': client, ...headers },
    }),
  );
}

/** A same-origin form POST from `client`. */
export function postFrom(
  client: string,
  path: string,
  body: FormData | URLSearchParams | Record<string, string>,
  headers: Record<string, string> = {},
) {
  const form = body instanceof FormData || body instanceof URLSearchParams ? body : new URLSearchParams(body);
  return exports.default.fetch(
    new Request(new URL(path, ORIGIN), {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { accept: 'text/html', origin: ORIGIN, 'cf-connecting-ip': client, ...headers },
    }),
  );
}

export function adPath(post: { slug: string; id: number }, category = 'imobiliare') {
  return `/anunt/${category}/${post.slug}-${post.id}`;
}

/**
 * Runs `attempt` so that it counts inside one window of the Rate Limiting binding, without waiting
 * for a fresh one: locally its counters are fixed windows aligned to the clock (every counter restarts
 * at each whole minute), so an attempt that straddles a boundary proves nothing and runs again at once.
 * `attempt` must take fresh keys (a new client address or person) on every call, which every limits
 * test does; a retry starts just after a boundary, so it has the whole next window to itself.
 */
export async function inOneWindow<T>(attempt: () => Promise<T>, period = 60): Promise<T> {
  const windowOf = () => Math.floor(Date.now() / (period * 1000));
  for (let tries = 1; ; tries++) {
    const started = windowOf();
    try {
      const result = await attempt();
      if (windowOf() === started || tries >= 3) return result;
    } catch (error) {
      if (windowOf() === started || tries >= 3) throw error;
    }
  }
}

/**
 * The tests here each count up to a limit: `it`, run inside one window (see `inOneWindow`), with room
 * for its at most three attempts.
 */
export function itInOneWindow(name: string, body: () => Promise<void>, timeout = 90_000) {
  return it(name, () => inOneWindow(body), timeout);
}

/**
 * Waits, when needed, until the Rate Limiting binding's current window has at least `seconds` left.
 * Only for a test whose key cannot be fresh (a key shared by design); every other test uses
 * `inOneWindow`.
 * Locally its counters are fixed windows aligned to the clock (every counter restarts at each whole
 * minute), so a test that counts up to a limit must not straddle a boundary.
 */
export async function awaitFreshWindow(seconds = 20, period = 60): Promise<void> {
  const left = period * 1000 - (Date.now() % (period * 1000));
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/**
 * A signed-in person whose account is 30 days old, in their own browser (a device cookie of their
 * own): a reporter whose reports count towards the automatic hold (docs/limits.md#reports).
 */
export async function trustedReporter(opts: { ageDays?: number; banned?: boolean } = {}) {
  const who = await person({ banned: opts.banned });
  const createdAt = Date.now() - (opts.ageDays ?? 30) * 86_400_000;
  await db.update(schema.users).set({ createdAt }).where(eq(schema.users.id, who.user.id));
  const device = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  return { ...who, cookie: `${who.cookie}; eradauti_dispozitiv=${device}`, device };
}
