import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ComingSoonPage } from '../pages/ComingSoonPage';

export const homeRoutes = new Hono<AppEnv>();
homeRoutes.get('/', (c) =>
  c.render(<ComingSoonPage title="Anunțuri din Rădăuți și județul Suceava" />, {
    title: 'Anunțuri din Rădăuți și județul Suceava',
  }),
);
