// The image pipeline: decode → downscale → orient → encode WebP. Pure functions of bytes, no I/O,
// so the ingest, the serving routes and the bench share exactly the same code.
import { decodeJpeg, decodePng, decodeWebp, encodeWebp, type Pixels } from './codecs';
import { decodeGifFirstFrame } from './gif';
import { ORIGINAL_MAX_SIDE } from './limits';
import { refusal } from './refusals';
import { downscale } from './resample';
import { type ImageHeader, inspectImage } from './sniff';

/** WebP quality of the stored original (a master copy: high) and of served variants. */
export const ORIGINAL_QUALITY = 88;
export const VARIANT_QUALITY = 78;

export interface Normalised {
  /** WebP bytes, upright, no metadata. */
  bytes: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
  header: ImageHeader;
}

/** Fits (w, h) inside a box with the given long side, never enlarging. */
export function fitLongSide(width: number, height: number, max: number): [number, number] {
  const scale = Math.min(1, max / Math.max(width, height));
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/** Fits (w, h) to at most `max` wide, never enlarging. */
export function fitWidth(width: number, height: number, max: number): [number, number] {
  if (width <= max) return [width, height];
  return [max, Math.max(1, Math.round((height * max) / width))];
}

async function decode(bytes: Uint8Array, header: ImageHeader): Promise<Pixels> {
  try {
    switch (header.format) {
      case 'jpeg':
        return await decodeJpeg(bytes);
      case 'png':
        return decodePng(bytes);
      case 'webp':
        return await decodeWebp(bytes);
      case 'gif':
        return decodeGifFirstFrame(bytes);
    }
  } catch {
    throw refusal('corrupt');
  }
}

/**
 * Validates an upload and turns it into the stored original: upright (EXIF orientation applied),
 * at most ORIGINAL_MAX_SIDE on the long side, re-encoded as WebP with no metadata at all.
 * Throws a `BadInput` refusal (4xx) for anything that is not a sound JPEG/PNG/GIF/WebP.
 */
export async function normaliseUpload(bytes: Uint8Array): Promise<Normalised> {
  const header = inspectImage(bytes);
  let pixels = await decode(bytes, header);
  // The decoder must agree with the header we checked the limits against.
  if (pixels.width !== header.width || pixels.height !== header.height) throw refusal('corrupt');
  const [w, h] = fitLongSide(pixels.width, pixels.height, ORIGINAL_MAX_SIDE);
  pixels = downscale(pixels, w, h);
  pixels = orient(pixels, header.orientation);
  const out = await encodeWebp(pixels, { quality: ORIGINAL_QUALITY });
  return { bytes: out, width: pixels.width, height: pixels.height, header };
}

/**
 * The chunks an original made by `normaliseUpload` may hold: lossy pixels, their alpha when the upload
 * had transparency, and the extended header that announces that alpha. No EXIF, XMP, ICC or animation.
 */
const NORMALISED_CHUNKS = new Set(['VP8 ', 'VP8X', 'ALPH']);
/** The extended header's flags allowed: alpha only. */
const VP8X_ALPHA = 0x10;

/** Whether a WebP holds only what this pipeline writes (see NORMALISED_CHUNKS). */
function onlyPipelineChunks(b: Uint8Array): boolean {
  const u32 = (i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;
  const end = 8 + u32(4);
  if (end !== b.length) return false;
  let lossy = false;
  for (let i = 12; i < end; ) {
    if (i + 8 > end) return false;
    const type = String.fromCharCode(b[i], b[i + 1], b[i + 2], b[i + 3]);
    const size = u32(i + 4);
    if (!NORMALISED_CHUNKS.has(type)) return false;
    if (type === 'VP8X' && (i !== 12 || (b[i + 8] & ~VP8X_ALPHA) !== 0)) return false;
    if (type === 'VP8 ') lossy = true;
    i += 8 + size + (size & 1);
  }
  return lossy;
}

/**
 * An original made by `normaliseUpload` somewhere else (the move-in's importer runs this same module
 * in its own threads: docs/move-in.md#photos), checked before it is stored as it is: a still lossy
 * WebP holding nothing but its pixels (so no metadata and nothing left to orient), at most
 * ORIGINAL_MAX_SIDE on its long side, that decodes to the size its header declares. Throws the
 * refusal otherwise.
 */
export async function acceptNormalised(bytes: Uint8Array): Promise<Normalised> {
  const header = inspectImage(bytes);
  if (
    header.format !== 'webp' ||
    Math.max(header.width, header.height) > ORIGINAL_MAX_SIDE ||
    !onlyPipelineChunks(bytes)
  )
    throw refusal('corrupt');
  const pixels = await decode(bytes, header);
  if (pixels.width !== header.width || pixels.height !== header.height) throw refusal('corrupt');
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return { bytes: copy, width: header.width, height: header.height, header };
}

/** A served variant: the stored original scaled to at most `maxWidth` wide, as WebP. */
export async function makeVariant(original: Uint8Array, maxWidth: number): Promise<Uint8Array<ArrayBuffer>> {
  let pixels = await decodeWebp(original);
  const [w, h] = fitWidth(pixels.width, pixels.height, maxWidth);
  pixels = downscale(pixels, w, h);
  return encodeWebp(pixels, { quality: VARIANT_QUALITY });
}

/**
 * Applies an EXIF orientation (1–8) to RGBA pixels: 2 mirror, 3 rotate 180°, 4 flip, 5 transpose,
 * 6 rotate 90° clockwise, 7 transverse, 8 rotate 90° counter-clockwise.
 */
export function orient(p: Pixels, orientation: number): Pixels {
  if (orientation < 2 || orientation > 8) return p;
  const { width: w, height: h } = p;
  const swap = orientation >= 5;
  const ow = swap ? h : w;
  const oh = swap ? w : h;
  const data = p.data.byteOffset % 4 === 0 ? p.data : p.data.slice();
  const src = new Uint32Array(data.buffer, data.byteOffset, w * h);
  const out = new Uint32Array(ow * oh);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let dx: number;
      let dy: number;
      switch (orientation) {
        case 2:
          dx = w - 1 - x;
          dy = y;
          break;
        case 3:
          dx = w - 1 - x;
          dy = h - 1 - y;
          break;
        case 4:
          dx = x;
          dy = h - 1 - y;
          break;
        case 5:
          dx = y;
          dy = x;
          break;
        case 6:
          dx = h - 1 - y;
          dy = x;
          break;
        case 7:
          dx = h - 1 - y;
          dy = w - 1 - x;
          break;
        default: // 8
          dx = y;
          dy = w - 1 - x;
      }
      out[dy * ow + dx] = src[y * w + x];
    }
  }
  return { data: new Uint8Array(out.buffer), width: ow, height: oh };
}
