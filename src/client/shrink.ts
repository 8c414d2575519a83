// Shrinks a phone photo in the browser before it is uploaded. The server keeps at most
// `maxSide` pixels on the long side anyway, so sending a 24-megapixel, 12 MB original over mobile
// data only costs the user time (and a photo over the 10 MB limit would be refused). The browser
// decodes it with the EXIF orientation applied, draws it at the stored size and re-encodes it; the
// server then checks and converts the result exactly as it would any upload.
//
// Anything this cannot handle well goes up untouched and the server decides: GIFs (the first frame
// is the server's choice), formats the browser cannot decode, browsers that would ignore the EXIF
// orientation, and any failure along the way.

export interface ShrinkLimits {
  /** Long side kept by the server (ORIGINAL_MAX_SIDE). */
  maxSide: number;
  /** Largest upload the server accepts (MAX_UPLOAD_BYTES). */
  maxBytes: number;
  /** Most pixels the server decodes in a WebP or JPEG (EDITOR_MAX_PIXELS): its memory limit. */
  maxPixels?: number;
  /** Most pixels the server decodes in a PNG (it costs more memory): a larger PNG is re-encoded. */
  maxPixelsPng?: number;
}

const QUALITY = 0.9;

/** The upload for `file`: a smaller re-encoding when it is larger than the server keeps, else the file. */
export async function shrinkForUpload(file: File, limits: ShrinkLimits): Promise<File> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return file;
  // Without `image-orientation` support the decoded pixels would lie sideways while the re-encoded
  // file carries no EXIF to correct them: leave such photos to the server.
  if (!globalThis.CSS?.supports?.('image-orientation', 'from-image')) return file;
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const w = img.naturalWidth;
    const h = img.naturalHeight;
    const longSide = Math.max(w, h);
    const maxPixels = limits.maxPixels ?? Number.POSITIVE_INFINITY;
    const sentAsIs = file.type === 'image/png' ? (limits.maxPixelsPng ?? maxPixels) : maxPixels;
    const fitsPixels = longSide <= limits.maxSide && w * h <= sentAsIs;
    if (!longSide || (fitsPixels && file.size <= limits.maxBytes)) return file;
    // Rounded down to whole pixels, so the result never exceeds the pixel budget by rounding.
    const scale = Math.min(1, limits.maxSide / longSide, Math.sqrt(maxPixels / (w * h)) * 0.999);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(w * scale));
    canvas.height = Math.max(1, Math.floor(h * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    const type = (await encodesWebp()) ? 'image/webp' : 'image/jpeg';
    if (type === 'image/jpeg') {
      // JPEG has no transparency: a transparent PNG goes on white, not black.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, QUALITY));
    canvas.width = canvas.height = 0; // frees the bitmap now on browsers that keep it until GC
    // A larger re-encoding is pointless unless the original has more pixels than the server decodes.
    if (!blob || blob.type !== type || (blob.size >= file.size && fitsPixels)) return file;
    const name = file.name.replace(/\.[^.]*$/, '') + (type === 'image/webp' ? '.webp' : '.jpg');
    return new File([blob], name, { type, lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    URL.revokeObjectURL(url);
  }
}

let webp: Promise<boolean> | undefined;
/** Whether canvas.toBlob really produces WebP (older Safari answers PNG instead). */
function encodesWebp(): Promise<boolean> {
  webp ??= new Promise((resolve) => {
    const c = document.createElement('canvas');
    c.width = c.height = 1;
    c.toBlob((b) => resolve(b?.type === 'image/webp'), 'image/webp');
  });
  return webp;
}
