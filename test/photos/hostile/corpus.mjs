// @ts-check
// The hostile image corpus: small files built to cost a decoder far more than they cost to send
// (frame headers that disagree, tens of thousands of empty scans, frames outside their canvas,
// animation and chunk floods…), each with the refusal it must get, and next to them the legitimate
// maxima (the most scans, frames and pixels accepted) as controls that must be accepted.
// Plain JavaScript with no dependency, so the workerd tests (test/photos/hostile.test.ts) and the
// bench (test/bench/photo-hostile.mjs, Node) generate exactly the same bytes at run time.
// Print the corpus: `node test/photos/hostile/corpus.mjs`. The limits are read from
// src/photos/limits.ts by the tests; the numbers here are the same ones (64 scans, 1000 frames…).

export const LIMITS = {
  jpegScans: 64,
  jpegMarkers: 512,
  frames: 1000,
  pngChunks: 4096,
  webpChunks: 64,
  jpegPixels: 4_000_000,
  pngPixels: 3_000_000,
};

/** @param {...(ArrayLike<number>)} parts */
function cat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
const ascii = (/** @type {string} */ s) => Array.from(s, (c) => c.charCodeAt(0));
const u16be = (/** @type {number} */ n) => [(n >>> 8) & 255, n & 255];
const u16le = (/** @type {number} */ n) => [n & 255, (n >>> 8) & 255];
const u24le = (/** @type {number} */ n) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const u32be = (/** @type {number} */ n) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u32le = (/** @type {number} */ n) => [...u24le(n), (n >>> 24) & 255];

// ---- JPEG: greyscale images whose every block is flat grey, coded by hand (valid for libjpeg).

/** Entropy-coded bits, MSB first, padded with ones, 0xFF stuffed with 0x00. */
class Bits {
  constructor() {
    /** @type {number[]} */ this.bytes = [];
    this.acc = 0;
    this.n = 0;
  }
  /** @param {number} value @param {number} count */
  put(value, count) {
    for (let k = count - 1; k >= 0; k--) {
      this.acc = (this.acc << 1) | ((value >>> k) & 1);
      if (++this.n === 8) this.flushByte();
    }
  }
  flushByte() {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0);
    this.acc = 0;
    this.n = 0;
  }
  done() {
    if (this.n) this.put(0xff, 8 - this.n);
    return Uint8Array.from(this.bytes);
  }
}

const segment = (/** @type {number} */ marker, /** @type {ArrayLike<number>} */ body) =>
  cat([0xff, marker], u16be(body.length + 2), body);
const DQT = segment(0xdb, [0, ...new Array(64).fill(1)]);
/** A Huffman table: class/id byte, then codes in order of the given symbols (lengths 1 or 2). */
const dht = (/** @type {number} */ classId, /** @type {number[]} */ symbols) => {
  const counts = new Array(16).fill(0);
  counts[symbols.length === 1 ? 0 : 1] = symbols.length;
  return segment(0xc4, [classId, ...counts, ...symbols]);
};
const sof = (/** @type {number} */ marker, /** @type {number} */ w, /** @type {number} */ h) =>
  segment(marker, [8, ...u16be(h), ...u16be(w), 1, 1, 0x11, 0]);
const sos = (/** @type {number} */ ss, /** @type {number} */ se) => segment(0xda, [1, 1, 0x00, ss, se, 0]);
const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];
const blocks = (/** @type {number} */ w, /** @type {number} */ h) => Math.ceil(w / 8) * Math.ceil(h / 8);

/** A valid baseline greyscale JPEG: per block, DC difference 0 ('0') and end of block ('0'). */
export function baselineJpeg(w, h) {
  const bits = new Bits();
  for (let b = blocks(w, h); b > 0; b--) bits.put(0, 2);
  return cat(SOI, DQT, sof(0xc0, w, h), dht(0x00, [0]), dht(0x10, [0]), sos(0, 63), bits.done(), EOI);
}

/** The DC scan of a progressive greyscale JPEG: one '0' per block. */
function dcScan(w, h) {
  const bits = new Bits();
  for (let b = blocks(w, h); b > 0; b--) bits.put(0, 1);
  return cat(sos(0, 0), bits.done());
}

/** One AC coefficient's first scan: end-of-band runs over every block (EOB14 at most 32 767 each). */
function acScan(k, w, h) {
  const bits = new Bits();
  for (let left = blocks(w, h); left > 0; ) {
    const run = Math.min(left, 32767);
    if (run === 1) bits.put(0b00, 2);
    else {
      const r = 31 - Math.clz32(run); // EOBr: a run of 2^r + r extra bits
      bits.put(0b01, 2); // only EOB14 in the table: runs below 16 384 use symbol 0x00 repeated
      if (r !== 14) throw new Error('run');
      bits.put(run - (1 << 14), 14);
    }
    left -= run;
  }
  return cat(sos(k, k), bits.done());
}

/** A valid progressive greyscale JPEG: the DC scan, then one scan per AC coefficient 1..(scans−1). */
export function progressiveJpeg(w, h, scans) {
  const parts = [SOI, DQT, sof(0xc2, w, h), dht(0x00, [0]), dht(0x10, [0x00, 0xe0]), dcScan(w, h)];
  for (let k = 1; k < scans; k++) parts.push(acScan(k, w, h));
  return cat(...parts, EOI);
}

/** The empty-scan bomb: a progressive frame, a DC scan, then `scans` scan headers with no data. */
function emptyScans(w, h, scans) {
  const parts = [SOI, DQT, sof(0xc2, w, h), dht(0x00, [0]), dht(0x10, [0x00, 0xe0]), dcScan(w, h)];
  const empty = cat(sos(1, 63), [0x7f]);
  for (let k = 0; k < scans; k++) parts.push(empty);
  return cat(...parts, EOI);
}

// ---- PNG

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();
function crc32(/** @type {Uint8Array} */ b) {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
const chunk = (/** @type {string} */ type, /** @type {ArrayLike<number>} */ data) => {
  const body = cat(ascii(type), data);
  return cat(u32be(data.length), body, u32be(crc32(body)));
};
const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ihdr = (w, h, depth = 8, colour = 0) =>
  chunk('IHDR', [...u32be(w), ...u32be(h), depth, colour, 0, 0, 0]);

/** zlib with stored (uncompressed) blocks: no compressor needed, valid for any inflater. */
function zlibStored(/** @type {Uint8Array} */ raw) {
  /** @type {ArrayLike<number>[]} */
  const parts = [[0x78, 0x01]];
  for (let at = 0; at < raw.length || at === 0; at += 65535) {
    const block = raw.subarray(at, at + 65535);
    const last = at + 65535 >= raw.length ? 1 : 0;
    parts.push([last, ...u16le(block.length), ...u16le(~block.length & 0xffff)], block);
    if (raw.length === 0) break;
  }
  let a = 1;
  let b = 0;
  for (const x of raw) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  parts.push(u32be(((b << 16) | a) >>> 0));
  return cat(...parts);
}
/** Greyscale rows of zeros, each with its filter byte. */
const greyRows = (w, h) => new Uint8Array((w + 1) * h);

/** A still greyscale PNG, every row in one IDAT. */
export function greyPng(w, h) {
  return cat(PNG_SIG, ihdr(w, h), chunk('IDAT', zlibStored(greyRows(w, h))), chunk('IEND', []));
}

const fctl = (seq, w, h, x, y) =>
  chunk('fcTL', [...u32be(seq), ...u32be(w), ...u32be(h), ...u32be(x), ...u32be(y), 0, 1, 0, 10, 0, 0]);

/** An APNG: the default image is frame 0 (whole canvas), then `frames − 1` frames of 1×1 at (x, y). */
export function apng(w, h, frames, at = [0, 0], declared = frames) {
  const parts = [PNG_SIG, ihdr(w, h), chunk('acTL', [...u32be(declared), ...u32be(0)])];
  let seq = 0;
  parts.push(fctl(seq++, w, h, 0, 0), chunk('IDAT', zlibStored(greyRows(w, h))));
  const one = zlibStored(greyRows(1, 1));
  for (let f = 1; f < frames; f++) {
    parts.push(fctl(seq++, 1, 1, at[0], at[1]), chunk('fdAT', cat(u32be(seq++), one)));
  }
  return cat(...parts, chunk('IEND', []));
}

// ---- GIF: frames of a single palette index, LZW coded by hand (clear, index 0, end: 3-bit codes).

const GIF_PIXEL = [0x44, 0x01]; // codes 4 (clear), 0, 5 (end) packed LSB first
function gifFrame(left, top, w, h) {
  // A w×h frame of index 0: clear, then w·h zeros, then end (3-bit codes until the table grows:
  // only used with 1×1 frames here, larger frames carry no data and are refused before decoding).
  const data = w * h === 1 ? GIF_PIXEL : [0x04];
  return [0x2c, ...u16le(left), ...u16le(top), ...u16le(w), ...u16le(h), 0, 2, data.length, ...data, 0];
}
const GCE = [0x21, 0xf9, 4, 0, 10, 0, 0, 0];
/** A GIF89a with a two-colour global palette and the given frames. */
export function gif(w, h, /** @type {number[][]} */ frames) {
  const parts = [ascii('GIF89a'), u16le(w), u16le(h), [0x80, 0, 0], [0, 0, 0, 255, 255, 255]];
  for (const f of frames) parts.push(GCE, f);
  return cat(...parts, [0x3b]);
}

// ---- WebP: a real 120×80 lossy image (the photo tests' fixture), rewrapped.

const PHOTO_WEBP =
  'UklGRjACAABXRUJQVlA4ICQCAACwDgCdASp4AFAAPm0wlUakIyIhKBTciIANiUAaCkL324YbFX1Y7aDzAY46DCf+S+Sp3/bBZmEHLPz7ljJvDtyco8Amd6vyp3JmEFVEiRWz2ou8QMskc1cy4KWoy5pkmWG02IqKDYPoX614ee1l2PxaF/19I9EnxZr24ricpaQA/vtMYGwcqrW8gj43Wr2SnpT+kOBC69F5LzU5dyYsW10bSckijtGlrius/iQRqQABsJUVKT+xOl4NlskensjGgamqHTn5rqTc7mM/d1TW+rPSUvHZpjfzWh7GkWPWmP7Pqt1wvJk322b1im+mPFs1TmYzWOrEoQUihOsjvYJRJOoP6IAGzJTs4PT3I8SEMKw68ede6DyAEiqjKP3/tEpI7eqQyCJblLwnJnnva0Oh2d+wi9tSwaDpXl6MvXX08/CprgF0vset5PmN9n7VhZCqUQ+JAqKAQ8FcpdX0k4fMC396cIn/2Itc3rYBSk/mLkkDR3AQmWekDz37PyqShYgFfcTn+C19BscnvYwDGQMc5eK7Syad6ZFT6UeB+Q7XImlPYenzNVAYZC1l4g9EVVS/7N+rUX1PxN2w6A/DWKEm9ZLJPHQ4Q5gKR58RjOe+q4YVpqgc0vB721SNgRRFPOPHi7Aypb28HQuiIGTjx6QrQEA2qP/Wikf4UUylrdgSIMraPqSzIAPZofw6QSJRk//5opJ8dDqXgNbGzuPEXqavKuHgAAAAAA==';
/** The VP8 chunk (header and data, padded) of the fixture, 120×80. */
function vp8Chunk() {
  const b = Uint8Array.from(atob(PHOTO_WEBP), (c) => c.charCodeAt(0));
  return b.subarray(12);
}
const riff = (/** @type {Uint8Array[]} */ chunks) => {
  const body = cat(ascii('WEBP'), ...chunks);
  return cat(ascii('RIFF'), u32le(body.length), body);
};
const webpChunk = (type, data) => cat(ascii(type), u32le(data.length), data, data.length & 1 ? [0] : []);
const vp8x = (w, h, flags = 0) => webpChunk('VP8X', [flags, 0, 0, 0, ...u24le(w - 1), ...u24le(h - 1)]);
/** A VP8 key frame header claiming w×h, with no picture data. */
const vp8Claiming = (w, h) =>
  webpChunk('VP8 ', [0x50, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...u16le(w), ...u16le(h), 0, 0]);
const vp8lClaiming = (w, h) => {
  const bits = ((w - 1) | ((h - 1) << 14)) >>> 0;
  return webpChunk('VP8L', [0x2f, ...u32le(bits), 0, 0, 0, 0, 0]);
};

/**
 * @typedef {{ name: string, format: 'jpeg'|'png'|'gif'|'webp', bytes: Uint8Array, status: number,
 *   attack: string }} Entry
 * `status`: 201 for a control (accepted and stored), else the refusal's HTTP status.
 */

/** @returns {Entry[]} */
export function hostileCorpus() {
  const L = LIMITS;
  const sq = Math.floor(Math.sqrt(L.jpegPixels)); // 2000
  /** @type {Entry[]} */
  const e = [
    // JPEG
    {
      name: 'jpeg-sof-huge-then-small',
      format: 'jpeg',
      status: 422,
      attack: 'a first SOF of 60000×60000 (what the decoder allocates for), a later one of 16×16',
      bytes: cat(
        SOI,
        DQT,
        sof(0xc0, 60000, 60000),
        sof(0xc0, 16, 16),
        dht(0, [0]),
        dht(0x10, [0]),
        sos(0, 63),
        [0],
        EOI,
      ),
    },
    {
      name: 'jpeg-sof-disagree',
      format: 'jpeg',
      status: 422,
      attack: 'two SOFs within the limits that disagree (2000×2000 then 16×16)',
      bytes: cat(
        SOI,
        DQT,
        sof(0xc0, sq, sq),
        sof(0xc0, 16, 16),
        dht(0, [0]),
        dht(0x10, [0]),
        sos(0, 63),
        [0],
        EOI,
      ),
    },
    {
      name: 'jpeg-empty-scans-20000',
      format: 'jpeg',
      status: 422,
      attack: 'a 4 MP progressive frame followed by 20 000 empty scans',
      bytes: emptyScans(sq, sq, 20_000),
    },
    {
      name: 'jpeg-scans-over-limit',
      format: 'jpeg',
      status: 422,
      attack: `one scan more than the limit (${L.jpegScans + 1}), 8×8`,
      bytes: emptyScans(8, 8, L.jpegScans),
    },
    {
      name: 'jpeg-marker-flood',
      format: 'jpeg',
      status: 422,
      attack: `${L.jpegMarkers + 1} comment segments before the frame`,
      bytes: cat(
        SOI,
        ...new Array(L.jpegMarkers + 1).fill(segment(0xfe, [0x61])),
        baselineJpeg(8, 8).subarray(2),
      ),
    },
    {
      name: 'jpeg-dnl-height-zero',
      format: 'jpeg',
      status: 422,
      attack: 'height 0 in the SOF (size given later by DNL)',
      bytes: cat(SOI, DQT, sof(0xc0, sq, 0), dht(0, [0]), dht(0x10, [0]), sos(0, 63), [0], EOI),
    },
    {
      name: 'jpeg-lossless-frame',
      format: 'jpeg',
      status: 422,
      attack: 'a lossless (SOF3) frame the decoder does not handle',
      bytes: cat(SOI, DQT, sof(0xc3, 16, 16), dht(0, [0]), sos(1, 0), [0], EOI),
    },
    // PNG
    {
      name: 'png-second-ihdr',
      format: 'png',
      status: 422,
      attack: 'a second IHDR (16×16 first, 1700×1700 after)',
      bytes: cat(
        PNG_SIG,
        ihdr(16, 16),
        ihdr(1700, 1700),
        chunk('IDAT', zlibStored(greyRows(16, 16))),
        chunk('IEND', []),
      ),
    },
    {
      name: 'png-bad-depth',
      format: 'png',
      status: 422,
      attack: 'RGB at 4 bits a sample (not a PNG combination)',
      bytes: cat(PNG_SIG, ihdr(16, 16, 4, 2), chunk('IDAT', zlibStored(greyRows(16, 16))), chunk('IEND', [])),
    },
    {
      name: 'png-apng-frame-count',
      format: 'png',
      status: 422,
      attack: 'an APNG declaring 4 000 000 000 frames',
      bytes: apng(16, 16, 2, [0, 0], 4_000_000_000),
    },
    {
      name: 'png-apng-frames-over-limit',
      format: 'png',
      status: 422,
      attack: `${L.frames + 1} frames of 1×1`,
      bytes: apng(16, 16, L.frames + 1),
    },
    {
      name: 'png-apng-frame-outside',
      format: 'png',
      status: 422,
      attack: 'a 1×1 frame at (60000, 60000) of a 16×16 canvas',
      bytes: apng(16, 16, 2, [60_000, 60_000]),
    },
    {
      name: 'png-chunk-flood',
      format: 'png',
      status: 422,
      attack: `${L.pngChunks + 1} text chunks`,
      bytes: cat(
        PNG_SIG,
        ihdr(16, 16),
        ...new Array(L.pngChunks).fill(chunk('tEXt', ascii('a\0b'))),
        chunk('IDAT', zlibStored(greyRows(16, 16))),
        chunk('IEND', []),
      ),
    },
    // GIF
    {
      name: 'gif-frame-outside-screen',
      format: 'gif',
      status: 422,
      attack: 'a 2000×2000 frame in a 16×16 screen',
      bytes: gif(16, 16, [gifFrame(0, 0, sq, sq)]),
    },
    {
      name: 'gif-frame-offset-outside',
      format: 'gif',
      status: 422,
      attack: 'a 1×1 frame at (60000, 60000) of a 16×16 screen',
      bytes: gif(16, 16, [gifFrame(60_000, 60_000, 1, 1)]),
    },
    {
      name: 'gif-frames-over-limit',
      format: 'gif',
      status: 422,
      attack: `${L.frames + 1} frames of 1×1`,
      bytes: gif(16, 16, new Array(L.frames + 1).fill(gifFrame(0, 0, 1, 1))),
    },
    // WebP
    {
      name: 'webp-canvas-disagrees',
      format: 'webp',
      status: 422,
      attack: 'a VP8X canvas of 16×16 around a 120×80 bitstream',
      bytes: riff([vp8x(16, 16), vp8Chunk()]),
    },
    {
      name: 'webp-bitstream-huge-in-small-canvas',
      format: 'webp',
      status: 422,
      attack: 'a VP8X canvas of 16×16 around a VP8 key frame claiming 16383×16383',
      bytes: riff([vp8x(16, 16), vp8Claiming(16383, 16383)]),
    },
    {
      name: 'webp-two-bitstreams',
      format: 'webp',
      status: 422,
      attack: 'a 120×80 VP8 followed by a VP8L claiming 16384×16384',
      bytes: riff([vp8Chunk(), vp8lClaiming(16384, 16384)]),
    },
    {
      name: 'webp-animation-frames',
      format: 'webp',
      status: 415,
      attack: '10 000 ANMF frames under an animated VP8X',
      bytes: riff([
        vp8x(16, 16, 0x02),
        webpChunk('ANIM', [0, 0, 0, 0, 0, 0]),
        ...new Array(10_000).fill(webpChunk('ANMF', new Array(16).fill(0))),
      ]),
    },
    {
      name: 'webp-chunk-flood',
      format: 'webp',
      status: 422,
      attack: `${L.webpChunks + 1} unknown chunks after the image`,
      bytes: riff([vp8x(120, 80), vp8Chunk(), ...new Array(L.webpChunks).fill(webpChunk('XXXX', [0, 0]))]),
    },
    // Controls: the legitimate maxima, accepted.
    {
      name: 'control-jpeg-4mp-baseline',
      format: 'jpeg',
      status: 201,
      attack: `baseline ${sq}×${sq} greyscale: the JPEG pixel limit`,
      bytes: baselineJpeg(sq, sq),
    },
    {
      name: 'control-jpeg-4mp-64-scans',
      format: 'jpeg',
      status: 201,
      attack: `progressive ${sq}×${sq} with ${L.jpegScans} scans: the pixel and scan limits at once`,
      bytes: progressiveJpeg(sq, sq, L.jpegScans),
    },
    {
      name: 'control-png-3mp',
      format: 'png',
      status: 201,
      attack: '2000×1500 greyscale: the PNG pixel limit',
      bytes: greyPng(2000, L.pngPixels / 2000),
    },
    {
      name: 'control-apng-1000-frames',
      format: 'png',
      status: 201,
      attack: `an APNG of ${L.frames} frames inside its 16×16 canvas`,
      bytes: apng(16, 16, L.frames, [15, 15]),
    },
    {
      name: 'control-gif-1000-frames-4mp',
      format: 'gif',
      status: 201,
      attack: `${L.frames} frames of 1×1 in a ${sq}×${sq} screen: the frame and pixel limits`,
      bytes: gif(sq, sq, new Array(L.frames).fill(gifFrame(sq - 1, sq - 1, 1, 1))),
    },
    {
      name: 'control-webp-vp8x',
      format: 'webp',
      status: 201,
      attack: 'a VP8X canvas of 120×80 around the 120×80 bitstream',
      bytes: riff([vp8x(120, 80), vp8Chunk()]),
    },
  ];
  return e;
}

if (typeof process !== 'undefined' && process.argv?.[1]?.endsWith('corpus.mjs')) {
  for (const f of hostileCorpus())
    console.log(`${f.name.padEnd(40)} ${String(f.bytes.length).padStart(8)} B  ${f.status}  ${f.attack}`);
}
