import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const photoRoutes = new Hono<AppEnv>();
photoRoutes.get('/api/poze/*', (c) => c.json({ error: 'Fotografia nu a fost găsită' }, 404));
