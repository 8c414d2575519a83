// Writing an ad (docs/lifecycle.md): the form of a new ad (`/posts/new`) and of an ad's changes
// (`/posts/edit/:postId`), with plain-form photo uploads, edit conflicts and a form kept when D1
// fails. The owner's list, deleting and lifecycle actions are in src/routes/my-posts.tsx.
// Authorization: anonymous 401 (the `signedIn` middleware), banned 403, another person's ad 403,
// operators any ad (src/http/owned-post.ts).
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireWriter, signedIn } from '../auth/guards';
import { getCategoryTreeCached } from '../db/categories';
import { markIfDuplicate } from '../db/duplicates';
import { createPost, NEW_POSTS_PER_DAY, updatePost } from '../db/lifecycle';
import { countPostsCreatedSince, nextNewPostAt } from '../db/my-posts';
import { listPhotosOfPost } from '../db/photos';
import { findPostByToken, getPost } from '../db/posts';
import type { Post } from '../db/schema';
import type { AppEnv, CurrentUser, Db } from '../env';
import { setFlash } from '../flash';
import {
  checkSubmission,
  keepFormOnFailure,
  type RenderArgs,
  renderConflict,
  renderEditor,
  tokenField,
  valuesOf,
  versionFields,
} from '../http/editor-form';
import { idParam, privateAnswers, submittedForm } from '../http/helpers';
import { editablePost, operatorLog } from '../http/owned-post';
import { afterRule, BLOCKED_MESSAGE, ruleVerdict } from '../http/rules-check';
import { notePriceChange } from '../jobs/price-drop';
import { DAY_MS } from '../lib/dates';
import {
  fingerprintValues,
  formatFingerprints,
  newSubmissionToken,
  photoPlan,
  readEditGuard,
} from '../lib/edit-guard';
import { HttpError, NotFound } from '../lib/errors';
import { areaPath, categorySlugOf, postHref, postPath, routePath } from '../lib/links';
import { ADS, plural } from '../lib/plural';
import { emptyValues, readPostForm } from '../lib/post-form';
import { forgetPages } from '../page-cache';
import { purgeForPost } from '../page-purge';
import { deletePhotoObjectsOf } from '../photos/cleanup';
import { NEW_POST_REFUSAL, newPostAllowed } from '../platform/rate-limits';

export const editorRoutes = new Hono<AppEnv>();
editorRoutes.use(areaPath('newPost'), privateAnswers, signedIn);

editorRoutes.get(routePath('newPost'), async (c) => {
  const user = requireWriter(c);
  const tree = await getCategoryTreeCached(c.get('db'));
  const values = emptyValues(user.phone);
  const category = c.req.query('categorie');
  if (category && /^\d{1,6}$/.test(category)) values.category = category;
  return renderEditor(c, { mode: 'new', values, user, tree, hiddenFields: tokenField(newSubmissionToken()) });
});

/** The editor given back with everything typed, refused with 429, `Retry-After` and `message`. */
async function refuseNewPost(c: Context<AppEnv>, args: RenderArgs, message: string, retryAfterMs: number) {
  c.status(429);
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return renderEditor(c, { ...args, formMessage: message });
}

const DAILY_LIMIT_MESSAGE = `Ați publicat deja ${plural(NEW_POSTS_PER_DAY, ADS)} în ultimele 24 de ore. Puteți publica din nou când primul dintre ele împlinește 24 de ore.`;

editorRoutes.post(routePath('newPost'), async (c) => {
  const form = await submittedForm(c);
  const values = readPostForm(form);
  const guard = readEditGuard(form);
  // The same token is sent again until an ad is made with it (a failed try created nothing).
  const hiddenFields = tokenField(guard.token ?? newSubmissionToken());
  // D1 failed at the session lookup: the form comes back as typed, like a failure later on.
  if (c.get('sessionUnavailable'))
    return keepFormOnFailure(c, new Error('session lookup failed'), {
      mode: 'new',
      values,
      user: null,
      hiddenFields,
    });
  const user = requireWriter(c);
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
    // Operators' rules (docs/moderation.md#rules): a block gives the form back, saying nothing of the rule.
    const rule = await ruleVerdict(db, user, checked.input);
    if (rule?.action === 'block') return refuseByRule(c, args);
    if (!(await newPostAllowed(c, user.id))) {
      // Identical submissions of one form racing each other (a double click, a retry) each ask the
      // limiter: the one let through makes the ad, and the others lead to it rather than to a refusal.
      const twin = guard.token ? await adOfConcurrentTwin(db, guard.token) : null;
      if (twin) return redirectToCreated(c, twin, user);
      return refuseNewPost(c, args, NEW_POST_REFUSAL, 60_000);
    }
    const id = await createPost(db, {
      userId: user.id,
      input: checked.input,
      photoIds: checked.photoIds,
      now,
      submissionToken: guard.token,
      held: rule?.action === 'hold',
    });
    if (id === null) {
      // Another submission of this form won the race: its ad is the one. Otherwise the daily limit.
      const existing = guard.token ? await findPostByToken(db, guard.token) : null;
      if (existing) return redirectToCreated(c, existing, user);
      return refuseNewPost(c, args, DAILY_LIMIT_MESSAGE, (await nextNewPostAt(db, user.id, now)) - now);
    }
    await markIfDuplicate(db, id, now);
    const slug = categorySlugOf(tree, checked.input.categoryId);
    if (rule) {
      const made = {
        id,
        title: checked.input.title,
        userId: user.id,
        status: rule.action === 'hold' ? 'held' : 'published',
      };
      await afterRule(c.env, db, rule, made, now);
    }
    // Nothing cached shows the new ad's own page yet; this refreshes the counts.
    await forgetPages(c.req.url, []);
    const created = { id, slug: (await getPost(db, id))?.slug ?? '' };
    setFlash(c, rule?.action === 'hold' ? 'in-verificare' : 'publicat');
    return c.redirect(postPath(created, slug), 303);
  } catch (err) {
    return keepFormOnFailure(c, err, { mode: 'new', values, user, hiddenFields });
  }
});

/** The editor given back (400) with everything typed and every photo, refused by a rule it does not name. */
async function refuseByRule(c: Context<AppEnv>, args: RenderArgs) {
  c.status(400);
  return renderEditor(c, { ...args, formMessage: BLOCKED_MESSAGE });
}

/** A repeated new-ad form lands on the ad it created (303), as the first submission did. */
/**
 * The pauses of a refused submission between its looks for a concurrent one's ad: 3 s in all, and six
 * reads at most, so that a flood past the limit costs D1 little more than the refusal itself.
 */
const TWIN_WAITS_MS = [100, 200, 400, 800, 1_500];

/**
 * The ad another submission of the same form (same one-time token) has made or is making, looked
 * for over TWIN_WAITS_MS; null when there is none (a genuine refusal, answered that much later).
 */
async function adOfConcurrentTwin(db: Db, token: string): Promise<Post | null> {
  for (const pause of [...TWIN_WAITS_MS, null]) {
    const made = await findPostByToken(db, token);
    if (made || pause === null) return made;
    await scheduler.wait(pause);
  }
  return null;
}

async function redirectToCreated(c: Context<AppEnv>, post: Post, user: CurrentUser) {
  // A token is only ever in its author's own form; someone else's is refused like a stale form.
  if (post.userId !== user.id) throw new HttpError(409, 'Formularul a fost deja trimis.');
  const tree = await getCategoryTreeCached(c.get('db'));
  setFlash(c, 'publicat');
  return c.redirect(postHref(tree, post), 303);
}

editorRoutes.get(routePath('editPost'), async (c) => {
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
    hiddenFields: versionFields(post.version, photoIds, fingerprintValues(valuesOf(post, photoIds))),
  });
});

editorRoutes.post(routePath('editPost'), async (c) => {
  // D1 failed at the session lookup: the form comes back as typed (with its version and photos),
  // like a failure later on; nothing of the ad is read for someone not yet known.
  if (c.get('sessionUnavailable')) return keepEditFormOnLookupFailure(c);
  const { post, user } = await editablePost(c);
  const form = await submittedForm(c);
  const values = readPostForm(form);
  const guard = readEditGuard(form);
  // A form that does not say its version (not this site's editor) saves over the version read now.
  const expectedVersion = guard.version ?? post.version;
  const hiddenFields = versionFields(
    expectedVersion,
    guard.openedPhotoIds ?? values.photoIds,
    guard.openedValues ? formatFingerprints(guard.openedValues) : null,
  );
  try {
    const db = c.get('db');
    const tree = await getCategoryTreeCached(db);
    const checked = await checkSubmission(c, form, { mode: 'edit', values, post, user, tree, hiddenFields });
    if (!checked.ok) return checked.response;
    if (expectedVersion !== post.version) return renderConflict(c, { values, guard, post, user, tree });
    // The ad's author under the operators' rules, on every edit (an operator editing is exempt).
    const author = user.id === post.userId ? user : null;
    const rule = author ? await ruleVerdict(db, author, checked.input) : null;
    if (rule?.action === 'block')
      return refuseByRule(c, { mode: 'edit', values, post, user, tree, hiddenFields });
    const now = Date.now();
    const oldPath = postHref(tree, post);
    const current = (await listPhotosOfPost(db, post.id)).filter((p) => p.kind === 'post').map((p) => p.id);
    const plan = photoPlan(current, checked.photoIds, guard);
    // The author correcting a hidden ad asks the operators to look again; an operator's edit does not.
    const changedWhileHidden = post.status === 'hidden' && user.id === post.userId;
    const saved = await updatePost(db, {
      post,
      input: checked.input,
      photoIds: plan.order,
      removed: plan.removed,
      expectedVersion,
      now,
      log: operatorLog(user, post, 'edit'),
      changedWhileHidden,
      hold: rule?.action === 'hold',
    });
    if (!saved) {
      // Saved elsewhere between reading the ad and writing it: nothing of this save was applied.
      const latest = await getPost(db, post.id);
      if (!latest) throw new NotFound('Anunțul nu a fost găsit');
      return renderConflict(c, { values, guard, post: latest, user, tree });
    }
    await deletePhotoObjectsOf(c.env, saved.removedPhotos);
    await markIfDuplicate(db, post.id, now);
    const latest = await getPost(db, post.id);
    // Held now (and not before): the author hears why; a flag or an already held ad only marks the queue.
    if (rule) {
      const status = post.status === 'held' ? 'held-before' : (latest?.status ?? post.status);
      await afterRule(
        c.env,
        db,
        rule,
        { id: post.id, title: checked.input.title, userId: post.userId, status },
        now,
      );
    }
    const target = postHref(tree, latest ?? post);
    await purgeForPost(c.req.url, db, latest ?? post, [oldPath]);
    // A lower price mails those who saved the ad and asked (through the job queue).
    if (latest) await notePriceChange(c.env, post, latest);
    setFlash(
      c,
      changedWhileHidden
        ? 'salvat-verificare'
        : rule?.action === 'hold' && latest?.status === 'held'
          ? 'in-verificare'
          : 'salvat',
    );
    return c.redirect(target, 303);
  } catch (err) {
    return keepFormOnFailure(c, err, { mode: 'edit', values, post, user, hiddenFields });
  }
});

/** The edit form given back (503) when the session could not be looked up: only what was sent. */
async function keepEditFormOnLookupFailure(c: Context<AppEnv>) {
  const postId = idParam(c.req.param('postId'), 'Anunțul nu a fost găsit');
  const form = await submittedForm(c);
  const values = readPostForm(form);
  const guard = readEditGuard(form);
  const hiddenFields =
    guard.version === null
      ? []
      : versionFields(
          guard.version,
          guard.openedPhotoIds ?? values.photoIds,
          guard.openedValues ? formatFingerprints(guard.openedValues) : null,
        );
  return keepFormOnFailure(c, new Error('session lookup failed'), {
    mode: 'edit',
    values,
    user: null,
    postId,
    hiddenFields,
  });
}
