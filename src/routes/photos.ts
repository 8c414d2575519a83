// Photo API (docs/product.md#photos, docs/photos.md): the full-size and responsive WebPs, made on first request and kept in
// R2, and the upload/delete endpoints of the editor and profile islands.
import { type Context, Hono } from 'hono';
import { requireOwner, requireWriter } from '../auth/guards';
import { isImported } from '../db/import';
import { countPhotosOfPost, countPhotosSince, getPhoto, getPostOwner, getServablePhoto } from '../db/photos';
import type { AppEnv } from '../env';
import { idParam, privateAnswers, submittedForm } from '../http/helpers';
import { BadInput, NotFound, TooManyRequests } from '../lib/errors';
import { parseId } from '../lib/ids';
import { routePath } from '../lib/links';
import { MAX_PHOTOS } from '../lib/post-form';
import { deletePhotos } from '../photos/cleanup';
import { FILE_NAME_PATTERN, ingestPhoto } from '../photos/ingest';
import { originalKey, variantKey } from '../photos/keys';
import { MAX_UPLOAD_BYTES, UPLOADS_PER_HOUR } from '../photos/limits';
import { makeVariant } from '../photos/pipeline';
import { refusal } from '../photos/refusals';
import {
  DEFAULT_RESPONSIVE_WIDTH,
  FULL_MAX_WIDTH,
  photoUrl,
  RESPONSIVE_WIDTHS,
  type ResponsiveWidth,
  responsiveUrl,
  webpName,
} from '../photos/urls';
import { limitUpload } from '../platform/rate-limits';

export const photoRoutes = new Hono<AppEnv>();

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A photo the public cannot see, served to its owner or an operator: never stored by anyone. */
const PRIVATE = 'private, no-store';
const PHOTO_NOT_FOUND = 'Fotografia nu a fost găsită';
const notFound = () => new NotFound(PHOTO_NOT_FOUND);
const noPhoto = () => new BadInput('Alegeți o fotografie', { photos: 'Alegeți o fotografie' });

/**
 * The responsive width asked for. No `w` (or one that is not a number) serves 640;
 * any other number snaps to the nearest allowed width (ties go to the larger one), so a guessed
 * width still gets a sensible image and the set of variants in R2 stays fixed.
 */
export function responsiveWidth(w: string | undefined): number {
  const n = w && /^\d{1,6}$/.test(w) ? Number(w) : Number.NaN;
  if (!Number.isFinite(n)) return DEFAULT_RESPONSIVE_WIDTH;
  let best: number = RESPONSIVE_WIDTHS[0];
  for (const width of RESPONSIVE_WIDTHS) if (Math.abs(width - n) <= Math.abs(best - n)) best = width;
  return best;
}

/** True when an `If-None-Match` header lists this ETag (or `*`); weak comparison. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

async function serve(
  c: Context<AppEnv>,
  idValue: string,
  fileParam: string,
  allowedNames: (fileName: string) => string[],
  variant: 'full' | number,
) {
  const id = idParam(idValue, PHOTO_NOT_FOUND);
  // The old site's names (`<ad>-<photo>-<Name>.webp`) may carry capitals or dots; bounded all the same.
  const plausible = FILE_NAME_PATTERN.test(fileParam) || /^[A-Za-z0-9._-]{1,255}$/.test(fileParam);
  if (!plausible) throw notFound();
  const servable = await getServablePhoto(c.get('db'), id);
  if (!servable) throw notFound();
  if (!allowedNames(servable.photo.fileName).includes(fileParam)) {
    // A photo moved in from the old site, whose addresses ignored the name: one 301 to the canonical
    // address (docs/move-in.md#old-urls). Any other photo's wrong name stays a 404.
    if (servable.isPublic && (await isImported(c.get('db'), 'photo', id)))
      return c.redirect(
        variant === 'full'
          ? photoUrl(servable.photo)
          : responsiveUrl(servable.photo, variant as ResponsiveWidth),
        301,
      );
    throw notFound();
  }
  if (!FILE_NAME_PATTERN.test(fileParam)) throw notFound();
  // A hidden, held, draft or banned author's ad's photos answer 404 to everyone but the owner and the
  // operators (a deleted ad's: but the operators), who get them uncached; only public photos carry the immutable year.
  const user = c.get('user');
  const privileged =
    !!user && (user.isOperator || (user.id === servable.ownerUserId && !servable.operatorsOnly));
  if (!servable.isPublic && !privileged) throw notFound();
  const cacheControl = servable.isPublic ? IMMUTABLE : PRIVATE;
  const bucket = c.env.PHOTOS;
  const key = variantKey(id, variant);
  let etag: string;
  let body: ReadableStream | Uint8Array<ArrayBuffer>;
  const stored = await bucket.get(key);
  if (stored) {
    etag = stored.httpEtag;
    body = stored.body;
  } else {
    const original = await bucket.get(originalKey(id));
    if (!original) throw notFound();
    const bytes = await makeVariant(
      new Uint8Array(await original.arrayBuffer()),
      variant === 'full' ? FULL_MAX_WIDTH : variant,
    );
    const written = await bucket.put(key, bytes, { httpMetadata: { contentType: 'image/webp' } });
    etag = written.httpEtag;
    body = bytes;
  }
  const headers = new Headers({ ETag: etag, 'Cache-Control': cacheControl });
  if (etagMatches(c.req.header('if-none-match'), etag)) {
    if (body instanceof ReadableStream) await body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Type', 'image/webp');
  return new Response(body, { status: 200, headers });
}

// `/api/poze/responsive/{id}/{fileName}?w=` — the stored name; its `.webp` twin is accepted too.
photoRoutes.get(routePath('photoResponsive'), (c) =>
  serve(
    c,
    c.req.param('id'),
    c.req.param('fileName'),
    (name) => [name, webpName(name)],
    responsiveWidth(c.req.query('w')),
  ),
);

// `/api/poze/{id}/{fileName with extension .webp}` — the full-size WebP (≤ 1600 px wide).
photoRoutes.get(routePath('photo'), (c) =>
  serve(c, c.req.param('id'), c.req.param('fileName'), (name) => [webpName(name)], 'full'),
);

/**
 * Upload (editor and profile islands): multipart `photo` (the file), `kind` (`post` | `avatar`),
 * optional `postId` (an ad of yours) and `title` (words for the file name). 201 with the photo.
 */
photoRoutes.post(routePath('photoUpload'), privateAnswers, async (c) => {
  const user = requireWriter(c);
  const db = c.get('db');
  // Refuse an oversized body before reading it (the form adds a few hundred bytes of its own).
  if (Number(c.req.header('content-length') ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024) throw refusal('tooBig');
  const form = await submittedForm(c, noPhoto);
  const file = form.get('photo');
  if (!file || typeof file === 'string') throw noPhoto();
  const kindValue = form.get('kind') ?? 'post';
  if (kindValue !== 'post' && kindValue !== 'avatar') {
    throw new BadInput('Tip de fotografie necunoscut', { kind: 'Tip de fotografie necunoscut' });
  }
  let postId: number | null = null;
  const postValue = form.get('postId');
  if (kindValue === 'post' && typeof postValue === 'string' && postValue !== '') {
    postId = parseId(postValue);
    if (postId === null) throw new BadInput('Anunț necunoscut', { postId: 'Anunț necunoscut' });
    const post = await getPostOwner(db, postId);
    if (!post) throw new NotFound('Anunțul nu a fost găsit');
    requireOwner(c, post.userId);
    if ((await countPhotosOfPost(db, postId)) >= MAX_PHOTOS) {
      const message = `Un anunț poate avea cel mult ${MAX_PHOTOS} fotografii`;
      throw new BadInput(message, { photos: message });
    }
  }
  await limitUpload(c, user.id);
  const now = Date.now();
  if ((await countPhotosSince(db, user.id, now - 60 * 60 * 1000)) >= UPLOADS_PER_HOUR) {
    throw new TooManyRequests(
      'Ați încărcat prea multe fotografii în ultima oră. Vă rugăm să încercați din nou mai târziu.',
    );
  }
  const title = form.get('title');
  const photo = await ingestPhoto(c.env, db, {
    bytes: await file.arrayBuffer(),
    userId: user.id,
    kind: kindValue,
    postId,
    baseName: typeof title === 'string' && title ? title : kindValue === 'avatar' ? 'avatar' : 'foto',
    now,
  });
  return c.json(
    {
      id: photo.id,
      fileName: photo.fileName,
      width: photo.width,
      height: photo.height,
      url: photoUrl(photo),
      thumbUrl: responsiveUrl(photo, 320),
    },
    201,
  );
});

/** Deletes a photo (its owner or an operator): the row and every object in R2. */
photoRoutes.delete(routePath('photoDelete'), privateAnswers, async (c) => {
  const id = idParam(c.req.param('id'), PHOTO_NOT_FOUND);
  requireWriter(c);
  const photo = await getPhoto(c.get('db'), id);
  if (!photo) throw notFound();
  requireOwner(c, photo.userId);
  await deletePhotos(c.env, c.get('db'), [photo]);
  return c.json({ deleted: id });
});

photoRoutes.all(routePath('photoAny'), () => {
  throw notFound();
});
