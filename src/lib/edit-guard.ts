// What an editor form carries so that saves never overwrite each other and a new-ad form never makes
// two ads: the version of the ad it was opened at, the photos it was opened with, and (new ads) a
// one-time submission token. Pure: reading the form, deciding which photos go, what changed.
import { parseIds } from './ids';
import type { PostFormValues } from './post-form';

/** The hidden inputs' names. */
export const VERSION_FIELD = 'version';
export const OPENED_PHOTOS_FIELD = 'openedPhotoIds';
export const TOKEN_FIELD = 'submissionToken';

export interface EditGuard {
  /** The ad's version when the form was opened (null: the form did not say). */
  version: number | null;
  /** The photos the ad had when the form was opened (null: the form did not say). */
  openedPhotoIds: number[] | null;
  /** Photos ticked "Elimină" (the form without JavaScript). */
  removePhotoIds: number[];
  /** The new-ad form's one-time token (null when absent or malformed). */
  token: string | null;
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

/**
 * Field by field, where the person's form differs from the ad as it is now (category fields by
 * their own labels); `categoryName` turns a category id into its name.
 */
export function fieldChanges(
  yours: PostFormValues,
  current: PostFormValues,
  fieldLabels: Record<string, string>,
  categoryName: (id: string) => string,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const [key, label] of LABELS) {
    let a = shown(yours[key]);
    let b = shown(current[key]);
    if (key === 'price') {
      a = a.replace(/[\s.]/g, '') || '0';
      b = b || '0';
    }
    if (key === 'phone') {
      a = a.replace(/\D/g, '');
      b = b.replace(/\D/g, '');
    }
    if (a === b) continue;
    if (key === 'category') out.push({ label, yours: categoryName(a), current: categoryName(b) });
    else out.push({ label, yours: shown(yours[key]), current: shown(current[key]) });
  }
  for (const [name, label] of Object.entries(fieldLabels)) {
    const a = (yours.fields[name] ?? '').trim();
    const b = (current.fields[name] ?? '').trim();
    if (a !== b && (a !== '' || b !== '')) out.push({ label, yours: a, current: b });
  }
  return out;
}
