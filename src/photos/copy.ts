// Copies of a stored photo under another photo id (the demo seed: one ingest, many ads). Each copy
// owns its objects under its own prefix, so deleting one photo (or the daily orphan cleanup) never
// touches the objects another photo row still uses.
import type { Bindings } from '../env';
import { photoPrefix } from './keys';

/** A photo's stored objects (original and any variants), as key suffixes and bytes. */
export type StoredObjects = { name: string; bytes: ArrayBuffer; contentType: string }[];

/** Reads every object under a photo's prefix. */
export async function readPhotoObjects(env: Bindings, id: number): Promise<StoredObjects> {
  const prefix = photoPrefix(id);
  const out: StoredObjects = [];
  let cursor: string | undefined;
  do {
    const page = await env.PHOTOS.list({ prefix, cursor });
    for (const o of page.objects) {
      const body = await env.PHOTOS.get(o.key);
      if (body)
        out.push({
          name: o.key.slice(prefix.length),
          bytes: await body.arrayBuffer(),
          contentType: body.httpMetadata?.contentType ?? 'image/webp',
        });
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

/** Writes the objects under another photo's prefix. */
export async function writePhotoObjects(env: Bindings, id: number, objects: StoredObjects): Promise<void> {
  await Promise.all(
    objects.map((o) =>
      env.PHOTOS.put(`${photoPrefix(id)}${o.name}`, o.bytes, {
        httpMetadata: { contentType: o.contentType },
      }),
    ),
  );
}
