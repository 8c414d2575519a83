import { Hono } from 'hono';
import type { AppEnv } from '../env';

export const legacyRoutes = new Hono<AppEnv>();
legacyRoutes.get('/foto-radauti/*', (c) => c.notFound());
