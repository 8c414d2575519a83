import { ungroupDigits } from './price';
import * as z from './zod';

/** Category kinds whose ads carry their own fields (see categories.kind). */
export type CategoryKind = 'general' | 'home' | 'car' | 'job';

export const FUELS = ['benzină', 'motorină', 'GPL', 'hibrid', 'electric'] as const;
export const JOB_TYPES = ['normă întreagă', 'part-time'] as const;

export interface FieldDef {
  name: string;
  label: string;
  /** Shown after the value, e.g. `m²`. */
  unit?: string;
  type: 'int' | 'choice';
  min?: number;
  max?: number;
  choices?: readonly string[];
}

/** The category fields of each kind: rooms and area for homes; year, km, fuel for cars; job type. */
export const FIELDS_BY_KIND: Record<CategoryKind, FieldDef[]> = {
  general: [],
  home: [
    { name: 'rooms', label: 'Camere', type: 'int', min: 1, max: 20 },
    { name: 'area', label: 'Suprafață', unit: 'm²', type: 'int', min: 5, max: 100_000 },
  ],
  car: [
    { name: 'year', label: 'An fabricație', type: 'int', min: 1900, max: new Date().getUTCFullYear() + 1 },
    { name: 'km', label: 'Kilometri', unit: 'km', type: 'int', min: 0, max: 2_000_000 },
    { name: 'fuel', label: 'Combustibil', type: 'choice', choices: FUELS },
  ],
  job: [{ name: 'jobType', label: 'Program', type: 'choice', choices: JOB_TYPES }],
};

export type PostFields = Record<string, string | number>;

/** The zod schema of one kind's fields: every field optional, ints within bounds, choices from the list. */
export function fieldsSchema(kind: CategoryKind) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const def of FIELDS_BY_KIND[kind]) {
    if (def.type === 'int') {
      shape[def.name] = z.optional(
        z.pipe(
          z.pipe(
            z.pipe(
              z.transform((v: unknown) => (typeof v === 'string' ? ungroupDigits(v) : v)),
              z.union([z.literal(''), z.coerce.number()]),
            ),
            z.transform((v: '' | number) => (v === '' ? undefined : v)),
          ),
          z.optional(
            z
              .number({ error: `${def.label}: introduceți un număr` })
              .check(
                z.int(`${def.label}: introduceți un număr întreg`),
                z.gte(def.min ?? 0, `${def.label}: cel puțin ${def.min}`),
                z.lte(def.max ?? Number.MAX_SAFE_INTEGER, `${def.label}: cel mult ${def.max}`),
              ),
          ),
        ),
      );
    } else {
      shape[def.name] = z.optional(
        z.pipe(
          z.union([
            z.literal(''),
            z.enum(def.choices as [string, ...string[]], `${def.label}: alegeți din listă`),
          ]),
          z.transform((v: string) => (v === '' ? undefined : v)),
        ),
      );
    }
  }
  return z.object(shape);
}

/** Reads stored JSON fields back, keeping only the kind's known, valid fields. */
export function parseStoredFields(kind: CategoryKind, raw: unknown): PostFields {
  const parsed = fieldsSchema(kind).safeParse(raw ?? {});
  if (!parsed.success) return {};
  const out: PostFields = {};
  for (const [k, v] of Object.entries(parsed.data)) if (v !== undefined) out[k] = v as string | number;
  return out;
}

/** `[{label, value}]` for display on the ad page, in the kind's order. */
export function describeFields(kind: CategoryKind, fields: PostFields): { label: string; value: string }[] {
  return FIELDS_BY_KIND[kind]
    .filter((def) => fields[def.name] !== undefined && fields[def.name] !== '')
    .map((def) => {
      const v = fields[def.name];
      const text = typeof v === 'number' && def.name !== 'year' ? v.toLocaleString('ro-RO') : String(v);
      return { label: def.label, value: def.unit ? `${text} ${def.unit}` : text };
    });
}
