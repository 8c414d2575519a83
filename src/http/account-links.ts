// The account links of the header's menu and of `/cont`, and the avatar's address: what the account
// routes and the profile page share.

import { getPhoto } from '../db/photos';
import type { CurrentUser, Db } from '../env';
import { route } from '../lib/links';
import { plural } from '../lib/plural';
import type { AccountMenuLink } from '../pages/AccountPage';
import { responsiveUrl } from '../photos/urls';

export type { AccountMenuLink } from '../pages/AccountPage';

export interface AccountInfo {
  signedIn: boolean;
  name?: string;
  avatarUrl?: string | null;
  isOperator?: boolean;
  /** Banned by an operator: may read, every write is refused (read from D1 on every request). */
  banned?: boolean;
  /** Conversations with messages the person has not read (the menu's badge). */
  unreadMessages?: number;
  links: AccountMenuLink[];
}

export async function avatarUrl(db: Db, user: Pick<CurrentUser, 'avatarPhotoId'>): Promise<string | null> {
  if (!user.avatarPhotoId) return null;
  const photo = await getPhoto(db, user.avatarPhotoId);
  return photo ? responsiveUrl(photo, 320) : null;
}

export function accountLinks(
  user: CurrentUser | null,
  returnTo?: string,
  unreadMessages = 0,
): AccountMenuLink[] {
  if (!user) {
    const q = { redirect_url: returnTo && returnTo !== '/' ? returnTo : undefined };
    return [
      { label: 'Conectare', href: route('login', {}, q) },
      { label: 'Cont nou', href: route('signup', {}, q) },
    ];
  }
  return [
    { label: 'Anunțurile mele', href: route('myPosts') },
    { label: messagesLabel(unreadMessages), href: route('messages') },
    { label: 'Publică anunț', href: route('newPost') },
    { label: 'Salvate', href: route('favourites') },
    { label: 'Căutări salvate', href: route('savedSearches') },
    { label: 'Profil', href: route('profile') },
    ...(user.isOperator ? [{ label: 'Moderare', href: route('moderation') }] : []),
    { label: 'Ieșire', href: route('signOut'), method: 'post' as const },
  ];
}

/** "Mesaje", with the number of unread conversations when there are any. */
export function messagesLabel(unread: number): string {
  return unread > 0 ? `Mesaje (${plural(unread, UNREAD_CONVERSATIONS)})` : 'Mesaje';
}

const UNREAD_CONVERSATIONS = { none: 'nicio conversație necitită', one: '1 necitită', many: 'necitite' };
