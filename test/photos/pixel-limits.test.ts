// Images whose decoding would not fit in a Worker's memory are refused from their header alone,
// before any decoding, for each format: a 422 naming the largest size accepted, nothing stored in R2
// or D1, and the refusal counted against the uploader's hourly upload limit.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { countPhotosSince } from '../../src/db/photos';
import * as schema from '../../src/db/schema';
import { MAX_PIXELS_BY_FORMAT, UPLOADS_PER_HOUR } from '../../src/photos/limits';
import { inspectImage } from '../../src/photos/sniff';
import { db, makeUser, ORIGIN, sessionCookie } from '../fixtures';
import { photoRows, pngChunk, r2Keys, u32be } from './support';

const u16le = (n: number) => [n & 255, (n >>> 8) & 255];
const u24le = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const u32le = (n: number) => [...u24le(n), (n >>> 24) & 255];
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** Files of a few dozen bytes whose headers claim `w`×`h`: decompression bombs of each format. */
const CLAIMING: Record<keyof typeof MAX_PIXELS_BY_FORMAT, (w: number, h: number) => Uint8Array<ArrayBuffer>> =
  {
    // SOI, then a baseline SOF0 with three components, and nothing else.
    jpeg: (w, h) =>
      new Uint8Array([
        0xff,
        0xd8,
        0xff,
        0xc0,
        0,
        17,
        8,
        h >> 8,
        h & 255,
        w >> 8,
        w & 255,
        3,
        1,
        0x22,
        0,
        2,
        0x11,
        1,
        3,
        0x11,
        1,
      ]),
    png: (w, h) =>
      new Uint8Array([
        ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        ...pngChunk('IHDR', [...u32be(w), ...u32be(h), 8, 6, 0, 0, 0]),
        ...pngChunk('IDAT', [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
        ...pngChunk('IEND', []),
      ]),
    webp: (w, h) => {
      const vp8x = [...ascii('VP8X'), ...u32le(10), 0, 0, 0, 0, ...u24le(w - 1), ...u24le(h - 1)];
      return new Uint8Array([...ascii('RIFF'), ...u32le(4 + vp8x.length), ...ascii('WEBP'), ...vp8x]);
    },
    gif: (w, h) => new Uint8Array([...ascii('GIF89a'), ...u16le(w), ...u16le(h), 0, 0, 0, 0x3b]),
  };

const LARGEST = {
  jpeg: 'cel mult 4 megapixeli',
  png: 'cel mult 3 megapixeli',
  webp: 'cel mult 4 megapixeli',
  gif: 'cel mult 4 megapixeli',
};

let user: schema.User;
let cookie: string;
beforeAll(async () => {
  user = await makeUser({ name: 'Încărcător Bombe' });
  cookie = await sessionCookie(user.clerkId);
});

function upload(bytes: Uint8Array<ArrayBuffer>, name: string) {
  const form = new FormData();
  form.append('photo', new File([bytes], name, { type: 'application/octet-stream' }));
  form.append('kind', 'post');
  return fetchWorker(
    new Request(`${ORIGIN}/api/poze`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN, cookie, accept: 'application/json' },
    }),
  );
}

const fetchWorker = (r: Request) => exports.default.fetch(r);

describe('the pixel limit of each format, checked on the header before decoding', () => {
  it.each(Object.keys(CLAIMING) as (keyof typeof CLAIMING)[])(
    'a %s one pixel row over its limit is refused by inspectImage, one exactly at it is not refused for size',
    (format) => {
      const limit = MAX_PIXELS_BY_FORMAT[format];
      // 2000 px wide: the height that reaches the limit, and one row more.
      const atLimit = CLAIMING[format](2000, Math.floor(limit / 2000));
      const over = CLAIMING[format](2000, Math.floor(limit / 2000) + 1);
      expect(() => inspectImage(over)).toThrow(/megapixeli/);
      // At the limit the header passes; what stops these stubs is their missing image data.
      expect(() => inspectImage(atLimit)).not.toThrow(/megapixeli/);
    },
  );

  it.each(Object.keys(CLAIMING) as (keyof typeof CLAIMING)[])(
    'POST /api/poze with a %s claiming 6000 × 6000: 422 with the largest size, nothing stored, the refusal counted',
    async (format) => {
      const before = {
        keys: (await r2Keys()).length,
        rows: (await photoRows()).length,
        counted: await countPhotosSince(db, user.id, Date.now() - 3_600_000),
      };
      const bytes = CLAIMING[format](6000, 6000);
      expect(bytes.length).toBeLessThan(100);
      const res = await upload(bytes, `bomba.${format}`);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: string; fields?: Record<string, string> };
      expect(body.error).toContain(LARGEST[format]);
      expect(body.error).toContain('10.000 px pe latură');
      expect(body.error).toContain('editorul site-ului cu JavaScript pornit');
      expect((await r2Keys()).length).toBe(before.keys);
      expect((await photoRows()).length).toBe(before.rows);
      expect(await countPhotosSince(db, user.id, Date.now() - 3_600_000)).toBe(before.counted + 1);
    },
  );

  it('refused uploads count against the hourly upload limit like stored photos: the next one is 429', async () => {
    const spammer = await makeUser({ name: 'Trimite Bombe' });
    const spammerCookie = await sessionCookie(spammer.clerkId);
    const send = () => {
      const form = new FormData();
      form.append('photo', new File([CLAIMING.png(6000, 6000)], 'b.png', { type: 'image/png' }));
      return fetchWorker(
        new Request(`${ORIGIN}/api/poze`, {
          method: 'POST',
          body: form,
          headers: { origin: ORIGIN, cookie: spammerCookie, accept: 'application/json' },
        }),
      );
    };
    // Most of the hour's budget already spent on refused files (recorded as the route records them).
    const now = Date.now();
    const rows = Array.from({ length: UPLOADS_PER_HOUR - 1 }, () => ({
      userId: spammer.id,
      reason: 'dimensions',
      createdAt: now,
    }));
    // At most 100 bound parameters per D1 statement.
    for (let i = 0; i < rows.length; i += 30)
      await db.insert(schema.uploadRefusals).values(rows.slice(i, i + 30));
    expect((await send()).status).toBe(422); // the last one the budget allows, refused and counted
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(await countPhotosSince(db, spammer.id, now - 3_600_000)).toBe(UPLOADS_PER_HOUR);
  });
});
