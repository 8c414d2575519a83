// `GET /api/cont`: the header's account menu (docs/product.md#page-shell), filled in the browser so that public pages
// stay the same for everyone. Private and never cached.
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { type AccountInfo, accountLinks } from '../http/account-links';
import { privateAnswers } from '../http/helpers';
import { routePath, safeReturnPath } from '../lib/links';
import { responsiveUrl } from '../photos/urls';

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
  // Read with the session's person (src/auth/session.ts): the menu costs no query of its own.
  const summary = c.get('accountSummary');
  const avatar = summary?.avatar ? responsiveUrl(summary.avatar, 320) : null;
  const unreadMessages = summary?.unreadMessages ?? 0;
  const info: AccountInfo = user
    ? {
        signedIn: true,
        name: user.name,
        avatarUrl: avatar,
        isOperator: user.isOperator,
        banned: user.banned,
        unreadMessages,
        links: accountLinks(user, undefined, unreadMessages),
      }
    : { signedIn: false, links: accountLinks(null, returnTo) };
  return c.json(info);
});
