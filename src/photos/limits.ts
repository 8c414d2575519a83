// The photo limits, constants only (no codecs): the pipeline and the refusals use them, and the
// editor page hands some of them to the browser, which shrinks big photos before uploading.

/** Photos one person may upload per hour (the upload API and the editor's plain form together). */
export const UPLOADS_PER_HOUR = 60;

/** Upload limits: bytes before processing. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** No side longer than this, whatever the format (a decompression-bomb guard). */
export const MAX_SIDE = 10_000;

/**
 * The most pixels accepted per format: the whole ingest of the largest image accepted (decode,
 * downscale, orientation, WebP encode) must peak at most 96 MB above the Worker's idle memory, so
 * it fits, with the Worker itself, in a deployed Worker's 128 MB. Measured in workerd by
 * `node test/bench/photo-memory.mjs fit` on photo-like images (peak resident memory of a fresh
 * workerd, several pixel counts per format); `npm run bench` prints the measured peak of the
 * largest image each format accepts. PNG costs the most: its decoder holds the compressed data,
 * the inflated rows and the pixels at once.
 */
export const MAX_PIXELS_BY_FORMAT = {
  jpeg: 4_000_000,
  png: 3_000_000,
  webp: 4_000_000,
  gif: 4_000_000,
} as const;

export type LimitedFormat = keyof typeof MAX_PIXELS_BY_FORMAT;

/**
 * The most pixels the editor's own uploads may have: it re-encodes a photo as WebP or JPEG in the
 * browser, so the smaller of the two limits.
 */
export const EDITOR_MAX_PIXELS = Math.min(MAX_PIXELS_BY_FORMAT.jpeg, MAX_PIXELS_BY_FORMAT.webp);

/**
 * Structural bounds checked on the header before decoding (docs/photos.md, "Fișiere ostile"): the
 * cost of a decode grows with these as well as with the pixels. A progressive JPEG's decoder walks
 * the whole image once per scan (libjpeg's default script has 10 scans, mozjpeg's optimised ones
 * about 20), so tens of thousands of empty scans keep it busy for many seconds.
 */
export const MAX_JPEG_SCANS = 64;
/** Marker segments of a JPEG (APPn, DQT, DHT, SOF, SOS, COM…): a phone photo has about 10–30. */
export const MAX_JPEG_MARKERS = 512;
/** Frames of an animated GIF or PNG (only the first is decoded; the rest are still parsed). */
export const MAX_ANIMATION_FRAMES = 1000;
/** Chunks of a PNG (IDAT split in 8 KB chunks at 10 MB is ~1300; an APNG frame costs two). */
export const MAX_PNG_CHUNKS = 4096;
/** Chunks of a WebP (a still image has at most VP8X, ICCP, ALPH, VP8, EXIF, XMP). */
export const MAX_WEBP_CHUNKS = 64;

/** The long side of the stored original. */
export const ORIGINAL_MAX_SIDE = 2560;
