// `/profile/edit`: the signed-in user's display name, default contact phone and avatar.
// Our D1 row is what the site shows; with Clerk configured the name and avatar are also sent to
// Clerk, in the background and best effort.

import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { withClerkBrowser } from '../auth/clerk-browser';
import { clerkClient } from '../auth/clerk-client';
import { requireUser, requireWriter, signedIn } from '../auth/guards';
import { AVATAR_MAX_BYTES, MESSAGES, NAME_MAX } from '../auth/messages';
import type { Photo } from '../db/schema';
import { updateProfile } from '../db/users';
import type { AppEnv, CurrentUser } from '../env';
import { setFlash } from '../flash';
import { avatarUrl } from '../http/account-links';
import { inBackground, privateAnswers } from '../http/helpers';
import { BadInput, HttpError } from '../lib/errors';
import { areaPath, route, routePath } from '../lib/links';
import { normalizeRomanianPhone } from '../lib/phone';
import { formatNumber } from '../lib/plural';
import { oneLineText, posesAsSite } from '../lib/text';
import { purgeForAuthor } from '../page-purge';
import { ProfilePage, type ProfileValues } from '../pages/ProfilePage';
import { deletePhotosByIds } from '../photos/cleanup';
import { ingestPhoto } from '../photos/ingest';
import { MAX_PIXELS_BY_FORMAT } from '../photos/limits';
import type { RefusalReason } from '../photos/refusals';
import { uploadRefusal } from '../platform/rate-limits';

export const profileRoutes = new Hono<AppEnv>();
profileRoutes.use(areaPath('profile'), privateAnswers, signedIn);

async function render(
  c: Context<AppEnv>,
  user: CurrentUser | null,
  values: ProfileValues,
  errors: Record<string, string>,
  status: 200 | 400 | 429 | 503,
  formMessage?: string,
) {
  c.status(status);
  return c.render(
    <ProfilePage
      action={route('profile')}
      values={values}
      errors={errors}
      email={user?.email ?? null}
      avatarUrl={user ? await avatarUrl(c.get('db'), user).catch(() => null) : null}
      myPostsHref={route('myPosts')}
      signOutAction={route('signOut')}
      formMessage={formMessage}
    />,
    { title: 'Profilul meu', noindex: true, islands: ['profile', ...withClerkBrowser(c)] },
  );
}

profileRoutes.get(routePath('profile'), (c) => {
  const user = requireUser(c);
  return render(
    c,
    user,
    { name: user.name, phone: user.phone ?? '', messagesOnly: user.messagesOnly },
    {},
    200,
  );
});

/** Sends the new name (and avatar) to Clerk without holding up the answer; failures are ignored. */
function syncToClerk(c: Context<AppEnv>, user: CurrentUser, name: string, avatar: Uint8Array | null) {
  const clerk = clerkClient(c.env);
  if (!clerk) return;
  const work = (async () => {
    const [firstName, ...rest] = name.split(/\s+/);
    await clerk.users.updateUser(user.clerkId, { firstName, lastName: rest.join(' ') || undefined });
    if (avatar) {
      await clerk.users.updateUserProfileImage(user.clerkId, {
        file: new Blob([avatar as Uint8Array<ArrayBuffer>]),
      });
    }
  })().catch(() => undefined);
  // Without an execution context (some tests) the promise runs on its own.
  inBackground(c, work);
}

profileRoutes.post(routePath('profile'), async (c) => {
  const lookupFailed = c.get('sessionUnavailable') === true;
  const user = lookupFailed ? null : requireWriter(c);
  const body = await c.req.parseBody();
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const values: ProfileValues = {
    name: str(body.name),
    phone: str(body.phone),
    messagesOnly: str(body.messagesOnly) === '1',
  };
  // D1 failed at the session lookup: the form comes back as typed, like a failure while saving.
  if (!user) {
    c.header('Retry-After', String(RETRY_AFTER_S));
    return render(c, null, values, {}, 503, SAVE_FAILED);
  }
  const errors: Record<string, string> = {};

  const name = oneLineText(values.name);
  if (!name) errors.name = MESSAGES.nameRequired;
  else if (posesAsSite(name)) errors.name = MESSAGES.nameImpersonates;
  else if ([...name].length > NAME_MAX) errors.name = MESSAGES.nameTooLong;

  let phone: string | null = null;
  if (values.phone.trim()) {
    phone = normalizeRomanianPhone(values.phone);
    if (!phone) errors.phone = MESSAGES.phoneInvalid;
  }

  const file = body.avatar;
  const upload = file instanceof File && file.size > 0 ? file : null;
  if (upload && upload.size > AVATAR_MAX_BYTES) errors.avatar = avatarTooBig(upload.size);
  if (Object.keys(errors).length > 0) return render(c, user, values, errors, 400);

  try {
    return await saveProfile(c, user, body, { name, phone, upload, values });
  } catch (err) {
    // D1 failed (threw or timed out): the form comes back as typed, to be sent again.
    if (err instanceof HttpError || err instanceof HTTPException) throw err;
    console.error('Saving a profile failed', err);
    c.header('Retry-After', String(RETRY_AFTER_S));
    return render(c, user, values, {}, 503, SAVE_FAILED);
  }
});

const CHOOSE_AGAIN = 'Celelalte câmpuri sunt păstrate; alegeți din nou imaginea.';

/** "12,3 MB" */
function megabytes(bytes: number): string {
  return `${String(Math.ceil((bytes / (1024 * 1024)) * 10) / 10).replace('.', ',')} MB`;
}

/** The refusal of a file over the size limit: how big it is and the limit, nothing else. */
function avatarTooBig(bytes: number): string {
  return `Imaginea are ${megabytes(bytes)}; imaginea de profil poate avea cel mult ${megabytes(AVATAR_MAX_BYTES)}. ${CHOOSE_AGAIN}`;
}

/**
 * The real reason the photo pipeline refused an avatar: the format, a damaged file, or too many
 * pixels (a camera photo sent without JavaScript; with it, the page shrinks the photo first).
 */
function avatarRefusal(err: BadInput): string {
  const reason = (err as BadInput & { reason?: RefusalReason }).reason;
  if (reason === 'dimensions')
    return `Imaginea are prea mulți pixeli: cel mult ${formatNumber(MAX_PIXELS_BY_FORMAT.jpeg / 1_000_000)} megapixeli (${formatNumber(MAX_PIXELS_BY_FORMAT.png / 1_000_000)} la PNG). Cu JavaScript pornit, pagina micșorează singură fotografia; altfel micșorați-o înainte de a o trimite. ${CHOOSE_AGAIN}`;
  if (reason === 'format') return `${MESSAGES.avatarFormat} ${CHOOSE_AGAIN}`;
  const message = (err.fields.photos ?? err.message).replace(/\.?$/, '.');
  return `${message} ${CHOOSE_AGAIN}`;
}

/** Seconds the person is asked to wait before sending the form again when D1 fails. */
const RETRY_AFTER_S = 10;
const SAVE_FAILED =
  'Profilul nu a putut fi salvat acum: baza de date nu răspunde. Ce ați scris este păstrat mai jos; încercați din nou peste câteva secunde.';

async function saveProfile(
  c: Context<AppEnv>,
  user: CurrentUser,
  body: Record<string, unknown>,
  args: { name: string; phone: string | null; upload: File | null; values: ProfileValues },
) {
  const { name, phone, upload, values } = args;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  // Nothing is stored until every other field is valid.
  let photo: Photo | null = null;
  let bytes: Uint8Array | null = null;
  if (upload) {
    const limited = await uploadRefusal(c, user.id);
    if (limited) return render(c, user, values, { avatar: limited }, 429);
    bytes = new Uint8Array(await upload.arrayBuffer());
    try {
      photo = await ingestPhoto(c.env, c.get('db'), {
        bytes,
        userId: user.id,
        kind: 'avatar',
        baseName: name,
      });
    } catch (err) {
      if (!(err instanceof BadInput)) throw err;
      return render(c, user, values, { avatar: avatarRefusal(err) }, 400);
    }
  }
  const remove = str(body.remove_avatar) === '1';
  const avatarPhotoId = photo ? photo.id : remove ? null : undefined;
  await updateProfile(c.get('db'), user.id, {
    name,
    phone,
    avatarPhotoId,
    messagesOnly: values.messagesOnly === true,
  });
  if (values.messagesOnly !== user.messagesOnly) await purgeForAuthor(c.req.url, c.get('db'), user.id);
  // The replaced avatar is no longer shown anywhere.
  if (avatarPhotoId !== undefined && user.avatarPhotoId && user.avatarPhotoId !== avatarPhotoId) {
    await deletePhotosByIds(c.env, c.get('db'), [user.avatarPhotoId]).catch(() => undefined);
  }
  syncToClerk(c, user, name, bytes);
  setFlash(c, 'profil-salvat');
  return c.redirect(route('profile'), 303);
}
