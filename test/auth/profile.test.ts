import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import {
  afterAnswer,
  db,
  flashText,
  get,
  getAs,
  postForm,
  postFormAs,
  signIn,
  textOf,
  withFlash,
} from '../fixtures';
import { photoJpg, photoWebp } from '../photos/fixtures/images';
import { bytesOf } from '../photos/support';

async function userRow(clerkId: string) {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.clerkId, clerkId));
  return row;
}

function form(
  fields: Record<string, string>,
  avatar?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (avatar) data.append('avatar', new File([avatar.bytes], avatar.name, { type: avatar.type }));
  return data;
}

describe('/profile/edit', () => {
  it('asks anonymous visitors to sign in', async () => {
    const res = await get('/profile/edit');
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(textOf(html)).toContain('Trebuie să vă conectați');
    expect(html).toContain('/auth/login?redirect_url=%2Fprofile%2Fedit');
    const post = await postForm('/profile/edit', new URLSearchParams({ name: 'X' }));
    expect(post.status).toBe(401);
  });

  it('shows the signed-in user their profile form, privately', async () => {
    const { cookie } = await signIn('user_profile_view', { name: 'Maria Vedere', phone: '0722123456' });
    const res = await getAs('/profile/edit', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('value="Maria Vedere"');
    expect(html).toContain('value="0722123456"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('name="avatar"');
  });

  it('saves name and a normalised phone, then comes back with a confirmation', async () => {
    const { cookie } = await signIn('user_profile_save', { name: 'Vechi' });
    const res = await postFormAs(
      '/profile/edit',
      form({ name: '  Ion   Popescu ', phone: '+40 744-555 666' }),
      cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/profile/edit');
    expect(await userRow('user_profile_save')).toMatchObject({ name: 'Ion Popescu', phone: '0744555666' });
    const page = await getAs('/profile/edit', withFlash(res, cookie));
    expect(flashText(await page.text())).toBe('Profilul a fost salvat.');
  });

  it('clears the phone when left empty', async () => {
    const { cookie } = await signIn('user_profile_nophone', { phone: '0722123456' });
    await postFormAs('/profile/edit', form({ name: 'Fără Telefon', phone: '' }), cookie);
    expect((await userRow('user_profile_nophone')).phone).toBeNull();
  });

  it('refuses an empty name, keeping what was typed', async () => {
    const { cookie } = await signIn('user_profile_empty', { name: 'Păstrat' });
    const res = await postFormAs('/profile/edit', form({ name: '   ', phone: '0722 123 456' }), cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain('Scrieți numele afișat.');
    expect(html).toContain('value="0722 123 456"');
    expect(html).toContain('aria-invalid="true"');
    expect((await userRow('user_profile_empty')).name).toBe('Păstrat');
  });

  it('refuses a name over 256 characters with the Romanian limit message, beside the field', async () => {
    const { cookie } = await signIn('user_profile_long', { name: 'Scurt' });
    const long = 'Ă'.repeat(257);
    const res = await postFormAs('/profile/edit', form({ name: long, phone: '' }), cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`value="${long}"`);
    expect(html).toMatch(/id="name-error"[^>]*>Numele poate avea cel mult 256 de caractere\.</);
    expect((await userRow('user_profile_long')).name).toBe('Scurt');
    const ok = await postFormAs('/profile/edit', form({ name: 'Ă'.repeat(256), phone: '' }), cookie);
    expect(ok.status).toBe(303);
  });

  it('refuses a phone number that is not Romanian, keeping both values', async () => {
    const { cookie } = await signIn('user_profile_phone');
    const res = await postFormAs('/profile/edit', form({ name: 'Ion', phone: '12345' }), cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(
      /id="phone-error"[^>]*>Scrieți un număr de telefon românesc valid, de exemplu 0722 123 456\.</,
    );
    expect(html).toContain('value="12345"');
    expect(html).toContain('value="Ion"');
  });

  it('stores an uploaded avatar through the photo pipeline and shows it in the account menu', async () => {
    const { cookie } = await signIn('user_profile_avatar', { name: 'Cu Poză' });
    const res = await postFormAs(
      '/profile/edit',
      form({ name: 'Cu Poză', phone: '' }, { bytes: bytesOf(photoJpg), name: 'eu.jpg', type: 'image/jpeg' }),
      cookie,
    );
    expect(res.status).toBe(303);
    const row = await userRow('user_profile_avatar');
    expect(row.avatarPhotoId).toBeTypeOf('number');
    const [photo] = await db
      .select()
      .from(schema.photos)
      .where(eq(schema.photos.id, row.avatarPhotoId as number));
    expect(photo).toMatchObject({ kind: 'avatar', userId: row.id });
    // The browser carries the bookmark of its write: the menu is never older than the person's own edit.
    const menu = (await (
      await getAs('/api/cont', afterAnswer(cookie, res), { accept: 'application/json' })
    ).json()) as {
      avatarUrl: string;
    };
    expect(menu.avatarUrl).toBe(`/api/poze/responsive/${photo.id}/${photo.fileName}?w=320`);
    const page = await getAs('/profile/edit', cookie);
    expect(await page.text()).toContain(menu.avatarUrl.replace('&', '&amp;'));

    // A new avatar replaces it; the old one is removed.
    const again = await postFormAs(
      '/profile/edit',
      form(
        { name: 'Cu Poză', phone: '' },
        { bytes: bytesOf(photoWebp), name: 'eu.webp', type: 'image/webp' },
      ),
      cookie,
    );
    expect(again.status).toBe(303);
    const after = await userRow('user_profile_avatar');
    expect(after.avatarPhotoId).not.toBe(row.avatarPhotoId);
    expect(await db.select().from(schema.photos).where(eq(schema.photos.id, photo.id))).toHaveLength(0);

    // And it can be removed.
    await postFormAs('/profile/edit', form({ name: 'Cu Poză', phone: '', remove_avatar: '1' }), cookie);
    expect((await userRow('user_profile_avatar')).avatarPhotoId).toBeNull();
  });

  it('refuses an avatar that is not an image, with the JPG/PNG/GIF/WEBP message, storing nothing', async () => {
    const { cookie } = await signIn('user_profile_badavatar', { name: 'Fără Poză' });
    const before = await db.select().from(schema.photos);
    const bytes = new TextEncoder().encode('%PDF-1.4 not an image') as Uint8Array<ArrayBuffer>;
    const res = await postFormAs(
      '/profile/edit',
      form({ name: 'Nume Nou', phone: '0722123456' }, { bytes, name: 'cv.pdf', type: 'application/pdf' }),
      cookie,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain(
      'Fișierul ales nu este o imagine JPG, PNG, GIF sau WEBP. Celelalte câmpuri sunt păstrate; alegeți din nou imaginea.',
    );
    expect(html).toContain('value="Nume Nou"');
    expect(html).toContain('value="0722123456"');
    const row = await userRow('user_profile_badavatar');
    expect(row).toMatchObject({ name: 'Fără Poză', avatarPhotoId: null });
    expect(await db.select().from(schema.photos)).toHaveLength(before.length);
  });

  it('refuses an avatar over 10 MB saying its size and the limit only', async () => {
    const { cookie } = await signIn('user_profile_bigavatar');
    const bytes = new Uint8Array(10 * 1024 * 1024 + 1);
    bytes.set(bytesOf(photoJpg));
    const res = await postFormAs(
      '/profile/edit',
      form({ name: 'Mare', phone: '' }, { bytes, name: 'mare.jpg', type: 'image/jpeg' }),
      cookie,
    );
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain(
      'Imaginea are 10,1 MB; imaginea de profil poate avea cel mult 10 MB.',
    );
  });

  it('refuses a camera-size photo (4032×3024, 2,3 MB) sent without JavaScript for its pixels only, keeping name, phone and "Doar mesaje"', async () => {
    const { cookie } = await signIn('user_profile_camera', { name: 'Din Telefon' });
    const before = (await db.select().from(schema.photos)).length;
    // A JPEG header claiming 4032×3024, padded to a phone photo's 2,3 MB.
    const bytes = new Uint8Array(2_300_000);
    bytes.set([
      0xff,
      0xd8,
      0xff,
      0xc0,
      0,
      17,
      8,
      3024 >> 8,
      3024 & 255,
      4032 >> 8,
      4032 & 255,
      3,
      1,
      0x22,
      0,
      2,
      0x11,
      1,
      3,
      0x11,
      1,
    ]);
    const res = await postFormAs(
      '/profile/edit',
      form(
        { name: 'Ana din Telefon', phone: '0722 123 456', messagesOnly: '1' },
        { bytes, name: 'IMG_20261126_101500.jpg', type: 'image/jpeg' },
      ),
      cookie,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain('Imaginea are prea mulți pixeli: cel mult 4 megapixeli (3 la PNG).');
    expect(text).toContain('pagina micșorează singură fotografia');
    // Not the contradicting "must be under 10 MB" for a file of 2,3 MB.
    const error = /id="avatar-error"[^>]*>([^<]*)</.exec(html)?.[1] ?? '';
    expect(error).toContain('prea mulți pixeli');
    expect(error).not.toContain('10 MB');
    expect(html).toContain('value="Ana din Telefon"');
    expect(html).toContain('value="0722 123 456"');
    expect(html).toMatch(/<input type="checkbox" name="messagesOnly" checked=""/);
    expect((await db.select().from(schema.photos)).length).toBe(before);
    expect(await userRow('user_profile_camera')).toMatchObject({ name: 'Din Telefon', phone: null });
  });

  it('speaks Romanian in the file picker and hands the browser the limits to shrink a photo by', async () => {
    const { cookie } = await signIn('user_profile_picker');
    const html = await (await getAs('/profile/edit', cookie)).text();
    expect(html).toMatch(
      /<input[^>]*name="avatar"[^>]*class="file-pick__input"|<input[^>]*class="file-pick__input"[^>]*name="avatar"/,
    );
    expect(html).toMatch(/<label for="f-avatar" class="btn file-pick__button">Alegeți imaginea<\/label>/);
    expect(html).toContain('data-photo-max-pixels="4000000"');
    expect(html).toMatch(/<script type="module" src="\/build\/profile-[A-Z0-9]+\.js"/);
  });

  it('does not upload the avatar when another field is wrong', async () => {
    const { cookie } = await signIn('user_profile_mixed');
    const before = (await db.select().from(schema.photos)).length;
    const res = await postFormAs(
      '/profile/edit',
      form({ name: '', phone: '' }, { bytes: bytesOf(photoJpg), name: 'eu.jpg', type: 'image/jpeg' }),
      cookie,
    );
    expect(res.status).toBe(400);
    expect((await db.select().from(schema.photos)).length).toBe(before);
  });

  it('refuses a banned user with Acces refuzat', async () => {
    const { cookie } = await signIn('user_profile_banned', { banned: true, name: 'Suspendat' });
    const res = await postFormAs('/profile/edit', form({ name: 'Altul', phone: '' }), cookie);
    expect(res.status).toBe(403);
    expect(textOf(await res.text())).toContain('Acces refuzat');
    expect((await userRow('user_profile_banned')).name).toBe('Suspendat');
  });
});
