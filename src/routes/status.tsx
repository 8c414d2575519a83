// `/moderare/stare` (operators only): background work and backups; `/moderare/stare/copii/<name>`
// streams one backup as the file `npm run restore` reads (docs/operations.md).
import { Hono } from 'hono';
import { requireOperator } from '../auth/guards';
import { backupFileStream } from '../backup/file';
import { isBackupName } from '../backup/format';
import { backgroundStatus } from '../backup/status';
import type { AppEnv } from '../env';
import { privateAnswers } from '../http/helpers';
import { NotFound } from '../lib/errors';
import { routePath } from '../lib/links';
import { StatusPage } from '../pages/StatusPage';

export const statusRoutes = new Hono<AppEnv>();

statusRoutes.use(routePath('moderationStatus'), privateAnswers);
statusRoutes.use(routePath('backupDownload'), privateAnswers);

statusRoutes.get(routePath('moderationStatus'), async (c) => {
  requireOperator(c);
  const status = await backgroundStatus(c.get('db'), c.env.BACKUPS, Date.now());
  return c.render(<StatusPage {...status} />, { title: 'Starea lucrărilor', noindex: true });
});

statusRoutes.get(routePath('backupDownload'), async (c) => {
  requireOperator(c);
  const name = c.req.param('name');
  const stream = isBackupName(name) ? await backupFileStream(c.env.BACKUPS, name) : null;
  if (!stream) throw new NotFound('Copia de siguranță nu există.');
  return new Response(stream, {
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="eradauti-${name}.backup"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
