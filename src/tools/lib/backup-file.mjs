// @ts-check
// Reads and checks a backup file (the download of /moderare/stare, format in src/backup/file.ts and
// docs/operations.md#the-backup-file) and restores it into a site through its /__admin routes.
// Plain JavaScript with web APIs only (DecompressionStream, crypto.subtle), so the same code runs in
// Node for `npm run restore` and in workerd for the tests.

export const FILE_MAGIC = 'ERADAUTI-BACKUP 1\n';

/** A damaged, cut-off or foreign file: refused whole, before anything is written. */
export class BackupFileError extends Error {}

const decoder = new TextDecoder();

/** @param {Uint8Array} bytes */
async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest('SHA-256', /** @type {BufferSource} */ (bytes));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** @param {Uint8Array} bytes */
async function gunzipText(bytes) {
  const stream = new Blob([/** @type {BlobPart} */ (bytes)])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

/**
 * @typedef {{ id: number, sha256: string, bytes: Uint8Array }} PhotoFrame
 * @typedef {{ name: string, format: string, version: number, createdAt: number, lastMigration: string | null,
 *   tables: Record<string, { rows: number, bytes: number, sha256: string }>,
 *   photos: { count: number, bytes: number, copied: number } }} Manifest
 * @typedef {{ manifest: Manifest, tables: Map<string, Record<string, unknown>[]>, photos: PhotoFrame[] }} Backup
 */

/**
 * Parses and checks a whole backup file: the frames, each table's SHA-256 and row count against the
 * manifest, each photo's SHA-256, a photo for every photo row, and the end line.
 * @param {Uint8Array} bytes
 * @returns {Promise<Backup>}
 */
export async function readBackupFile(bytes) {
  const bad = (/** @type {string} */ why) =>
    new BackupFileError(`Fișierul copiei este deteriorat sau incomplet: ${why}.`);
  if (decoder.decode(bytes.subarray(0, FILE_MAGIC.length)) !== FILE_MAGIC)
    throw new BackupFileError('Fișierul nu este o copie de siguranță eRădăuți.');
  let pos = FILE_MAGIC.length;
  const header = () => {
    const end = bytes.indexOf(10, pos);
    if (end < 0 || end - pos > 10_000) throw bad('lipsește sfârșitul fișierului');
    let h;
    try {
      h = JSON.parse(decoder.decode(bytes.subarray(pos, end)));
    } catch {
      throw bad('un antet nu poate fi citit');
    }
    pos = end + 1;
    return h;
  };
  const body = (/** @type {number} */ size) => {
    if (!Number.isSafeInteger(size) || size < 0 || pos + size > bytes.length)
      throw bad('fișierul se oprește la mijloc');
    const out = bytes.subarray(pos, pos + size);
    pos += size;
    return out;
  };

  const first = header();
  if (first.type !== 'manifest') throw bad('lipsește manifestul');
  /** @type {Manifest} */
  let manifest;
  const manifestBytes = body(first.size);
  try {
    manifest = JSON.parse(decoder.decode(manifestBytes));
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    throw bad('manifestul nu poate fi citit');
  }
  if (manifest.format !== 'eradauti-backup')
    throw new BackupFileError('Fișierul nu este o copie de siguranță eRădăuți.');

  /** @type {Map<string, Record<string, unknown>[]>} */
  const tables = new Map();
  /** @type {PhotoFrame[]} */
  const photos = [];
  let frames = 1;
  for (;;) {
    const h = header();
    if (h.type === 'end') {
      if (h.frames !== frames) throw bad('numărul de părți nu corespunde');
      if (h.manifest !== (await sha256Hex(manifestBytes))) throw bad('suma de control a manifestului diferă');
      break;
    }
    frames++;
    const data = body(h.size);
    if (h.type === 'table') {
      const entry = manifest.tables[h.name];
      if (!entry) throw bad(`tabelul ${h.name} nu este în manifest`);
      if ((await sha256Hex(data)) !== entry.sha256) throw bad(`suma de control a tabelului ${h.name} diferă`);
      let rows;
      try {
        rows = (await gunzipText(data))
          .split('\n')
          .filter((l) => l.length > 0)
          .map((l) => JSON.parse(l));
      } catch {
        throw bad(`tabelul ${h.name} nu poate fi decomprimat`);
      }
      if (rows.length !== entry.rows) throw bad(`tabelul ${h.name} are alt număr de rânduri`);
      tables.set(h.name, rows);
    } else if (h.type === 'photo') {
      if (!h.sha256 || (await sha256Hex(data)) !== h.sha256)
        throw bad(`fotografia ${h.id} nu corespunde sumei de control`);
      photos.push({ id: h.id, sha256: h.sha256, bytes: data });
    } else {
      throw bad(`parte necunoscută (${String(h.type)})`);
    }
  }
  if (pos !== bytes.length) throw bad('date după sfârșitul copiei');
  for (const name of Object.keys(manifest.tables))
    if (!tables.has(name)) throw bad(`lipsește tabelul ${name}`);
  const photoRows = new Set((tables.get('photos') ?? []).map((r) => Number(r.id)));
  const photoIds = new Set(photos.map((p) => p.id));
  for (const id of photoRows) if (!photoIds.has(id)) throw bad(`lipsește fotografia ${id}`);
  // Tables in the manifest's order (parents first).
  const ordered = new Map(
    Object.keys(manifest.tables).map((n) => [n, /** @type {Record<string, unknown>[]} */ (tables.get(n))]),
  );
  return { manifest, tables: ordered, photos };
}

/**
 * @typedef {{ postJson: (path: string, body: unknown) => Promise<any>,
 *   postBinary: (path: string, bytes: Uint8Array, headers?: Record<string, string>) => Promise<any> }} AdminClient
 */

/**
 * Restores a checked backup into a site (begin, rows table by table, photos, finish). Resumable: begin
 * answers the rows already written per table and the restore carries on from there; photos already
 * sent (`donePhotos`) are skipped, the others sent again harmlessly.
 * @param {AdminClient} client
 * @param {Backup} backup
 * @param {{ donePhotos?: Set<number>, onPhoto?: (id: number) => void, log?: (line: string) => void, rowsPerCall?: number }} [opts]
 */
export async function restoreBackup(client, backup, opts = {}) {
  const { manifest } = backup;
  const log = opts.log ?? (() => {});
  const rowsPerCall = opts.rowsPerCall ?? 200;
  const begun = await client.postJson('/__admin/restore/begin', {
    name: manifest.name,
    format: manifest.format,
    lastMigration: manifest.lastMigration,
    tables: manifest.tables,
  });
  for (const [table, rows] of backup.tables) {
    const already = begun.counts?.[table] ?? 0;
    if (already > 0) log(`${table}: ${already} rânduri deja scrise, se continuă`);
    for (let i = Math.min(already, rows.length); i < rows.length; i += rowsPerCall) {
      await client.postJson('/__admin/restore/rows', { table, rows: rows.slice(i, i + rowsPerCall) });
    }
    log(`${table}: ${rows.length} rânduri`);
  }
  let sent = 0;
  for (const photo of backup.photos) {
    if (opts.donePhotos?.has(photo.id)) continue;
    await client.postBinary(`/__admin/restore/photo/${photo.id}`, photo.bytes, { 'x-sha256': photo.sha256 });
    opts.onPhoto?.(photo.id);
    sent++;
  }
  log(`fotografii: ${sent} trimise (${backup.photos.length} în copie)`);
  const status = await client.postJson('/__admin/restore/finish', {});
  for (const [table, rows] of backup.tables) {
    if ((status.counts?.[table] ?? 0) < rows.length)
      throw new BackupFileError(
        `După restaurare, ${table} are ${status.counts?.[table]} rânduri în loc de ${rows.length}.`,
      );
  }
  return status;
}
