// Publishing (issue 7): `/posts/new`, `/posts/edit/:postId`, the owner's lifecycle actions
// (`/posts/edit/:postId/publica|reinnoieste|vandut|retrage|sterge`) and `/posts/mine`.
// Authorization is decided by src/auth/guards.ts on every route: anonymous 401 (the `signedIn`
// middleware), banned 403, another person's ad 403, operators any ad.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireOwner, requireWriter, signedIn } from '../auth/guards';
import { actionsFor } from '../components/PostActions';
import { type CategoryTree, getCategoryTreeCached } from '../db/categories';
import {
  applyLifecycle,
  checkPhotos,
  countPostsCreatedSince,
  createPost,
  deletePost,
  getPost,
  type LifecycleAction,
  listMyPosts,
  NEW_POSTS_PER_DAY,
  updatePost,
} from '../db/lifecycle';
import type { LogEntry } from '../db/moderation';
import { countPhotosSince, listPhotosByIds, listPhotosOfPost } from '../db/photos';
import type { Post } from '../db/schema';
import type { AppEnv, CurrentUser } from '../env';
import { setFlash } from '../flash';
import { DAY_MS, formatDate } from '../lib/dates';
import { BadInput, Forbidden, NotFound } from '../lib/errors';
import { type FlashCode, isFlashCode } from '../lib/flash';
import { postPath, route, safeReturnPath } from '../lib/links';
import { LOCALITIES } from '../lib/localities';
import type { CategoryKind } from '../lib/post-fields';
import {
  type CategoryChoice,
  emptyValues,
  MAX_PHOTOS,
  type PostFormValues,
  type PostInput,
  readPostForm,
  validatePostForm,
} from '../lib/post-form';
import { STATUS_NAMES, shownStatus, statusAdvice, statusLine } from '../lib/post-status';
import { formatPrice } from '../lib/price';
import { forgetPages } from '../page-cache';
import { type EditorCategory, EditorPage, type EditorPhoto } from '../pages/EditorPage';
import { ConfirmDeletePage, type MyPostRow, MyPostsPage } from '../pages/MyPostsPage';
import { ingestPhoto } from '../photos/ingest';
import { responsiveUrl } from '../photos/urls';
import { UPLOADS_PER_HOUR } from './photos';

export const editorRoutes = new Hono<AppEnv>();
editorRoutes.use('/posts/*', signedIn);

const ACTIONS: Record<string, LifecycleAction> = {
  publica: 'publish',
  reinnoieste: 'renew',
  vandut: 'sold',
  retrage: 'unpublish',
};

/** The confirmation each action leaves for the next page. */
const DONE: Record<string, FlashCode> = {
  publica: 'republicat',
  reinnoieste: 'reinnoit',
  vandut: 'vandut',
  retrage: 'retras',
  sterge: 'sters',
};

function parseId(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) throw new NotFound('Anunțul nu a fost găsit');
  const id = Number(value);
  if (id > 2 ** 31 - 1) throw new NotFound('Anunțul nu a fost găsit');
  return id;
}

/** The ad, if the signed-in person may change it (owner or operator; banned 403, others 403). */
async function editablePost(c: Context<AppEnv>): Promise<{ post: Post; user: CurrentUser }> {
  requireWriter(c);
  const post = await getPost(c.get('db'), parseId(c.req.param('postId')));
  if (!post) throw new NotFound('Anunțul nu a fost găsit');
  const user = requireOwner(c, post.userId);
  return { post, user };
}

/** An operator acting on someone else's ad leaves a trace in the moderation log. */
function operatorLog(user: CurrentUser, post: Post, action: string): LogEntry | undefined {
  if (!user.isOperator || user.id === post.userId) return undefined;
  return { operatorUserId: user.id, action, targetType: 'post', targetId: post.id };
}

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

function categorySlug(tree: CategoryTree, post: Pick<Post, 'categoryId'>): string {
  return tree.byId.get(post.categoryId)?.slug ?? 'diverse';
}

async function readForm(c: Context<AppEnv>): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    throw new BadInput('Formularul nu a putut fi citit. Vă rugăm să încercați din nou.');
  }
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
}

async function renderEditor(c: Context<AppEnv>, args: RenderArgs) {
  const { groups } = categoryChoices(args.tree);
  const { photos, ids } = await editorPhotos(c, args.values.photoIds, args.user, args.post?.id ?? null);
  const values = { ...args.values, photoIds: ids };
  const now = Date.now();
  const post = args.post;
  const title = args.mode === 'new' ? 'Publică un anunț' : 'Modifică anunțul';
  return c.render(
    <EditorPage
      mode={args.mode}
      action={post ? route('editPost', { postId: post.id }) : route('newPost')}
      values={values}
      errors={args.errors ?? {}}
      formMessage={args.formMessage}
      categories={groups}
      localities={LOCALITIES}
      photos={photos}
      uploadUrl={route('photoUpload')}
      post={
        post
          ? {
              href: postPath(post, categorySlug(args.tree, post)),
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
  return renderEditor(c, { mode: 'new', values, user, tree });
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

editorRoutes.post('/posts/new', async (c) => {
  const user = requireWriter(c);
  const db = c.get('db');
  const form = await readForm(c);
  const values = readPostForm(form);
  const tree = await getCategoryTreeCached(db);
  const now = Date.now();
  if ((await countPostsCreatedSince(db, user.id, now - DAY_MS)) >= NEW_POSTS_PER_DAY) {
    c.status(429);
    return renderEditor(c, {
      mode: 'new',
      values,
      user,
      tree,
      formMessage: `Ați publicat deja ${NEW_POSTS_PER_DAY} anunțuri în ultimele 24 de ore. Puteți publica din nou mâine.`,
    });
  }
  const checked = await checkSubmission(c, form, { mode: 'new', values, user, tree });
  if (!checked.ok) return checked.response;
  const id = await createPost(db, { userId: user.id, input: checked.input, photoIds: checked.photoIds, now });
  const slug = categorySlug(tree, checked.input);
  // Nothing cached shows the new ad's own page yet; this refreshes the counts.
  await forgetPages(c.req.url, []);
  const created = { id, slug: (await getPost(db, id))?.slug ?? '' };
  setFlash(c, 'publicat');
  return c.redirect(postPath(created, slug), 303);
});

editorRoutes.get('/posts/edit/:postId', async (c) => {
  const { post, user } = await editablePost(c);
  const db = c.get('db');
  const tree = await getCategoryTreeCached(db);
  const photos = await listPhotosOfPost(db, post.id);
  return renderEditor(c, {
    mode: 'edit',
    values: valuesOf(
      post,
      photos.filter((p) => p.kind === 'post').map((p) => p.id),
    ),
    post,
    user,
    tree,
  });
});

editorRoutes.post('/posts/edit/:postId', async (c) => {
  const { post, user } = await editablePost(c);
  const db = c.get('db');
  const form = await readForm(c);
  const values = readPostForm(form);
  const tree = await getCategoryTreeCached(db);
  const checked = await checkSubmission(c, form, { mode: 'edit', values, post, user, tree });
  if (!checked.ok) return checked.response;
  const now = Date.now();
  const oldPath = postPath(post, categorySlug(tree, post));
  // The author correcting a hidden ad asks the operators to look again; an operator's edit does not.
  const changedWhileHidden = post.status === 'hidden' && user.id === post.userId;
  await updatePost(c.env, db, {
    post,
    input: checked.input,
    photoIds: checked.photoIds,
    now,
    log: operatorLog(user, post, 'edit'),
    changedWhileHidden,
  });
  const saved = await getPost(db, post.id);
  const target = postPath(saved ?? post, categorySlug(tree, saved ?? post));
  await forgetPages(c.req.url, [oldPath, target]);
  setFlash(c, changedWhileHidden ? 'salvat-verificare' : 'salvat');
  return c.redirect(target, 303);
});

/** Where an action returns: the page it came from (same site only), else `fallback`. */
function afterAction(form: FormData, fallback: string): string {
  const raw = form.get('returnTo');
  return safeReturnPath(typeof raw === 'string' ? raw : null, '') || fallback;
}

async function optionalForm(c: Context<AppEnv>): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    return new FormData();
  }
}

/** The page that asks before an ad is deleted, with `error` when the box was not ticked. */
async function renderConfirmDelete(c: Context<AppEnv>, post: Post, error?: string) {
  const db = c.get('db');
  const [tree, photos] = await Promise.all([getCategoryTreeCached(db), listPhotosOfPost(db, post.id)]);
  return c.render(
    <ConfirmDeletePage
      title={post.title}
      postHref={postPath(post, categorySlug(tree, post))}
      action={route('postAction', { postId: post.id, action: 'sterge' })}
      photoCount={photos.length}
      cancelHref={route('myPosts')}
      error={error}
    />,
    { title: 'Ștergeți anunțul?', noindex: true },
  );
}

editorRoutes.get('/posts/edit/:postId/sterge', async (c) => {
  const { post } = await editablePost(c);
  return renderConfirmDelete(c, post);
});

editorRoutes.post('/posts/edit/:postId/sterge', async (c) => {
  const { post, user } = await editablePost(c);
  const db = c.get('db');
  const form = await optionalForm(c);
  if (form.get('confirm') !== 'da') {
    c.status(400);
    return renderConfirmDelete(c, post, 'Bifați căsuța pentru a confirma ștergerea.');
  }
  const tree = await getCategoryTreeCached(db);
  await deletePost(c.env, db, post.id, Date.now(), operatorLog(user, post, 'delete'));
  await forgetPages(c.req.url, [postPath(post, categorySlug(tree, post))]);
  const fallback = user.id === post.userId ? route('myPosts') : route('moderation');
  setFlash(c, 'sters');
  // The ad's own page is gone: never return there.
  const back = afterAction(form, fallback);
  return c.redirect(back.startsWith('/anunt/') ? fallback : back, 303);
});

editorRoutes.post('/posts/edit/:postId/:action', async (c) => {
  const name = c.req.param('action');
  const action = ACTIONS[name];
  if (!action) throw new NotFound();
  const { post, user } = await editablePost(c);
  const db = c.get('db');
  const form = await optionalForm(c);
  await applyLifecycle(db, post, action, Date.now(), operatorLog(user, post, name));
  const tree = await getCategoryTreeCached(db);
  await forgetPages(c.req.url, [postPath(post, categorySlug(tree, post))]);
  const code = DONE[name];
  if (isFlashCode(code)) setFlash(c, code);
  return c.redirect(afterAction(form, postPath(post, categorySlug(tree, post))), 303);
});

editorRoutes.get('/posts/mine', async (c) => {
  const user = c.get('user') as CurrentUser;
  const db = c.get('db');
  const [tree, mine] = await Promise.all([getCategoryTreeCached(db), listMyPosts(db, user.id)]);
  const now = Date.now();
  const here = route('myPosts');
  const rows: MyPostRow[] = mine.map((p) => {
    const status = shownStatus(p, now);
    return {
      id: p.id,
      title: p.title,
      href: postPath(p, categorySlug(tree, p)),
      thumbUrl: p.photo ? responsiveUrl(p.photo, 320) : null,
      statusLabel: STATUS_NAMES[status],
      statusClass: `status--${status}`,
      detail: myPostDetail(p, now),
      advice: statusAdvice(p, now) ?? undefined,
      hiddenReason: status === 'hidden' ? (p.hiddenReason ?? null) : null,
      price: formatPrice(p.price, p.currency),
      actions: actionsFor(p, user, now, here),
    };
  });
  return c.render(<MyPostsPage rows={rows} banned={user.banned} newPostHref={route('newPost')} />, {
    title: 'Anunțurile mele',
    noindex: true,
  });
});

/** The dates line of a row of "Anunțurile mele". */
function myPostDetail(p: Pick<Post, 'status' | 'expiresAt' | 'updatedAt'>, now: number): string {
  const status = shownStatus(p, now);
  if (status === 'published' && p.expiresAt) return `Expiră pe ${formatDate(p.expiresAt)}`;
  if (status === 'expired' && p.expiresAt) return `A expirat pe ${formatDate(p.expiresAt)}`;
  return `Modificat pe ${formatDate(p.updatedAt)}`;
}

// Unknown lifecycle paths and methods.
editorRoutes.all('/posts/edit/:postId/*', () => {
  throw new NotFound();
});
