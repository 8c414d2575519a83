// `GET /api/cont`: the header's account menu (docs/product.md#page-shell), filled in the browser so that public pages
// stay the same for everyone. Private and never cached.
import { Hono } from 'hono';
import { countUnreadConversations } from '../db/conversations';
import type { AppEnv } from '../env';
import { type AccountInfo, accountLinks, avatarUrl } from '../http/account-links';
import { privateAnswers } from '../http/helpers';
import { routePath, safeReturnPath } from '../lib/links';

export const accountRoutes = new Hono<AppEnv>();

accountRoutes.use(routePath('accountMenu'), privateAnswers);

accountRoutes.get(routePath('accountMenu'), async (c) => {
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
  const [avatar, unreadMessages] = user
    ? await Promise.all([avatarUrl(c.get('db'), user), countUnreadConversations(c.get('db'), user.id)])
    : [null, 0];
  const info: AccountInfo = user
    ? {
        signedIn: true,
        name: user.name,
        avatarUrl: avatar,
        isOperator: user.isOperator,
        unreadMessages,
        links: accountLinks(user, undefined, unreadMessages),
      }
    : { signedIn: false, links: accountLinks(null, returnTo) };
  return c.json(info);
});
