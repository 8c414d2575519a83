import { Hono } from 'hono';
import { signedIn } from '../auth/guards';
import type { AppEnv } from '../env';
import { ComingSoonPage } from '../pages/ComingSoonPage';

export const profileRoutes = new Hono<AppEnv>();
profileRoutes.use('/profile/*', signedIn);
profileRoutes.get('/profile/edit', (c) => c.render(<ComingSoonPage title="Profil" />, { title: 'Profil' }));
