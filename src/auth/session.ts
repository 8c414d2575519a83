import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * Verifies the session (Clerk) and puts our own users row on `c.var.user`, or null.
 * Placeholder until the accounts work lands: everyone is signed out.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null);
  await next();
};
