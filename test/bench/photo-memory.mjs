// @ts-check
// Peak memory of the photo ingest per format: for each image, a fresh workerd (so no earlier decode's
// garbage is reused), its resident memory at rest, then its high-water mark (VmHWM, reset through
// /proc/<pid>/clear_refs) while the worker runs the site's whole ingest on it (decode, downscale,
// orient, WebP encode: src/photos/pipeline.ts normaliseUpload). The peak above idle is what must
// fit, with the Worker's own baseline, in 128 MB.
//
// `measurePeak(format, width, height)` returns the figures of one image; `fitPeaks()` measures several
// pixel counts per format and fits peak = fixed + bytesPerPixel × pixels (least squares).
// Run directly: `node test/bench/photo-memory.mjs fit` prints the fit; without `fit`, the peaks of the
// largest image each format accepts (src/photos/limits.ts), as `npm run bench` reports them.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { unstable_startWorker } from 'wrangler';

const here = fileURLToPath(new URL('.', import.meta.url));
const FORMATS = ['jpeg', 'png', 'webp', 'gif'];

/** A photo-like image: a demo photo scaled to the size, with fine noise so the codecs have detail. */
export async function photoOf(format, width, height) {
  const base = await sharp(new URL('../../content/demo-photos/casa-gradina.jpg', import.meta.url).pathname)
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const px = base.data;
  let seed = 42;
  for (let i = 0; i < px.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    px[i] = Math.max(0, Math.min(255, px[i] + ((seed >> 16) % 17) - 8));
  }
  const image = sharp(px, { raw: base.info, limitInputPixels: false });
  if (format === 'jpeg') return image.jpeg({ quality: 88 }).toBuffer();
  if (format === 'png') return image.png({ compressionLevel: 1 }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 85 }).toBuffer();
  return image.gif({ effort: 1, dither: 0 }).toBuffer();
}

function workerdPids() {
  const rows = execFileSync('ps', ['-eo', 'pid,ppid,comm'], { encoding: 'utf8' })
    .split('\n')
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .filter((r) => r.length >= 3);
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (mine.has(Number(ppid)) && !mine.has(Number(pid))) {
        mine.add(Number(pid));
        grew = true;
      }
    }
  }
  return rows
    .filter(([pid, , comm]) => mine.has(Number(pid)) && comm.includes('workerd'))
    .map(([pid]) => Number(pid));
}

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

const round1 = (x) => Math.round(x * 10) / 10;

/** One ingest of a `width`×`height` image in a fresh workerd: its peak above idle (MB). */
export async function measurePeak(format, width, height, bytes) {
  const input = bytes ?? (await photoOf(format, width, height));
  const worker = await unstable_startWorker({
    config: `${here}bench-worker.toml`,
    entrypoint: `${here}photos-worker.ts`,
    compatibilityDate: '2026-04-20',
    compatibilityFlags: ['nodejs_compat'],
    dev: { server: { port: 0 }, inspector: false, logLevel: 'none' },
  });
  try {
    await worker.ready;
    const base = (await worker.url).toString().replace(/\/$/, '');
    // Warm the isolate (compiled modules loaded, codecs instantiated once on a tiny image).
    const tiny = await photoOf(format, 64, 48);
    await (
      await fetch(`${base}/normalise-bytes`, { method: 'POST', body: new Uint8Array(tiny) })
    ).arrayBuffer();
    const pid = workerdPids().at(-1);
    if (!pid) return null;
    await new Promise((r) => setTimeout(r, 300));
    const before = memoryOf(pid);
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const t = performance.now();
    const res = await fetch(`${base}/normalise-bytes`, { method: 'POST', body: input });
    const out = await res.arrayBuffer();
    const ms = Math.round(performance.now() - t);
    const after = memoryOf(pid);
    return {
      format,
      width,
      height,
      megapixels: round1((width * height) / 1e6),
      inputMb: round1(input.length / 2 ** 20),
      status: res.status,
      outKb: Math.round(out.byteLength / 1024),
      idleMb: Math.round(before.rssMb),
      peakAboveIdleMb: round1(after.hwmMb - before.rssMb),
      ms,
    };
  } finally {
    await worker.dispose();
  }
}

/** peak ≈ fixed + perPixel × pixels, least squares over the measured points. */
export function fitLine(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** Several pixel counts per format (3:2 images), and the bytes per pixel each format costs. */
export async function fitPeaks(megapixels = [2, 6, 10, 14], formats = FORMATS) {
  const out = {};
  for (const format of formats) {
    const rows = [];
    for (const mp of megapixels) {
      const width = Math.round(Math.sqrt((mp * 1e6 * 3) / 2));
      const height = Math.round((width * 2) / 3);
      const r = await measurePeak(format, width, height);
      rows.push(r);
      console.error(JSON.stringify(r));
    }
    const ok = rows.filter((r) => r?.status === 200);
    const line = fitLine(ok.map((r) => ({ x: r.width * r.height, y: r.peakAboveIdleMb })));
    out[format] = {
      rows,
      bytesPerPixel: round1(line.slope * 2 ** 20),
      fixedMb: round1(line.intercept),
      // The pixel count whose predicted peak is 96 MB above idle.
      pixelsAt96Mb: Math.floor((96 - line.intercept) / line.slope),
    };
  }
  return out;
}

/** MAX_PIXELS_BY_FORMAT as src/photos/limits.ts states it (read from the source: Node runs no TypeScript). */
export function pixelLimits() {
  const source = readFileSync(new URL('../../src/photos/limits.ts', import.meta.url), 'utf8');
  const block = /MAX_PIXELS_BY_FORMAT = \{([^}]*)\}/.exec(source)?.[1] ?? '';
  const limits = {};
  for (const [, name, value] of block.matchAll(/(\w+):\s*([\d_]+)/g))
    limits[name] = Number(value.replace(/_/g, ''));
  for (const format of FORMATS)
    if (!limits[format]) throw new Error(`no pixel limit for ${format} in limits.ts`);
  return limits;
}

/** The measured peak of the largest image each format accepts (the limits in src/photos/limits.ts). */
export async function largestAcceptedPeaks() {
  const MAX_PIXELS_BY_FORMAT = pixelLimits();
  const out = [];
  for (const format of FORMATS) {
    const pixels = MAX_PIXELS_BY_FORMAT[format];
    // The largest 3:2 image within the limit.
    const width = Math.floor(Math.sqrt((pixels * 3) / 2));
    let height = Math.floor((width * 2) / 3);
    while (width * height > pixels) height--;
    out.push(await measurePeak(format, width, height));
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv[2] === 'fit') {
    const mps = process.argv[3] ? process.argv[3].split(',').map(Number) : undefined;
    const formats = process.argv[4] ? process.argv[4].split(',') : undefined;
    console.log(JSON.stringify(await fitPeaks(mps, formats), null, 2));
  } else {
    console.log(JSON.stringify(await largestAcceptedPeaks(), null, 2));
  }
}
