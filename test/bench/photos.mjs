// Photo pipeline bench: runs the site's own pipeline (src/photos/pipeline.ts) inside workerd through
// wrangler's unstable_startWorker (the same bundling as `wrangler dev`: `.wasm` imports become
// compiled modules) and measures, from outside the worker (workerd freezes its clocks while code runs):
//  - ingest of a 3000×2000 JPEG (decode, downscale to the 2560 px original, WebP encode);
//  - the 1600 px full WebP and each responsive width, made from that original (what /api/poze does);
//  - the workerd process's peak resident memory while ingesting a 6000×4000 JPEG (VmHWM after
//    resetting it through /proc/<pid>/clear_refs), against the Worker limit of 128 MB;
//  - the same 3000×2000 → 1600 px job with @cf-wasm/photon, for the record.
// `export async function benchPhotos()` returns the figures; run directly, it prints a table.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { unstable_startWorker } from 'wrangler';

const here = fileURLToPath(new URL('.', import.meta.url));
const RUNS = Number(process.env.PHOTO_BENCH_RUNS ?? 3);
const WIDTHS = [320, 640, 960, 1280];

/** A photo-like JPEG: a demo photo scaled up, with fine noise so the codecs have detail to work on. */
async function photoJpeg(width, height) {
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
  return sharp(px, { raw: base.info }).jpeg({ quality: 88 }).toBuffer();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** workerd processes started by this Node process (children and grandchildren). */
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

export async function benchPhotos() {
  const worker = await unstable_startWorker({
    entrypoint: `${here}photos-worker.ts`,
    compatibilityDate: '2026-04-20',
    compatibilityFlags: ['nodejs_compat'],
    dev: { server: { port: 0 }, inspector: false, logLevel: 'none' },
  });
  try {
    await worker.ready;
    const base = (await worker.url).toString().replace(/\/$/, '');
    const jpeg3000 = await photoJpeg(3000, 2000);
    const jpeg6000 = await photoJpeg(6000, 4000);

    const ingest = await timed(`${base}/normalise-bytes`, jpeg3000);
    const original = ingest.out;
    const full = await timed(`${base}/variant?w=1600`, original);
    const responsive = [];
    for (const w of WIDTHS) {
      const r = await timed(`${base}/variant?w=${w}`, original);
      responsive.push({ width: w, ms: r.ms, kb: Math.round(r.bytes / 102.4) / 10 });
    }
    // Quality of the served 1600 px WebP against sharp's own 1600 px rendering of the source (PSNR).
    const reference = await sharp(jpeg3000).resize(1600).removeAlpha().raw().toBuffer();
    const served = await sharp(Buffer.from(full.out)).removeAlpha().raw().toBuffer();
    let se = 0;
    for (let i = 0; i < reference.length; i++) se += (reference[i] - served[i]) ** 2;
    const psnr = 10 * Math.log10((255 * 255) / (se / reference.length));

    // Direct from the 3000×2000 JPEG to 1600 px in one go, for the comparison with photon.
    const direct = await timed(`${base}/normalise-bytes`, jpeg3000, 1);
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
    } catch (err) {
      photon = { error: String(err.message ?? err) };
    }

    // Peak memory on a 6000×4000 JPEG: reset the high-water mark, ingest once, read it back.
    const pids = workerdPids();
    const pid = pids.at(-1);
    let memory = null;
    if (pid) {
      const before = memoryOf(pid);
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const big = await timed(`${base}/normalise-bytes`, jpeg6000, 0).catch((e) => ({
        error: String(e.message),
      }));
      const after = memoryOf(pid);
      memory = {
        input: '6000×4000 JPEG',
        inputMb: Math.round((jpeg6000.length / 2 ** 20) * 10) / 10,
        rssBeforeMb: Math.round(before.rssMb),
        peakRssMb: Math.round(after.hwmMb),
        peakAboveIdleMb: Math.round(after.hwmMb - before.rssMb),
        rssAfterMb: Math.round(after.rssMb),
        ms: big.ms,
        limitMb: 128,
      };
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
      ingest3000x2000Ms: ingest.ms,
      originalKb: Math.round(original.length / 1024),
      full1600Ms: full.ms,
      full1600Kb: Math.round(full.bytes / 1024),
      full1600PsnrDb: Math.round(psnr * 10) / 10,
      jpeg3000ToOriginalOnceMs: direct.ms,
      responsive,
      memory6000x4000: memory,
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchPhotos();
  const rows = [
    ['ingest 3000×2000 JPEG → 2560 px WebP original', `${r.ingest3000x2000Ms} ms`, `${r.originalKb} KB`],
    [
      'full 1600 px WebP (from the original)',
      `${r.full1600Ms} ms`,
      `${r.full1600Kb} KB, PSNR ${r.full1600PsnrDb} dB`,
    ],
    ...r.responsive.map((x) => [`responsive ${x.width} px`, `${x.ms} ms`, `${x.kb} KB`]),
    [
      '6000×4000 JPEG ingest: peak workerd RSS',
      r.memory6000x4000 ? `${r.memory6000x4000.peakRssMb} MB` : 'n/a',
      r.memory6000x4000
        ? `+${r.memory6000x4000.peakAboveIdleMb} MB above idle, ${r.memory6000x4000.ms} ms`
        : '',
    ],
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
