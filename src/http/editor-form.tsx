// The ad editor's form on the server: the page itself with its categories and photos, what a new
// ad and a change share when checking a submission (plain-form uploads included), the edit-conflict
// page and the form given back when D1 fails. The routes are in src/routes/editor.tsx.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ReactNode } from 'react';
import { EditConflict } from '../components/EditConflict';
import { actionsFor } from '../components/PostActions';
import { buildTree, type CategoryTree, getCategoryTreeCached } from '../db/categories';
import { checkPhotos, countPhotosSince, listPhotosByIds, listPhotosOfPost } from '../db/photos';
import type { Post } from '../db/schema';
import type { AppEnv, CurrentUser } from '../env';
import {
  type EditGuard,
  fingerprintValues,
  mergeEdit,
  OPENED_PHOTOS_FIELD,
  OPENED_VALUES_FIELD,
  TOKEN_FIELD,
  VERSION_FIELD,
} from '../lib/edit-guard';
import { BadInput, Forbidden, HttpError } from '../lib/errors';
import { postHref, route } from '../lib/links';
import { LOCALITIES } from '../lib/localities';
import { type CategoryKind, FIELDS_BY_KIND } from '../lib/post-fields';
import {
  type CategoryChoice,
  MAX_PHOTOS,
  type PostFormValues,
  type PostInput,
  validatePostForm,
} from '../lib/post-form';
import { statusLine } from '../lib/post-status';
import { type EditorCategory, EditorPage, type EditorPhoto } from '../pages/EditorPage';
import { ingestPhoto } from '../photos/ingest';
import { UPLOADS_PER_HOUR } from '../photos/limits';
import { responsiveUrl } from '../photos/urls';
import { uploadRefusal } from '../platform/rate-limits';

function categoryChoices(tree: CategoryTree): { choices: CategoryChoice[]; groups: EditorCategory[] } {
  const choices: CategoryChoice[] = [];
  const groups: EditorCategory[] = [];
  for (const root of tree.roots) {
    const kind = root.kind as CategoryKind;
    groups.push({
      id: root.id,
      name: root.name,
      kind,
      children: root.children.map((s) => ({ id: s.id, name: s.name, kind: s.kind as CategoryKind })),
    });
    if (root.children.length === 0)
      choices.push({ id: root.id, categoryId: root.id, subcategoryId: null, kind });
    for (const s of root.children)
      choices.push({ id: s.id, categoryId: root.id, subcategoryId: s.id, kind: s.kind as CategoryKind });
  }
  return { choices, groups };
}

/**
 * Photos chosen in the plain file input (no JavaScript): stored now, even when the rest of the form
 * fails validation, so they come back as `photoIds` and nothing is lost.
 */
async function ingestChosenFiles(
  c: Context<AppEnv>,
  form: FormData,
  user: CurrentUser,
  values: PostFormValues,
): Promise<string | undefined> {
  const files = form.getAll('photos').filter((f): f is File => typeof f !== 'string' && f.size > 0);
  if (files.length === 0) return undefined;
  const db = c.get('db');
  const problems: string[] = [];
  const now = Date.now();
  let budget = UPLOADS_PER_HOUR - (await countPhotosSince(db, user.id, now - 60 * 60 * 1000));
  for (const file of files) {
    if (values.photoIds.length >= MAX_PHOTOS) {
      problems.push(`Un anunț poate avea cel mult ${MAX_PHOTOS} fotografii; celelalte nu au fost adăugate.`);
      break;
    }
    if (budget <= 0) {
      problems.push('Ați încărcat prea multe fotografii în ultima oră. Încercați din nou mai târziu.');
      break;
    }
    const limited = await uploadRefusal(c, user.id);
    if (limited) {
      problems.push(limited);
      break;
    }
    try {
      const photo = await ingestPhoto(c.env, db, {
        bytes: await file.arrayBuffer(),
        userId: user.id,
        kind: 'post',
        postId: null,
        baseName: values.title.trim() || 'foto',
        position: values.photoIds.length,
        now,
      });
      values.photoIds.push(photo.id);
      budget--;
    } catch (err) {
      if (!(err instanceof BadInput)) throw err;
      const name = file.name ? `${file.name.slice(0, 80)}: ` : '';
      problems.push(`${name}${err.fields.photos ?? err.message}`);
    }
  }
  return problems.length > 0 ? problems.join(' ') : undefined;
}

/** The photos to show in the form: only those the person may attach, in the form's order. */
async function editorPhotos(
  c: Context<AppEnv>,
  ids: number[],
  user: CurrentUser,
  postId: number | null,
): Promise<{ photos: EditorPhoto[]; ids: number[] }> {
  const { allowed } = await checkPhotos(c.get('db'), ids, user.id, postId);
  const rows = await listPhotosByIds(c.get('db'), allowed);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const photos: EditorPhoto[] = [];
  for (const id of allowed) {
    const p = byId.get(id);
    if (p) photos.push({ id: p.id, thumbUrl: responsiveUrl(p, 320) });
  }
  return { photos, ids: photos.map((p) => p.id) };
}

export interface RenderArgs {
  mode: 'new' | 'edit';
  values: PostFormValues;
  errors?: Record<string, string>;
  formMessage?: string;
  post?: Post;
  user: CurrentUser;
  tree: CategoryTree;
  /** What the form carries back: its version and photos (edit) or its one-time token (new). */
  hiddenFields?: { name: string; value: string }[];
  notice?: ReactNode;
  submitLabel?: string;
  /** The ad being edited when its row could not be read (the form still posts back to it). */
  postId?: number;
}

/** The editor; `user` is null only when the session could not be looked up (a 503 keeping the form). */
export async function renderEditor(
  c: Context<AppEnv>,
  args: Omit<RenderArgs, 'user'> & { user: CurrentUser | null },
) {
  const { groups } = categoryChoices(args.tree);
  const user = args.user;
  const { photos, ids } = await (user
    ? editorPhotos(c, args.values.photoIds, user, args.post?.id ?? null)
    : Promise.reject(new Error('no user'))
  ).catch(
    // D1 unreachable: the photos stay in the form by id, shown without their thumbnails.
    () => ({
      photos: args.values.photoIds.map((id) => ({ id, thumbUrl: PHOTO_PLACEHOLDER })),
      ids: args.values.photoIds,
    }),
  );
  const values = { ...args.values, photoIds: ids };
  const now = Date.now();
  const post = args.post;
  const title = args.mode === 'new' ? 'Publică un anunț' : 'Modifică anunțul';
  return c.render(
    <EditorPage
      mode={args.mode}
      action={
        post || args.postId ? route('editPost', { postId: post?.id ?? args.postId ?? 0 }) : route('newPost')
      }
      values={values}
      errors={args.errors ?? {}}
      formMessage={args.formMessage}
      categories={groups}
      localities={LOCALITIES}
      photos={photos}
      uploadUrl={route('photoUpload')}
      hiddenFields={args.hiddenFields}
      notice={args.notice}
      submitLabel={args.submitLabel}
      post={
        post
          ? {
              href: postHref(args.tree, post),
              statusLabel: statusLine(post, now),
              actions: { ...(user ? actionsFor(post, user, now) : {}), edit: undefined },
            }
          : undefined
      }
    />,
    { title, noindex: true, islands: ['editor'] },
  );
}

export function valuesOf(post: Post, photoIds: number[]): PostFormValues {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(post.fields ?? {})) fields[k] = String(v);
  return {
    category: String(post.subcategoryId ?? post.categoryId),
    title: post.title,
    description: post.description,
    price: post.price > 0 ? String(post.price) : '',
    currency: post.currency,
    negotiable: post.negotiable,
    locality: post.locality,
    phone: post.phone ?? '',
    fields,
    photoIds,
  };
}

/**
 * What creating and editing an ad share: refuses photo ids that belong to someone else, takes in the
 * chosen files (kept for the next try whatever else is wrong) and validates the form. Either the
 * input and the photos the ad may have, or the editor again (400) with each problem by its field.
 */
export async function checkSubmission(
  c: Context<AppEnv>,
  form: FormData,
  args: RenderArgs,
): Promise<{ ok: true; input: PostInput; photoIds: number[] } | { ok: false; response: Response }> {
  const { values, user, tree } = args;
  const db = c.get('db');
  const postId = args.post?.id ?? null;
  const { foreign } = await checkPhotos(db, values.photoIds, user.id, postId);
  if (foreign.length > 0) throw new Forbidden();
  const photoProblem = await ingestChosenFiles(c, form, user, values);
  const result = validatePostForm(values, categoryChoices(tree).choices);
  if (!result.ok || photoProblem) {
    const errors = result.ok ? {} : result.errors;
    if (photoProblem) errors.photos = photoProblem;
    c.status(400);
    return { ok: false, response: await renderEditor(c, { ...args, errors }) };
  }
  const { allowed } = await checkPhotos(db, values.photoIds, user.id, postId);
  return { ok: true, input: result.data, photoIds: allowed };
}

/** The hidden input of a new-ad form's one-time token. */
export function tokenField(token: string): { name: string; value: string }[] {
  return [{ name: TOKEN_FIELD, value: token }];
}

/** The hidden inputs of an edit form: the version it was opened at and the photos it was opened with. */
export function versionFields(
  version: number,
  openedPhotoIds: number[],
  openedValues: string | null,
): { name: string; value: string }[] {
  return [
    { name: VERSION_FIELD, value: String(version) },
    ...(openedValues ? [{ name: OPENED_VALUES_FIELD, value: openedValues }] : []),
    { name: `${OPENED_PHOTOS_FIELD}Listed`, value: '1' },
    ...openedPhotoIds.map((id) => ({ name: OPENED_PHOTOS_FIELD, value: String(id) })),
  ];
}

/** Shown in place of photos whose thumbnails cannot be looked up (D1 unreachable). */
const PHOTO_PLACEHOLDER = '/logo.svg';
/** Seconds the person is asked to wait before sending the form again when D1 fails. */
const RETRY_AFTER_S = 10;

/**
 * When D1 fails (throws or times out) while a form is being saved, nothing typed is lost: the form
 * comes back as sent, with its photos, as a 503 with `Retry-After` and a message to try again.
 * Refusals (4xx) are not failures and go on to the error page as before.
 */
export async function keepFormOnFailure(
  c: Context<AppEnv>,
  err: unknown,
  args: Omit<RenderArgs, 'tree' | 'user'> & { user: CurrentUser | null },
): Promise<Response> {
  if (err instanceof HttpError || err instanceof HTTPException) throw err;
  console.error('Saving an ad failed', c.req.method, c.req.path, err);
  const tree = await getCategoryTreeCached(c.get('db')).catch(() => buildTree([]));
  c.status(503);
  c.header('Retry-After', String(RETRY_AFTER_S));
  return renderEditor(c, {
    ...args,
    tree,
    formMessage:
      'Anunțul nu a putut fi salvat acum: baza de date nu răspunde. Tot ce ați scris și fotografiile sunt păstrate mai jos; încercați din nou peste câteva secunde.',
  });
}

/**
 * The editor again after a save over a newer version (409): the person's own text and photos, plus
 * the photos added elsewhere since, at the ad's current version, with what differs shown on top.
 * Sending it saves over the current version; a link starts again from it.
 */
export async function renderConflict(
  c: Context<AppEnv>,
  args: { values: PostFormValues; guard: EditGuard; post: Post; user: CurrentUser; tree: CategoryTree },
) {
  const { values, guard, post, user, tree } = args;
  const db = c.get('db');
  const current = (await listPhotosOfPost(db, post.id)).filter((p) => p.kind === 'post');
  const currentIds = current.map((p) => p.id);
  const opened = guard.openedPhotoIds ?? [];
  const added = current.filter((p) => !opened.includes(p.id) && !values.photoIds.includes(p.id));
  const removedElsewhere = opened.filter((id) => !currentIds.includes(id));
  const kind = tree.byId.get(post.subcategoryId ?? post.categoryId)?.kind as CategoryKind | undefined;
  const fieldLabels: Record<string, string> = {};
  for (const def of FIELDS_BY_KIND[kind ?? 'general'] ?? []) fieldLabels[def.name] = def.label;
  const categoryName = (id: string) => tree.byId.get(Number(id))?.name ?? id;
  const now = valuesOf(post, currentIds);
  const { merged, changes, keptFromOther } = mergeEdit(
    values,
    now,
    guard.openedValues,
    fieldLabels,
    categoryName,
  );
  c.status(409);
  return renderEditor(c, {
    mode: 'edit',
    values: { ...merged, photoIds: [...values.photoIds, ...added.map((p) => p.id)] },
    post,
    user,
    tree,
    // The merged form now stands on the current version: saving it changes only what it names.
    hiddenFields: versionFields(post.version, currentIds, fingerprintValues(now)),
    submitLabel: 'Salvează varianta mea',
    notice: (
      <EditConflict
        changes={changes}
        keptFromOther={keptFromOther}
        photosAdded={added.map((p) => ({ id: p.id, thumbUrl: responsiveUrl(p, 320) }))}
        photosRemovedCount={removedElsewhere.length}
        restartHref={route('editPost', { postId: post.id })}
        postHref={postHref(tree, post)}
      />
    ),
  });
}
