// The backup file an operator downloads and `npm run restore` reads (docs/operations.md#the-backup-file):
// one stream of frames, each a JSON header line followed by exactly `size` bytes:
//
//   ERADAUTI-BACKUP 1\n
//   {"type":"manifest","size":N}\n  <manifest.json>
//   {"type":"table","name":"users","size":N}\n  <users.ndjson.gz>      (every table of the manifest)
//   {"type":"photo","id":12,"size":N,"sha256":"…"}\n  <original.webp>  (every photo row)
//   {"type":"end","frames":K,"manifest":"<SHA-256 of the manifest>"}\n
//
// A file without its end line, a frame cut short, or a checksum that differs is refused whole.
import { backupPhotoKey, manifestKey, sha256Hex, tableKey } from './format';
import { photoIdsOf } from './store';

export const FILE_MAGIC = 'ERADAUTI-BACKUP 1\n';

export type FrameHeader =
  | { type: 'manifest'; size: number }
  | { type: 'table'; name: string; size: number }
  | { type: 'photo'; id: number; size: number; sha256: string }
  | { type: 'end'; frames: number; manifest: string };

/** The download file of a complete backup, streamed from the bucket (null: no such backup). */
export async function backupFileStream(
  bucket: R2Bucket,
  name: string,
): Promise<ReadableStream<Uint8Array> | null> {
  const manifestObject = await bucket.get(manifestKey(name));
  if (!manifestObject) return null;
  const manifestBytes = new Uint8Array(await manifestObject.arrayBuffer());
  const manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as { tables: Record<string, unknown> };
  const encoder = new TextEncoder();
  const header = (h: FrameHeader) => encoder.encode(`${JSON.stringify(h)}\n`);

  async function* frames(): AsyncGenerator<Uint8Array> {
    yield encoder.encode(FILE_MAGIC);
    yield header({ type: 'manifest', size: manifestBytes.byteLength });
    yield manifestBytes;
    let count = 1;
    for (const table of Object.keys(manifest.tables)) {
      const object = await bucket.get(tableKey(name, table));
      if (!object) throw new Error(`backup ${name}: table ${table} missing`);
      yield header({ type: 'table', name: table, size: object.size });
      yield new Uint8Array(await object.arrayBuffer());
      count++;
    }
    for (const id of await photoIdsOf(bucket, name)) {
      const object = await bucket.get(backupPhotoKey(id));
      if (!object) throw new Error(`backup ${name}: photo ${id} missing`);
      yield header({ type: 'photo', id, size: object.size, sha256: object.customMetadata?.sha256 ?? '' });
      yield new Uint8Array(await object.arrayBuffer());
      count++;
    }
    yield header({ type: 'end', frames: count, manifest: await sha256Hex(manifestBytes) });
  }

  const iterator = frames();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (err) {
        // A missing object cuts the download short: the file then has no end line and is refused.
        console.error('backup download cut short', err);
        controller.error(err);
      }
    },
  });
}
