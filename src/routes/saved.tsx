// Favourites (`/salvate`, the hearts' forms, the island's JSON) and saved searches (`/cont/cautari`).
// Every answer here is personal: never stored by any cache. Hearts are neutral forms on public pages;
// without JavaScript a signed-in person's heart toggles here and comes back with a confirmation.

import type { Context } from 'hono';
import { Hono } from 'hono';
import { requireUser, requireWriter } from '../auth/guards';
import { checkedReturnPath } from '../auth/return-path';
import { type CategoryTree, getCategoryTreeCached } from '../db/categories';
import {
  addFavourite,
  type FavouriteRow,
  favouriteIds,
  favouritesByIds,
  isFavourite,
  listFavourites,
  MAX_FAVOURITES,
  MAX_MERGE_IDS,
  mergeFavourites,
  removeFavourite,
  setPriceDropNotice,
} from '../db/favourites';
import { parsePhotoRef } from '../db/fragments';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  MAX_SAVED_SEARCHES,
  pauseSavedSearch,
  renameSavedSearch,
} from '../db/saved-searches';
import type { AppEnv } from '../env';
import { setFlash } from '../flash';
import { idParam, privateAnswers } from '../http/helpers';
import { BadInput, NotFound } from '../lib/errors';
import { parseIds } from '../lib/ids';
import { postHref, route, routePath } from '../lib/links';
import { shownStatus, UNAVAILABLE_AD } from '../lib/post-status';
import { formatPrice } from '../lib/price';
import { signToken, verifyToken } from '../lib/signed-token';
import { oneLineText } from '../lib/text';
import { type SavedItem, SavedPage, type SavedState } from '../pages/SavedPage';
import { SavedSearchesPage } from '../pages/SavedSearchesPage';
import { responsiveUrl } from '../photos/urls';
import {
  canonicalQuery,
  defaultSearchName,
  SAVED_SEARCH_NAME_MAX,
  searchPathOf,
} from '../saved/search-match';

export const savedRoutes = new Hono<AppEnv>();

// Every answer here is personal (a person's favourites and saved searches): private and never stored.
for (const path of [
  routePath('favourites'),
  routePath('favourite'),
  routePath('favouriteNotice'),
  routePath('favouritesApi'),
  routePath('favouritesSync'),
  routePath('savedSearches'),
  routePath('savedSearchAction'),
])
  savedRoutes.use(path, privateAnswers);

function wantsJson(c: Context<AppEnv>): boolean {
  const accept = c.req.header('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

function positiveId(raw: string | undefined): number {
  return idParam(raw, 'Anunțul nu a fost găsit');
}

/** The same-site page a form was posted from (its Referer), else `fallback`. */
function backTo(c: Context<AppEnv>, fallback: string): string {
  const referer = c.req.header('referer');
  if (!referer) return fallback;
  const path = checkedReturnPath(c, referer);
  return path === '/' && !/^https?:\/\/[^/]+\/?$/.test(referer) ? fallback : path;
}

function loginRedirect(c: Context<AppEnv>, returnTo: string) {
  return c.redirect(route('login', {}, { redirect_url: returnTo }), 303);
}

async function formOf(c: Context<AppEnv>): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    return new FormData();
  }
}

function field(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

// ---- Favourites -------------------------------------------------------------------------------

/** Ids in `?ids=1.2.3` (the browser's list), at most MAX_MERGE_IDS. */
function idsParam(raw: string | undefined): number[] {
  if (!raw) return [];
  return parseIds(raw.split(/[.,]/)).slice(0, MAX_MERGE_IDS);
}

function stateOf(post: FavouriteRow['post'], now: number): SavedState {
  if (!post || post.authorBanned) return 'gone';
  const status = shownStatus(post, now);
  if (status === 'sold' || status === 'expired') return status;
  return status === 'published' ? 'active' : 'gone';
}

function toItem(row: FavouriteRow, tree: CategoryTree, now: number, signedIn: boolean): SavedItem {
  const post = row.post;
  const state = stateOf(post, now);
  if (!post || state === 'gone')
    return {
      postId: row.postId,
      href: null,
      // Nothing of an ad that is not public (hidden, held, draft, banned author) nor whether it
      // exists: ids in `?ids=` are anyone's to enumerate.
      title: UNAVAILABLE_AD,
      price: null,
      locality: null,
      photoUrl: null,
      state: 'gone',
    };
  const photo = parsePhotoRef(post.photo);
  return {
    postId: row.postId,
    href: postHref(tree, { id: row.postId, slug: post.slug, categoryId: post.categoryId }),
    title: post.title,
    price: formatPrice(post.price, post.currency),
    locality: post.locality,
    photoUrl: photo ? responsiveUrl(photo, 320) : null,
    state,
    notify: signedIn ? row.notifyPriceDrop : undefined,
    savedPrice:
      signedIn && row.priceAtSave > post.price && post.price > 0
        ? formatPrice(row.priceAtSave, post.currency)
        : null,
  };
}

/** How long the "save after sign-in" address of an anonymous heart stays good. */
const SAVE_AFTER_SIGN_IN_MS = 60 * 60 * 1000;

savedRoutes.get(routePath('favourites'), async (c) => {
  const user = c.get('user');
  const db = c.get('db');
  // A heart pressed without JavaScript before signing in: the ad it named is saved now.
  const pending = c.req.query('salveaza');
  if (user && pending && c.env.SIGNING_SECRET) {
    const token = await verifyToken<{ save?: unknown }>(c.env.SIGNING_SECRET, pending, Date.now());
    const postId = token?.save;
    if (typeof postId === 'number' && Number.isSafeInteger(postId) && postId > 0) {
      const saved =
        (await isFavourite(c.var.d1, user.id, postId)) ||
        (await addFavourite(c.var.d1, user.id, postId, Date.now()));
      if (saved) setFlash(c, 'favorit-adaugat');
    }
    return c.redirect(route('favourites'), 303);
  }
  const tree = await getCategoryTreeCached(db);
  const now = Date.now();
  const rows = user
    ? await listFavourites(c.get('d1'), user.id)
    : await favouritesByIds(c.get('d1'), idsParam(c.req.query('ids')));
  return c.render(
    <SavedPage
      signedIn={!!user}
      items={rows.map((r) => toItem(r, tree, now, !!user))}
      loginHref={route('login', {}, { redirect_url: route('favourites') })}
    />,
    { title: 'Salvate', noindex: true, islands: ['favourites'] },
  );
});

/** The signed-in person's saved ids (the island marks the hearts with them). */
savedRoutes.get(routePath('favouritesApi'), async (c) => {
  const user = requireUser(c);
  return c.json({ ids: await favouriteIds(c.get('d1'), user.id), max: MAX_FAVOURITES });
});

/**
 * The browser's list merged into the account at sign-in: `{ ids: number[] }` (at most
 * MAX_MERGE_IDS; more is refused). Idempotent; the account's cap holds. Answers the saved ids.
 */
savedRoutes.post(routePath('favouritesSync'), async (c) => {
  const user = requireUser(c);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new BadInput('Lista trimisă nu a putut fi citită.');
  }
  const ids = (body as { ids?: unknown } | null)?.ids;
  if (
    !Array.isArray(ids) ||
    ids.length > MAX_MERGE_IDS ||
    !ids.every((id) => Number.isSafeInteger(id) && id > 0)
  )
    throw new BadInput(`Lista trimisă trebuie să conțină cel mult ${MAX_MERGE_IDS} de anunțuri.`);
  const added = await mergeFavourites(c.get('d1'), user.id, ids as number[], Date.now());
  return c.json({ added, ids: await favouriteIds(c.get('d1'), user.id) });
});

/**
 * The heart: `do` = `adauga`, `scoate`, or nothing (toggle, the neutral heart of public pages).
 * Anonymous visitors without JavaScript are sent to sign in and back.
 */
savedRoutes.post(routePath('favourite'), async (c) => {
  const postId = positiveId(c.req.param('postId'));
  const user = c.get('user');
  if (!user) {
    if (wantsJson(c)) requireUser(c);
    // Without JavaScript the heart cannot keep the ad in the browser: sign in, then it is saved.
    if (!c.env.SIGNING_SECRET) return loginRedirect(c, route('favourites'));
    const token = await signToken(c.env.SIGNING_SECRET, { save: postId }, Date.now() + SAVE_AFTER_SIGN_IN_MS);
    return loginRedirect(c, route('favourites', {}, { salveaza: token }));
  }
  const action = field(await formOf(c), 'do');
  const now = Date.now();
  let saved: boolean;
  if (action === 'scoate' || (action !== 'adauga' && (await isFavourite(c.get('d1'), user.id, postId)))) {
    await removeFavourite(c.get('d1'), user.id, postId);
    saved = false;
  } else {
    saved = await addFavourite(c.get('d1'), user.id, postId, now);
    if (!saved)
      throw new BadInput(
        `Anunțul nu poate fi salvat: nu mai este publicat sau aveți deja ${MAX_FAVOURITES} de anunțuri salvate.`,
        {},
        422,
      );
  }
  if (wantsJson(c)) return c.json({ saved });
  setFlash(c, saved ? 'favorit-adaugat' : 'favorit-scos');
  return c.redirect(backTo(c, route('favourites')), 303);
});

/** The price-drop mail on or off for one saved ad (checkbox `notify`). */
savedRoutes.post(routePath('favouriteNotice'), async (c) => {
  const postId = positiveId(c.req.param('postId'));
  const user = requireUser(c);
  const on = field(await formOf(c), 'notify') === '1';
  if (!(await setPriceDropNotice(c.get('d1'), user.id, postId, on)))
    throw new NotFound('Anunțul nu este printre cele salvate.');
  if (wantsJson(c)) return c.json({ notify: on });
  setFlash(c, 'favorit-notificare');
  return c.redirect(route('favourites'), 303);
});

// ---- Saved searches ---------------------------------------------------------------------------

function searchId(raw: string | undefined): number {
  return idParam(raw, 'Căutarea nu a fost găsită');
}

async function renderSearches(
  c: Context<AppEnv>,
  userId: number,
  opts: { pendingRaw?: string; renameError?: { id: number; value: string; message: string } } = {},
) {
  const tree = await getCategoryTreeCached(c.get('db'));
  const searches = await listSavedSearches(c.get('d1'), userId);
  const pendingQuery = opts.pendingRaw !== undefined ? canonicalQuery(opts.pendingRaw, tree) : null;
  const pending =
    pendingQuery !== null && !searches.some((s) => s.query === pendingQuery)
      ? { query: pendingQuery, name: defaultSearchName(pendingQuery, tree) }
      : null;
  return c.render(
    <SavedSearchesPage
      searches={searches.map((s) => ({
        id: s.id,
        name: s.name,
        href: searchPathOf(s.query),
        paused: s.paused,
        lastSentAt: s.lastSentAt,
      }))}
      max={MAX_SAVED_SEARCHES}
      pending={pending}
      nameMax={SAVED_SEARCH_NAME_MAX}
      renameError={opts.renameError ?? null}
    />,
    { title: 'Căutări salvate', noindex: true },
  );
}

savedRoutes.get(routePath('savedSearches'), async (c) => {
  const pendingRaw = c.req.query('adauga');
  const user = c.get('user');
  if (!user)
    return loginRedirect(
      c,
      c.req.path + (pendingRaw !== undefined ? `?adauga=${encodeURIComponent(pendingRaw)}` : ''),
    );
  return renderSearches(c, user.id, { pendingRaw });
});

/** Saves a search (`query`: its /cautare query string). Anonymous: sign in, then confirm. */
savedRoutes.post(routePath('savedSearches'), async (c) => {
  const form = await formOf(c);
  const raw = field(form, 'query').slice(0, 2000);
  const user = c.get('user');
  if (!user) return loginRedirect(c, route('savedSearches', {}, { adauga: raw }));
  requireWriter(c);
  const tree = await getCategoryTreeCached(c.get('db'));
  const query = canonicalQuery(raw, tree);
  if (query === null) throw new BadInput('Căutarea nu poate fi salvată: parametrii ei nu sunt valizi.');
  const name =
    oneLineText(field(form, 'name')).slice(0, SAVED_SEARCH_NAME_MAX) || defaultSearchName(query, tree);
  const result = await createSavedSearch(c.get('d1'), { userId: user.id, name, query, now: Date.now() });
  if (result.status === 'limit')
    throw new BadInput(
      `Aveți deja ${MAX_SAVED_SEARCHES} de căutări salvate. Ștergeți una în „Căutări salvate” pentru a adăuga alta.`,
      {},
      422,
    );
  setFlash(c, result.status === 'created' ? 'cautare-salvata' : 'cautare-exista');
  return c.redirect(searchPathOf(query), 303);
});

savedRoutes.post(routePath('savedSearchAction'), async (c) => {
  const user = requireWriter(c);
  const id = searchId(c.req.param('id'));
  const action = c.req.param('action');
  const now = Date.now();
  let ok: boolean;
  if (action === 'redenumeste') {
    const typed = field(await formOf(c), 'name');
    const name = oneLineText(typed);
    const message = !name
      ? 'Scrieți un nume pentru căutare.'
      : name.length > SAVED_SEARCH_NAME_MAX
        ? `Numele poate avea cel mult ${SAVED_SEARCH_NAME_MAX} de caractere.`
        : null;
    if (message) {
      // The list again, with what was typed and why it was refused (someone else's id: 404 below).
      if ((await listSavedSearches(c.get('d1'), user.id)).some((s) => s.id === id)) {
        c.status(400);
        return renderSearches(c, user.id, { renameError: { id, value: typed.slice(0, 500), message } });
      }
      throw new NotFound('Căutarea nu a fost găsită');
    }
    ok = await renameSavedSearch(c.get('d1'), user.id, id, name);
  } else if (action === 'sterge') {
    ok = await deleteSavedSearch(c.get('d1'), user.id, id);
  } else {
    ok = await pauseSavedSearch(c.get('d1'), user.id, id, action === 'opreste', now);
  }
  // Someone else's search answers exactly like a missing one.
  if (!ok) throw new NotFound('Căutarea nu a fost găsită');
  setFlash(c, action === 'sterge' ? 'cautare-stearsa' : 'cautare-modificata');
  return c.redirect(route('savedSearches'), 303);
});
