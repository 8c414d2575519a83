// The WebAssembly codecs (jSquash: MozJPEG, libpng via squoosh, libwebp), with
// explicit wasm init: each `.wasm` is imported as a compiled module, so nothing is fetched at
// runtime. Every call instantiates a fresh instance and drops it afterwards: a wasm memory never
// shrinks, and a 24-megapixel decode would otherwise keep ~100 MB alive in the isolate for ever.
import mozjpegDecFactory from '@jsquash/jpeg/codec/dec/mozjpeg_dec.js';
import mozjpegDecWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm';
import webpDecFactory from '@jsquash/webp/codec/dec/webp_dec.js';
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm';
import webpEncFactory from '@jsquash/webp/codec/enc/webp_enc_simd.js';
import webpEncWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm';
// @jsquash/png's libpng build reduced to the 8-bit decode (src/tools/strip-png-wasm.mjs).
import pngWasm from './wasm/png_decode.wasm';

/** Decoded pixels: RGBA, 4 bytes per pixel, row by row. */
export interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

type EmscriptenFactory = (opts: Record<string, unknown>) => Promise<unknown>;

/** A fresh Emscripten module instance built from an already compiled wasm module. */
function emscripten<T>(
  factory: unknown,
  wasm: WebAssembly.Module,
  onMessage?: (text: string) => void,
): Promise<T> {
  return (factory as EmscriptenFactory)({
    noInitialRun: true,
    print: onMessage ?? (() => {}),
    printErr: onMessage ?? (() => {}),
    instantiateWasm: (imports: WebAssembly.Imports, callback: (i: WebAssembly.Instance) => void) => {
      const instance = new WebAssembly.Instance(wasm, imports);
      callback(instance);
      return instance.exports;
    },
  }) as Promise<T>;
}

function asPixels(result: { data: Uint8ClampedArray; width: number; height: number } | null): Pixels {
  if (!result?.width || !result.height) throw new Error('decode failed');
  return { data: result.data, width: result.width, height: result.height };
}

export async function decodeJpeg(bytes: Uint8Array): Promise<Pixels> {
  // libjpeg reports damaged data as a warning and still returns an image (grey or smeared):
  // any warning makes the decode fail.
  const warnings: string[] = [];
  const m = await emscripten<{ decode(b: Uint8Array, keepOrientation: boolean): never }>(
    mozjpegDecFactory,
    mozjpegDecWasm,
    (text) => warnings.push(text),
  );
  // `false`: pixels as stored; we apply the EXIF orientation ourselves, after the downscale (cheaper).
  const pixels = asPixels(m.decode(bytes, false));
  if (warnings.length > 0) throw new Error(`jpeg: ${warnings[0]}`);
  return pixels;
}

export async function decodeWebp(bytes: Uint8Array): Promise<Pixels> {
  const m = await emscripten<{ decode(b: Uint8Array): never }>(webpDecFactory, webpDecWasm);
  return asPixels(m.decode(bytes));
}

export interface WebpOptions {
  quality: number;
  /** libwebp effort 0–6; 2 is ~4× faster than the default 4 for a few % more bytes (bench). */
  method?: number;
}

export async function encodeWebp(
  pixels: Pixels,
  { quality, method = 2 }: WebpOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const m = await emscripten<{
    encode(d: Uint8Array | Uint8ClampedArray, w: number, h: number, o: object): Uint8Array | null;
  }>(webpEncFactory, webpEncWasm);
  // libwebp's defaults (jSquash meta.js) with our quality; no metadata is ever written.
  const result = m.encode(pixels.data, pixels.width, pixels.height, { ...WEBP_DEFAULTS, quality, method });
  if (!result) throw new Error('encode failed');
  return new Uint8Array(result.buffer, result.byteOffset, result.byteLength).slice();
}

const WEBP_DEFAULTS = {
  quality: 75,
  target_size: 0,
  target_PSNR: 0,
  method: 4,
  sns_strength: 50,
  filter_strength: 60,
  filter_sharpness: 0,
  filter_type: 1,
  partitions: 0,
  segments: 4,
  pass: 1,
  show_compressed: 0,
  preprocessing: 0,
  autofilter: 0,
  partition_limit: 0,
  alpha_compression: 1,
  alpha_filtering: 1,
  alpha_quality: 100,
  lossless: 0,
  exact: 0,
  image_hint: 0,
  emulate_jpeg_size: 0,
  thread_level: 0,
  low_memory: 0,
  near_lossless: 100,
  use_delta_palette: 0,
  use_sharp_yuv: 0,
};

// wasm-bindgen modules (the PNG decoder) keep a module-level singleton in their JS glue, so we
// call their exports directly on a fresh instance instead.

interface BindgenExports {
  memory: WebAssembly.Memory;
  __wbindgen_add_to_stack_pointer(delta: number): number;
  __wbindgen_malloc(size: number, align: number): number;
  __wbindgen_free(ptr: number, size: number, align: number): void;
}

function copyIn(exp: BindgenExports, bytes: Uint8Array | Uint8ClampedArray): [number, number] {
  const ptr = exp.__wbindgen_malloc(bytes.length, 1) >>> 0;
  new Uint8Array(exp.memory.buffer).set(bytes, ptr);
  return [ptr, bytes.length];
}

export function decodePng(bytes: Uint8Array): Pixels {
  // squoosh_png's wasm-bindgen glue, reduced to the imports the 8-bit decode path calls.
  const heap: unknown[] = [];
  const text = new TextDecoder();
  let exp: BindgenExports & { decode(ptr: number, len: number): number };
  const keep = (value: unknown) => heap.push(value) - 1;
  const helpers: Record<string, (...args: number[]) => unknown> = {
    __wbindgen_memory: () => keep(exp.memory),
    __wbg_buffer: (i) => keep((heap[i] as WebAssembly.Memory).buffer),
    __wbg_newwithbyteoffsetandlength: (buf, off, len) =>
      keep(new Uint16Array(heap[buf] as ArrayBuffer, off >>> 0, len >>> 0)),
    __wbindgen_object_drop_ref: () => undefined,
    __wbg_newwithownedu8clampedarrayandsh: (ptr, len, w, h) => {
      const data = new Uint8Array(exp.memory.buffer, ptr >>> 0, len >>> 0).slice();
      exp.__wbindgen_free(ptr >>> 0, len >>> 0, 1);
      return keep({ data, width: w >>> 0, height: h >>> 0 });
    },
    __wbindgen_throw: (ptr, len) => {
      throw new Error(text.decode(new Uint8Array(exp.memory.buffer, ptr >>> 0, len >>> 0)));
    },
  };
  const wbg: Record<string, unknown> = {};
  for (const { name } of WebAssembly.Module.imports(pngWasm)) {
    const key = Object.keys(helpers).find((k) => name === k || name.startsWith(`${k}_`));
    wbg[name] = key
      ? helpers[key]
      : () => {
          throw new Error(`unexpected png import ${name}`);
        };
  }
  exp = new WebAssembly.Instance(pngWasm, { wbg } as WebAssembly.Imports).exports as never;
  const [ptr, len] = copyIn(exp, bytes);
  return asPixels(heap[exp.decode(ptr, len)] as never);
}
