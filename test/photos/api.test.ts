import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ingestPhoto } from '../../src/photos/ingest';
import { db, makeUser, ORIGIN } from '../fixtures';
import { photoJpg } from './fixtures/images';
import { bytesOf, photoRows } from './support';

function upload(form: FormData, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(`${ORIGIN}/api/poze`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN, ...headers },
    }),
  );
}

describe('upload API', () => {
  it('refuses an anonymous upload with 401 JSON and stores nothing', async () => {
    const before = (await photoRows()).length;
    const form = new FormData();
    form.append('photo', new File([bytesOf(photoJpg)], 'casa.jpg', { type: 'image/jpeg' }));
    const res = await upload(form);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ error: 'Trebuie să vă conectați' });
    expect((await photoRows()).length).toBe(before);
  });

  it('refuses an anonymous delete with 401 and keeps the photo', async () => {
    const userId = (await makeUser()).id;
    const photo = await ingestPhoto(env, db, { bytes: bytesOf(photoJpg), userId, kind: 'post' });
    const res = await exports.default.fetch(
      new Request(`${ORIGIN}/api/poze/${photo.id}`, { method: 'DELETE', headers: { origin: ORIGIN } }),
    );
    expect(res.status).toBe(401);
    expect((await photoRows()).some((p) => p.id === photo.id)).toBe(true);
  });
});
