import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ComingSoonPage } from '../pages/ComingSoonPage';

export const postsRoutes = new Hono<AppEnv>();
postsRoutes.get('/anunturi/*', (c) => c.render(<ComingSoonPage title="Anunțuri" />, { title: 'Anunțuri' }));
postsRoutes.get('/anunturi', (c) => c.render(<ComingSoonPage title="Anunțuri" />, { title: 'Anunțuri' }));
