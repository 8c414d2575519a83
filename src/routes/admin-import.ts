// `POST /__admin/import/<step>`: the worker's half of the move-in (docs/move-in.md). The Node importer
// (src/tools/import.mjs) reads the dump and sends rows in batches; here each batch is mapped with the
// editor's own code (lib/import-map, db/ad-text) and written in one D1 batch, all-or-nothing. Every
// step is idempotent: rows the import already wrote are skipped, so a rerun changes nothing.
import { Hono } from 'hono';
import { requireAdminToken } from '../auth/admin-token';
import { adTextColumns } from '../db/ad-text';
import {
  idStates,
  importClock,
  importCounts,
  importedPost,
  importFingerprint,
  postStatements,
  raiseSequences,
  userStatements,
  writeImportedPhoto,
  writeLegacyCategories,
  writeStatements,
} from '../db/import';
import { DRAIN_BATCH, drainPendingTerms } from '../db/spelling';
import type { AppEnv } from '../env';
import { BadInput } from '../lib/errors';
import {
  decidePost,
  IMPORTED_CLERK_PREFIX,
  importPhone,
  importPostSchema,
  importPromotion,
  importText,
  importUserSchema,
  mapUser,
  overLimits,
  PROMOTION_MS,
  photoFileName,
  RETIRED_CATEGORY_REASON,
} from '../lib/import-map';
import { routePath } from '../lib/links';
import * as z from '../lib/zod';
import { originalKey } from '../photos/keys';
import { acceptNormalised, normaliseUpload } from '../photos/pipeline';

export const adminImportRoutes = new Hono<AppEnv>();
adminImportRoutes.use(routePath('adminImport'), requireAdminToken);

const kindSchema = z.enum(['user', 'post', 'photo']);
const digestSchema = z.string().check(z.minLength(8), z.maxLength(128));

const bodies = {
  begin: z.object({ now: z.number().check(z.int(), z.positive()), dryRun: z.boolean() }),
  check: z.object({
    kind: kindSchema,
    ids: z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(5000)),
  }),
  categories: z.object({
    dryRun: z.boolean(),
    rows: z
      .array(
        z.object({
          oldId: z.number().check(z.int(), z.positive()),
          oldSlug: z.string().check(z.maxLength(255)),
          categoryId: z.nullable(z.number().check(z.int(), z.positive())),
        }),
      )
      .check(z.maxLength(500)),
  }),
  users: z.object({
    dryRun: z.boolean(),
    rows: z
      .array(
        z.object({
          user: importUserSchema,
          digest: digestSchema,
          aliases: z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(50)),
        }),
      )
      .check(z.maxLength(200)),
  }),
  posts: z.object({
    dryRun: z.boolean(),
    now: z.number().check(z.int(), z.positive()),
    rows: z.array(z.object({ post: importPostSchema, digest: digestSchema })).check(z.maxLength(200)),
  }),
  finish: z.object({ dryRun: z.boolean() }),
  spelling: z.object({ dryRun: z.boolean() }),
};

async function readBody<S extends z.ZodMiniType>(req: Request, schema: S): Promise<z.infer<S>> {
  let json: unknown;
  try {
    json = await req.json();
  } catch {
    throw new BadInput('Corpul cererii nu este JSON valid.');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new BadInput(`Date de import invalide: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

adminImportRoutes.post(routePath('adminImport'), async (c) => {
  const db = c.get('db');
  const step = c.req.param('step');
  const req = c.req.raw;
  switch (step) {
    case 'begin': {
      const b = await readBody(req, bodies.begin);
      return c.json({ now: await importClock(db, b.now, !b.dryRun), counts: await importCounts(db) });
    }
    case 'check': {
      const b = await readBody(req, bodies.check);
      const { imported, conflicts } = await idStates(db, b.kind, b.ids);
      return c.json({ imported: [...imported], conflicts });
    }
    case 'categories': {
      const b = await readBody(req, bodies.categories);
      if (!b.dryRun) await writeLegacyCategories(db, b.rows);
      return c.json({ written: b.dryRun ? 0 : b.rows.length });
    }
    case 'users': {
      const b = await readBody(req, bodies.users);
      const { imported } = await idStates(
        db,
        'user',
        b.rows.map((r) => r.user.id),
      );
      const phonesDropped: { id: number; phone: string }[] = [];
      const todo = [];
      for (const r of b.rows) {
        const { row, phoneDropped } = mapUser(r.user);
        if (phoneDropped) phonesDropped.push({ id: r.user.id, phone: r.user.phone ?? '' });
        if (!imported.has(row.id)) todo.push({ user: row, digest: r.digest, aliases: r.aliases });
      }
      if (!b.dryRun && todo.length) await writeStatements(db, userStatements(db, todo, Date.now()));
      return c.json({
        written: b.dryRun ? 0 : todo.length,
        skipped: b.rows.length - todo.length,
        phonesDropped,
      });
    }
    case 'posts': {
      const b = await readBody(req, bodies.posts);
      const { imported } = await idStates(
        db,
        'post',
        b.rows.map((r) => r.post.id),
      );
      const decisions: Record<string, number> = {};
      const overLimit: { id: number; over: string[] }[] = [];
      const phonesDropped: { id: number; phone: string }[] = [];
      const rows = [];
      const gone = [];
      for (const { post: p, digest } of b.rows) {
        const { decision, expiresAt } = decidePost(p, b.now);
        decisions[decision] = (decisions[decision] ?? 0) + 1;
        if (decision === 'gone') {
          if (!imported.has(p.id)) gone.push({ id: p.id, digest });
          continue;
        }
        const text = importText(p.title, p.body);
        const over = overLimits(text.title, text.description);
        if (over.length) overLimit.push({ id: p.id, over });
        const phone = importPhone(p.phone);
        if (phone.dropped) phonesDropped.push({ id: p.id, phone: p.phone ?? '' });
        if (imported.has(p.id)) continue;
        const promotion = decision === 'published' ? importPromotion(p.promotionLevel) : 0;
        rows.push({
          digest,
          retired: decision === 'retired',
          post: {
            id: p.id,
            userId: p.userId,
            // A retired category's ads keep a category row to render for their owner: Diverse.
            categoryId: p.categoryId ?? 8,
            ...adTextColumns(text.title, text.description),
            description: text.description,
            price: p.price,
            currency: p.currency,
            phone: phone.phone,
            status:
              decision === 'retired'
                ? ('hidden' as const)
                : decision === 'published'
                  ? ('published' as const)
                  : ('expired' as const),
            hiddenReason: decision === 'retired' ? RETIRED_CATEGORY_REASON : null,
            closedAt: decision === 'retired' ? b.now : null,
            promotion,
            promotedUntil: promotion ? b.now + PROMOTION_MS : null,
            createdAt: p.createdAt,
            updatedAt: p.lastChangedAt,
            publishedAt: p.createdAt,
            // Listings follow the old site's "last changed".
            bumpedAt: p.lastChangedAt,
            expiresAt,
          },
        });
      }
      if (!b.dryRun && (rows.length || gone.length))
        await writeStatements(db, postStatements(db, rows, gone, Date.now()));
      return c.json({
        written: b.dryRun ? 0 : rows.length + gone.length,
        skipped: b.rows.length - rows.length - gone.length,
        decisions,
        overLimit,
        phonesDropped,
      });
    }
    case 'photo': {
      // Binary body; what the row needs in the query string.
      const q = z
        .object({
          id: z.coerce.number().check(z.int(), z.positive()),
          postId: z.coerce.number().check(z.int(), z.positive()),
          position: z.coerce.number().check(z.int(), z.gte(0), z.lte(50)),
          createdAt: z.coerce.number().check(z.int(), z.gte(0)),
          digest: digestSchema,
          // 1: the importer already ran the pipeline (its own threads); the original is checked, not redone.
          normalised: z._default(z.enum(['0', '1']), '0'),
        })
        .safeParse(c.req.query());
      if (!q.success) throw new BadInput('Parametrii fotografiei sunt invalizi.');
      const meta = q.data;
      const { imported, conflicts } = await idStates(db, 'photo', [meta.id]);
      if (imported.has(meta.id)) return c.json({ result: 'skipped' });
      if (conflicts.length) return c.json({ result: 'conflict' }, 409);
      const post = await importedPost(db, meta.postId);
      if (!post) return c.json({ result: 'no-post' });
      const bytes = new Uint8Array(await req.arrayBuffer());
      let image: Awaited<ReturnType<typeof normaliseUpload>>;
      try {
        image = meta.normalised === '1' ? await acceptNormalised(bytes) : await normaliseUpload(bytes);
      } catch (err) {
        if (err instanceof BadInput) return c.json({ result: 'damaged', reason: err.message });
        throw err;
      }
      // The object first: a run killed in between writes the same object again, then the row.
      await c.env.PHOTOS.put(originalKey(meta.id), image.bytes, {
        httpMetadata: { contentType: 'image/webp' },
      });
      await writeImportedPhoto(
        db,
        {
          id: meta.id,
          postId: post.id,
          userId: post.userId,
          kind: 'post',
          fileName: photoFileName(post.slug, meta.id),
          width: image.width,
          height: image.height,
          position: meta.position,
          bytes: image.bytes.byteLength,
          createdAt: meta.createdAt,
        },
        meta.digest,
        Date.now(),
      );
      return c.json({ result: 'written', width: image.width, height: image.height });
    }
    case 'finish': {
      const b = await readBody(req, bodies.finish);
      if (!b.dryRun) await raiseSequences(db);
      return c.json({ counts: await importCounts(db), placeholderPrefix: IMPORTED_CLERK_PREFIX });
    }
    case 'spelling': {
      // The imported ads' words join the search's spelling candidates, as an ad published in the
      // editor's do (its insert queues it; this is the drain every search and the daily job run),
      // a batch per call: the importer calls until a batch comes back short.
      const b = await readBody(req, bodies.spelling);
      const drained = b.dryRun ? 0 : await drainPendingTerms(c.get('d1'));
      return c.json({ drained, batch: DRAIN_BATCH });
    }
    case 'fingerprint': {
      const objects: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await c.env.PHOTOS.list({ cursor, limit: 1000 });
        for (const o of page.objects) objects.push(`${o.key}:${o.etag}`);
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return c.json({ tables: await importFingerprint(db), objects: objects.sort() });
    }
    default:
      return c.json({ error: 'Pas de import necunoscut.' }, 404);
  }
});
