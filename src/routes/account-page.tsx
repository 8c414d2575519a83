// `GET /cont`: the signed-in person's links (or the sign-in links), server-rendered so that the header's
// "Cont" reaches them without JavaScript. Personal: private and never stored.
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { accountLinks } from '../http/account-links';
import { privateAnswers } from '../http/helpers';
import { route, routePath } from '../lib/links';
import { AccountPage } from '../pages/AccountPage';

export const accountPageRoutes = new Hono<AppEnv>();

accountPageRoutes.use(routePath('account'), privateAnswers);

accountPageRoutes.get(routePath('account'), async (c) => {
  const user = c.get('user');
  const unread = c.get('accountSummary')?.unreadMessages ?? 0;
  const links = accountLinks(user, user ? undefined : route('account'), unread);
  // The mail preferences sit here, after the profile (the header's menu stays short).
  if (user) {
    const at = links.findIndex((l) => l.href === route('profile')) + 1;
    links.splice(
      at,
      0,
      { label: 'Notificări prin e-mail', href: route('mailPreferences') },
      { label: 'Descarcă datele mele', href: route('accountData') },
      { label: 'Șterge contul', href: route('accountDelete') },
    );
  }
  return c.render(<AccountPage name={user?.name ?? null} links={links} />, {
    title: 'Contul meu',
    noindex: true,
  });
});
