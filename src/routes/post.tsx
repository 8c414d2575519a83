import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ComingSoonPage } from '../pages/ComingSoonPage';

export const postRoutes = new Hono<AppEnv>();
postRoutes.get('/anunt/*', (c) => c.render(<ComingSoonPage title="Anunț" />, { title: 'Anunț' }));
