import { Hono } from 'hono';
import { signedIn } from '../auth/guards';
import type { AppEnv } from '../env';
import { ComingSoonPage } from '../pages/ComingSoonPage';

export const editorRoutes = new Hono<AppEnv>();
editorRoutes.use('/posts/*', signedIn);
editorRoutes.get('/posts/new', (c) =>
  c.render(<ComingSoonPage title="Publică anunț" />, { title: 'Publică anunț' }),
);
editorRoutes.get('/posts/edit/:postId', (c) =>
  c.render(<ComingSoonPage title="Modifică anunțul" />, { title: 'Modifică anunțul' }),
);
