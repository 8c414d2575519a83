import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ComingSoonPage } from '../pages/ComingSoonPage';

export const authRoutes = new Hono<AppEnv>();
for (const p of ['/auth/*', '/clerk/*'])
  authRoutes.get(p, (c) => c.render(<ComingSoonPage title="Conectare" />, { title: 'Conectare' }));
