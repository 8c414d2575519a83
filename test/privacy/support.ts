// Shared by the privacy tests: a person with one of every kind of data, and another person beside them.
import { env } from 'cloudflare:workers';
import { eq, or } from 'drizzle-orm';
import * as schema from '../../src/db/schema';
import { db, makeDraftPhoto, makePost, person, postFormAs } from '../fixtures';

export { db };

let seq = 0;

/** Every R2 key under a photo's prefix. */
export async function objectsOf(photoId: number): Promise<string[]> {
  const page = await env.PHOTOS.list({ prefix: `photos/${photoId}/` });
  return page.objects.map((o) => o.key);
}

/** The conversation id a `303 → /mesaje/<id>` names. */
function conversationIdOf(res: Response): number {
  const m = /^\/mesaje\/(\d+)$/.exec(res.headers.get('location') ?? '');
  if (!m) throw new Error(`not a conversation redirect: ${res.status} ${res.headers.get('location')}`);
  return Number(m[1]);
}

/**
 * `me` with an ad (two photos with R2 objects), a hidden ad, an editor upload, a favourite, a
 * saved search, a mail kind turned off, a conversation with `other` about other's ad (messages
 * both ways), a report of other's ad and an operator's decision about their ad; `other` with
 * their own favourite, saved search and mail preference.
 */
export async function personWithEverything() {
  seq++;
  const tag = `${seq}${Math.random().toString(36).slice(2, 6)}`;
  const me = await person({ name: `Ana Privată ${tag}`, phone: '0744555666' });
  const other = await person({ name: `Bogdan Vecin ${tag}`, phone: '0755111222' });
  const ad = await makePost(me.user.id, {
    title: `Bicicletă de vânzare ${tag}`,
    description: 'Stare bună, Rădăuți.',
  });
  const hidden = await makePost(me.user.id, {
    title: `Anunț ascuns ${tag}`,
    status: 'hidden',
    hiddenReason: 'Spam sau anunț duplicat',
  });
  const photos = [await makeDraftPhoto(me.user.id, ad.id), await makeDraftPhoto(me.user.id, ad.id)];
  const upload = await makeDraftPhoto(me.user.id, null);
  const otherAd = await makePost(other.user.id, { title: `Mașină de spălat ${tag}` });
  const otherPhoto = await makeDraftPhoto(other.user.id, otherAd.id);
  const now = Date.now();
  await db.insert(schema.favourites).values([
    { userId: me.user.id, postId: otherAd.id, createdAt: now, priceAtSave: 100 },
    { userId: other.user.id, postId: ad.id, createdAt: now, priceAtSave: 200 },
  ]);
  await db.insert(schema.savedSearches).values([
    {
      userId: me.user.id,
      name: `Biciclete ${tag}`,
      query: `q=bicicleta${tag}`,
      createdAt: now,
      cursorAt: now,
    },
    {
      userId: other.user.id,
      name: `Secret vecin ${tag}`,
      query: `q=secret${tag}`,
      createdAt: now,
      cursorAt: now,
    },
  ]);
  await db.insert(schema.mailOptouts).values([
    { userId: me.user.id, kind: 'price-drop', createdAt: now },
    { userId: other.user.id, kind: 'messages', createdAt: now },
  ]);
  const myText = `Mai este disponibilă mașina? ${tag}`;
  const otherText = `Da, este disponibilă. ${tag}`;
  const opened = await postFormAs(`/mesaje/anunt/${otherAd.id}`, { text: myText }, me.cookie);
  const conversationId = conversationIdOf(opened);
  expectStatus(await postFormAs(`/mesaje/${conversationId}`, { text: otherText }, other.cookie), 303);
  expectStatus(
    await postFormAs(`/raporteaza/${otherAd.id}`, { reason: 'Spam', details: `detalii ${tag}` }, me.cookie),
    303,
  );
  await db.insert(schema.moderationLog).values({
    operatorUserId: other.user.id,
    action: 'hide',
    targetType: 'post',
    targetId: hidden.id,
    details: `${hidden.title} — Spam sau anunț duplicat`,
    createdAt: now,
  });
  return {
    tag,
    me,
    other,
    ad,
    hidden,
    photos,
    upload,
    otherAd,
    otherPhoto,
    conversationId,
    myText,
    otherText,
  };
}

function expectStatus(res: Response, status: number) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}`);
}

/** Every row of the tables a deletion must empty for `userId`. */
export async function rowsOf(userId: number) {
  const [users, posts, photos, favourites, savedSearches, optouts, reminders, refusals, conversations] =
    await Promise.all([
      db.select().from(schema.users).where(eq(schema.users.id, userId)),
      db.select().from(schema.posts).where(eq(schema.posts.userId, userId)),
      db.select().from(schema.photos).where(eq(schema.photos.userId, userId)),
      db.select().from(schema.favourites).where(eq(schema.favourites.userId, userId)),
      db.select().from(schema.savedSearches).where(eq(schema.savedSearches.userId, userId)),
      db.select().from(schema.mailOptouts).where(eq(schema.mailOptouts.userId, userId)),
      db.select().from(schema.expiryReminders).where(eq(schema.expiryReminders.userId, userId)),
      db.select().from(schema.uploadRefusals).where(eq(schema.uploadRefusals.userId, userId)),
      db
        .select()
        .from(schema.conversations)
        .where(or(eq(schema.conversations.buyerId, userId), eq(schema.conversations.sellerId, userId))),
    ]);
  return { users, posts, photos, favourites, savedSearches, optouts, reminders, refusals, conversations };
}

export function room(id: number) {
  return env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(String(id)));
}
