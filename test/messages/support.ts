// Shared by the messages tests: people, ads and the conversation's Durable Object.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import * as schema from '../../src/db/schema';
import { db, makePost, type SignInOptions, signIn } from '../fixtures';

export { db };

let seq = 0;

/** A signed-in person with a unique account. */
export async function person(label: string, opts: SignInOptions = {}) {
  seq++;
  return signIn(`user_msg_${label}_${seq}_${Math.random().toString(36).slice(2, 7)}`, {
    name: `${label[0].toUpperCase()}${label.slice(1)} ${seq}`,
    ...opts,
  });
}

/** A published ad of `sellerId`. */
export function ad(sellerId: number, over: Parameters<typeof makePost>[1] = {}) {
  return makePost(sellerId, { title: `Bicicletă de oraș ${++seq}`, ...over });
}

export async function conversationsOf(postId: number) {
  return db.select().from(schema.conversations).where(eq(schema.conversations.postId, postId));
}

export function room(id: number) {
  return env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(String(id)));
}

/** The conversation id a `303 → /mesaje/<id>` names. */
export function conversationIdOf(res: Response): number {
  const location = res.headers.get('location') ?? '';
  const m = /^\/mesaje\/(\d+)$/.exec(location);
  if (!m) throw new Error(`not a conversation redirect: ${res.status} ${location}`);
  return Number(m[1]);
}
