import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ComingSoonPage } from '../pages/ComingSoonPage';

export const sitemapRoutes = new Hono<AppEnv>();
sitemapRoutes.get('/sitemap.xml', (c) => c.render(<ComingSoonPage title="Hartă" />, { title: 'Hartă' }));
