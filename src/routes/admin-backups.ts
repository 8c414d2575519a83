// Backups and restores for the Node tools, behind the admin token (src/auth/admin-token.ts):
//   POST /__admin/backups               start a backup now (the same jobs as the nightly one)
//   GET  /__admin/backups               the complete backups (manifests' summaries)
//   GET  /__admin/backups/<name>        one backup as the restore file (`npm run restore -- --from`)
//   GET  /__admin/restore               this site's state: migration, empty or not, restore, counts
//   POST /__admin/restore/begin         {manifest} → rows already there per table (resume)
//   POST /__admin/restore/rows          {table, rows} → the table's count
//   POST /__admin/restore/photo/<id>    the original's bytes, `x-sha256` header
//   POST /__admin/restore/finish        rebuilds the spelling candidates, marks the restore done
import { Hono } from 'hono';
import { requireAdminToken } from '../auth/admin-token';
import { backupFileStream } from '../backup/file';
import { isBackupName } from '../backup/format';
import {
  type BeginRequest,
  completeRestore,
  RestoreRefusal,
  restorePhoto,
  restoreRows,
  restoreStatus,
  startRestore,
} from '../backup/restore';
import { startBackup } from '../backup/run';
import { summarize } from '../backup/status';
import { completeBackups } from '../backup/store';
import { forgetCategoryTree } from '../db/categories';
import type { AppEnv } from '../env';
import { areaPath, routePath } from '../lib/links';
import { purgeAllListings } from '../page-purge';

export const adminBackupRoutes = new Hono<AppEnv>();

adminBackupRoutes.use(areaPath('adminBackups'), requireAdminToken);

adminBackupRoutes.onError((err, c) => {
  if (err instanceof RestoreRefusal) return c.json({ error: err.message }, err.status);
  if (err instanceof SyntaxError) return c.json({ error: 'Cererea nu este JSON valid.' }, 400);
  throw err;
});

adminBackupRoutes.post(routePath('adminBackups'), async (c) => {
  const name = await startBackup(c.env, Date.now());
  return c.json({ name }, 202);
});

adminBackupRoutes.get(routePath('adminBackups'), async (c) => {
  const backups = await completeBackups(c.env.BACKUPS);
  return c.json({ backups: backups.map(summarize) });
});

adminBackupRoutes.get(routePath('adminBackupFile'), async (c) => {
  const name = c.req.param('name');
  const stream = isBackupName(name) ? await backupFileStream(c.env.BACKUPS, name) : null;
  if (!stream) return c.json({ error: `Copia ${name} nu există în acest bucket.` }, 404);
  return new Response(stream, {
    headers: { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' },
  });
});

// The restore writes with the database binding itself, not a read-replica session: every step must
// see the previous one's writes.
adminBackupRoutes.get(routePath('adminRestore'), async (c) => c.json(await restoreStatus(c.var.d1)));

adminBackupRoutes.post(routePath('adminRestorePhoto'), async (c) => {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0)
    return c.json({ error: 'Identificator de fotografie invalid.' }, 400);
  await restorePhoto(c.var.d1, c.env.PHOTOS, id, await c.req.arrayBuffer(), c.req.header('x-sha256') ?? '');
  return c.json({ ok: true });
});

adminBackupRoutes.post(routePath('adminRestoreStep'), async (c) => {
  const step = c.req.param('step');
  const now = Date.now();
  if (step === 'begin') {
    const body = (await c.req.json()) as Partial<BeginRequest>;
    const valid =
      typeof body.name === 'string' &&
      typeof body.format === 'string' &&
      (body.lastMigration === null || typeof body.lastMigration === 'string') &&
      !!body.tables &&
      typeof body.tables === 'object';
    if (!valid) return c.json({ error: 'Se așteaptă manifestul copiei.' }, 400);
    return c.json({ counts: await startRestore(c.var.d1, body as BeginRequest, now) });
  }
  if (step === 'rows') {
    const body = (await c.req.json()) as { table?: unknown; rows?: unknown };
    if (typeof body.table !== 'string' || !Array.isArray(body.rows))
      return c.json({ error: 'Se așteaptă {table, rows}.' }, 400);
    return c.json({ count: await restoreRows(c.var.d1, body.table, body.rows) });
  }
  if (step === 'finish') {
    const done = await completeRestore(c.var.d1, now);
    // What this isolate kept of the empty site: its categories (the restore replaced them with the
    // backup's rows, ids included), its per-category counts (an empty /anunturi until they expire)
    // and every listing page of this data centre; other isolates and data centres follow within
    // PAGE_CACHE_SECONDS.
    forgetCategoryTree();
    await purgeAllListings(c.req.url, c.var.db);
    return c.json(done);
  }
  return c.json({ error: 'Pas necunoscut.' }, 404);
});
