// @ts-check
// The site's own photo pipeline (src/photos/pipeline.ts: EXIF orientation, metadata stripped, WebP,
// pixel limits), run by the importer in worker threads, one per core (docs/move-in.md#photos). A local
// Worker runs on one thread, and the pipeline's decode and encode are nearly all of a photo's cost:
// here they run on every core, and the site only checks and stores the result
// (`acceptNormalised`). The module is bundled from the TypeScript sources with esbuild, the `.wasm`
// codecs compiled as the Worker's bundler compiles them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The code each thread runs: the bundle's `normaliseUpload`, answering one photo per message. */
const THREAD = `
import { parentPort, workerData } from 'node:worker_threads';
const { normaliseUpload, BadInput } = await import(workerData.bundle);
parentPort.on('message', async ({ id, bytes }) => {
  try {
    const out = await normaliseUpload(new Uint8Array(bytes));
    parentPort.postMessage({ id, ok: true, bytes: out.bytes, width: out.width, height: out.height }, [out.bytes.buffer]);
  } catch (err) {
    if (err instanceof BadInput) parentPort.postMessage({ id, ok: false, refusal: err.message });
    else parentPort.postMessage({ id, ok: false, error: String(err && err.stack || err) });
  }
});
`;

/** Bundles src/photos/pipeline.ts for Node into `dir`; the path of the bundle. */
async function bundle(dir) {
  const { build } = await import('esbuild');
  const out = join(dir, 'pipeline.mjs');
  await build({
    stdin: {
      contents:
        "export { normaliseUpload } from './src/photos/pipeline';\nexport { BadInput } from './src/lib/errors';\n",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: out,
    logLevel: 'silent',
    plugins: [
      {
        name: 'wasm-module',
        setup(b) {
          // A package's codec (`@jsquash/…/x.wasm`) from node_modules, our own (`./wasm/x.wasm`) next
          // to the module that imports it.
          b.onResolve({ filter: /\.wasm$/ }, (args) => ({
            path: args.path.startsWith('.')
              ? join(args.resolveDir, args.path)
              : join(root, 'node_modules', args.path),
            namespace: 'wasm-module',
          }));
          b.onLoad({ filter: /.*/, namespace: 'wasm-module' }, (args) => ({
            contents: `import { readFileSync } from 'node:fs';\nexport default new WebAssembly.Module(readFileSync(${JSON.stringify(args.path)}));`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  return out;
}

/**
 * A pool of `threads` pipeline threads (default: one per core).
 * @param {{ threads?: number }} [opts]
 */
export async function photoPipeline(opts = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'import-pipeline-'));
  const bundlePath = await bundle(dir);
  const threadPath = join(dir, 'thread.mjs');
  writeFileSync(threadPath, THREAD);
  const size = Math.max(1, opts.threads ?? availableParallelism());
  /** @type {Map<number, { resolve: (v: any) => void, reject: (e: Error) => void }>} */
  const waiting = new Map();
  let nextId = 0;
  const workers = Array.from({ length: size }, () => {
    const w = new Worker(threadPath, { workerData: { bundle: bundlePath } });
    w.on('message', (m) => {
      const job = waiting.get(m.id);
      waiting.delete(m.id);
      if (!job) return;
      if (m.error) job.reject(new Error(m.error));
      else job.resolve(m);
    });
    w.on('error', (err) => {
      for (const job of waiting.values()) job.reject(err);
      waiting.clear();
    });
    return { w, busy: 0 };
  });
  return {
    threads: size,
    /**
     * The stored original of one photo: `{ ok: true, bytes, width, height }`, or `{ ok: false,
     * refusal }` with the pipeline's own Romanian message for a file it refuses.
     * @param {Uint8Array} input
     * @returns {Promise<{ ok: true, bytes: Uint8Array, width: number, height: number } | { ok: false, refusal: string }>}
     */
    run(input) {
      const slot = workers.reduce((a, b) => (b.busy < a.busy ? b : a));
      const id = nextId++;
      slot.busy++;
      const copy = new Uint8Array(input);
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        slot.w.postMessage({ id, bytes: copy.buffer }, [copy.buffer]);
      }).finally(() => {
        slot.busy--;
      });
    },
    async close() {
      await Promise.all(workers.map(({ w }) => w.terminate()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
