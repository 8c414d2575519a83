// The move-in's mapping of one old row to v3's (docs/move-in.md#mapping): pure, so the worker's import
// route and the tests share it. Text goes through the editor's own code (masking, slug, search text),
// phones through v3's phone rule.
import { isExpiredForGood } from './ad-retention';
import { normalizeRomanianPhone } from './phone';
import { DESCRIPTION_MAX, normaliseDescription, normaliseTitle, TITLE_MAX } from './post-form';
import { toSlug } from './slug';
import { oneLineText } from './text';
import * as z from './zod';

const DAY_MS = 86_400_000;
/** ACTIVE ads changed within this many days are published. */
export const RECENT_MS = 60 * DAY_MS;
/** A published import expires no sooner than this after the import (the reminders reach people first). */
export const MIN_EXPIRY_AFTER_IMPORT_MS = 14 * DAY_MS;
/** v3's lifetime of a publication (db/lifecycle.LIFETIME_MS). */
export const IMPORT_LIFETIME_MS = 30 * DAY_MS;
/** Imported promotions run this long from the import. */
export const PROMOTION_MS = 30 * DAY_MS;
/** Why a Matrimoniale ad is hidden, shown to its author. */
export const RETIRED_CATEGORY_REASON =
  'Categoria „Matrimoniale” nu mai există pe eRădăuți; anunțul a fost păstrat doar pentru dumneavoastră.';

/** Old category id → v3 category id (null: retired, imported hidden and answered 410). */
export const DEFAULT_CATEGORY_MAP: Readonly<Record<number, number | null>> = {
  19: 1, // Imobiliare
  15: 2, // Auto-Moto
  20: 3, // Locuri de muncă
  23: 4, // Servicii
  17: 5, // Electronice/electrocasnice
  16: 8, // Diverse
  22: 8, // Pierderi → Diverse
  21: null, // Matrimoniale: retired
};

const ms = z.number().check(z.int(), z.gte(0), z.lte(8_000_000_000_000));

export const importUserSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  email: z.string().check(z.maxLength(320)),
  fullName: z.nullable(z.string()),
  phone: z.nullable(z.string().check(z.maxLength(30))),
  banned: z.boolean(),
  role: z.enum(['SUPERADMIN', 'USER', 'USER_UNVERIFIED']),
  createdAt: ms,
  updatedAt: ms,
});
export type ImportUser = z.infer<typeof importUserSchema>;

export const importPostSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  // One line: a title reaches mail subjects (control characters and line breaks become spaces).
  title: z.pipe(z.string().check(z.maxLength(255)), z.transform(oneLineText)),
  body: z.string().check(z.maxLength(200_000)),
  status: z.enum(['ACTIVE', 'EXPIRED_WARNING_SENT', 'EXPIRED']),
  price: z.number().check(z.int(), z.gte(0)),
  currency: z.enum(['EUR', 'RON']),
  phone: z.nullable(z.string().check(z.maxLength(30))),
  /** The surviving author's id (after the merge by letter case). */
  userId: z.number().check(z.int(), z.positive()),
  /** v3's category, or null when the old one is retired. */
  categoryId: z.nullable(z.number().check(z.int(), z.positive())),
  createdAt: ms,
  /** The old `expiresAt`: when the ad was last changed. */
  lastChangedAt: ms,
  promotionLevel: z.number().check(z.int(), z.gte(0)),
});
export type ImportPost = z.infer<typeof importPostSchema>;

/** Names: trimmed, at most 256 characters; empty → the part of the e-mail before @, else "Utilizator". */
export function importName(fullName: string | null, email: string): string {
  const name = oneLineText(fullName ?? '')
    .slice(0, 256)
    .trim();
  if (name) return name;
  const local = email.split('@')[0]?.trim();
  return local ? local.slice(0, 256) : 'Utilizator';
}

export function importEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** v3's phone rule; null with `dropped` when the old value is not a Romanian number. */
export function importPhone(phone: string | null): { phone: string | null; dropped: boolean } {
  if (!phone?.trim()) return { phone: null, dropped: false };
  const national = normalizeRomanianPhone(phone);
  return { phone: national, dropped: national === null };
}

export interface MappedUser {
  id: number;
  clerkId: string;
  email: string;
  name: string;
  phone: string | null;
  role: 'user' | 'operator';
  banned: boolean;
  createdAt: number;
  updatedAt: number;
}

/** The placeholder identity of an imported account, until its owner signs in (db/users.ts). */
export const IMPORTED_CLERK_PREFIX = 'import:';

export function mapUser(u: ImportUser): { row: MappedUser; phoneDropped: boolean } {
  const email = importEmail(u.email);
  const phone = importPhone(u.phone);
  return {
    row: {
      id: u.id,
      clerkId: `${IMPORTED_CLERK_PREFIX}${u.id}`,
      email,
      name: importName(u.fullName, email),
      phone: phone.phone,
      role: u.role === 'SUPERADMIN' ? 'operator' : 'user',
      banned: u.banned,
      createdAt: u.createdAt,
      updatedAt: u.updatedAt,
    },
    phoneDropped: phone.dropped,
  };
}

export type PostDecision = 'published' | 'expired' | 'retired' | 'gone';

/**
 * What becomes of an old ad at import time `now`: recent ACTIVE ads are published (expiring no sooner
 * than 14 days from the import), other ads expired at `lastChanged + lifetime` (or now, if sooner);
 * an ad the daily job would remove for good (lib/ad-retention, the same rule) keeps only its id (410);
 * a retired category is hidden.
 */
export function decidePost(p: Pick<ImportPost, 'status' | 'lastChangedAt' | 'categoryId'>, now: number) {
  const recent = p.status === 'ACTIVE' && p.lastChangedAt >= now - RECENT_MS;
  const expiresAt = recent
    ? Math.max(p.lastChangedAt + IMPORT_LIFETIME_MS, now + MIN_EXPIRY_AFTER_IMPORT_MS)
    : Math.min(p.lastChangedAt + IMPORT_LIFETIME_MS, now);
  let decision: PostDecision;
  if (isExpiredForGood(expiresAt, now)) decision = 'gone';
  else if (p.categoryId === null) decision = 'retired';
  else decision = recent ? 'published' : 'expired';
  return { decision, expiresAt };
}

/** Old promotion levels: 100 top of its category, 200 front page. */
export function importPromotion(level: number): number {
  return level >= 200 ? 2 : level >= 100 ? 1 : 0;
}

/** The slug of a title as the editor makes it (db/ad-text); used for photo file names too. */
export function photoFileName(postSlug: string, photoId: number): string {
  const base = toSlug(postSlug).slice(0, 60).replace(/-+$/, '') || 'foto';
  return `${base}-${photoId.toString(36)}.jpg`;
}

/**
 * An old ad's title and description as the editor would store them (lib/post-form's normalisation;
 * masking, slug, search text and stems follow in db/ad-text, the spelling candidates from the index).
 */
export function importText(title: string, body: string): { title: string; description: string } {
  return { title: normaliseTitle(title), description: normaliseDescription(body) };
}

/** Text over v3's limits is kept; the report names it and the editor asks for it to be shortened. */
export function overLimits(title: string, body: string): string[] {
  const over: string[] = [];
  if (title.length > TITLE_MAX) over.push(`titlu ${title.length}/${TITLE_MAX}`);
  if (body.length > DESCRIPTION_MAX) over.push(`descriere ${body.length}/${DESCRIPTION_MAX}`);
  return over;
}
