// A tiny worker for test/bench/photos.mjs: runs the site's own photo pipeline (and, for the
// comparison, @cf-wasm/photon) on the bytes it is sent, inside workerd. Never deployed.
import { PhotonImage, resize, SamplingFilter } from '@cf-wasm/photon/workerd';
import { BadInput } from '../../src/lib/errors';
import { makeVariant, normaliseUpload } from '../../src/photos/pipeline';

export default {
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (url.pathname === '/normalise') {
      const out = await normaliseUpload(bytes);
      return Response.json(
        { width: out.width, height: out.height, bytes: out.bytes.length },
        {
          headers: { 'x-sample': btoa(String.fromCharCode(...out.bytes.subarray(0, 0))) },
        },
      );
    }
    if (url.pathname === '/normalise-bytes') {
      try {
        return new Response((await normaliseUpload(bytes)).bytes);
      } catch (err) {
        // A refusal answers as the site does (its 4xx), so the hostile-file bench can tell them apart.
        if (err instanceof BadInput) return new Response(err.message, { status: err.status });
        throw err;
      }
    }
    if (url.pathname === '/variant') {
      const out = await makeVariant(bytes, Number(url.searchParams.get('w') ?? 1600));
      return new Response(out);
    }
    if (url.pathname === '/photon') {
      const image = PhotonImage.new_from_byteslice(bytes);
      const w = Number(url.searchParams.get('w') ?? 1600);
      const h = Math.round((image.get_height() * w) / image.get_width());
      const small = resize(image, w, h, SamplingFilter.Lanczos3);
      image.free();
      const out =
        url.searchParams.get('format') === 'jpeg' ? small.get_bytes_jpeg(80) : small.get_bytes_webp();
      small.free();
      return new Response(out);
    }
    return new Response('not found', { status: 404 });
  },
};
