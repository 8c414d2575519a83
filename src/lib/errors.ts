/** Errors are values with a status: thrown anywhere, rendered by `app.onError` (docs/product.md#errors). */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotAuthenticated extends HttpError {
  constructor(message = 'Trebuie să vă conectați') {
    super(401, message);
  }
}

/**
 * The session could not be looked up (D1 failing): the person is not signed out, so nothing asks
 * them to sign in again; a form route gives its form back instead (docs/limits.md#failures).
 */
export class SessionUnavailable extends HttpError {
  constructor(
    message = 'Nu v-am putut recunoaște acum: baza de date nu răspunde. Încercați din nou peste câteva secunde.',
  ) {
    super(503, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message = 'Acces refuzat') {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Pagina nu a fost găsită') {
    super(404, message);
  }
}

/** Gone for good (410): an address of the old site whose content was not carried over. */
export class Gone extends HttpError {
  constructor(message = 'Această pagină nu mai există.') {
    super(410, message);
  }
}

/** Bad input, with a message per field (`title`, `photos`, …) for forms and JSON answers. */
export class BadInput extends HttpError {
  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
    status: 400 | 413 | 415 | 422 = 400,
  ) {
    super(status, message);
  }
}

/**
 * Too many requests: answered with `Retry-After` (seconds); `suggestSignIn` adds a link to sign in
 * (a signed-in person has a limit of their own, apart from everyone sharing their address).
 */
export class TooManyRequests extends HttpError {
  readonly retryAfter: number;
  readonly suggestSignIn: boolean;
  constructor(message: string, opts: { retryAfter?: number; suggestSignIn?: boolean } = {}) {
    super(429, message);
    this.retryAfter = opts.retryAfter ?? 60;
    this.suggestSignIn = opts.suggestSignIn ?? false;
  }
}
