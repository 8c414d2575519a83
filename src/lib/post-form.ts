// The ad editor's form: what it sends, how it is read back for re-rendering, and its validation
// (zod, Romanian messages). Pure: the route supplies the categories.

import { parseId, parseIds } from './ids';
import { DEFAULT_LOCALITY, isLocality } from './localities';
import { normalizeRomanianPhone } from './phone';
import { type CategoryKind, FIELDS_BY_KIND, fieldsSchema, type PostFields } from './post-fields';
import { CURRENCIES, type Currency, ungroupDigits } from './price';
import { oneLineText } from './text';
import * as z from './zod';

export const TITLE_MIN = 10;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
export const PRICE_MAX = 100_000_000;
/** Photos per ad (docs/product.md#photos): the one limit of the editor's form and of the upload API. */
export const MAX_PHOTOS = 10;

/** Every category field name of every kind (rooms, area, year, km, fuel, jobType). */
export const ALL_FIELD_NAMES = [
  ...new Set(Object.values(FIELDS_BY_KIND).flatMap((defs) => defs.map((d) => d.name))),
];

/** What the person typed, as text, exactly as it is shown again in the form. */
export interface PostFormValues {
  /** The chosen category or subcategory id, as sent. */
  category: string;
  title: string;
  description: string;
  price: string;
  currency: string;
  negotiable: boolean;
  locality: string;
  phone: string;
  /** Category fields by name (all kinds: the irrelevant ones are ignored). */
  fields: Record<string, string>;
  /** Photos in the form, in order; the first is the main photo. */
  photoIds: number[];
}

/** A choice of the category select: a subcategory, or a top-level category without children. */
export interface CategoryChoice {
  id: number;
  categoryId: number;
  subcategoryId: number | null;
  kind: CategoryKind;
}

/** A valid ad, ready to be written. */
export interface PostInput {
  categoryId: number;
  subcategoryId: number | null;
  kind: CategoryKind;
  title: string;
  description: string;
  price: number;
  currency: Currency;
  negotiable: boolean;
  locality: string;
  phone: string;
  fields: PostFields;
}

/** Field names in the order of the form: the order of the error summary. */
export const FORM_FIELD_ORDER = [
  'category',
  'title',
  'description',
  'price',
  'currency',
  ...ALL_FIELD_NAMES,
  'locality',
  'phone',
  'photos',
];

export function emptyValues(phone?: string | null): PostFormValues {
  return {
    category: '',
    title: '',
    description: '',
    price: '',
    currency: 'RON',
    negotiable: false,
    locality: DEFAULT_LOCALITY,
    phone: phone ?? '',
    fields: {},
    photoIds: [],
  };
}

/** First text value of a field ('' when absent, a file, or repeated nonsense), capped in length. */
function text(form: FormData, name: string, max = 20_000): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.slice(0, max) : '';
}

/**
 * Reads the submitted form. Photos: the ordered `photoIds`, minus those ticked in `removePhotoIds`,
 * with the `mainPhoto` (a radio button, so it works without JavaScript) moved to the front.
 */
export function readPostForm(form: FormData): PostFormValues {
  const removed = new Set(parseIds(form.getAll('removePhotoIds')));
  let photoIds = parseIds(form.getAll('photoIds')).filter((id) => !removed.has(id));
  const main = parseIds([form.get('mainPhoto')])[0];
  if (main !== undefined && photoIds.includes(main))
    photoIds = [main, ...photoIds.filter((id) => id !== main)];
  const fields: Record<string, string> = {};
  for (const name of ALL_FIELD_NAMES) fields[name] = text(form, name, 100);
  return {
    category: text(form, 'category', 20),
    title: text(form, 'title', 1000),
    description: text(form, 'description', 20_000),
    price: text(form, 'price', 100),
    currency: text(form, 'currency', 10) || 'RON',
    negotiable: form.has('negotiable') && form.get('negotiable') !== '0',
    locality: text(form, 'locality', 200) || DEFAULT_LOCALITY,
    phone: text(form, 'phone', 100),
    fields,
    photoIds,
  };
}

/** All capitals ("VÂND URGENT APARTAMENT"): at least 6 letters and more than 70% of them upper case. */
export function isShouting(title: string): boolean {
  const letters = title.match(/\p{L}/gu) ?? [];
  if (letters.length < 6) return false;
  const upper = letters.filter((ch) => ch !== ch.toLowerCase() && ch === ch.toUpperCase()).length;
  return upper / letters.length > 0.7;
}

/**
 * A title as the editor stores it: one line (invisible and control characters become spaces, spaces
 * collapse, trimmed). The move-in's import applies the same to old titles.
 */
export function normaliseTitle(title: string): string {
  return oneLineText(title);
}

/** A description as the editor stores it: line breaks as `\n`, trimmed. The import applies it too. */
export function normaliseDescription(description: string): string {
  return description.replace(/\r\n?/g, '\n').trim();
}

const titleSchema = z.pipe(
  z.pipe(z.string(), z.transform(normaliseTitle)),
  z.string().check(
    z.minLength(1, 'Scrieți titlul anunțului.'),
    z.minLength(TITLE_MIN, `Titlul trebuie să aibă cel puțin ${TITLE_MIN} caractere.`),
    z.maxLength(TITLE_MAX, `Titlul poate avea cel mult ${TITLE_MAX} de caractere.`),
    z.refine((t: string) => !isShouting(t), 'Nu scrieți titlul numai cu majuscule.'),
  ),
);

const descriptionSchema = z.pipe(
  z.pipe(z.string(), z.transform(normaliseDescription)),
  z
    .string()
    .check(
      z.minLength(1, 'Scrieți descrierea anunțului.'),
      z.minLength(DESCRIPTION_MIN, `Descrierea trebuie să aibă cel puțin ${DESCRIPTION_MIN} de caractere.`),
      z.maxLength(
        DESCRIPTION_MAX,
        `Descrierea poate avea cel mult ${DESCRIPTION_MAX.toLocaleString('ro-RO')} de caractere.`,
      ),
    ),
);

const priceSchema = z.pipe(
  z.pipe(z.string(), z.transform(ungroupDigits)),
  z.pipe(
    z.pipe(
      z.string().check(
        z.refine((s: string) => !s.startsWith('-'), 'Prețul nu poate fi negativ.'),
        z.refine(
          (s: string) => s === '' || s.startsWith('-') || /^\d+$/.test(s),
          'Prețul trebuie să fie un număr întreg, fără zecimale.',
        ),
      ),
      z.transform((s: string) => (s === '' ? 0 : Number(s.replace(/^0+(?=\d)/, '')))),
    ),
    z.number().check(z.lte(PRICE_MAX, 'Prețul poate fi cel mult 100.000.000.')),
  ),
);

const currencySchema = z.enum(CURRENCIES, 'Alegeți moneda: RON sau EUR.');

const localitySchema = z.string().check(z.refine(isLocality, 'Alegeți localitatea din listă.'));

const phoneSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((s: string) => s.trim()),
  ),
  z.pipe(
    z.string().check(z.minLength(1, 'Scrieți un număr de telefon pentru contact.')),
    z.transform((s: string, ctx) => {
      const phone = normalizeRomanianPhone(s);
      if (!phone) {
        ctx.issues.push({
          code: 'custom',
          input: s,
          message: 'Numărul de telefon nu este valid: folosiți un număr românesc, de ex. 0744 123 456.',
        });
        return z.NEVER;
      }
      return phone;
    }),
  ),
);

export type ValidationResult = { ok: true; data: PostInput } | { ok: false; errors: Record<string, string> };

/** First message per field, in zod's order. */
function collect(errors: Record<string, string>, name: string, result: z.core.util.SafeParseResult<unknown>) {
  if (result.success || errors[name]) return;
  const first = result.error.issues[0];
  if (first) errors[name] = first.message;
}

/** Validates the form against the site's rules; every field is checked, so every message shows at once. */
export function validatePostForm(values: PostFormValues, choices: CategoryChoice[]): ValidationResult {
  const errors: Record<string, string> = {};
  const categoryId = parseId(values.category);
  const choice = categoryId === null ? undefined : choices.find((c) => c.id === categoryId);
  if (!choice) errors.category = 'Alegeți categoria anunțului.';
  const title = titleSchema.safeParse(values.title);
  collect(errors, 'title', title);
  const description = descriptionSchema.safeParse(values.description);
  collect(errors, 'description', description);
  const price = priceSchema.safeParse(values.price);
  collect(errors, 'price', price);
  const currency = currencySchema.safeParse(values.currency);
  collect(errors, 'currency', currency);
  const locality = localitySchema.safeParse(values.locality);
  collect(errors, 'locality', locality);
  const phone = phoneSchema.safeParse(values.phone);
  collect(errors, 'phone', phone);
  let fields: PostFields = {};
  if (choice) {
    const own: Record<string, string> = {};
    for (const def of FIELDS_BY_KIND[choice.kind]) {
      const raw = (values.fields[def.name] ?? '').trim().replace(/[\s.]/g, '');
      // Words where a number belongs get a message of their own (the shared schema's is generic).
      if (def.type === 'int' && raw !== '' && !/^-?\d+$/.test(raw)) {
        errors[def.name] = `${def.label}: introduceți un număr întreg`;
        continue;
      }
      own[def.name] = def.type === 'int' ? raw : (values.fields[def.name] ?? '');
    }
    const parsed = fieldsSchema(choice.kind).safeParse(own);
    if (parsed.success) {
      for (const [k, v] of Object.entries(parsed.data)) if (v !== undefined) fields[k] = v as string | number;
    } else {
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        if (name && !errors[name]) errors[name] = issue.message;
      }
      fields = {};
    }
  }
  if (values.photoIds.length > MAX_PHOTOS)
    errors.photos = `Un anunț poate avea cel mult ${MAX_PHOTOS} fotografii.`;
  if (
    Object.keys(errors).length > 0 ||
    !choice ||
    !title.success ||
    !description.success ||
    !price.success ||
    !currency.success ||
    !locality.success ||
    !phone.success
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    data: {
      categoryId: choice.categoryId,
      subcategoryId: choice.subcategoryId,
      kind: choice.kind,
      title: title.data,
      description: description.data,
      price: price.data,
      currency: currency.data,
      negotiable: values.negotiable,
      locality: locality.data,
      phone: phone.data,
      fields,
    },
  };
}

/** Errors sorted in the order of the form, for the summary at the top. */
export function orderedErrors(errors: Record<string, string>): [string, string][] {
  const rank = (name: string) => {
    const i = FORM_FIELD_ORDER.indexOf(name);
    return i < 0 ? FORM_FIELD_ORDER.length : i;
  };
  return Object.entries(errors).sort((a, b) => rank(a[0]) - rank(b[0]));
}
