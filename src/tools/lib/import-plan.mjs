// @ts-check
// The importer's whole-dump decisions (docs/move-in.md#mapping), pure: old rows validated with zod,
// people merged by e-mail letter case, categories mapped by old id, photos ordered newest first. The
// per-row mapping (phones, text, statuses) happens in the worker with the editor's own code.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { timestampMs } from './pg-copy.mjs';

/** Old category id → v3 category id; null: retired (Matrimoniale). Mirrors lib/import-map.ts. */
export const DEFAULT_CATEGORY_MAP = { 19: 1, 15: 2, 20: 3, 23: 4, 17: 5, 16: 8, 22: 8, 21: null };

const int = z
  .string()
  .regex(/^-?\d{1,10}$/)
  .transform(Number);
const id = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number);
const ts = z
  .string()
  .transform((s) => timestampMs(s))
  .refine((n) => Number.isFinite(n), 'not a timestamp');
const bool = z.enum(['t', 'f']).transform((v) => v === 't');

export const oldUser = z.object({
  id,
  email: z
    .string()
    .min(3)
    .max(320)
    .refine((e) => e.includes('@'), 'not an e-mail address'),
  fullName: z.string().nullable(),
  hashedPassword: z.string().nullable(),
  phone: z.string().max(30).nullable(),
  banned: bool,
  role: z.enum(['SUPERADMIN', 'USER', 'USER_UNVERIFIED']),
  createdAt: ts,
  updatedAt: ts,
});
export const oldPost = z.object({
  id,
  title: z.string().max(255),
  slug: z.string().max(255),
  body: z.string(),
  status: z.enum(['ACTIVE', 'EXPIRED_WARNING_SENT', 'EXPIRED']),
  price: int.pipe(z.number().min(0)),
  currency: z.enum(['EUR', 'RON']),
  phone: z.string().max(30).nullable(),
  categoryId: id,
  userId: id,
  createdAt: ts,
  updatedAt: ts,
  expiresAt: ts,
  promotionLevel: int.pipe(z.number().min(0)),
});
export const oldImage = z.object({
  id,
  fileName: z.string().min(1).max(1000),
  width: int,
  height: int,
  postId: id,
  userId: id,
  createdAt: ts,
});
export const oldCategory = z.object({ id, title: z.string(), slug: z.string().min(1).max(255) });

export const TABLES = { User: oldUser, Post: oldPost, Image: oldImage, Category: oldCategory };

/** sha256 of a row's JSON: what import_rows remembers of it. */
export function digest(value) {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
}

/**
 * Validates the dump's rows: the valid ones by table, and a list of refusals (table, id, reason).
 * @param {Record<string, { line: number, values: Record<string, string | null> }[]>} raw
 */
export function validateRows(raw) {
  /** @type {Record<string, any[]>} */
  const rows = {};
  /** @type {{ table: string, id: string, line: number, reason: string }[]} */
  const invalid = [];
  for (const [table, schema] of Object.entries(TABLES)) {
    rows[table] = [];
    for (const r of raw[table] ?? []) {
      const parsed = schema.safeParse(r.values);
      if (parsed.success) rows[table].push(parsed.data);
      else {
        const issue = parsed.error.issues[0];
        invalid.push({
          table,
          id: String(r.values.id ?? '?'),
          line: r.line,
          reason: `${issue.path.join('.')}: ${issue.message}`,
        });
      }
    }
  }
  return { rows, invalid };
}

/** `--map-category OLD=NEW` options → a map (NEW: a v3 category id). */
export function parseCategoryOptions(values) {
  /** @type {Record<number, number | null>} */
  const map = {};
  for (const v of values) {
    const m = /^(\d+)=(\d+|none)$/.exec(v);
    if (!m) throw new Error(`--map-category expects OLD=NEW (v3 category id, or "none" to retire), not ${v}`);
    map[Number(m[1])] = m[2] === 'none' ? null : Number(m[2]);
  }
  return map;
}

/** The password kind of an old row: what the Clerk step may carry over. */
export function passwordKind(hashed) {
  if (!hashed) return 'none';
  if (hashed === 'CHANGEME') return 'reset';
  if (hashed === 'CHANGE_ME') return 'clerk';
  const digestText = argon2Digest(hashed);
  return digestText ? (digestText.startsWith('$argon2id$') ? 'argon2id' : 'argon2i') : 'unknown';
}

/** The `$argon2…` string inside the old column (base64 of it, padded with NUL bytes), or null. */
export function argon2Digest(hashed) {
  if (!hashed || !/^[A-Za-z0-9+/=]+$/.test(hashed)) return null;
  const text = Buffer.from(hashed, 'base64').toString('latin1').replace(/\0+$/, '');
  return /^\$argon2i?d?\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(text) ? text : null;
}

/**
 * The plan of an import: who survives each merge by letter case, the category of each ad, the photo
 * order, and everything the report must name.
 * @param {Record<string, any[]>} rows validated rows by table
 * @param {Record<number, number | null>} categoryOptions from --map-category
 */
export function planImport(rows, categoryOptions = {}) {
  const map = { ...DEFAULT_CATEGORY_MAP, ...categoryOptions };
  // People: grouped by e-mail without letter case; the most recently active row (last updated, then
  // highest id) keeps its id, the others become its aliases.
  /** @type {Map<string, any[]>} */
  const byEmail = new Map();
  for (const u of rows.User) {
    const key = u.email.trim().toLowerCase();
    byEmail.set(key, [...(byEmail.get(key) ?? []), u]);
  }
  /** @type {Map<number, number>} */
  const survivorOf = new Map();
  const users = [];
  const merges = [];
  for (const group of byEmail.values()) {
    group.sort((a, b) => b.updatedAt - a.updatedAt || b.id - a.id);
    const [keep, ...rest] = group;
    // The merged account is banned only if the survivor is; an operator stays one.
    const role = group.some((u) => u.role === 'SUPERADMIN')
      ? 'SUPERADMIN'
      : group.some((u) => u.role === 'USER')
        ? 'USER'
        : 'USER_UNVERIFIED';
    const fullName = keep.fullName?.trim()
      ? keep.fullName
      : (rest.find((u) => u.fullName?.trim())?.fullName ?? null);
    const phone = keep.phone ?? rest.find((u) => u.phone)?.phone ?? null;
    users.push({
      ...keep,
      role,
      fullName,
      phone,
      aliases: rest.map((u) => u.id),
      passwords: group.map((u) => u.hashedPassword),
    });
    for (const u of group) survivorOf.set(u.id, keep.id);
    if (rest.length)
      merges.push({ email: keep.email.trim().toLowerCase(), kept: keep.id, merged: rest.map((u) => u.id) });
  }
  users.sort((a, b) => a.id - b.id);

  const categoryIds = new Set([...rows.Category.map((c) => c.id), ...rows.Post.map((p) => p.categoryId)]);
  const unmapped = [...categoryIds].filter((cid) => !(cid in map)).sort((a, b) => a - b);
  const categories = rows.Category.map((c) => ({
    oldId: c.id,
    oldSlug: c.slug,
    title: c.title,
    categoryId: map[c.id] ?? null,
    unmapped: !(c.id in map),
  }));

  const missingAuthors = [];
  const posts = [];
  for (const p of rows.Post) {
    const userId = survivorOf.get(p.userId);
    if (userId === undefined) {
      missingAuthors.push(p.id);
      continue;
    }
    posts.push({
      id: p.id,
      title: p.title,
      body: p.body,
      status: p.status,
      price: p.price,
      currency: p.currency,
      phone: p.phone,
      userId,
      categoryId: map[p.categoryId] ?? null,
      oldCategoryId: p.categoryId,
      oldSlug: p.slug,
      createdAt: p.createdAt,
      lastChangedAt: p.expiresAt,
      promotionLevel: p.promotionLevel,
    });
  }
  // Listings follow the old "last changed": the ads go in that order, oldest first.
  posts.sort((a, b) => a.lastChangedAt - b.lastChangedAt || a.id - b.id);

  // Photos: per ad, newest first (createdAt, then id, descending): position 0 is the main photo.
  /** @type {Map<number, any[]>} */
  const byPost = new Map();
  for (const img of rows.Image) byPost.set(img.postId, [...(byPost.get(img.postId) ?? []), img]);
  const photos = [];
  for (const list of byPost.values()) {
    list.sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
    for (const [position, img] of list.entries()) photos.push({ ...img, position });
  }
  photos.sort((a, b) => a.id - b.id);
  return { users, merges, survivorOf, categories, unmapped, posts, photos, missingAuthors };
}
