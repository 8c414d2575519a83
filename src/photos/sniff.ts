// Reads what a file claims to be from its bytes alone (never its name or declared type), before
// anything is decoded: the format by magic bytes, the dimensions from the header, the EXIF
// orientation, and whether the container is complete and holds nothing but the image.
import {
  MAX_ANIMATION_FRAMES,
  MAX_JPEG_MARKERS,
  MAX_JPEG_SCANS,
  MAX_PIXELS_BY_FORMAT,
  MAX_PNG_CHUNKS,
  MAX_SIDE,
  MAX_UPLOAD_BYTES,
  MAX_WEBP_CHUNKS,
} from './limits';
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
// The frames our decoder handles: baseline, extended, progressive (Huffman or arithmetic). Lossless
// and hierarchical frames are refused as corrupt before the decoder sees them.
const DECODABLE_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc9, 0xca]);
const PROGRESSIVE_SOF = new Set([0xc2, 0xca]);

interface JpegFrame {
  width: number;
  height: number;
  /** Component id, horizontal and vertical sampling per component, as one string to compare. */
  components: string;
  ids: Set<number>;
  progressive: boolean;
}

/** A SOF segment's frame, or null when it is malformed. Throws the size refusal for a bomb. */
function jpegFrame(b: Uint8Array, marker: number, start: number, length: number): JpegFrame | null {
  if (!DECODABLE_SOF.has(marker) || length < 8) return null;
  const precision = b[start];
  const height = u16be(b, start + 1);
  const width = u16be(b, start + 3);
  const count = b[start + 5];
  if (precision !== 8 || ![1, 3, 4].includes(count) || length !== 8 + 3 * count) return null;
  // Every frame header is held to the limits, not only the one the decoder is expected to read.
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS_BY_FORMAT.jpeg)
    throw dimensionsRefusal('jpeg');
  // Height 0 means "given later by a DNL marker": the size is unknown before decoding.
  if (width < 1 || height < 1) return null;
  const ids = new Set<number>();
  let components = '';
  for (let k = 0; k < count; k++) {
    const at = start + 6 + 3 * k;
    const h = b[at + 1] >> 4;
    const v = b[at + 1] & 15;
    if (h < 1 || h > 4 || v < 1 || v > 4 || b[at + 2] > 3 || ids.has(b[at])) return null;
    ids.add(b[at]);
    components += `${b[at]}:${h}x${v};`;
  }
  return { width, height, components, ids, progressive: PROGRESSIVE_SOF.has(marker) };
}

/** A SOS segment agrees with the frame (components it names, spectral selection, approximation). */
function scanAgrees(b: Uint8Array, start: number, length: number, frame: JpegFrame): boolean {
  const count = b[start];
  if (count < 1 || count > 4 || length !== 6 + 2 * count) return false;
  for (let k = 0; k < count; k++) if (!frame.ids.has(b[start + 1 + 2 * k])) return false;
  const ss = b[start + 1 + 2 * count];
  const se = b[start + 2 + 2 * count];
  const ah = b[start + 3 + 2 * count] >> 4;
  const al = b[start + 3 + 2 * count] & 15;
  if (!frame.progressive) return ss === 0 && se === 63 && ah === 0 && al === 0;
  if (ss > se || se > 63 || ah > 13 || al > 13) return false;
  // DC scans only (Ss = Se = 0), AC scans one component at a time.
  return ss === 0 ? se === 0 : count === 1;
}

function parseJpeg(b: Uint8Array): Parsed | null {
  let i = 2;
  let frame: JpegFrame | null = null;
  let orientation = 1;
  let scans = 0;
  let markers = 0;
  const header = (): ImageHeader | null =>
    frame && { format: 'jpeg', width: frame.width, height: frame.height, orientation };
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    while (i < b.length && b[i] === 0xff) i++; // fill bytes
    if (i >= b.length) break;
    const marker = b[i++];
    if (marker === 0xd9) {
      const h = header();
      if (!scans || !h) return null;
      return { header: h, complete: true, end: i };
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8) return null; // a second SOI: another image inside this one
    // Each segment costs the decoder work (and tables): a bounded number of them.
    if (++markers > MAX_JPEG_MARKERS) throw refusal('corrupt');
    if (i + 2 > b.length) break;
    const length = u16be(b, i);
    if (length < 2) return null;
    const start = i + 2;
    const next = i + length;
    if (next > b.length) break;
    if (SOF.has(marker)) {
      const f = jpegFrame(b, marker, start, length);
      if (!f) return null;
      // Every frame header must agree: the decoder allocates for the first, a size check that read
      // only one of them could be told a small size while the decoder is told a huge one.
      if (
        frame &&
        (frame.width !== f.width || frame.height !== f.height || frame.components !== f.components)
      )
        return null;
      frame ??= f;
    } else if (marker === 0xdc || marker === 0xde || marker === 0xdf) {
      return null; // DNL, DHP, EXP: sizes given later or hierarchical frames
    } else if (marker === 0xe1 && ascii(b, start, 6) === 'Exif\0\0') {
      orientation = exifOrientation(b.subarray(start + 6, next)) ?? orientation;
    }
    i = next;
    if (marker === 0xda) {
      if (!frame || !scanAgrees(b, start, length, frame)) return null;
      // The decoder walks the whole image once per scan, even an empty one: bounded.
      if (++scans > MAX_JPEG_SCANS) throw refusal('corrupt');
      if (!frame.progressive && scans > frame.ids.size) return null;
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
  const h = header();
  return h ? { header: h, complete: false, end: b.length } : null;
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

// Bit depths each PNG colour type allows (greyscale, RGB, palette, grey + alpha, RGBA).
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function parsePng(b: Uint8Array): Parsed | null {
  if (b.length < 33 || ascii(b, 12, 4) !== 'IHDR' || u32be(b, 8) !== 13) return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const header: ImageHeader = { format: 'png', width, height, orientation: 1 };
  const [depth, colour, compression, filter, interlace] = b.subarray(24, 29);
  if (!PNG_DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return null;
  let i = 8;
  let chunks = 0;
  let sawData = false;
  let sawPalette = false;
  /** acTL's frame count (APNG), and the frame controls seen. */
  let frames = 0;
  let frameControls = 0;
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    const data = i + 8;
    const end = i + 12 + length;
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) return null;
    if (++chunks > MAX_PNG_CHUNKS) throw refusal('corrupt');
    if (end > b.length) break;
    // Every chunk's CRC: catches corruption the decoder might paper over.
    if (crc32(b, i + 4, i + 8 + length) !== u32be(b, i + 8 + length)) return { header, complete: false, end };
    if (type === 'IHDR' && i !== 8) return null;
    if (type === 'PLTE') {
      if (sawData || sawPalette || length % 3 !== 0 || length === 0 || length > 768) return null;
      sawPalette = true;
    }
    if (type === 'IDAT') {
      if (colour === 3 && !sawPalette) return null;
      sawData = true;
    }
    if (type === 'acTL') {
      if (frames || sawData || length !== 8) return null;
      frames = u32be(b, data);
      if (frames < 1) return null;
      if (frames > MAX_ANIMATION_FRAMES) throw refusal('corrupt');
    }
    if (type === 'fcTL') {
      if (!frames || length !== 26 || ++frameControls > frames) return null;
      const fw = u32be(b, data + 4);
      const fh = u32be(b, data + 8);
      const x = u32be(b, data + 12);
      const y = u32be(b, data + 16);
      // Every frame inside the canvas; the one standing for the default image is the whole canvas.
      if (fw < 1 || fh < 1 || x + fw > width || y + fh > height) return null;
      if (!sawData && (fw !== width || fh !== height || x !== 0 || y !== 0)) return null;
    }
    if (type === 'fdAT' && !frameControls) return null;
    if (type === 'IEND') return { header, complete: sawData && frameControls === frames, end };
    i = end;
  }
  return { header, complete: false, end: b.length };
}

function parseGif(b: Uint8Array): Parsed | null {
  if (b.length < 13) return null;
  const width = u16le(b, 6);
  const height = u16le(b, 8);
  const header: ImageHeader = { format: 'gif', width, height, orientation: 1 };
  let i = 13;
  if (b[10] & 0x80) i += 3 * (1 << ((b[10] & 7) + 1)); // global colour table
  let frames = 0;
  let extensions = 0;
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
      if (++extensions > 4 * MAX_ANIMATION_FRAMES) throw refusal('corrupt');
      i++; // label
      if (!skipSubBlocks()) break;
    } else if (block === 0x2c) {
      if (i + 9 > b.length) break;
      const left = u16le(b, i);
      const top = u16le(b, i + 2);
      const fw = u16le(b, i + 4);
      const fh = u16le(b, i + 6);
      // A frame larger than the limits is a bomb even inside a small screen.
      if (fw > MAX_SIDE || fh > MAX_SIDE || fw * fh > MAX_PIXELS_BY_FORMAT.gif)
        throw dimensionsRefusal('gif');
      // Every frame inside the logical screen: the screen is what the limits were checked against.
      if (fw < 1 || fh < 1 || left + fw > width || top + fh > height) return null;
      if (++frames > MAX_ANIMATION_FRAMES) throw refusal('corrupt');
      const flags = b[i + 8];
      i += 9;
      if (flags & 0x80) i += 3 * (1 << ((flags & 7) + 1));
      const codeSize = b[i++]; // LZW minimum code size
      if (codeSize < 2 || codeSize > 8) return null;
      if (!skipSubBlocks()) break;
    } else {
      return { header, complete: false, end: i };
    }
  }
  return { header, complete: false, end: b.length };
}

function parseWebp(b: Uint8Array): Parsed | null {
  const riffEnd = 8 + u32le(b, 4);
  let i = 12;
  let canvas: { width: number; height: number } | null = null;
  let bitstream: { width: number; height: number } | null = null;
  let chunks = 0;
  while (i + 8 <= Math.min(b.length, riffEnd)) {
    const type = ascii(b, i, 4);
    const size = u32le(b, i + 4);
    const data = i + 8;
    if (++chunks > MAX_WEBP_CHUNKS) throw refusal('corrupt');
    // The first chunk says which kind of WebP this is; an extended header comes only first.
    if (chunks === 1 && type !== 'VP8X' && type !== 'VP8 ' && type !== 'VP8L') return null;
    if (type === 'VP8X') {
      if (chunks !== 1 || size < 10 || data + 10 > b.length) return null;
      if (b[data] & 0x02) throw refusal('animatedWebp');
      canvas = {
        width: 1 + (b[data + 4] | (b[data + 5] << 8) | (b[data + 6] << 16)),
        height: 1 + (b[data + 7] | (b[data + 8] << 8) | (b[data + 9] << 16)),
      };
      if (
        canvas.width > MAX_SIDE ||
        canvas.height > MAX_SIDE ||
        canvas.width * canvas.height > MAX_PIXELS_BY_FORMAT.webp
      )
        throw dimensionsRefusal('webp');
    } else if (type === 'VP8 ' || type === 'VP8L') {
      // One image bitstream per still WebP.
      if (bitstream || data + 10 > b.length) return null;
      bitstream = type === 'VP8 ' ? vp8Size(b, data) : vp8lSize(b, data);
      if (!bitstream) return null;
    } else if (type === 'ANIM' || type === 'ANMF') {
      throw refusal('animatedWebp');
    }
    i = data + size + (size & 1);
  }
  if (!bitstream) return null;
  const { width, height } = bitstream;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS_BY_FORMAT.webp)
    throw dimensionsRefusal('webp');
  // The extended header's canvas and the bitstream's own size must agree.
  if (canvas && (canvas.width !== width || canvas.height !== height)) return null;
  return {
    header: { format: 'webp', width, height, orientation: 1 },
    complete: riffEnd <= b.length && i >= riffEnd,
    end: riffEnd,
  };
}

/** A lossy VP8 key frame's size (its frame tag, start code, then 14-bit width and height). */
function vp8Size(b: Uint8Array, data: number): { width: number; height: number } | null {
  if (b[data] & 1 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) return null;
  return { width: u16le(b, data + 6) & 0x3fff, height: u16le(b, data + 8) & 0x3fff };
}

/** A lossless VP8L bitstream's size (signature 0x2f, 14-bit width − 1 and height − 1, version 0). */
function vp8lSize(b: Uint8Array, data: number): { width: number; height: number } | null {
  if (b[data] !== 0x2f) return null;
  const bits = u32le(b, data + 1);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
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
