// The backup format (docs/operations.md#the-backup-format): each table as gzip-compressed NDJSON, one
// row a line, and a manifest with the time, the last migration, and each table's row count and
// SHA-256. The bucket keeps each backup under `backups/<name>/` and the photo originals once, under
// `photos/<id>/original.webp`, shared by every backup that holds the photo.

export const FORMAT = 'eradauti-backup';
export const FORMAT_VERSION = 1;

export interface TableEntry {
  rows: number;
  /** Bytes of the compressed file. */
  bytes: number;
  /** Hex SHA-256 of the compressed file. */
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  name: string;
  /** When the snapshot was read (ms). */
  createdAt: number;
  /** When the last photo was copied and the backup was complete (ms). */
  finishedAt: number | null;
  lastMigration: string | null;
  /** Tables in the order they are restored (parents first). */
  tables: Record<string, TableEntry>;
  photos: {
    /** Photo rows in the backup; each has its original in the bucket. */
    count: number;
    /** Bytes of those originals. */
    bytes: number;
    /** Originals this backup copied (the others were already there from an earlier one). */
    copied: number;
  };
  /** Rows left out because their parent was written or deleted while the backup ran. */
  leftOut: number;
}

/** A backup's name from its time: `2026-11-26T03-17-00Z` (sorts by time, safe in keys and URLs). */
export function backupName(at: number): string {
  return new Date(at)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/** The time a backup name stands for (NaN if it is not one). */
export function backupTime(name: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : Number.NaN;
}

export const isBackupName = (name: string) => !Number.isNaN(backupTime(name));

export const backupPrefix = (name: string) => `backups/${name}/`;
export const manifestKey = (name: string) => `${backupPrefix(name)}manifest.json`;
export const pendingKey = (name: string) => `${backupPrefix(name)}pending.json`;
export const tableKey = (name: string, table: string) => `${backupPrefix(name)}tables/${table}.ndjson.gz`;
export const partsPrefix = (name: string) => `${backupPrefix(name)}parts/`;
export const partKey = (name: string, part: number) => `${partsPrefix(name)}${part}.json`;
export const backupPhotoKey = (id: number) => `photos/${id}/original.webp`;

/** A row as one JSON line; bytes (no table has any today) as `{"$bytes": base64}`. */
export function rowLine(row: Record<string, unknown>): string {
  return JSON.stringify(row, (_k, v) =>
    v instanceof ArrayBuffer ? { $bytes: btoa(String.fromCharCode(...new Uint8Array(v))) } : v,
  );
}

export async function gzip(chunks: Iterable<string>): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.iterator]();
  const source = new ReadableStream<BufferSource>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  const compressed = source.pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

export async function gunzipText(bytes: Uint8Array<ArrayBuffer> | ArrayBuffer): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).text();
}

/** The rows of an NDJSON text. */
export function parseLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer> | ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
