// The site's side of `npm run restore` (docs/operations.md#restore): a backup goes only into an empty
// site whose migrations include the backup's last one; rows keep their ids, photo originals go to
// PHOTOS, and the spelling candidates are rebuilt at the end (the search index itself is filled by
// its triggers as the ads are written). Every step is idempotent, so an interrupted restore is
// simply run again.
import {
  appliedMigrations,
  beginRestore,
  CONTENT_TABLES,
  countRows,
  finishRestore,
  insertRows,
  listBaseTables,
  type Row,
  restoreState,
  tableColumns,
} from '../db/backup';
import { rebuildSpelling } from '../db/spelling';
import { originalKey } from '../photos/keys';
import { FORMAT, type Manifest, sha256Hex } from './format';

/** A refusal the tool prints as it is (409: the site's state; 400: the request). */
export class RestoreRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 409 = 409,
  ) {
    super(message);
  }
}

export interface RestoreStatus {
  lastMigration: string | null;
  empty: boolean;
  restoring: { backup: string; status: 'running' | 'done' } | null;
  counts: Record<string, number>;
}

export async function restoreStatus(d1: D1Database): Promise<RestoreStatus> {
  const tables = (await listBaseTables(d1)).map((t) => t.name);
  const [migrations, counts, state] = await Promise.all([
    appliedMigrations(d1),
    countRows(d1, tables),
    restoreState(d1),
  ]);
  return {
    lastMigration: migrations.at(-1) ?? null,
    empty: CONTENT_TABLES.every((t) => (counts[t] ?? 0) === 0),
    restoring: state,
    counts,
  };
}

/** What `begin` needs of the manifest (the tool has already checked the whole file). */
export interface BeginRequest {
  name: string;
  format: string;
  lastMigration: string | null;
  tables: Record<string, { rows: number }>;
}

/**
 * Starts (or resumes) the restore of one backup; answers the rows already in each table, from which
 * a resumed restore carries on. Refuses, writing nothing: a site with content, a restore of another
 * backup, a backup whose last migration this site has not applied, a table this site does not have.
 */
export async function startRestore(
  d1: D1Database,
  req: BeginRequest,
  now: number,
): Promise<Record<string, number>> {
  if (req.format !== FORMAT) throw new RestoreRefusal('Fișierul nu este o copie de siguranță eRădăuți.', 400);
  const status = await restoreStatus(d1);
  if (status.restoring) {
    if (status.restoring.backup !== req.name)
      throw new RestoreRefusal(
        `Pe acest site s-a început deja restaurarea altei copii (${status.restoring.backup}); folosiți un site gol nou.`,
      );
    if (status.restoring.status === 'done')
      throw new RestoreRefusal(`Copia ${req.name} a fost deja restaurată pe acest site.`);
    return status.counts;
  }
  if (!status.empty)
    throw new RestoreRefusal(
      'Site-ul nu este gol (are utilizatori, anunțuri sau fotografii): o copie se restaurează doar într-un site gol, pornit cu `npm start -- --empty` sau o bază de date nouă.',
    );
  const applied = await appliedMigrations(d1);
  if (req.lastMigration !== null && !applied.includes(req.lastMigration))
    throw new RestoreRefusal(
      `Copia este făcută cu o migrare mai nouă (${req.lastMigration}) decât cea a site-ului (${status.lastMigration ?? 'niciuna'}): aplicați întâi migrările, apoi reluați.`,
    );
  const missing = Object.keys(req.tables).filter((t) => !(t in status.counts));
  if (missing.length > 0)
    throw new RestoreRefusal(
      `Site-ul nu are tabelele ${missing.join(', ')} ale copiei: aplicați întâi migrările.`,
    );
  const clear = Object.keys(req.tables).filter((t) => status.counts[t] > 0);
  await beginRestore(d1, req.name, clear, now);
  return countRows(d1, Object.keys(req.tables));
}

async function requireRunning(d1: D1Database) {
  const state = await restoreState(d1);
  if (state?.status !== 'running')
    throw new RestoreRefusal('Nicio restaurare în curs pe acest site: începeți cu pasul „begin”.');
}

function decodeValue(v: unknown): unknown {
  if (v && typeof v === 'object' && '$bytes' in v) {
    const raw = atob(String((v as { $bytes: unknown }).$bytes));
    return Uint8Array.from(raw, (ch) => ch.charCodeAt(0)).buffer;
  }
  return v;
}

/** Writes rows of one table (one transaction); answers the table's row count afterwards. */
export async function restoreRows(d1: D1Database, table: string, rows: unknown[]): Promise<number> {
  await requireRunning(d1);
  const tables = (await listBaseTables(d1)).map((t) => t.name);
  if (!tables.includes(table)) throw new RestoreRefusal(`Tabel necunoscut: ${table}.`, 400);
  const known = new Set(await tableColumns(d1, table));
  const used = new Set<string>();
  const clean: Row[] = [];
  for (const row of rows) {
    if (!row || typeof row !== 'object' || Array.isArray(row))
      throw new RestoreRefusal(`Un rând din ${table} nu este un obiect.`, 400);
    const out: Row = {};
    for (const [k, v] of Object.entries(row)) {
      if (!known.has(k)) throw new RestoreRefusal(`Coloană necunoscută în ${table}: ${k}.`, 400);
      if (v !== null && typeof v === 'object' && !('$bytes' in v))
        throw new RestoreRefusal(`Valoare nepermisă în ${table}.${k}.`, 400);
      used.add(k);
      out[k] = decodeValue(v);
    }
    clean.push(out);
  }
  await insertRows(
    d1,
    table,
    [...known].filter((c) => used.has(c)),
    clean,
  );
  return (await countRows(d1, [table]))[table];
}

/** Stores one photo original after checking its SHA-256. */
export async function restorePhoto(
  d1: D1Database,
  bucket: R2Bucket,
  id: number,
  body: ArrayBuffer,
  sha256: string,
) {
  await requireRunning(d1);
  if ((await sha256Hex(body)) !== sha256.toLowerCase())
    throw new RestoreRefusal(`Fotografia ${id} nu corespunde sumei de control: fișier deteriorat.`, 400);
  await bucket.put(originalKey(id), body, { httpMetadata: { contentType: 'image/webp' } });
}

/** Rebuilds what is derived (the spelling candidates) and marks the restore done. */
export async function completeRestore(d1: D1Database, now: number): Promise<RestoreStatus> {
  await requireRunning(d1);
  await rebuildSpelling(d1);
  await finishRestore(d1, now);
  return restoreStatus(d1);
}

export type { Manifest };
