import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, CurrentUser } from '../env';
import { Forbidden, NotAuthenticated, SessionUnavailable } from '../lib/errors';

/** The signed-in user, or 401 "Trebuie să vă conectați" (docs/roles.md). */
export function requireUser(c: Context<AppEnv>): CurrentUser {
  const user = c.get('user');
  if (!user) throw c.get('sessionUnavailable') ? new SessionUnavailable() : new NotAuthenticated();
  return user;
}

/** A signed-in user who may write: banned users can read but not write (403). */
export function requireWriter(c: Context<AppEnv>): CurrentUser {
  const user = requireUser(c);
  if (user.banned) throw new Forbidden('Contul dumneavoastră a fost suspendat.');
  return user;
}

/** The owner of the resource or an operator, who may write; anyone else 403. */
export function requireOwner(c: Context<AppEnv>, ownerUserId: number): CurrentUser {
  const user = requireWriter(c);
  if (user.id !== ownerUserId && !user.isOperator) throw new Forbidden();
  return user;
}

export function requireOperator(c: Context<AppEnv>): CurrentUser {
  const user = requireWriter(c);
  if (!user.isOperator) throw new Forbidden();
  return user;
}

/**
 * Middleware form: every route below answers 401 to anonymous visitors. A request whose session
 * could not be looked up goes on, so that a form route can give back what was typed (a 503).
 */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('sessionUnavailable')) requireUser(c);
  await next();
};
