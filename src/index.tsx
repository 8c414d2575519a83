import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { originCheck } from './auth/origin-check';
import { sessionMiddleware } from './auth/session';
import { ErrorView } from './components/ErrorView';
import { d1Session } from './d1-session';
import type { AppEnv, Bindings } from './env';
import { flashMiddleware } from './flash';
import { renderNotFound, uncachedAnswers } from './http/helpers';
import { handleJobs } from './jobs/consumer';
import { HOURLY_CRON } from './jobs/hourly';
import { recordedHourly, runDaily } from './jobs/runs';
import { wantsJson } from './lib/accept';
import { hasBookmarkCookie } from './lib/bookmark';
import { contentSecurityPolicy } from './lib/csp';
import { BadInput, Forbidden, HttpError, NotAuthenticated, NotFound, TooManyRequests } from './lib/errors';
import { areaPath, routePath } from './lib/links';
import { hasSession, pageCache } from './page-cache';
import { renderer } from './renderer';
import { accountRoutes } from './routes/account';
import { accountDataRoutes } from './routes/account-data';
import { accountPageRoutes } from './routes/account-page';
import { adminRoutes } from './routes/admin';
import { adminBackupRoutes } from './routes/admin-backups';
import { adminImportRoutes } from './routes/admin-import';
import { authRoutes } from './routes/auth';
import { consoleRoutes } from './routes/console';
import { consoleRulesRoutes } from './routes/console-rules';
import { consoleStatsRoutes } from './routes/console-stats';
import { editorRoutes } from './routes/editor';
import { homeRoutes } from './routes/home';
import { legacyRoutes } from './routes/legacy';
import { mailLinkRoutes } from './routes/mail-links';
import { messageRoutes } from './routes/messages';
import { moderationRoutes } from './routes/moderation';
import { myPostsRoutes } from './routes/my-posts';
import { pageRoutes } from './routes/pages';
import { photoRoutes } from './routes/photos';
import { postRoutes } from './routes/post';
import { postsRoutes } from './routes/posts';
import { profileRoutes } from './routes/profile';
import { savedRoutes } from './routes/saved';
import { searchRoutes } from './routes/search';
import { sitemapRoutes } from './routes/sitemap';
import { statusRoutes } from './routes/status';

export const app = new Hono<AppEnv>();

// Public pages straight from the edge cache (src/page-cache.ts): anonymous visitors, and signed-in
// people on pages that do not depend on who asks (their anonymous copy is rendered through the app).
app.use(
  '*',
  pageCache((request, env, ctx) => Promise.resolve(app.fetch(request, env, ctx))),
);

// The renderer first, so that errors thrown by any later middleware (CSRF, session) still render
// inside the layout.
app.use('*', renderer);

// Security headers on every response, including errors and 404s. The policy depends only on the
// configuration, so the middleware (its header list and CSP string) is built once per configuration
// and isolate rather than on every request (docs/performance.md#per-request-cost).
const securityHeaders = new Map<string, MiddlewareHandler<AppEnv>>();
app.use('*', (c, next) => {
  const key = `${c.env.CLERK_PUBLISHABLE_KEY ?? ''}\n${c.env.ANALYTICS_SCRIPT_URL ?? ''}`;
  let middleware = securityHeaders.get(key);
  if (!middleware) {
    middleware = secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(c.env),
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-site',
      permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    });
    securityHeaders.set(key, middleware);
  }
  return middleware(c, next);
});

// Unsafe methods must come from our own origin, whatever the body (src/auth/origin-check.ts).
app.use('*', originCheck);

// Form bodies are parsed once here (Hono caches the result for the handlers), so a malformed
// multipart or urlencoded body is a 400 with a message in every route, never a 500.
app.use('*', async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (
    c.req.method !== 'GET' &&
    c.req.method !== 'HEAD' &&
    /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)
  ) {
    try {
      await c.req.formData();
    } catch {
      throw new BadInput('Formularul trimis nu a putut fi citit. Vă rugăm să încercați din nou.');
    }
  }
  await next();
});

// D1 through a session: nearest replica for reads, the person's own writes always visible to them.
app.use('*', d1Session);

app.use('*', sessionMiddleware);

// The one-time confirmation of the last action (src/flash.ts); outside the caching rule below, so the
// page showing it is always private.
app.use('*', flashMiddleware);

// Public pages do not vary by user, so they may be cached briefly; anything personal says otherwise.
// A signed-in person (or one who has just written) always gets `private, no-cache`: no shared cache
// keeps their pages and their browser asks again each time, so no page is older than their last action.
app.use('*', async (c, next) => {
  await next();
  if (c.res.headers.has('Cache-Control')) return;
  const cacheable = (c.req.method === 'GET' || c.req.method === 'HEAD') && c.res.status === 200;
  const cookie = c.req.header('cookie');
  const personal =
    c.get('user') != null || hasSession(cookie, c.req.header('authorization')) || hasBookmarkCookie(cookie);
  c.res.headers.set(
    'Cache-Control',
    !cacheable
      ? 'no-store'
      : personal
        ? 'private, no-cache'
        : c.res.headers.has('Set-Cookie')
          ? 'no-store'
          : 'public, max-age=60, s-maxage=300',
  );
});

// The feature sub-apps, in the order their routes are matched.
for (const routes of [
  adminRoutes,
  adminImportRoutes,
  adminBackupRoutes,
  photoRoutes,
  homeRoutes,
  postsRoutes,
  postRoutes,
  searchRoutes,
  editorRoutes,
  messageRoutes,
  myPostsRoutes,
  consoleRoutes,
  consoleRulesRoutes,
  consoleStatsRoutes,
  statusRoutes,
  moderationRoutes,
  profileRoutes,
  accountRoutes,
  accountPageRoutes,
  accountDataRoutes,
  savedRoutes,
  mailLinkRoutes,
  authRoutes,
  pageRoutes,
  sitemapRoutes,
  legacyRoutes,
]) {
  app.route('/', routes);
}

// Development tools (src/dev: the demo seed, `POST /__dev/*`) exist only in a build where DEV_TOOLS is
// true (`npm start`, the tests, the local benches). Imported lazily inside this branch, which the
// bundler drops when DEV_TOOLS is false: a deployed Worker does not contain them
// (docs/architecture.md#worker-size).
if (DEV_TOOLS) {
  app.use(areaPath('devSeed'), uncachedAnswers);
  app.post(routePath('devSeed'), async (c) => (await import('./dev/routes')).seedDemoRoute(c));
  app.post(routePath('devSeedLarge'), async (c) => (await import('./dev/routes')).seedLargeRoute(c));
}

app.get(routePath('notFound'), renderNotFound);
app.notFound(renderNotFound);

/** Hono's own exceptions (CSRF refusal 403, body limits 413, …) mapped onto the catalogue. */
function asHttpError(err: Error): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof HTTPException) {
    if (err.status === 403) return new Forbidden();
    if (err.status === 401) return new NotAuthenticated();
    if (err.status === 404) return new NotFound();
    if (err.status === 413) return new BadInput('Cererea este prea mare.', {}, 413);
    if (err.status >= 400 && err.status < 500) return new BadInput('Cerere invalidă.');
  }
  return null;
}

app.onError((err, c) => {
  const httpError = asHttpError(err);
  const known = httpError !== null;
  const status = httpError ? httpError.status : 500;
  // Unknown errors show a generic message: theirs may carry internals, and a stack never leaves.
  const message = httpError ? httpError.message : 'A apărut o eroare. Vă rugăm să încercați din nou.';
  if (!known) console.error('Unhandled error', c.req.method, c.req.path, err);
  c.header('Cache-Control', 'no-store');
  const limited = err instanceof TooManyRequests ? err : null;
  if (limited) c.header('Retry-After', String(limited.retryAfter));
  if (status === 404 && !wantsJson(c.req.header('accept'), c.req.path)) return renderNotFound(c);
  if (wantsJson(c.req.header('accept'), c.req.path)) {
    return c.json(
      {
        error: message,
        fields: httpError instanceof BadInput ? httpError.fields : undefined,
        retryAfter: limited?.retryAfter,
      },
      status,
    );
  }
  c.status(status);
  const url = new URL(c.req.url);
  const returnTo = c.req.method === 'GET' ? url.pathname + url.search : url.pathname;
  const title =
    status === 401
      ? 'Conectare necesară'
      : status === 403
        ? 'Acces refuzat'
        : status === 429
          ? 'Prea multe cereri'
          : 'Eroare';
  const signIn = limited?.suggestSignIn && !c.get('user');
  return c.render(<ErrorView status={status} message={message} returnTo={returnTo} signIn={signIn} />, {
    title,
    noindex: true,
  });
});

// The Durable Object class of private conversations (bound as CONVERSATIONS in wrangler.toml).
export { ConversationRoom } from './messages/room';
// The Durable Object class counting each ad's views and phone reveals (bound as AD_COUNTERS).
export { AdCounter } from './stats/counter';

export default {
  fetch: app.fetch,
  async scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext) {
    const run = controller.cron === HOURLY_CRON ? recordedHourly : runDaily;
    ctx.waitUntil(
      run(env, controller.scheduledTime).catch((err) => {
        console.error('scheduled run failed', controller.cron, err);
        throw err;
      }),
    );
  },
  async queue(batch: MessageBatch<unknown>, env: Bindings, _ctx: ExecutionContext) {
    await handleJobs(batch, env);
  },
} satisfies ExportedHandler<Bindings>;
