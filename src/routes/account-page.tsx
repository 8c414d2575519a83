// `GET /cont`: the signed-in person's links (or the sign-in links), server-rendered so that the header's
// "Cont" reaches them without JavaScript. Personal: private and never stored.
import { Hono } from 'hono';
import { countUnreadConversations } from '../db/conversations';
import type { AppEnv } from '../env';
import { AccountPage } from '../pages/AccountPage';
import { accountLinks } from './account';

export const accountPageRoutes = new Hono<AppEnv>();

accountPageRoutes.get('/cont', async (c) => {
  c.header('Cache-Control', 'private, no-store');
  const user = c.get('user');
  const unread = user ? await countUnreadConversations(c.get('db'), user.id) : 0;
  return c.render(
    <AccountPage name={user?.name ?? null} links={accountLinks(user, user ? undefined : '/cont', unread)} />,
    { title: 'Contul meu', noindex: true },
  );
});
