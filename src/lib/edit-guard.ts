// What an editor form carries so that saves never overwrite each other and a new-ad form never makes
// two ads: the version of the ad it was opened at, the photos it was opened with, and (new ads) a
// one-time submission token. Pure: reading the form, deciding which photos go, what changed.
import { parseIds } from './ids';
import { ALL_FIELD_NAMES, type PostFormValues } from './post-form';
import { CURRENCIES, type Currency, formatPrice, ungroupDigits } from './price';

/** The hidden inputs' names. */
export const VERSION_FIELD = 'version';
export const OPENED_PHOTOS_FIELD = 'openedPhotoIds';
export const TOKEN_FIELD = 'submissionToken';
/** A fingerprint of each field as the form was opened: what a three-way merge compares against. */
export const OPENED_VALUES_FIELD = 'openedValues';

export interface EditGuard {
  /** The ad's version when the form was opened (null: the form did not say). */
  version: number | null;
  /** The photos the ad had when the form was opened (null: the form did not say). */
  openedPhotoIds: number[] | null;
  /** Photos ticked "Elimină" (the form without JavaScript). */
  removePhotoIds: number[];
  /** The new-ad form's one-time token (null when absent or malformed). */
  token: string | null;
  /** Each field's fingerprint when the form was opened (null: the form did not say). */
  openedValues: Fingerprints | null;
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export function readEditGuard(form: FormData): EditGuard {
  const rawVersion = form.get(VERSION_FIELD);
  const version =
    typeof rawVersion === 'string' && /^\d{1,9}$/.test(rawVersion.trim()) ? Number(rawVersion.trim()) : null;
  const token = form.get(TOKEN_FIELD);
  return {
    version,
    // The form always lists them (maybe none): a marker input says the list is there even when empty.
    openedPhotoIds: form.has(`${OPENED_PHOTOS_FIELD}Listed`)
      ? parseIds(form.getAll(OPENED_PHOTOS_FIELD))
      : null,
    removePhotoIds: parseIds(form.getAll('removePhotoIds')),
    token: typeof token === 'string' && TOKEN.test(token) ? token : null,
    openedValues: parseFingerprints(form.get(OPENED_VALUES_FIELD)),
  };
}

/** A fresh one-time token for a new-ad form (random, URL-safe). */
export function newSubmissionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The ad's photos after a save. Only photos this form removed go: those it was opened with and no
 * longer lists, or ticked "Elimină". A photo added elsewhere since (another tab) is kept, after the
 * form's own ones.
 */
export function photoPlan(
  current: number[],
  submitted: number[],
  guard: Pick<EditGuard, 'openedPhotoIds' | 'removePhotoIds'>,
): { order: number[]; removed: number[] } {
  const dropped = new Set(guard.removePhotoIds);
  for (const id of guard.openedPhotoIds ?? []) if (!submitted.includes(id)) dropped.add(id);
  const removed = current.filter((id) => dropped.has(id) && !submitted.includes(id));
  const keptElsewhere = current.filter((id) => !submitted.includes(id) && !dropped.has(id));
  return { order: [...submitted, ...keptElsewhere], removed };
}

/** One difference between what the person saved and what the ad holds now. */
export interface FieldChange {
  label: string;
  yours: string;
  current: string;
  /** The other save changed this field too (from what this form was opened with). */
  both?: boolean;
}

const LABELS: [keyof PostFormValues, string][] = [
  ['category', 'Categoria'],
  ['title', 'Titlul'],
  ['description', 'Descrierea'],
  ['price', 'Prețul'],
  ['currency', 'Moneda'],
  ['negotiable', 'Negociabil'],
  ['locality', 'Localitatea'],
  ['phone', 'Telefon'],
];

function shown(value: PostFormValues[keyof PostFormValues]): string {
  if (typeof value === 'boolean') return value ? 'da' : 'nu';
  return String(value).replace(/\r\n?/g, '\n').trim();
}

// ---- three-way merge of an edit conflict (docs/freshness.md#versions-no-lost-updates) ----------------------

/** Field keys of a merge: the form's own fields, then category fields as `f-<name>`. */
type MergeKey = keyof Omit<PostFormValues, 'fields' | 'photoIds'> | `f-${string}`;
export type Fingerprints = Partial<Record<string, string>>;

const MERGE_KEYS: MergeKey[] = [
  ...LABELS.map(([key]) => key as MergeKey),
  ...ALL_FIELD_NAMES.map((name) => `f-${name}` as MergeKey),
];

/** A field's value as compared: line breaks and spaces folded, prices ungrouped, phones as digits. */
function comparable(values: PostFormValues, key: MergeKey): string {
  if (key.startsWith('f-')) return (values.fields[key.slice(2)] ?? '').trim();
  const raw = shown(values[key as keyof PostFormValues]);
  if (key === 'price') {
    const digits = ungroupDigits(raw);
    return digits === '0' ? '' : digits;
  }
  if (key === 'phone') return raw.replace(/\D/g, '');
  return raw;
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to tell whether a field changed, and says nothing of it. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** Each field's fingerprint, as the hidden input carries it: `title:1a2b3c4d;price:…`. */
export function fingerprintValues(values: PostFormValues): string {
  return MERGE_KEYS.map((key) => `${key}:${fnv1a(comparable(values, key))}`).join(';');
}

/** Fingerprints read from a form, written back the same way (a form given back keeps what it was opened with). */
export function formatFingerprints(fingerprints: Fingerprints): string {
  return Object.entries(fingerprints)
    .map(([key, hash]) => `${key}:${hash}`)
    .join(';');
}

const FINGERPRINT = /^([a-zA-Z-]{1,32}):([0-9a-f]{8})$/;

export function parseFingerprints(raw: unknown): Fingerprints | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  const out: Fingerprints = {};
  for (const part of raw.split(';')) {
    const m = FINGERPRINT.exec(part);
    if (m && (MERGE_KEYS as string[]).includes(m[1])) out[m[1]] = m[2];
  }
  return Object.keys(out).length > 0 ? out : null;
}

function setValue(values: PostFormValues, key: MergeKey, from: PostFormValues): void {
  if (key.startsWith('f-')) {
    const name = key.slice(2);
    values.fields = { ...values.fields, [name]: from.fields[name] ?? '' };
  } else (values as unknown as Record<string, unknown>)[key] = from[key as keyof PostFormValues];
}

function display(values: PostFormValues, key: MergeKey, categoryName: (id: string) => string): string {
  if (key === 'category') return categoryName(values.category);
  if (key === 'price') {
    const price = Number(comparable(values, 'price'));
    const currency = (CURRENCIES as readonly string[]).includes(values.currency)
      ? (values.currency as Currency)
      : 'RON';
    return Number.isSafeInteger(price) && price > 0
      ? (formatPrice(price, currency) ?? '')
      : shown(values.price);
  }
  if (key.startsWith('f-')) return (values.fields[key.slice(2)] ?? '').trim();
  return shown(values[key as keyof PostFormValues]);
}

export interface MergeResult {
  /** The form to show again: this tab's changes on top of the ad as it is now. */
  merged: PostFormValues;
  /** What saving the merged form changes in the ad as it is now, field by field. */
  changes: FieldChange[];
  /** Labels of the fields the other save changed and this tab did not: their new values are kept. */
  keptFromOther: string[];
}

/**
 * A three-way merge of an edit that met a newer save: a field this tab changed (its value differs
 * from the fingerprint it was opened with) takes this tab's value; any other field takes the ad's
 * current one. Without fingerprints (a form that did not carry them) every field is this tab's.
 * Photos are merged apart (photoPlan). `fieldLabels`: the category fields of the ad's kind.
 */
export function mergeEdit(
  yours: PostFormValues,
  current: PostFormValues,
  opened: Fingerprints | null,
  fieldLabels: Record<string, string>,
  categoryName: (id: string) => string,
): MergeResult {
  const merged: PostFormValues = { ...yours, fields: { ...yours.fields } };
  const changes: FieldChange[] = [];
  const keptFromOther: string[] = [];
  const labels = new Map<string, string>(LABELS.map(([key, label]) => [key, label]));
  for (const [name, label] of Object.entries(fieldLabels)) labels.set(`f-${name}`, label);
  for (const key of MERGE_KEYS) {
    const base = opened?.[key];
    const mine = comparable(yours, key);
    const theirs = comparable(current, key);
    const mineChanged = base === undefined || fnv1a(mine) !== base;
    const theirsChanged = base !== undefined && fnv1a(theirs) !== base;
    const label = labels.get(key);
    if (!mineChanged) {
      setValue(merged, key, current);
      if (theirsChanged && label) keptFromOther.push(label);
      continue;
    }
    if (mine === theirs || !label) continue;
    changes.push({
      label,
      yours: display(yours, key, categoryName),
      current: display(current, key, categoryName),
      both: theirsChanged,
    });
  }
  return { merged, changes, keptFromOther };
}
