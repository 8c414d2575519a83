// `/__admin`: machine-to-machine routes, each behind the admin bearer token (src/http/admin-token.ts).
// Never cached, no session, JSON in and out. The importer's steps live in src/routes/admin-import.ts.
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireAdminToken } from '../http/admin-token';
import { areaOf, routePath } from '../lib/links';

export const adminRoutes = new Hono<AppEnv>();
adminRoutes.use(`${areaOf('adminStatus')}/*`, requireAdminToken);

/** `GET /__admin/status`: whether the token is accepted (the tools' first call), and the environment. */
adminRoutes.get(routePath('adminStatus'), (c) =>
  c.json({ ok: true, environment: c.env.ENVIRONMENT ?? null, site: c.env.SITE_URL ?? null }),
);
