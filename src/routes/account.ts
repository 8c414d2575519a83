// `GET /api/cont`: the header's account menu (docs/product.md#page-shell), filled in the browser so that public pages
// stay the same for everyone. Private and never cached.
import { Hono } from 'hono';
import { getPhoto } from '../db/photos';
import type { AppEnv, CurrentUser, Db } from '../env';
import { privateAnswers } from '../http/helpers';
import { route, safeReturnPath } from '../lib/links';
import { responsiveUrl } from '../photos/urls';

export interface AccountMenuLink {
  label: string;
  href: string;
  method?: 'post';
}

export interface AccountInfo {
  signedIn: boolean;
  name?: string;
  avatarUrl?: string | null;
  isOperator?: boolean;
  links: AccountMenuLink[];
}

export async function avatarUrl(db: Db, user: Pick<CurrentUser, 'avatarPhotoId'>): Promise<string | null> {
  if (!user.avatarPhotoId) return null;
  const photo = await getPhoto(db, user.avatarPhotoId);
  return photo ? responsiveUrl(photo, 320) : null;
}

export function accountLinks(user: CurrentUser | null, returnTo?: string): AccountMenuLink[] {
  if (!user) {
    const q = { redirect_url: returnTo && returnTo !== '/' ? returnTo : undefined };
    return [
      { label: 'Conectare', href: route('login', {}, q) },
      { label: 'Cont nou', href: route('signup', {}, q) },
    ];
  }
  return [
    { label: 'Anunțurile mele', href: route('myPosts') },
    { label: 'Publică anunţ', href: route('newPost') },
    { label: 'Profil', href: route('profile') },
    ...(user.isOperator ? [{ label: 'Moderare', href: route('moderation') }] : []),
    { label: 'Ieșire', href: route('signOut'), method: 'post' as const },
  ];
}

export const accountRoutes = new Hono<AppEnv>();

accountRoutes.use('/api/cont', privateAnswers);

accountRoutes.get('/api/cont', async (c) => {
  c.header('Vary', 'Cookie');
  const user = c.get('user');
  // The page the menu sits on, so that "Conectare" comes back to it.
  let returnTo: string | undefined;
  try {
    const referer = c.req.header('referer');
    if (referer) {
      const ref = new URL(referer);
      if (ref.origin === new URL(c.req.url).origin) returnTo = safeReturnPath(ref.pathname + ref.search);
    }
  } catch {
    returnTo = undefined;
  }
  const info: AccountInfo = user
    ? {
        signedIn: true,
        name: user.name,
        avatarUrl: await avatarUrl(c.get('db'), user),
        isOperator: user.isOperator,
        links: accountLinks(user),
      }
    : { signedIn: false, links: accountLinks(null, returnTo) };
  return c.json(info);
});
