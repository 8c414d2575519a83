// The hostile image corpus (test/photos/hostile/corpus.mjs), sent from the attacker's side: each file
// uploaded through POST /api/poze by a signed-in person must be refused with its 4xx and the existing
// Romanian message before anything is decoded or stored, and each legitimate maximum (the most scans,
// frames and pixels accepted) must still be accepted and stored.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import * as limits from '../../src/photos/limits';
import { inspectImage } from '../../src/photos/sniff';
import { makeUser, ORIGIN, sessionCookie } from '../fixtures';
import { hostileCorpus, LIMITS } from './hostile/corpus.mjs';
import { photoRows, r2Keys } from './support';

const corpus = hostileCorpus();
const MESSAGES: Record<number, RegExp> = {
  422: /^(Fișierul este deteriorat sau incomplet|Imaginea este prea mare: .*megapixeli)/,
  415: /^Imaginile WEBP animate nu sunt acceptate/,
};

async function upload(bytes: Uint8Array, name: string) {
  // A fresh uploader per file: the hourly upload budget is not what this test is about.
  const user = await makeUser({ name: 'Atacator Imagini' });
  const form = new FormData();
  form.append('photo', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/jpeg' }));
  form.append('kind', 'post');
  return exports.default.fetch(
    new Request(`${ORIGIN}/api/poze`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN, cookie: await sessionCookie(user.clerkId), accept: 'application/json' },
    }),
  );
}

describe('the hostile image corpus', () => {
  it('states the same limits as src/photos/limits.ts', () => {
    expect(LIMITS).toEqual({
      jpegScans: limits.MAX_JPEG_SCANS,
      jpegMarkers: limits.MAX_JPEG_MARKERS,
      frames: limits.MAX_ANIMATION_FRAMES,
      pngChunks: limits.MAX_PNG_CHUNKS,
      webpChunks: limits.MAX_WEBP_CHUNKS,
      jpegPixels: limits.MAX_PIXELS_BY_FORMAT.jpeg,
      pngPixels: limits.MAX_PIXELS_BY_FORMAT.png,
    });
    // Small files: what they cost to send is nothing next to what they would cost to decode.
    for (const f of corpus) if (f.status !== 201) expect(f.bytes.length, f.name).toBeLessThan(256 * 1024);
  });

  it.each(corpus.filter((f) => f.status !== 201).map((f) => [f.name, f] as const))(
    '%s is refused from its header alone, with its 4xx and Romanian message, nothing stored',
    async (_name, f) => {
      // Refused by the header check itself, before any decoder runs.
      expect(() => inspectImage(f.bytes)).toThrow(MESSAGES[f.status]);
      const before = { keys: (await r2Keys()).length, rows: (await photoRows()).length };
      const res = await upload(f.bytes, `${f.name}.${f.format}`);
      expect(res.status, f.attack).toBe(f.status);
      const body = (await res.json()) as { error: string };
      expect(body.error).toMatch(MESSAGES[f.status]);
      expect((await r2Keys()).length).toBe(before.keys);
      expect((await photoRows()).length).toBe(before.rows);
    },
  );

  it.each(corpus.filter((f) => f.status === 201).map((f) => [f.name, f] as const))(
    '%s (a legitimate maximum) is accepted and stored',
    async (_name, f) => {
      expect(() => inspectImage(f.bytes)).not.toThrow();
      const res = await upload(f.bytes, `${f.name}.${f.format}`);
      expect(res.status, await res.clone().text()).toBe(201);
    },
  );
});
