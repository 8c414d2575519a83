// The first frame of a GIF as RGBA pixels (no wasm GIF decoder among our codecs; ~100 lines of LZW).
// Only called after sniff.inspectImage has validated the block structure and the dimensions.
import type { Pixels } from './codecs';

export function decodeGifFirstFrame(b: Uint8Array): Pixels {
  const width = b[6] | (b[7] << 8);
  const height = b[8] | (b[9] << 8);
  let i = 13;
  let palette: Uint8Array | null = null;
  if (b[10] & 0x80) {
    const size = 3 * (1 << ((b[10] & 7) + 1));
    palette = b.subarray(i, i + size);
    i += size;
  }
  let transparent = -1;
  while (i < b.length) {
    const block = b[i++];
    if (block === 0x21) {
      const label = b[i++];
      // Graphic control extension: flags, delay (2), transparent index.
      if (label === 0xf9 && b[i] >= 4 && b[i + 1] & 1) transparent = b[i + 4];
      while (i < b.length && b[i] !== 0) i += b[i] + 1;
      i++;
      continue;
    }
    if (block !== 0x2c) break;
    const left = b[i] | (b[i + 1] << 8);
    const top = b[i + 2] | (b[i + 3] << 8);
    const fw = b[i + 4] | (b[i + 5] << 8);
    const fh = b[i + 6] | (b[i + 7] << 8);
    const flags = b[i + 8];
    i += 9;
    if (flags & 0x80) {
      const size = 3 * (1 << ((flags & 7) + 1));
      palette = b.subarray(i, i + size);
      i += size;
    }
    if (!palette) throw new Error('gif without colour table');
    const minCodeSize = b[i++];
    // Concatenate the data sub-blocks.
    const parts: Uint8Array[] = [];
    let total = 0;
    while (i < b.length && b[i] !== 0) {
      parts.push(b.subarray(i + 1, i + 1 + b[i]));
      total += b[i];
      i += b[i] + 1;
    }
    const data = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
      data.set(p, at);
      at += p.length;
    }
    const indices = lzw(data, minCodeSize, fw * fh);
    const out = new Uint8Array(width * height * 4); // transparent canvas
    const rows = flags & 0x40 ? interlacedRows(fh) : null;
    for (let y = 0; y < fh; y++) {
      const dy = top + (rows ? rows[y] : y);
      if (dy >= height) continue;
      for (let x = 0; x < fw; x++) {
        const dx = left + x;
        if (dx >= width) continue;
        const index = indices[y * fw + x];
        if (index === transparent || index * 3 + 2 >= palette.length) continue;
        const o = (dy * width + dx) * 4;
        out[o] = palette[index * 3];
        out[o + 1] = palette[index * 3 + 1];
        out[o + 2] = palette[index * 3 + 2];
        out[o + 3] = 255;
      }
    }
    return { data: out, width, height };
  }
  throw new Error('gif without image');
}

/** Row order of an interlaced frame: passes every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1. */
function interlacedRows(h: number): number[] {
  const rows: number[] = [];
  for (const [start, step] of [
    [0, 8],
    [4, 8],
    [2, 4],
    [1, 2],
  ]) {
    for (let y = start; y < h; y += step) rows.push(y);
  }
  return rows;
}

/** GIF's variable-width LZW; stops at `count` pixels (extra data ignored, missing data left 0). */
function lzw(data: Uint8Array, minCodeSize: number, count: number): Uint8Array {
  if (minCodeSize < 2 || minCodeSize > 8) throw new Error('gif code size');
  const out = new Uint8Array(count);
  const clear = 1 << minCodeSize;
  const eoi = clear + 1;
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  for (let c = 0; c < clear; c++) {
    suffix[c] = c;
    first[c] = c;
    prefix[c] = -1;
  }
  let size = minCodeSize + 1;
  let next = eoi + 1;
  let prev = -1;
  let bits = 0;
  let acc = 0;
  let pos = 0;
  let o = 0;
  while (o < count) {
    while (bits < size && pos < data.length) {
      acc |= data[pos++] << bits;
      bits += 8;
    }
    if (bits < size) break;
    const code = acc & ((1 << size) - 1);
    acc >>>= size;
    bits -= size;
    if (code === clear) {
      size = minCodeSize + 1;
      next = eoi + 1;
      prev = -1;
      continue;
    }
    if (code === eoi) break;
    let c = code;
    let sp = 0;
    if (prev >= 0 && code >= next) {
      if (code > next) throw new Error('gif lzw code');
      stack[sp++] = first[prev];
      c = prev;
    } else if (prev < 0 && code >= clear) {
      throw new Error('gif lzw code');
    }
    while (c >= 0 && sp < stack.length) {
      stack[sp++] = suffix[c];
      c = prefix[c];
    }
    while (sp > 0 && o < count) out[o++] = stack[--sp];
    if (prev >= 0 && next < 4096) {
      prefix[next] = prev;
      suffix[next] = code < next ? first[code] : first[prev];
      first[next] = first[prev];
      next++;
      if (next === 1 << size && size < 12) size++;
    }
    prev = code;
  }
  return out;
}
