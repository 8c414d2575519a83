// What every route shares: an id from the address (404 when it is not one), the form the form
// middleware in src/index.tsx has already parsed, the cache header of private answers (as a middleware
// per URL family), the 404 page, and work that goes on after the answer.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { BadInput, type HttpError, NotFound } from '../lib/errors';
import { parseId } from '../lib/ids';
import { NotFoundPage } from '../pages/NotFoundPage';

/** The id in a path parameter; anything else is an address that does not exist: 404 with `message`. */
export function idParam(value: string | undefined, message: string): number {
  const id = parseId(value);
  if (id === null) throw new NotFound(message);
  return id;
}

const UNREADABLE_FORM = 'Formularul nu a putut fi citit. Vă rugăm să încercați din nou.';

/**
 * The submitted form. A malformed form body was already refused (400) before any route ran; a
 * request whose body is not a form at all is refused here with `refusal` (400 by default).
 */
export async function submittedForm(
  c: Context<AppEnv>,
  refusal: () => HttpError = () => new BadInput(UNREADABLE_FORM),
): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    throw refusal();
  }
}

/** The submitted form, or an empty one when there is none (actions whose form only adds options). */
export async function optionalForm(c: Context<AppEnv>): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    return new FormData();
  }
}

/** Marks this answer personal: no cache, shared or the browser's, keeps it. */
export function markPrivate(c: Context<AppEnv>): void {
  c.header('Cache-Control', 'private, no-store');
}

/** Every answer of a URL family that is personal (the account, the editor, moderation…): `private, no-store`. */
export const privateAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  markPrivate(c);
  await next();
};

/** Every answer of a URL family that only redirects or acts (sign-in, development tools): `no-store`. */
export const uncachedAnswers: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  await next();
};

/** The 404 page, in the layout: every unknown address and every refusal of a missing thing ends here. */
export function renderNotFound(c: Context<AppEnv>) {
  c.status(404);
  return c.render(<NotFoundPage />, { title: 'Pagina nu a fost găsită', noindex: true });
}

/**
 * Lets `work` finish after the answer is sent. True when the runtime took it; false without an
 * execution context (a handler called directly), when the caller decides whether to wait for it.
 */
export function inBackground(c: Context<AppEnv>, work: Promise<unknown>): boolean {
  try {
    c.executionCtx.waitUntil(work);
    return true;
  } catch {
    return false;
  }
}
