// Favourites ("Salvate"): the ads a signed-in person saved, with the price when saved and whether
// a lower price is mailed to them (on from the moment it is saved: docs/saved.md). The browser keeps an anonymous visitor's list; it merges here
// at sign-in (mergeFavourites). Counts are capped in D1, inside the writing statement.
import { firstPhotoSql } from './fragments';
import type { PostStatus } from './schema';

/** Saved ads per person at most (the merge from the browser stops there too). */
export const MAX_FAVOURITES = 200;
/** Ids one merge from the browser may carry. */
export const MAX_MERGE_IDS = 100;

export interface FavouriteRow {
  postId: number;
  createdAt: number;
  priceAtSave: number;
  notifyPriceDrop: boolean;
  /** Null when the ad no longer exists. */
  post: {
    title: string;
    slug: string;
    price: number;
    currency: 'RON' | 'EUR';
    negotiable: boolean;
    locality: string;
    categoryId: number;
    subcategoryId: number | null;
    status: PostStatus;
    expiresAt: number | null;
    authorBanned: boolean;
    photo: string | null;
  } | null;
}

const PHOTO = firstPhotoSql('p');

/**
 * Saves an ad for a person (idempotent), at the ad's current price, unless they already hold
 * MAX_FAVOURITES. Only a public ad can be saved: published, by an author who is not banned. True when it is saved now
 * (newly or already); false when refused (limit reached, ad not published).
 */
export async function addFavourite(d1: D1Database, userId: number, postId: number, now: number) {
  const inserted = await d1
    .prepare(
      `INSERT INTO favourites (user_id, post_id, created_at, price_at_save, notify_price_drop)
       SELECT ?1, p.id, ?3, p.price, 1 FROM posts p
       WHERE p.id = ?2 AND p.status = 'published' AND p.author_banned = 0
         AND (SELECT count(*) FROM favourites WHERE user_id = ?1) < ?4
       ON CONFLICT (user_id, post_id) DO NOTHING
       RETURNING post_id`,
    )
    .bind(userId, postId, now, MAX_FAVOURITES)
    .first<{ post_id: number }>();
  if (inserted) return true;
  return isFavourite(d1, userId, postId);
}

export async function removeFavourite(d1: D1Database, userId: number, postId: number) {
  await d1.prepare('DELETE FROM favourites WHERE user_id = ? AND post_id = ?').bind(userId, postId).run();
}

export async function isFavourite(d1: D1Database, userId: number, postId: number): Promise<boolean> {
  const row = await d1
    .prepare('SELECT 1 AS x FROM favourites WHERE user_id = ? AND post_id = ?')
    .bind(userId, postId)
    .first();
  return row !== null;
}

/** The ids a person saved, newest first. */
export async function favouriteIds(d1: D1Database, userId: number): Promise<number[]> {
  const { results } = await d1
    .prepare(
      'SELECT post_id FROM favourites WHERE user_id = ? ORDER BY created_at DESC, post_id DESC LIMIT ?',
    )
    .bind(userId, MAX_FAVOURITES)
    .all<{ post_id: number }>();
  return results.map((r) => r.post_id);
}

/**
 * Merges the browser's list into a person's favourites: one statement per id in one batch, each
 * inserting only while the person holds fewer than MAX_FAVOURITES, so repeating the merge or two
 * merges at once never exceed it nor duplicate. Unknown and unpublished ids are skipped. Returns
 * how many were added.
 */
export async function mergeFavourites(
  d1: D1Database,
  userId: number,
  postIds: readonly number[],
  now: number,
): Promise<number> {
  const ids = [...new Set(postIds.filter((id) => Number.isSafeInteger(id) && id > 0))].slice(
    0,
    MAX_MERGE_IDS,
  );
  if (ids.length === 0) return 0;
  const statement = d1.prepare(
    `INSERT INTO favourites (user_id, post_id, created_at, price_at_save, notify_price_drop)
     SELECT ?1, p.id, ?3, p.price, 1 FROM posts p
     WHERE p.id = ?2 AND p.status = 'published' AND p.author_banned = 0
       AND (SELECT count(*) FROM favourites WHERE user_id = ?1) < ?4
     ON CONFLICT (user_id, post_id) DO NOTHING`,
  );
  // Older saves first, so the list keeps the browser's order (newest first) by created_at.
  const results = await d1.batch(ids.map((id, i) => statement.bind(userId, id, now - i, MAX_FAVOURITES)));
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

/** Turns the price-drop mail on or off for one saved ad of this person (false: not saved). */
export async function setPriceDropNotice(
  d1: D1Database,
  userId: number,
  postId: number,
  on: boolean,
): Promise<boolean> {
  const res = await d1
    .prepare('UPDATE favourites SET notify_price_drop = ? WHERE user_id = ? AND post_id = ?')
    .bind(on ? 1 : 0, userId, postId)
    .run();
  return (res.meta.changes ?? 0) > 0;
}

interface JoinedRow {
  post_id: number;
  created_at: number;
  price_at_save: number;
  notify_price_drop: number;
  title: string | null;
  slug: string;
  price: number;
  currency: 'RON' | 'EUR';
  negotiable: number;
  locality: string;
  category_id: number;
  subcategory_id: number | null;
  status: PostStatus | null;
  expires_at: number | null;
  author_banned: number;
  photo: string | null;
}

const POST_COLUMNS = `p.title AS title, p.slug AS slug, p.price AS price, p.currency AS currency,
  p.negotiable AS negotiable, p.locality AS locality, p.category_id AS category_id,
  p.subcategory_id AS subcategory_id, p.status AS status, p.expires_at AS expires_at,
  p.author_banned AS author_banned, ${PHOTO} AS photo`;

function toFavourite(r: JoinedRow): FavouriteRow {
  return {
    postId: r.post_id,
    createdAt: r.created_at,
    priceAtSave: r.price_at_save,
    notifyPriceDrop: !!r.notify_price_drop,
    post:
      r.status === null || r.title === null
        ? null
        : {
            title: r.title,
            slug: r.slug,
            price: r.price,
            currency: r.currency,
            negotiable: !!r.negotiable,
            locality: r.locality,
            categoryId: r.category_id,
            subcategoryId: r.subcategory_id,
            status: r.status,
            expiresAt: r.expires_at,
            authorBanned: !!r.author_banned,
            photo: r.photo,
          },
  };
}

/** A person's favourites with their ads (null for an ad deleted since), newest first. */
export async function listFavourites(d1: D1Database, userId: number): Promise<FavouriteRow[]> {
  const { results } = await d1
    .prepare(
      `SELECT f.post_id AS post_id, f.created_at AS created_at, f.price_at_save AS price_at_save,
         f.notify_price_drop AS notify_price_drop, ${POST_COLUMNS}
       FROM favourites f LEFT JOIN posts p ON p.id = f.post_id
       WHERE f.user_id = ? ORDER BY f.created_at DESC, f.post_id DESC LIMIT ?`,
    )
    .bind(userId, MAX_FAVOURITES)
    .all<JoinedRow>();
  return results.map(toFavourite);
}

/** The ads of a browser's list (anonymous visitors), in the order given; missing ads as null. */
export async function favouritesByIds(d1: D1Database, ids: readonly number[]): Promise<FavouriteRow[]> {
  const wanted = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))].slice(0, MAX_MERGE_IDS);
  if (wanted.length === 0) return [];
  const { results } = await d1
    .prepare(
      `SELECT p.id AS post_id, 0 AS created_at, p.price AS price_at_save, 0 AS notify_price_drop, ${POST_COLUMNS}
       FROM posts p WHERE p.id IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(wanted))
    .all<JoinedRow>();
  const byId = new Map(results.map((r) => [r.post_id, toFavourite(r)]));
  return wanted.map(
    (id) => byId.get(id) ?? { postId: id, createdAt: 0, priceAtSave: 0, notifyPriceDrop: false, post: null },
  );
}

/**
 * Claims the price-drop mail of one ad version for every favouriter who asked for it and saved it
 * at a higher price than `newPrice`: each person is returned by one claim only, so a retried or
 * repeated job never mails anyone twice for the same drop.
 */
export async function claimPriceDrop(
  d1: D1Database,
  postId: number,
  version: number,
  newPrice: number,
): Promise<{ userId: number; priceAtSave: number }[]> {
  const { results } = await d1
    .prepare(
      `UPDATE favourites SET price_drop_version = ?2
       WHERE post_id = ?1 AND notify_price_drop = 1 AND price_at_save > ?3
         AND (price_drop_version IS NULL OR price_drop_version < ?2)
       RETURNING user_id, price_at_save`,
    )
    .bind(postId, version, newPrice)
    .all<{ user_id: number; price_at_save: number }>();
  return results.map((r) => ({ userId: r.user_id, priceAtSave: r.price_at_save }));
}

/** Gives a claimed price-drop mail back (its send failed), so the job's retry sends it. */
export async function releasePriceDrop(d1: D1Database, postId: number, userId: number, version: number) {
  await d1
    .prepare(
      'UPDATE favourites SET price_drop_version = NULL WHERE post_id = ? AND user_id = ? AND price_drop_version = ?',
    )
    .bind(postId, userId, version)
    .run();
}

/** An ad as the price-drop mail shows it (its author not banned), or null. */
export interface PriceDropPost {
  id: number;
  title: string;
  slug: string;
  price: number;
  currency: 'RON' | 'EUR';
  locality: string;
  category_id: number;
  status: string;
  version: number;
  photo: string | null;
}

export async function getPriceDropPost(d1: D1Database, postId: number): Promise<PriceDropPost | null> {
  return d1
    .prepare(
      `SELECT p.id, p.title, p.slug, p.price, p.currency, p.locality, p.category_id, p.status, p.version,
        ${PHOTO} AS photo
       FROM posts p WHERE p.id = ? AND p.author_banned = 0`,
    )
    .bind(postId)
    .first<PriceDropPost>();
}
