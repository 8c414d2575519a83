// Reads every base table into the backup bucket, one gzip NDJSON file per table. D1 offers no read
// transaction across queries, so a big table is read in pages while the site keeps writing; the
// backup is made consistent by closing its references instead (docs/operations.md#consistency):
// parents are read before their children, and a child whose parent is not in the backup (written,
// or its parent deleted, while the backup ran) is left out, as if the backup had been taken a moment
// earlier or later. Photo rows whose original disappears before it is copied are left out later
// (finish.ts).
import { type BaseTable, listBaseTables, REFERENCES, type Row, readTablePage } from '../db/backup';
import { rowLine, sha256Hex, type TableEntry, tableKey } from './format';

/** A gzip stream written line by line, collected in memory (R2 needs the length of what it stores). */
class GzipSink {
  private readonly writer: WritableStreamDefaultWriter<BufferSource>;
  private readonly done: Promise<ArrayBuffer>;
  private readonly encoder = new TextEncoder();
  constructor() {
    const cs = new CompressionStream('gzip');
    this.writer = cs.writable.getWriter();
    this.done = new Response(cs.readable).arrayBuffer();
  }
  async write(text: string) {
    await this.writer.write(this.encoder.encode(text));
  }
  async close(): Promise<Uint8Array<ArrayBuffer>> {
    await this.writer.close();
    return new Uint8Array(await this.done);
  }
}

export interface PhotoRow {
  id: number;
  bytes: number;
}

export interface Snapshot {
  tables: Record<string, TableEntry>;
  photos: PhotoRow[];
  leftOut: number;
}

/** Tables whose `id` others refer to (REFERENCES): their exported ids are kept to check children. */
const PARENTS = new Set(REFERENCES.map((r) => r.parent));

export async function exportTables(d1: D1Database, bucket: R2Bucket, name: string): Promise<Snapshot> {
  const tables = await listBaseTables(d1);
  const exported = new Map<string, Set<number>>();
  const entries: Record<string, TableEntry> = {};
  const photos: PhotoRow[] = [];
  let leftOut = 0;
  for (const table of tables) {
    const result = await exportTable(d1, table, exported);
    leftOut += result.leftOut;
    if (table.name === 'photos') photos.push(...result.photos);
    await bucket.put(tableKey(name, table.name), result.bytes, {
      httpMetadata: { contentType: 'application/x-ndjson', contentEncoding: 'gzip' },
    });
    entries[table.name] = {
      rows: result.rows,
      bytes: result.bytes.byteLength,
      sha256: await sha256Hex(result.bytes),
    };
  }
  return { tables: entries, photos, leftOut };
}

async function exportTable(d1: D1Database, table: BaseTable, exported: Map<string, Set<number>>) {
  const refs = REFERENCES.filter((r) => r.table === table.name);
  const keep = PARENTS.has(table.name) ? new Set<number>() : null;
  if (keep) exported.set(table.name, keep);
  const photos: PhotoRow[] = [];
  const sink = new GzipSink();
  let rows = 0;
  let leftOut = 0;
  let cursor: number | null = null;
  do {
    const page: { rows: Row[]; next: number | null } = await readTablePage(d1, table, cursor);
    let text = '';
    for (const row of page.rows) {
      const orphan = refs.some((r) => {
        const value = row[r.column];
        return value !== null && value !== undefined && !exported.get(r.parent)?.has(value as number);
      });
      if (orphan) {
        leftOut++;
        continue;
      }
      if (keep) keep.add(row.id as number);
      if (table.name === 'photos') photos.push({ id: row.id as number, bytes: row.bytes as number });
      text += `${rowLine(row)}\n`;
      rows++;
    }
    if (text) await sink.write(text);
    cursor = page.next;
  } while (cursor !== null);
  return { rows, leftOut, photos, bytes: await sink.close() };
}
