// @ts-check
// Photo pipeline bench: runs the site's own pipeline (src/photos/pipeline.ts) inside workerd through
// wrangler's unstable_startWorker (the same bundling as `wrangler dev`: `.wasm` imports become
// compiled modules) and measures, from outside the worker (workerd freezes its clocks while code runs):
//  - ingest of a 2400×1600 JPEG (decode, WebP encode of the original: 3.8 MP, under the JPEG limit);
//  - the 1600 px full WebP and each responsive width, made from that original (what /api/poze does);
//  - for each format, the peak resident memory above idle of a fresh workerd ingesting the largest
//    image that format accepts (photo-memory.mjs: VmHWM after resetting it through
//    /proc/<pid>/clear_refs), against the 96 MB budget that keeps a Worker within its 128 MB;
//  - the same 3000×2000 → 1600 px job with @cf-wasm/photon, for the record.
// `export async function benchPhotos()` returns the figures; run directly, it prints a table.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { unstable_startWorker } from 'wrangler';
import { largestAcceptedPeaks, photoOf } from './photo-memory.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const RUNS = Number(process.env.PHOTO_BENCH_RUNS ?? 3);
const WIDTHS = [320, 640, 960, 1280];

/** A photo-like JPEG (the same generator the memory bench uses). */
const photoJpeg = (width, height) => photoOf('jpeg', width, height);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(url, body, runs = RUNS) {
  const times = [];
  let out;
  for (let i = 0; i < Math.max(1, runs + (runs === 0 ? 0 : 1)); i++) {
    const t = performance.now();
    const res = await fetch(url, { method: 'POST', body });
    out = new Uint8Array(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${url}: ${res.status} ${new TextDecoder().decode(out).slice(0, 200)}`);
    if (i > 0 || runs === 0) times.push(performance.now() - t); // the first run warms up
  }
  return { ms: Math.round(median(times)), bytes: out.length, out };
}

async function benchPipeline() {
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
    const jpeg3000 = await photoJpeg(3000, 2000);
    const jpeg2400 = await photoJpeg(2400, 1600);

    const ingest = await timed(`${base}/normalise-bytes`, jpeg2400);
    const original = ingest.out;
    const full = await timed(`${base}/variant?w=1600`, original);
    const responsive = [];
    for (const w of WIDTHS) {
      const r = await timed(`${base}/variant?w=${w}`, original);
      responsive.push({ width: w, ms: r.ms, kb: Math.round(r.bytes / 102.4) / 10 });
    }
    // Quality of the served 1600 px WebP against sharp's own 1600 px rendering of the source (PSNR).
    const reference = await sharp(jpeg2400).resize(1600).removeAlpha().raw().toBuffer();
    const served = await sharp(Buffer.from(full.out)).removeAlpha().raw().toBuffer();
    let se = 0;
    for (let i = 0; i < reference.length; i++) se += (reference[i] - served[i]) ** 2;
    const psnr = 10 * Math.log10((255 * 255) / (se / reference.length));

    // The original from the JPEG in one go (no warm-up run), for the comparison with photon.
    const direct = await timed(`${base}/normalise-bytes`, jpeg2400, 1);
    let photon;
    try {
      const p = await timed(`${base}/photon?w=1600`, jpeg3000);
      const pj = await timed(`${base}/photon?w=1600&format=jpeg`, jpeg3000);
      photon = {
        webpLosslessMs: p.ms,
        webpLosslessKb: Math.round(p.bytes / 1024),
        jpegQ80Ms: pj.ms,
        jpegQ80Kb: Math.round(pj.bytes / 1024),
      };
    } catch (/** @type {any} */ err) {
      photon = { error: String(err.message ?? err) };
    }

    const wasmFiles = [
      'node_modules/@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm',
      'node_modules/@jsquash/png/codec/pkg/squoosh_png_bg.wasm',
      'node_modules/@jsquash/webp/codec/dec/webp_dec.wasm',
      'node_modules/@jsquash/webp/codec/enc/webp_enc_simd.wasm',
    ];
    const size = (files) =>
      files.reduce(
        (acc, f) => {
          const b = readFileSync(new URL(`../../${f}`, import.meta.url));
          return { raw: acc.raw + b.length, gzip: acc.gzip + gzipSync(b).length };
        },
        { raw: 0, gzip: 0 },
      );
    const jsquashSize = size(wasmFiles);
    const photonSize = size(['node_modules/@cf-wasm/photon/dist/lib/photon_rs_bg.wasm']);
    return {
      library: '@jsquash (mozjpeg, libpng, libwebp) with explicit wasm init, JS area-average downscale',
      runs: RUNS,
      ingest2400x1600Ms: ingest.ms,
      originalKb: Math.round(original.length / 1024),
      full1600Ms: full.ms,
      full1600Kb: Math.round(full.bytes / 1024),
      full1600PsnrDb: Math.round(psnr * 10) / 10,
      jpeg2400ToOriginalOnceMs: direct.ms,
      responsive,
      wasmKb: {
        jsquash: Math.round(jsquashSize.raw / 1024),
        jsquashGzip: Math.round(jsquashSize.gzip / 1024),
        photon: Math.round(photonSize.raw / 1024),
        photonGzip: Math.round(photonSize.gzip / 1024),
      },
      photon3000x2000To1600: photon,
    };
  } finally {
    await worker.dispose();
  }
}

export async function benchPhotos() {
  const r = await benchPipeline();
  // Measured after the pipeline's worker is gone: each in its own fresh workerd.
  const peaks = await largestAcceptedPeaks();
  return {
    // What run.mjs prints as a table: each decoder's peak for the largest image it accepts.
    rows: peaks.map((p) => ({
      format: p.format,
      'largest accepted': `${p.width}×${p.height} (${p.megapixels} MP)`,
      'input MB': p.inputMb,
      status: p.status,
      'peak above idle MB': p.peakAboveIdleMb,
      'budget MB': 96,
      ms: p.ms,
    })),
    notes: [
      `ingest 2400×1600 JPEG → WebP original: ${r.ingest2400x1600Ms} ms (${r.originalKb} KB); full 1600 px ${r.full1600Ms} ms (${r.full1600Kb} KB, PSNR ${r.full1600PsnrDb} dB)`,
      `responsive ${r.responsive.map((x) => `${x.width} px ${x.ms} ms`).join(', ')}`,
    ],
    ...r,
    peaksOfLargestAccepted: peaks,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchPhotos();
  const rows = [
    ['ingest 2400×1600 JPEG → WebP original', `${r.ingest2400x1600Ms} ms`, `${r.originalKb} KB`],
    [
      'full 1600 px WebP (from the original)',
      `${r.full1600Ms} ms`,
      `${r.full1600Kb} KB, PSNR ${r.full1600PsnrDb} dB`,
    ],
    ...r.responsive.map((x) => [`responsive ${x.width} px`, `${x.ms} ms`, `${x.kb} KB`]),
    ...r.peaksOfLargestAccepted.map((p) => [
      `largest ${p.format} accepted, ${p.width}×${p.height}: peak above idle`,
      `${p.peakAboveIdleMb} MB`,
      `budget 96 MB, ${p.ms} ms, HTTP ${p.status}`,
    ]),
    [
      'photon 3000×2000 → 1600 px',
      r.photon3000x2000To1600.error ??
        `${r.photon3000x2000To1600.webpLosslessMs} ms (lossless WebP ${r.photon3000x2000To1600.webpLosslessKb} KB)`,
      r.photon3000x2000To1600.error
        ? ''
        : `JPEG q80: ${r.photon3000x2000To1600.jpegQ80Ms} ms, ${r.photon3000x2000To1600.jpegQ80Kb} KB`,
    ],
    [
      'wasm size jsquash / photon',
      `${r.wasmKb.jsquash} / ${r.wasmKb.photon} KB`,
      `gzip ${r.wasmKb.jsquashGzip} / ${r.wasmKb.photonGzip} KB`,
    ],
  ];
  const w = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(`| ${row.map((c, i) => c.padEnd(w[i])).join(' | ')} |`);
  console.log(JSON.stringify(r, null, 2));
}
