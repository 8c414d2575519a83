import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ComingSoonPage } from '../pages/ComingSoonPage';

export const pageRoutes = new Hono<AppEnv>();
pageRoutes.get('/static-page/*', (c) => c.render(<ComingSoonPage title="Pagină" />, { title: 'Pagină' }));
