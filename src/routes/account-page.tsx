// `GET /cont`: the signed-in person's links (or the sign-in links), server-rendered so that the header's
// "Cont" reaches them without JavaScript. Personal: private and never stored.
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { route } from '../lib/links';
import { AccountPage } from '../pages/AccountPage';
import { accountLinks } from './account';

export const accountPageRoutes = new Hono<AppEnv>();

accountPageRoutes.get('/cont', (c) => {
  c.header('Cache-Control', 'private, no-store');
  const user = c.get('user');
  const links = accountLinks(user, user ? undefined : '/cont');
  // The mail preferences sit here, after the profile (the header's menu stays short).
  if (user) {
    const at = links.findIndex((l) => l.href === route('profile')) + 1;
    links.splice(at, 0, { label: 'Notificări prin e-mail', href: route('mailPreferences') });
  }
  return c.render(<AccountPage name={user?.name ?? null} links={links} />, {
    title: 'Contul meu',
    noindex: true,
  });
});
