// Regenerates src/photos/wasm/png_decode.wasm: @jsquash/png's libpng build (squoosh_png_bg.wasm)
// with everything the 8-bit decode does not reach removed (the encoder, the 16-bit decode), by
// binaryen's wasm-metadce (`apt-get install binaryen`). About 85 KB gzip → 66 KB in the Worker
// (docs/architecture.md#worker-size). Run it after upgrading @jsquash/png; the photo tests decode
// PNGs through the result.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = join(root, 'node_modules', '@jsquash', 'png', 'codec', 'pkg', 'squoosh_png_bg.wasm');
const target = join(root, 'src', 'photos', 'wasm', 'png_decode.wasm');

// What src/photos/codecs.ts (decodePng) calls; every other export is dropped with what only it reaches.
const KEEP = ['memory', 'decode', '__wbindgen_malloc', '__wbindgen_free', '__wbindgen_add_to_stack_pointer'];
const DROP = [
  'encode',
  'decode_rgba16',
  '__wbg_imagedatargba16_free',
  'imagedatargba16_width',
  'imagedatargba16_height',
  'imagedatargba16_data',
];
const graph = [
  { name: 'root', root: true, reaches: KEEP },
  ...[...KEEP, ...DROP].map((name) => ({ name, export: name })),
];
const dir = mkdtempSync(join(tmpdir(), 'png-wasm-'));
try {
  const graphFile = join(dir, 'graph.json');
  writeFileSync(graphFile, JSON.stringify(graph));
  const run = spawnSync(
    'wasm-metadce',
    [
      source,
      '--graph-file',
      graphFile,
      '-o',
      target,
      '--enable-bulk-memory',
      '--enable-sign-ext',
      '--enable-mutable-globals',
      '--enable-nontrapping-float-to-int',
    ],
    { encoding: 'utf8' },
  );
  if (run.error || run.status !== 0) {
    console.error(run.error?.message ?? run.stderr);
    process.exit(1);
  }
  console.log(`wrote ${target}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
