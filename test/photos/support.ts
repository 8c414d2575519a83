// Shared by the photo tests: images as bytes, hand-made PNG chunks, and what R2/D1 hold.
import { env } from 'cloudflare:workers';
import * as schema from '../../src/db/schema';
import { encodeWebp } from '../../src/photos/codecs';
import { db } from '../fixtures';

export function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
}

export async function r2Keys(): Promise<string[]> {
  const listed = await env.PHOTOS.list();
  return listed.objects.map((o) => o.key);
}

export async function photoRows() {
  return db.select().from(schema.photos);
}

/** A smooth, photo-like gradient image of the given size, as WebP bytes. */
export async function gradientWebp(width: number, height: number): Promise<Uint8Array> {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      data[o] = (x * 255) / width;
      data[o + 1] = (y * 255) / height;
      data[o + 2] = 128;
      data[o + 3] = 255;
    }
  }
  return encodeWebp({ data, width, height }, { quality: 80 });
}

/** Whether `needle` (ASCII) occurs in the bytes. */
export function containsAscii(bytes: Uint8Array, needle: string): boolean {
  const n = Array.from(needle, (c) => c.charCodeAt(0));
  outer: for (let i = bytes.indexOf(n[0]); i >= 0; i = bytes.indexOf(n[0], i + 1)) {
    for (let k = 1; k < n.length; k++) if (bytes[i + k] !== n[k]) continue outer;
    return true;
  }
  return false;
}

/** A big-endian 32-bit number as bytes. */
export const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

function crc32(bytes: number[]): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk (length, type, data, CRC), for hand-made PNG headers. */
export function pngChunk(type: string, data: number[]): number[] {
  const body = [...Array.from(type, (c) => c.charCodeAt(0)), ...data];
  return [...u32be(data.length), ...body, ...u32be(crc32(body))];
}
