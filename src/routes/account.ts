// `GET /api/cont`: the header's account menu (docs/product.md#page-shell), filled in the browser so that public pages
// stay the same for everyone. Private and never cached.
import { Hono } from 'hono';
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
