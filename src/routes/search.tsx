import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ComingSoonPage } from '../pages/ComingSoonPage';

export const searchRoutes = new Hono<AppEnv>();
searchRoutes.get('/cautare', (c) => c.render(<ComingSoonPage title="Căutare" />, { title: 'Căutare' }));
searchRoutes.get('/cautare/*', (c) => c.render(<ComingSoonPage title="Căutare" />, { title: 'Căutare' }));
