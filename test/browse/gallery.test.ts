import { beforeAll, describe, expect, it } from 'vitest';
import { frameRatio, fullWidth, MAIN_SIZES, THUMB_SIZES } from '../../src/components/Gallery';
import type { Photo, Post, User } from '../../src/db/schema';
import { get, makePhoto, makePost, makeUser } from '../fixtures';

let author: User;
let three: Post;
let single: Post;
let none: Post;
let hostile: Post;
let photos: Photo[];

const pathOf = (p: Post) => `/anunt/imobiliare/${p.slug}-${p.id}`;
const html = async (p: Post) => (await get(pathOf(p))).text();
/** Every opening tag of one element name in a piece of HTML. */
const tags = (h: string, name: string) =>
  [...h.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
/** Where each part of the gallery ends (none of them nests its own kind). */
const ENDS: Record<string, string> = {
  gallery__strip: '</ul>',
  gallery__thumbs: '</ol>',
  gallery__frame: '<ol',
  viewer: '</dialog>',
};
/** The page from an element with this class to its end. */
function part(h: string, className: string): string {
  const start = h.indexOf(`class="${className}"`);
  expect(start, `no ${className} in the page`).toBeGreaterThan(-1);
  return h.slice(start, h.indexOf(ENDS[className], start));
}

beforeAll(async () => {
  author = await makeUser({ name: 'Galerie Test' });
  three = await makePost(author.id, { title: 'Casă cu grădină și trei poze' });
  photos = [
    await makePhoto(three.id, author.id, {
      fileName: 'casa-fata.jpg',
      width: 1600,
      height: 1200,
      position: 0,
    }),
    await makePhoto(three.id, author.id, {
      fileName: 'casa-camera.jpg',
      width: 900,
      height: 1200,
      position: 1,
    }),
    await makePhoto(three.id, author.id, {
      fileName: 'casa-curte.jpg',
      width: 2560,
      height: 1440,
      position: 2,
    }),
  ];
  single = await makePost(author.id, { title: 'Garsonieră cu o singură poză' });
  await makePhoto(single.id, author.id, {
    fileName: 'garsoniera.jpg',
    width: 1200,
    height: 900,
    position: 0,
  });
  none = await makePost(author.id, { title: 'Teren fără poze' });
  hostile = await makePost(author.id, { title: 'Apartament "2" <script>alert(1)</script> camere' });
  await makePhoto(hostile.id, author.id, { fileName: 'ap-1.jpg', position: 0 });
  await makePhoto(hostile.id, author.id, { fileName: 'ap-2.jpg', position: 1 });
});

describe('the ad page gallery, server-rendered', () => {
  it('reserves the frame from the first photo and every slide from its stored width and height', async () => {
    const page = await html(three);
    const frame = tags(page, 'div').find((t) => t.includes('gallery__frame')) as string;
    expect(attr(frame, 'style')).toBe('aspect-ratio:1600 / 1200');
    const slides = tags(part(page, 'gallery__strip'), 'li');
    expect(slides.map((t) => attr(t, 'id'))).toEqual(['foto-1', 'foto-2', 'foto-3']);
    const imgs = tags(part(page, 'gallery__strip'), 'img');
    expect(imgs.map((t) => [attr(t, 'width'), attr(t, 'height')])).toEqual([
      ['1600', '1200'],
      ['900', '1200'],
      ['2560', '1440'],
    ]);
  });

  it('gives each slide every responsive width in srcset, the main column sizes, and only the first eager', async () => {
    const imgs = tags(part(await html(three), 'gallery__strip'), 'img');
    imgs.forEach((t, i) => {
      const srcset = attr(t, 'srcSet') as string;
      for (const w of [320, 640, 960, 1280])
        expect(srcset).toContain(`/api/poze/responsive/${photos[i].id}/${photos[i].fileName}?w=${w} ${w}w`);
      expect(attr(t, 'sizes')).toBe(MAIN_SIZES);
      expect(attr(t, 'loading')).toBe(i === 0 ? 'eager' : 'lazy');
    });
    expect(imgs[0]).toContain('fetchPriority="high"');
    expect(imgs[1]).not.toContain('fetchPriority');
  });

  it('labels each slide "N / total" and its photo "fotografia N din total"', async () => {
    const strip = part(await html(three), 'gallery__strip');
    expect(strip).toContain('<span class="gallery__count" aria-hidden="true">2<!-- --> / <!-- -->3</span>');
    expect(tags(strip, 'img').map((t) => attr(t, 'alt'))).toEqual([
      'Casă cu grădină și trei poze — fotografia 1 din 3',
      'Casă cu grădină și trei poze — fotografia 2 din 3',
      'Casă cu grădină și trei poze — fotografia 3 din 3',
    ]);
  });

  it('renders thumbnails as fragment links to the slides (no new URL), the first one current', async () => {
    const thumbs = part(await html(three), 'gallery__thumbs');
    const links = tags(thumbs, 'a');
    expect(links.map((t) => attr(t, 'href'))).toEqual(['#foto-1', '#foto-2', '#foto-3']);
    expect(links.map((t) => attr(t, 'aria-label'))).toEqual([
      'Fotografia 1 din 3',
      'Fotografia 2 din 3',
      'Fotografia 3 din 3',
    ]);
    expect(links.map((t) => attr(t, 'aria-current') ?? null)).toEqual(['true', null, null]);
  });

  it('sizes thumbnails for their small box from the same srcset, lazy beyond the first', async () => {
    const imgs = tags(part(await html(three), 'gallery__thumbs'), 'img');
    expect(imgs).toHaveLength(3);
    imgs.forEach((t, i) => {
      expect(attr(t, 'sizes')).toBe(THUMB_SIZES);
      expect(attr(t, 'srcSet')).toContain(`?w=320 320w`);
      expect(attr(t, 'src')).toBe(`/api/poze/responsive/${photos[i].id}/${photos[i].fileName}?w=320`);
      expect(attr(t, 'alt')).toBe('');
      expect(attr(t, 'loading')).toBe(i === 0 ? 'eager' : 'lazy');
      expect([attr(t, 'width'), attr(t, 'height')]).toEqual([
        String(photos[i].width),
        String(photos[i].height),
      ]);
    });
  });

  it('renders the arrows hidden (they need the island) with Romanian names', async () => {
    const buttons = tags(part(await html(three), 'gallery__frame'), 'button').filter((t) =>
      t.includes('gallery__nav'),
    );
    expect(buttons.map((t) => attr(t, 'aria-label'))).toEqual([
      'Fotografia anterioară',
      'Fotografia următoare',
    ]);
    for (const b of buttons) expect(b).toMatch(/\shidden=""/);
  });

  it('holds a closed viewer dialog whose image loads nothing until opened', async () => {
    const page = await html(three);
    const viewer = part(page, 'viewer');
    expect(tags(page, 'dialog')[0]).not.toContain(' open');
    const img = tags(viewer, 'img')[0];
    expect(attr(img, 'loading')).toBe('lazy');
    expect(attr(img, 'alt')).toBe('Fotografia 1 din 3');
    const names = tags(viewer, 'button').map((t) => attr(t, 'aria-label'));
    expect(names).toEqual(['Închide', 'Fotografia anterioară', 'Fotografia următoare']);
  });

  it('tells the viewer each full-size WebP and its width, capped at 1600 px', async () => {
    const slides = tags(part(await html(three), 'gallery__strip'), 'li');
    expect(slides.map((t) => attr(t, 'data-full'))).toEqual([
      `/api/poze/${photos[0].id}/casa-fata.webp`,
      `/api/poze/${photos[1].id}/casa-camera.webp`,
      `/api/poze/${photos[2].id}/casa-curte.webp`,
    ]);
    expect(slides.map((t) => attr(t, 'data-fw'))).toEqual(['1600', '900', '1600']);
  });

  it('loads the gallery island on the ad page, keeps the canonical URL, and adds no query links', async () => {
    const page = await html(three);
    expect(page).toMatch(/<script type="module" src="\/build\/gallery-[A-Z0-9]+\.js"><\/script>/);
    expect(page).toContain(`<link rel="canonical" href="http://127.0.0.1:8787${pathOf(three)}"/>`);
    expect(page).not.toMatch(/href="[^"]*[?&]foto=/);
  });

  it('shows one photo without thumbnails, arrows or counter, but still opens the viewer', async () => {
    const page = await html(single);
    expect(page).not.toContain('gallery__thumbs');
    expect(page).not.toContain('gallery__nav');
    expect(page).not.toContain('gallery__count');
    expect(tags(part(page, 'gallery__strip'), 'img')[0]).toContain('alt="Garsonieră cu o singură poză"');
    expect(page).toContain('<dialog class="viewer"');
    expect(page).toMatch(/src="\/build\/gallery-/);
  });

  it('renders no gallery and no gallery script for an ad without photos', async () => {
    const page = await html(none);
    expect(page).not.toContain('class="gallery"');
    expect(page).not.toContain('<dialog');
    expect(page).not.toMatch(/src="\/build\/gallery-/);
  });

  it('escapes a hostile title in every alt and label', async () => {
    const page = await html(hostile);
    const gallery = part(page, 'gallery__frame');
    expect(gallery).not.toContain('<script>');
    expect(gallery).toContain(
      'alt="Apartament &quot;2&quot; &lt;script&gt;alert(1)&lt;/script&gt; camere — fotografia 1 din 2"',
    );
    expect(page).toContain(
      'aria-label="Fotografii: Apartament &quot;2&quot; &lt;script&gt;alert(1)&lt;/script&gt; camere"',
    );
  });
});

describe('frameRatio and fullWidth', () => {
  const photo = (width: number, height: number) => ({ id: 1, fileName: 'a.jpg', width, height });
  it('uses the stored dimensions when the first photo is between square and 16:9', () => {
    expect(frameRatio([photo(1600, 1200)])).toBe('1600 / 1200');
    expect(frameRatio([photo(1000, 1000)])).toBe('1000 / 1000');
    expect(frameRatio([photo(1920, 1080), photo(100, 900)])).toBe('1920 / 1080');
  });
  it('keeps portrait photos square and panoramas at 16:9, so no frame is huge or a sliver', () => {
    expect(frameRatio([photo(900, 1600)])).toBe('1.0000');
    expect(frameRatio([photo(4000, 1000)])).toBe('1.7778');
  });
  it('caps the full-size width at 1600 px', () => {
    expect(fullWidth(photo(2560, 1440))).toBe(1600);
    expect(fullWidth(photo(1200, 900))).toBe(1200);
  });
});
