// The owner's side of an ad after it is written: `/posts/mine` ("Anunțurile mele"), the delete
// confirmation (`/posts/edit/:postId/sterge`) and the lifecycle actions
// (`/posts/edit/:postId/publica|reinnoieste|vandut|retrage`), each a POST form that redirects.
// Authorization: anonymous 401 (the `signedIn` middleware), banned 403, another person's ad 403,
// operators any ad (src/http/owned-post.ts).
import type { Context } from 'hono';
import { Hono } from 'hono';
import { signedIn } from '../auth/guards';
import { actionsFor } from '../components/PostActions';
import { getCategoryTreeCached } from '../db/categories';
import { applyLifecycle, deletePost } from '../db/lifecycle';
import { listMyPosts } from '../db/my-posts';
import { listPhotosOfPost } from '../db/photos';
import { figuresOfAuthor, NO_FIGURES } from '../db/post-stats';
import type { Post, PostStatus } from '../db/schema';
import type { AppEnv, CurrentUser } from '../env';
import { setFlash } from '../flash';
import { optionalForm, privateAnswers } from '../http/helpers';
import { editablePost, operatorLog } from '../http/owned-post';
import { DAY_MS, weekStartDay } from '../lib/dates';
import { NotFound } from '../lib/errors';
import { type FlashCode, isFlashCode } from '../lib/flash';
import { areaPath, link, postHref, ROUTES, route, routeBase, routePath, safeReturnPath } from '../lib/links';
import { ACTION_WORDS, myPostDates, shownStatus, statusSummary } from '../lib/post-status';
import { formatPrice } from '../lib/price';
import { purgeForPost } from '../page-purge';
import { ConfirmDeletePage, type MyPostRow, MyPostsPage, type MyPostsTab } from '../pages/MyPostsPage';
import { responsiveUrl } from '../photos/urls';

export const myPostsRoutes = new Hono<AppEnv>();
myPostsRoutes.use(areaPath('myPosts'), privateAnswers, signedIn);

/** The confirmation each action leaves for the next page. */
const DONE: Record<string, FlashCode> = {
  publica: 'republicat',
  reinnoieste: 'reinnoit',
  vandut: 'vandut',
  retrage: 'retras',
  sterge: 'sters',
};

/** Where an action returns: the page it came from (same site only), else `fallback`. */
function afterAction(form: FormData, fallback: string): string {
  const raw = form.get('returnTo');
  return safeReturnPath(typeof raw === 'string' ? raw : null, '') || fallback;
}

/** The page that asks before an ad is deleted, with `error` when the box was not ticked. */
async function renderConfirmDelete(c: Context<AppEnv>, post: Post, error?: string) {
  const db = c.get('db');
  const [tree, photos] = await Promise.all([getCategoryTreeCached(db), listPhotosOfPost(db, post.id)]);
  return c.render(
    <ConfirmDeletePage
      title={post.title}
      postHref={postHref(tree, post)}
      action={route('postAction', { postId: post.id, action: 'sterge' })}
      photoCount={photos.length}
      cancelHref={route('myPosts')}
      error={error}
    />,
    { title: 'Ștergeți anunțul?', noindex: true },
  );
}

myPostsRoutes.get(routePath('deletePost'), async (c) => {
  const { post } = await editablePost(c);
  return renderConfirmDelete(c, post);
});

myPostsRoutes.post(routePath('deletePost'), async (c) => {
  const { post, user } = await editablePost(c);
  const db = c.get('db');
  const form = await optionalForm(c);
  if (form.get('confirm') !== 'da') {
    c.status(400);
    return renderConfirmDelete(c, post, 'Bifați căsuța pentru a confirma ștergerea.');
  }
  await deletePost(db, post.id, Date.now(), operatorLog(user, post, 'delete'));
  await purgeForPost(c.req.url, db, post);
  const fallback = user.id === post.userId ? route('myPosts') : route('moderation');
  setFlash(c, 'sters');
  // The ad's own page is gone: never return there.
  const back = afterAction(form, fallback);
  return c.redirect(back.startsWith(`${routeBase('post')}/`) ? fallback : back, 303);
});

myPostsRoutes.post(routePath('postAction'), async (c) => {
  const name = c.req.param('action');
  const action = Object.hasOwn(ACTION_WORDS, name) ? ACTION_WORDS[name as keyof typeof ACTION_WORDS] : null;
  if (!action) throw new NotFound();
  const { post, user } = await editablePost(c);
  const db = c.get('db');
  const form = await optionalForm(c);
  await applyLifecycle(db, post, action, Date.now(), operatorLog(user, post, name));
  const tree = await getCategoryTreeCached(db);
  await purgeForPost(c.req.url, db, post);
  const code = DONE[name];
  if (isFlashCode(code)) setFlash(c, code);
  return c.redirect(afterAction(form, postHref(tree, post)), 303);
});

/** The status tabs of "Anunțurile mele" (`?stare=`), in their order; `toate` is the default. */
const TABS = [
  { key: 'toate', label: 'Toate', empty: 'Nu aveți încă niciun anunț.' },
  { key: 'active', label: 'Active', empty: 'Nu aveți niciun anunț activ.' },
  { key: 'expirate', label: 'Expirate', empty: 'Nu aveți niciun anunț expirat.' },
  { key: 'ciorne', label: 'Ciorne', empty: 'Nu aveți nicio ciornă.' },
  { key: 'vandute', label: 'Vândute', empty: 'Nu aveți niciun anunț vândut.' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The tab an ad belongs to (besides "Toate"): an ad held or hidden still counts as active. */
function tabOf(status: PostStatus): TabKey {
  if (status === 'expired') return 'expirate';
  if (status === 'draft') return 'ciorne';
  if (status === 'sold') return 'vandute';
  return 'active';
}

myPostsRoutes.get(routePath('myPosts'), async (c) => {
  const user = c.get('user') as CurrentUser;
  const db = c.get('db');
  const now = Date.now();
  const [tree, all, figures] = await Promise.all([
    getCategoryTreeCached(db),
    listMyPosts(db, user.id),
    figuresOfAuthor(db, user.id, weekStartDay(now), now - 7 * DAY_MS),
  ]);
  const asked = c.req.query('stare');
  const tab = TABS.find((t) => t.key === asked) ?? TABS[0];
  const here = tab.key === 'toate' ? route('myPosts') : link(ROUTES.myPosts, {}, { stare: tab.key });
  const mine = tab.key === 'toate' ? all : all.filter((p) => tabOf(shownStatus(p, now)) === tab.key);
  const tabs: MyPostsTab[] = TABS.map((t) => ({
    label: t.label,
    href: t.key === 'toate' ? route('myPosts') : link(ROUTES.myPosts, {}, { stare: t.key }),
    count: t.key === 'toate' ? all.length : all.filter((p) => tabOf(shownStatus(p, now)) === t.key).length,
    current: t.key === tab.key,
  }));
  const rows: MyPostRow[] = mine.map((p) => {
    const status = statusSummary(p, now);
    return {
      id: p.id,
      title: p.title,
      href: postHref(tree, p),
      thumbUrl: p.photo ? responsiveUrl(p.photo, 320) : null,
      statusLabel: status.name,
      statusClass: status.className,
      detail: myPostDates(p, now),
      advice: status.advice ?? undefined,
      hiddenReason: status.status === 'hidden' ? (p.hiddenReason ?? null) : null,
      price: formatPrice(p.price, p.currency),
      actions: actionsFor(p, user, now, here),
      figures: p.status === 'draft' ? undefined : (figures.get(p.id) ?? NO_FIGURES),
    };
  });
  return c.render(
    <MyPostsPage
      rows={rows}
      banned={user.banned}
      newPostHref={route('newPost')}
      tabs={all.length > 0 ? tabs : []}
      emptyText={tab.empty}
    />,
    {
      title: 'Anunțurile mele',
      noindex: true,
    },
  );
});

// Unknown lifecycle paths and methods.
myPostsRoutes.all(routePath('editPostAny'), () => {
  throw new NotFound();
});
