// @ts-check
// The old site's photo folder for the import tests, generated (nothing binary is committed): JPEGs as
// the old site kept them, one with EXIF orientation 6 (stored sideways), one oversized (5000×3000,
// above the pipeline's 4 MP), a damaged one (a cut JPEG), a PNG under a `.PNG` name, a missing one
// (listed in the dump, absent here) and a `miniaturi/` folder of thumbnails the import ignores.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** A photo-like picture: a gradient with a few shapes (compresses like a photo, not like a flat fill). */
function scene(width, height, hue) {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 120) % 360},50%,30%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${Math.min(width, height) * 0.2}" fill="hsl(${(hue + 60) % 360},70%,50%)"/>
    <rect x="${width * 0.55}" y="${height * 0.5}" width="${width * 0.3}" height="${height * 0.3}" fill="#fff" opacity="0.6"/>
  </svg>`);
}

export async function jpeg(width, height, hue = 200, orientation) {
  let img = sharp(scene(width, height, hue)).jpeg({ quality: 80 });
  if (orientation) img = img.withMetadata({ orientation });
  return img.toBuffer();
}

/** Writes the fixture photos of old-site.sql into `dir`. */
export async function makeFixturePhotos(dir) {
  mkdirSync(join(dir, 'miniaturi'), { recursive: true });
  writeFileSync(join(dir, '101-1001-living.JPG'), await jpeg(1280, 960, 30));
  // Stored 400 wide × 300 high with orientation 6: shown upright it is 300 × 400.
  writeFileSync(join(dir, '101-1002-rotita.jpeg'), await jpeg(400, 300, 90, 6));
  writeFileSync(join(dir, '101-1003-panorama.jpg'), await jpeg(5000, 3000, 150));
  const cut = await jpeg(1280, 960, 210);
  writeFileSync(join(dir, '102-1004-stricata.jpg'), cut.subarray(0, Math.floor(cut.length / 3)));
  writeFileSync(
    join(dir, '110-1006-casa.PNG'),
    await sharp(scene(800, 600, 270))
      .png()
      .toBuffer(),
  );
  writeFileSync(join(dir, '104-1007-v2.jpg'), await jpeg(640, 480, 330));
  writeFileSync(join(dir, 'miniaturi', '101-1001-living.JPG'), await jpeg(100, 75, 30));
}
