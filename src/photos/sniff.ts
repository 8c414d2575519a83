// Reads what a file claims to be from its bytes alone (never its name or declared type), before
// anything is decoded: the format by magic bytes, the dimensions from the header, the EXIF
// orientation, and whether the container is complete and holds nothing but the image.
import { MAX_PIXELS_BY_FORMAT, MAX_SIDE, MAX_UPLOAD_BYTES } from './limits';
import { dimensionsRefusal, refusal } from './refusals';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

export interface ImageHeader {
  format: ImageFormat;
  /** As stored, before the EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation 1–8 (JPEG only; 1 for the others). */
  orientation: number;
}

/** The format from the magic bytes, or null. */
export function sniffFormat(b: Uint8Array): ImageFormat | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  return null;
}

/**
 * Checks an upload before decoding: size, format, header dimensions (decompression bombs),
 * container integrity (truncation) and foreign content (polyglots). Throws the refusal.
 */
export function inspectImage(bytes: Uint8Array): ImageHeader {
  if (bytes.length === 0) throw refusal('empty');
  if (bytes.length > MAX_UPLOAD_BYTES) throw refusal('tooBig');
  const format = sniffFormat(bytes);
  if (!format) throw refusal('format');
  const parsed = PARSERS[format](bytes);
  if (!parsed) throw refusal('corrupt');
  const { width, height } = parsed.header;
  if (width < 1 || height < 1) throw refusal('corrupt');
  // Before any decoding: a decode that would not fit in the Worker's memory is never started.
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS_BY_FORMAT[format])
    throw dimensionsRefusal(format);
  if (!parsed.complete) throw refusal('corrupt');
  if (hasForeignContent(bytes, parsed.end)) throw refusal('polyglot');
  return parsed.header;
}

interface Parsed {
  header: ImageHeader;
  /** The container reached its end marker (EOI, IEND, trailer, RIFF size). */
  complete: boolean;
  /** Offset just after the end marker: what follows is not part of the image. */
  end: number;
}

const PARSERS: Record<ImageFormat, (b: Uint8Array) => Parsed | null> = {
  jpeg: parseJpeg,
  png: parsePng,
  gif: parseGif,
  webp: parseWebp,
};

function ascii(b: Uint8Array, at: number, length: number): string {
  let s = '';
  for (let i = at; i < at + length && i < b.length; i++) s += String.fromCharCode(b[i]);
  return s;
}
const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u32be = (b: Uint8Array, i: number) =>
  ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
const u32le = (b: Uint8Array, i: number) =>
  ((b[i + 3] << 24) | (b[i + 2] << 16) | (b[i + 1] << 8) | b[i]) >>> 0;

// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function parseJpeg(b: Uint8Array): Parsed | null {
  let i = 2;
  let width = 0;
  let height = 0;
  let orientation = 1;
  let sawScan = false;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    while (i < b.length && b[i] === 0xff) i++; // fill bytes
    if (i >= b.length) break;
    const marker = b[i++];
    if (marker === 0xd9) {
      if (!sawScan || !width) return null;
      return { header: { format: 'jpeg', width, height, orientation }, complete: true, end: i };
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (i + 2 > b.length) break;
    const length = u16be(b, i);
    if (length < 2) return null;
    const start = i + 2;
    const next = i + length;
    if (next > b.length) break;
    if (SOF.has(marker)) {
      if (length < 8) return null;
      height = u16be(b, start + 1);
      width = u16be(b, start + 3);
    } else if (marker === 0xe1 && ascii(b, start, 6) === 'Exif\0\0') {
      orientation = exifOrientation(b.subarray(start + 6, next)) ?? orientation;
    }
    i = next;
    if (marker === 0xda) {
      if (!width) return null;
      sawScan = true;
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      for (;;) {
        i = b.indexOf(0xff, i);
        if (i < 0 || i + 1 >= b.length) {
          i = b.length;
          break;
        }
        const m = b[i + 1];
        if (m === 0x00 || m === 0xff || (m >= 0xd0 && m <= 0xd7)) {
          i += m === 0xff ? 1 : 2;
          continue;
        }
        break;
      }
    }
  }
  // Ran out of bytes before the end-of-image marker: truncated. The header may still be known.
  return width
    ? { header: { format: 'jpeg', width, height, orientation }, complete: false, end: b.length }
    : null;
}

/** The Orientation tag (0x0112) of IFD0 in an EXIF TIFF block, if present and valid. */
export function exifOrientation(t: Uint8Array): number | null {
  if (t.length < 8) return null;
  const order = ascii(t, 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (i: number) => (le ? u16le(t, i) : u16be(t, i));
  const u32 = (i: number) => (le ? u32le(t, i) : u32be(t, i));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd + 2 > t.length) return null;
  const count = u16(ifd);
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > t.length) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(b: Uint8Array, from: number, to: number): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ b[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function parsePng(b: Uint8Array): Parsed | null {
  if (b.length < 33 || ascii(b, 12, 4) !== 'IHDR' || u32be(b, 8) !== 13) return null;
  const header: ImageHeader = { format: 'png', width: u32be(b, 16), height: u32be(b, 20), orientation: 1 };
  let i = 8;
  let sawData = false;
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    const end = i + 12 + length;
    if (end > b.length) break;
    // Every chunk's CRC: catches corruption the decoder might paper over.
    if (crc32(b, i + 4, i + 8 + length) !== u32be(b, i + 8 + length)) return { header, complete: false, end };
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return { header, complete: sawData, end };
    i = end;
  }
  return { header, complete: false, end: b.length };
}

function parseGif(b: Uint8Array): Parsed | null {
  if (b.length < 13) return null;
  const header: ImageHeader = { format: 'gif', width: u16le(b, 6), height: u16le(b, 8), orientation: 1 };
  let i = 13;
  if (b[10] & 0x80) i += 3 * (1 << ((b[10] & 7) + 1)); // global colour table
  let frames = 0;
  const skipSubBlocks = () => {
    while (i < b.length) {
      const size = b[i++];
      if (size === 0) return true;
      i += size;
    }
    return false;
  };
  while (i < b.length) {
    const block = b[i++];
    if (block === 0x3b) return { header, complete: frames > 0, end: i };
    if (block === 0x21) {
      i++; // label
      if (!skipSubBlocks()) break;
    } else if (block === 0x2c) {
      if (i + 9 > b.length) break;
      const fw = u16le(b, i + 4);
      const fh = u16le(b, i + 6);
      // A frame larger than the limits is a bomb even inside a small screen.
      if (fw > MAX_SIDE || fh > MAX_SIDE || fw * fh > MAX_PIXELS_BY_FORMAT.gif)
        return { ...tooBig(header), end: i };
      const flags = b[i + 8];
      i += 9;
      if (flags & 0x80) i += 3 * (1 << ((flags & 7) + 1));
      i++; // LZW minimum code size
      if (!skipSubBlocks()) break;
      frames++;
    } else {
      return { header, complete: false, end: i };
    }
  }
  return { header, complete: false, end: b.length };
}

/** Makes the caller refuse for dimensions: a header that claims more than the limits. */
function tooBig(header: ImageHeader): Omit<Parsed, 'end'> {
  return { header: { ...header, width: MAX_SIDE + 1 }, complete: false };
}

function parseWebp(b: Uint8Array): Parsed | null {
  const riffEnd = 8 + u32le(b, 4);
  let i = 12;
  let header: ImageHeader | null = null;
  while (i + 8 <= Math.min(b.length, riffEnd)) {
    const type = ascii(b, i, 4);
    const size = u32le(b, i + 4);
    const data = i + 8;
    if (type === 'VP8X' && size >= 10 && data + 10 <= b.length) {
      if (b[data] & 0x02) throw refusal('animatedWebp');
      header = {
        format: 'webp',
        width: 1 + (b[data + 4] | (b[data + 5] << 8) | (b[data + 6] << 16)),
        height: 1 + (b[data + 7] | (b[data + 8] << 8) | (b[data + 9] << 16)),
        orientation: 1,
      };
    } else if (type === 'VP8 ' && !header && data + 10 <= b.length) {
      if (b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) return null;
      header = {
        format: 'webp',
        width: u16le(b, data + 6) & 0x3fff,
        height: u16le(b, data + 8) & 0x3fff,
        orientation: 1,
      };
    } else if (type === 'VP8L' && !header && data + 5 <= b.length) {
      if (b[data] !== 0x2f) return null;
      const bits = u32le(b, data + 1);
      header = {
        format: 'webp',
        width: (bits & 0x3fff) + 1,
        height: ((bits >>> 14) & 0x3fff) + 1,
        orientation: 1,
      };
    } else if (type === 'ANIM' || type === 'ANMF') {
      throw refusal('animatedWebp');
    }
    i = data + size + (size & 1);
  }
  if (!header) return null;
  return { header, complete: riffEnd <= b.length && i >= riffEnd, end: riffEnd };
}

// Markup a browser or a server could execute if the file were ever served as something else.
// Compressed image data holds any byte sequence by chance, so the words are long enough (or matched
// case-sensitively) to make a false alarm on a 10 MB photo less likely than one in 10 000.
const MARKUP_ANY_CASE = ['<script', '<!doctype', '<iframe'];
const MARKUP_EXACT = ['<?php', '<?PHP', '<html', '<HTML'];
// Other file formats' signatures, refused in data appended after the image's end marker.
// (Phones append their own data after a JPEG, e.g. Motion Photo MP4s or Samsung trailers: allowed.)
const APPENDED = ['PK\x03\x04', '%PDF', 'MZ', '\x7fELF', 'Rar!', '7z\xbc\xaf', '#!', '\x1f\x8b'];

/** A polyglot: markup anywhere in the file, or another format's file appended after the image. */
function hasForeignContent(b: Uint8Array, end: number): boolean {
  for (let i = b.indexOf(0x3c); i >= 0; i = b.indexOf(0x3c, i + 1)) {
    const word = ascii(b, i, 9);
    if (MARKUP_EXACT.some((m) => word.startsWith(m))) return true;
    const lower = word.toLowerCase();
    if (MARKUP_ANY_CASE.some((m) => lower.startsWith(m))) return true;
  }
  if (end < b.length) {
    const tail = b.subarray(end);
    const head = ascii(tail, 0, 4);
    if (APPENDED.some((s) => head.startsWith(s))) return true;
    for (let i = tail.indexOf(0x50); i >= 0; i = tail.indexOf(0x50, i + 1)) {
      if (tail[i + 1] === 0x4b && tail[i + 2] === 0x03 && tail[i + 3] === 0x04) return true; // a zip inside
    }
  }
  return false;
}
