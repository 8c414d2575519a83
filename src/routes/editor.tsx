// Writing an ad (docs/lifecycle.md): the form of a new ad (`/posts/new`) and of an ad's changes
// (`/posts/edit/:postId`), with plain-form photo uploads, edit conflicts and a form kept when D1
// fails. The owner's list, deleting and lifecycle actions are in src/routes/my-posts.tsx.
// Authorization: anonymous 401 (the `signedIn` middleware), banned 403, another person's ad 403,
// operators any ad (src/http/owned-post.ts).
import type { Context } from 'hono';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ReactNode } from 'react';
import { requireWriter, signedIn } from '../auth/guards';
import { EditConflict } from '../components/EditConflict';
import { actionsFor } from '../components/PostActions';
import { buildTree, type CategoryTree, getCategoryTreeCached } from '../db/categories';
import {
  checkPhotos,
  countPostsCreatedSince,
  createPost,
  findPostByToken,
  getPost,
  NEW_POSTS_PER_DAY,
  nextNewPostAt,
  updatePost,
} from '../db/lifecycle';
import { countPhotosSince, listPhotosByIds, listPhotosOfPost } from '../db/photos';
import type { Post } from '../db/schema';
import type { AppEnv, CurrentUser } from '../env';
import { setFlash } from '../flash';
import { privateAnswers, submittedForm } from '../http/helpers';
import { editablePost, operatorLog } from '../http/owned-post';
import { DAY_MS } from '../lib/dates';
import {
  type EditGuard,
  fieldChanges,
  newSubmissionToken,
  OPENED_PHOTOS_FIELD,
  photoPlan,
  readEditGuard,
  TOKEN_FIELD,
  VERSION_FIELD,
} from '../lib/edit-guard';
import { BadInput, Forbidden, HttpError, NotFound } from '../lib/errors';
import { categorySlugOf, postHref, postPath, route } from '../lib/links';
import { LOCALITIES } from '../lib/localities';
import { ADS, plural } from '../lib/plural';
import { type CategoryKind, FIELDS_BY_KIND } from '../lib/post-fields';
import {
  type CategoryChoice,
  emptyValues,
  MAX_PHOTOS,
  type PostFormValues,
  type PostInput,
  readPostForm,
  validatePostForm,
} from '../lib/post-form';
import { statusLine } from '../lib/post-status';
import { forgetPages } from '../page-cache';
import { purgeForPost } from '../page-purge';
import { type EditorCategory, EditorPage, type EditorPhoto } from '../pages/EditorPage';
import { ingestPhoto } from '../photos/ingest';
import { responsiveUrl } from '../photos/urls';
import { NEW_POST_REFUSAL, newPostAllowed, uploadRefusal } from '../platform/rate-limits';
import { UPLOADS_PER_HOUR } from './photos';

export const editorRoutes = new Hono<AppEnv>();
editorRoutes.use('/posts/*', privateAnswers, signedIn);

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

interface RenderArgs {
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

async function renderEditor(c: Context<AppEnv>, args: RenderArgs) {
  const { groups } = categoryChoices(args.tree);
  const { photos, ids } = await editorPhotos(c, args.values.photoIds, args.user, args.post?.id ?? null).catch(
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
              actions: { ...actionsFor(post, args.user, now), edit: undefined },
            }
          : undefined
      }
    />,
    { title, noindex: true, islands: ['editor'] },
  );
}

function valuesOf(post: Post, photoIds: number[]): PostFormValues {
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

editorRoutes.get('/posts/new', async (c) => {
  const user = requireWriter(c);
  const tree = await getCategoryTreeCached(c.get('db'));
  const values = emptyValues(user.phone);
  const category = c.req.query('categorie');
  if (category && /^\d{1,6}$/.test(category)) values.category = category;
  return renderEditor(c, { mode: 'new', values, user, tree, hiddenFields: tokenField(newSubmissionToken()) });
});

/**
 * What creating and editing an ad share: refuses photo ids that belong to someone else, takes in the
 * chosen files (kept for the next try whatever else is wrong) and validates the form. Either the
 * input and the photos the ad may have, or the editor again (400) with each problem by its field.
 */
async function checkSubmission(
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

/** The editor given back with everything typed, refused with 429, `Retry-After` and `message`. */
async function refuseNewPost(c: Context<AppEnv>, args: RenderArgs, message: string, retryAfterMs: number) {
  c.status(429);
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return renderEditor(c, { ...args, formMessage: message });
}

const DAILY_LIMIT_MESSAGE = `Ați publicat deja ${plural(NEW_POSTS_PER_DAY, ADS)} în ultimele 24 de ore. Puteți publica din nou când primul dintre ele împlinește 24 de ore.`;

editorRoutes.post('/posts/new', async (c) => {
  const user = requireWriter(c);
  const form = await submittedForm(c);
  const values = readPostForm(form);
  const guard = readEditGuard(form);
  // The same token is sent again until an ad is made with it (a failed try created nothing).
  const hiddenFields = tokenField(guard.token ?? newSubmissionToken());
  try {
    const db = c.get('db');
    // The same form sent again (a double click, the back button): the ad it already created.
    if (guard.token) {
      const existing = await findPostByToken(db, guard.token);
      if (existing) return redirectToCreated(c, existing, user);
    }
    const tree = await getCategoryTreeCached(db);
    const now = Date.now();
    const args: RenderArgs = { mode: 'new', values, user, tree, hiddenFields };
    // An early, friendly refusal before any photo is taken in; the limit itself is kept by createPost.
    if ((await countPostsCreatedSince(db, user.id, now - DAY_MS)) >= NEW_POSTS_PER_DAY)
      return refuseNewPost(c, args, DAILY_LIMIT_MESSAGE, (await nextNewPostAt(db, user.id, now)) - now);
    const checked = await checkSubmission(c, form, args);
    if (!checked.ok) return checked.response;
    if (!(await newPostAllowed(c, user.id))) return refuseNewPost(c, args, NEW_POST_REFUSAL, 60_000);
    const id = await createPost(db, {
      userId: user.id,
      input: checked.input,
      photoIds: checked.photoIds,
      now,
      submissionToken: guard.token,
    });
    if (id === null) {
      // Another submission of this form won the race: its ad is the one. Otherwise the daily limit.
      const existing = guard.token ? await findPostByToken(db, guard.token) : null;
      if (existing) return redirectToCreated(c, existing, user);
      return refuseNewPost(c, args, DAILY_LIMIT_MESSAGE, (await nextNewPostAt(db, user.id, now)) - now);
    }
    const slug = categorySlugOf(tree, checked.input.categoryId);
    // Nothing cached shows the new ad's own page yet; this refreshes the counts.
    await forgetPages(c.req.url, []);
    const created = { id, slug: (await getPost(db, id))?.slug ?? '' };
    setFlash(c, 'publicat');
    return c.redirect(postPath(created, slug), 303);
  } catch (err) {
    return keepFormOnFailure(c, err, { mode: 'new', values, user, hiddenFields });
  }
});

/** The hidden input of a new-ad form's one-time token. */
function tokenField(token: string): { name: string; value: string }[] {
  return [{ name: TOKEN_FIELD, value: token }];
}

/** The hidden inputs of an edit form: the version it was opened at and the photos it was opened with. */
function versionFields(version: number, openedPhotoIds: number[]): { name: string; value: string }[] {
  return [
    { name: VERSION_FIELD, value: String(version) },
    { name: `${OPENED_PHOTOS_FIELD}Listed`, value: '1' },
    ...openedPhotoIds.map((id) => ({ name: OPENED_PHOTOS_FIELD, value: String(id) })),
  ];
}

/** A repeated new-ad form lands on the ad it created (303), as the first submission did. */
async function redirectToCreated(c: Context<AppEnv>, post: Post, user: CurrentUser) {
  // A token is only ever in its author's own form; someone else's is refused like a stale form.
  if (post.userId !== user.id) throw new HttpError(409, 'Formularul a fost deja trimis.');
  const tree = await getCategoryTreeCached(c.get('db'));
  setFlash(c, 'publicat');
  return c.redirect(postHref(tree, post), 303);
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
async function keepFormOnFailure(
  c: Context<AppEnv>,
  err: unknown,
  args: Omit<RenderArgs, 'tree'>,
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
async function renderConflict(
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
  const changes = fieldChanges(values, valuesOf(post, currentIds), fieldLabels, categoryName);
  c.status(409);
  return renderEditor(c, {
    mode: 'edit',
    values: { ...values, photoIds: [...values.photoIds, ...added.map((p) => p.id)] },
    post,
    user,
    tree,
    hiddenFields: versionFields(post.version, currentIds),
    submitLabel: 'Salvează varianta mea peste cea actuală',
    notice: (
      <EditConflict
        changes={changes}
        photosAdded={added.map((p) => ({ id: p.id, thumbUrl: responsiveUrl(p, 320) }))}
        photosRemovedCount={removedElsewhere.length}
        restartHref={route('editPost', { postId: post.id })}
        postHref={postHref(tree, post)}
      />
    ),
  });
}

editorRoutes.get('/posts/edit/:postId', async (c) => {
  const { post, user } = await editablePost(c);
  const db = c.get('db');
  const tree = await getCategoryTreeCached(db);
  const photos = await listPhotosOfPost(db, post.id);
  const photoIds = photos.filter((p) => p.kind === 'post').map((p) => p.id);
  return renderEditor(c, {
    mode: 'edit',
    values: valuesOf(post, photoIds),
    post,
    user,
    tree,
    hiddenFields: versionFields(post.version, photoIds),
  });
});

editorRoutes.post('/posts/edit/:postId', async (c) => {
  const { post, user } = await editablePost(c);
  const form = await submittedForm(c);
  const values = readPostForm(form);
  const guard = readEditGuard(form);
  // A form that does not say its version (not this site's editor) saves over the version read now.
  const expectedVersion = guard.version ?? post.version;
  const hiddenFields = versionFields(expectedVersion, guard.openedPhotoIds ?? values.photoIds);
  try {
    const db = c.get('db');
    const tree = await getCategoryTreeCached(db);
    const checked = await checkSubmission(c, form, { mode: 'edit', values, post, user, tree, hiddenFields });
    if (!checked.ok) return checked.response;
    if (expectedVersion !== post.version) return renderConflict(c, { values, guard, post, user, tree });
    const now = Date.now();
    const oldPath = postHref(tree, post);
    const current = (await listPhotosOfPost(db, post.id)).filter((p) => p.kind === 'post').map((p) => p.id);
    const plan = photoPlan(current, checked.photoIds, guard);
    // The author correcting a hidden ad asks the operators to look again; an operator's edit does not.
    const changedWhileHidden = post.status === 'hidden' && user.id === post.userId;
    const saved = await updatePost(c.env, db, {
      post,
      input: checked.input,
      photoIds: plan.order,
      removed: plan.removed,
      expectedVersion,
      now,
      log: operatorLog(user, post, 'edit'),
      changedWhileHidden,
    });
    if (!saved) {
      // Saved elsewhere between reading the ad and writing it: nothing of this save was applied.
      const latest = await getPost(db, post.id);
      if (!latest) throw new NotFound('Anunțul nu a fost găsit');
      return renderConflict(c, { values, guard, post: latest, user, tree });
    }
    const latest = await getPost(db, post.id);
    const target = postHref(tree, latest ?? post);
    await purgeForPost(c.req.url, db, latest ?? post, [oldPath]);
    setFlash(c, changedWhileHidden ? 'salvat-verificare' : 'salvat');
    return c.redirect(target, 303);
  } catch (err) {
    return keepFormOnFailure(c, err, { mode: 'edit', values, post, user, hiddenFields });
  }
});
