// @ts-check
// Bundles the browser islands (src/client/*.ts) and the stylesheet into static/build/ with
// content-hashed names, and writes their URLs to src/generated/client-assets.json for the worker.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outdir = join(root, 'static', 'build');
const clientDir = join(root, 'src', 'client');

const entries = (await readdir(clientDir))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .filter((f) =>
    [
      'shell.ts',
      'editor.ts',
      'signin.ts',
      'contact.ts',
      'gallery.ts',
      'messages.ts',
      'favourites.ts',
      'share.ts',
      'profile.ts',
    ].includes(f),
  )
  .map((f) => join(clientDir, f));

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

const result = await build({
  entryPoints: [...entries, join(clientDir, 'css', 'site.css')],
  outdir,
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020', 'safari14'],
  entryNames: '[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});

const assets = {};
for (const [file, meta] of Object.entries(result.metafile.outputs)) {
  if (!meta.entryPoint) continue;
  const name = basename(meta.entryPoint).replace(/\.(ts|css)$/, '');
  const key = name === 'site' ? 'css' : name;
  assets[key] = `/${file.slice(file.indexOf('build/'))}`;
}
await mkdir(join(root, 'src', 'generated'), { recursive: true });
await writeFile(join(root, 'src', 'generated', 'client-assets.json'), `${JSON.stringify(assets, null, 2)}\n`);
console.log(
  'client assets:',
  Object.entries(assets)
    .map(([k, v]) => `${k}=${v}`)
    .join(' '),
);
