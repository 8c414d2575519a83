// The photo limits, constants only (no codecs): the pipeline and the refusals use them, and the
// editor page hands two of them to the browser, which shrinks big photos before uploading.

/** Upload limits (spec §5, DECISIONS.md): bytes before processing, and decompression-bomb guards. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
export const MAX_SIDE = 10_000;

/** The long side of the stored original. */
export const ORIGINAL_MAX_SIDE = 2560;
