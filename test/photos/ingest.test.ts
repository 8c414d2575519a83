import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BadInput } from '../../src/lib/errors';
import { decodeWebp } from '../../src/photos/codecs';
import { ingestPhoto, makeFileName } from '../../src/photos/ingest';
import { originalKey } from '../../src/photos/keys';
import { db, makeUser } from '../fixtures';
import { alphaPng, animatedGif, orient6GpsJpg, photoJpg, photoWebp } from './fixtures/images';
import { bytesOf, containsAscii, gradientWebp, photoRows, pngChunk, r2Keys, u32be } from './support';

let userId: number;
beforeAll(async () => {
  userId = (await makeUser()).id;
});

/** A structurally valid PNG (correct CRCs) whose header claims width × height. */
function pngClaiming(width: number, height: number): Uint8Array {
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...pngChunk('IHDR', [...u32be(width), ...u32be(height), 8, 6, 0, 0, 0]),
    ...pngChunk('IDAT', [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
    ...pngChunk('IEND', []),
  ]);
}

async function refusalOf(bytes: Uint8Array) {
  const before = { keys: (await r2Keys()).length, rows: (await photoRows()).length };
  const error = await ingestPhoto(env, db, { bytes, userId, kind: 'post' }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BadInput);
  // Nothing was written anywhere.
  expect((await r2Keys()).length).toBe(before.keys);
  expect((await photoRows()).length).toBe(before.rows);
  const bad = error as BadInput;
  return { status: bad.status, message: bad.message, field: bad.fields.photos };
}

describe('ingestPhoto refuses', () => {
  it('a zero-byte file, 422', async () => {
    const r = await refusalOf(new Uint8Array(0));
    expect(r).toMatchObject({ status: 422, message: 'Fișierul este gol', field: 'Fișierul este gol' });
  });

  it('an 11 MB file with 413 and the exact size message', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(bytesOf(photoJpg));
    const r = await refusalOf(big);
    expect(r).toMatchObject({ status: 413, message: 'Fișierul este prea mare (maxim 10 MB)' });
  });

  it('a text file named .jpg with 415 and the exact format message', async () => {
    const r = await refusalOf(new TextEncoder().encode('Acesta nu este o fotografie.\n'));
    expect(r).toMatchObject({ status: 415, message: 'Format neacceptat: folosiți JPG, PNG, GIF sau WEBP' });
    expect(r.field).toBe(r.message);
  });

  it('a PNG whose header claims 50 000 × 50 000 before decoding it, 422', async () => {
    const r = await refusalOf(pngClaiming(50_000, 50_000));
    expect(r.status).toBe(422);
    expect(r.message).toContain('megapixeli');
  });

  it('a PNG over its format’s pixel limit with sides under 10 000 px (9 000 × 5 000)', async () => {
    expect((await refusalOf(pngClaiming(9_000, 5_000))).message).toContain('cel mult 3 megapixeli');
  });

  it('a truncated JPEG, 422', async () => {
    const jpg = bytesOf(photoJpg);
    const r = await refusalOf(jpg.slice(0, Math.floor(jpg.length * 0.6)));
    expect(r).toMatchObject({ status: 422, message: 'Fișierul este deteriorat sau incomplet' });
  });

  it('a JPEG cut right after its header (no scan data)', async () => {
    expect((await refusalOf(bytesOf(photoJpg).slice(0, 400))).status).toBe(422);
  });

  it('a PNG with a corrupted byte inside its data (bad CRC)', async () => {
    const png = bytesOf(alphaPng);
    png[50] ^= 0xff;
    expect((await refusalOf(png)).message).toBe('Fișierul este deteriorat sau incomplet');
  });

  it('a JPEG whose entropy data is garbage', async () => {
    const jpg = bytesOf(photoJpg);
    const sos = jpg.findIndex((b, i) => b === 0xff && jpg[i + 1] === 0xda);
    const broken = jpg.slice();
    for (let i = sos + 20; i < broken.length - 2; i++) broken[i] = i % 7 === 0 ? 0xff : 0xd5;
    const r = await refusalOf(broken);
    expect(r.status).toBe(422);
  });

  it('a GIF with a ZIP archive appended (GIFAR polyglot)', async () => {
    const gif = bytesOf(animatedGif);
    const zip = new TextEncoder().encode('PK\x03\x04\x14\x00\x00\x00META-INF/MANIFEST.MF');
    const r = await refusalOf(new Uint8Array([...gif, ...zip]));
    expect(r).toMatchObject({ status: 422, message: 'Fișierul conține și alte date decât imaginea' });
  });

  it('a JPEG carrying a PHP script in a comment segment', async () => {
    const jpg = bytesOf(photoJpg);
    const php = new TextEncoder().encode('<?php system($_GET["c"]); ?>');
    const com = [0xff, 0xfe, 0, php.length + 2, ...php];
    const r = await refusalOf(new Uint8Array([...jpg.slice(0, 2), ...com, ...jpg.slice(2)]));
    expect(r.status).toBe(422);
  });

  it('an HTML page that starts with JPEG magic bytes', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect((await refusalOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...html]))).status).toBe(422);
  });

  it('a RIFF file that is not a WebP', async () => {
    const wav = new TextEncoder().encode('RIFF\x24\x00\x00\x00WAVEfmt ');
    expect((await refusalOf(wav)).status).toBe(415);
  });
});

describe('ingestPhoto stores', () => {
  it('a JPEG as a WebP original with its dimensions, file name and size in D1', async () => {
    const photo = await ingestPhoto(env, db, {
      bytes: bytesOf(photoJpg),
      userId,
      kind: 'post',
      baseName: 'Casă cu grădină',
    });
    expect(photo).toMatchObject({ width: 300, height: 200, kind: 'post', postId: null, userId });
    expect(photo.fileName).toMatch(/^casa-cu-gradina-[a-z0-9]{6}\.jpg$/);
    const stored = await env.PHOTOS.get(originalKey(photo.id));
    expect(stored).not.toBeNull();
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(8, 12))).toBe('WEBP');
    expect(photo.bytes).toBe(bytes.length);
    // The uploaded bytes themselves are not what is stored.
    expect(bytes.length).not.toBe(bytesOf(photoJpg).length);
  });

  it('a phone photo with EXIF orientation 6 and GPS upright, with width and height swapped and no metadata', async () => {
    const input = bytesOf(orient6GpsJpg);
    expect(containsAscii(input, 'Exif') && containsAscii(input, 'GPS')).toBe(true);
    const photo = await ingestPhoto(env, db, { bytes: input, userId, kind: 'post' });
    expect([photo.width, photo.height]).toEqual([32, 64]);
    const stored = new Uint8Array(await (await env.PHOTOS.get(originalKey(photo.id)))!.arrayBuffer());
    for (const word of ['Exif', 'EXIF', 'GPS', 'SERIAL123456', 'TestCam', 'XMP']) {
      expect(containsAscii(stored, word)).toBe(false);
    }
    const pixels = await decodeWebp(stored);
    expect([pixels.width, pixels.height]).toEqual([32, 64]);
    // Stored left half red, right half blue; rotated 90° clockwise: red on top, blue at the bottom.
    const at = (x: number, y: number) =>
      Array.from(pixels.data.slice((y * 32 + x) * 4, (y * 32 + x) * 4 + 3));
    const [r1, , b1] = at(16, 8);
    const [r2, , b2] = at(16, 56);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
  });

  it('a PNG keeping its transparency', async () => {
    const photo = await ingestPhoto(env, db, { bytes: bytesOf(alphaPng), userId, kind: 'avatar' });
    expect([photo.width, photo.height, photo.kind]).toEqual([40, 30, 'avatar']);
    const pixels = await decodeWebp(
      new Uint8Array(await (await env.PHOTOS.get(originalKey(photo.id)))!.arrayBuffer()),
    );
    expect(pixels.data[3]).toBe(255); // left half opaque
    expect(pixels.data[(39 + 0) * 4 + 3]).toBe(0); // right half transparent
  });

  it("an animated GIF's first frame only", async () => {
    const photo = await ingestPhoto(env, db, { bytes: bytesOf(animatedGif), userId, kind: 'post' });
    expect([photo.width, photo.height]).toEqual([24, 16]);
    const pixels = await decodeWebp(
      new Uint8Array(await (await env.PHOTOS.get(originalKey(photo.id)))!.arrayBuffer()),
    );
    const [r, g, b] = pixels.data.slice(0, 3);
    expect(g).toBeGreaterThan(150); // the first frame is green, the second blue
    expect(r + b).toBeLessThan(80);
  });

  it('a WebP', async () => {
    const photo = await ingestPhoto(env, db, { bytes: bytesOf(photoWebp), userId, kind: 'post' });
    expect([photo.width, photo.height]).toEqual([120, 80]);
  });

  it('a large image downscaled to 2560 px on its long side', async () => {
    const photo = await ingestPhoto(env, db, { bytes: await gradientWebp(3000, 1000), userId, kind: 'post' });
    expect([photo.width, photo.height]).toEqual([2560, 853]);
  });

  it('photos of an ad in gallery order', async () => {
    const first = await ingestPhoto(env, db, {
      bytes: bytesOf(photoWebp),
      userId,
      kind: 'post',
      postId: 999_001,
    });
    const second = await ingestPhoto(env, db, {
      bytes: bytesOf(photoWebp),
      userId,
      kind: 'post',
      postId: 999_001,
    });
    expect([first.position, second.position]).toEqual([0, 1]);
  });
});

describe('makeFileName', () => {
  it("falls back to 'foto' and keeps only URL-safe characters", () => {
    expect(makeFileName()).toMatch(/^foto-[a-z0-9]{6}\.jpg$/);
    expect(makeFileName('<script>/../Ţară|x')).toMatch(/^scriptx?-?[a-z0-9-]*\.jpg$/);
  });
});
