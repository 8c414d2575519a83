// @ts-check
// `npm run import -- --dump <file.sql> --photos <folder> [--site <url>] [--dry-run] [--report <file.md>]
//   [--pg <postgres://…>] [--clerk] [--map-category OLD=NEW]…`: moves the old site's people, ads and
// photos into a running v3 site through its `/__admin/import` routes (docs/move-in.md).
// The dump is read whole and validated before anything is written; every write is an idempotent,
// all-or-nothing batch, so a killed run is finished by the next and a second run changes nothing.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { digest, parseCategoryOptions, passwordKind, planImport, validateRows } from './lib/import-plan.mjs';
import { DumpError, readDump } from './lib/pg-copy.mjs';
import { DEFAULT_SITE, siteClient, ToolError } from './lib/site-client.mjs';

const TABLES = ['User', 'Post', 'Image', 'Category'];
const USER_BATCH = 100;
const POST_BATCH = 50;
const CHECK_BATCH = 2000;
/** The pipeline accepts JPEGs up to 4 MP; bigger photos are shrunk here first (docs/move-in.md). */
const SEND_MAX_PIXELS = 4_000_000;
const SEND_MAX_BYTES = 10 * 1024 * 1024;

const USAGE = `usage: npm run import -- --dump <file.sql> | --pg <postgres://…>  --photos <folder>
  [--site <url>] [--dry-run] [--report <file.md>] [--clerk] [--map-category OLD=NEW]…`;

/** Progress on stderr: one line per phase, rewritten in place, with counts and the time left. */
function progress(phase, total) {
  const start = Date.now();
  let last = 0;
  const tty = process.stderr.isTTY;
  if (!tty) process.stderr.write(`[import] ${phase}: 0/${total}\n`);
  return {
    tick(done) {
      const now = Date.now();
      if (done < total && now - last < (tty ? 200 : 5000)) return;
      last = now;
      const rate = done / Math.max(1, now - start);
      const eta = done && done < total ? Math.round((total - done) / rate / 1000) : 0;
      const pct = total ? Math.floor((done / total) * 100) : 100;
      const line = `[import] ${phase}: ${done}/${total} (${pct}%)${eta ? `, about ${eta} s left` : ''}`;
      process.stderr.write(tty ? `\r${line}\x1b[K${done >= total ? '\n' : ''}` : `${line}\n`);
    },
    seconds: () => (Date.now() - start) / 1000,
  };
}

/** The dump's tables, read from a file or from a live database in one snapshot. */
async function readSource(opts) {
  if (opts.pg) {
    const { readPostgres } = await import('./lib/pg-live.mjs');
    return readPostgres(opts.pg, TABLES);
  }
  return readDump(opts.dump, TABLES);
}

/** The photo files of the old site's flat folder, by name (subfolders such as miniaturi/ ignored). */
function photoIndex(dir) {
  /** @type {Map<string, string>} */
  const byName = new Map();
  /** @type {Map<string, string>} */
  const byPrefix = new Map();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    byName.set(entry.name, join(dir, entry.name));
    const m = /^(\d+)-(\d+)-/.exec(entry.name);
    if (m) byPrefix.set(`${m[1]}-${m[2]}`, join(dir, entry.name));
  }
  return (img) => byName.get(basename(img.fileName)) ?? byPrefix.get(`${img.postId}-${img.id}`) ?? null;
}

function looksLikeImage(bytes) {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  return jpeg || png;
}

/** A photo's bytes as sent: unchanged, or shrunk (orientation applied first) when too large. */
async function sendableBytes(file) {
  const bytes = await readFile(file);
  if (!looksLikeImage(bytes)) return { bytes, shrunk: false };
  let sharp;
  try {
    sharp = (await import('sharp')).default;
  } catch {
    return { bytes, shrunk: false };
  }
  let meta;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return { bytes, shrunk: false };
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels <= SEND_MAX_PIXELS && bytes.length <= SEND_MAX_BYTES) return { bytes, shrunk: false };
  const scale = Math.sqrt(SEND_MAX_PIXELS / Math.max(pixels, 1)) * 0.98;
  const width = Math.max(1, Math.floor((meta.width ?? 1) * Math.min(1, scale)));
  try {
    const out = await sharp(bytes).rotate().resize({ width }).jpeg({ quality: 88 }).toBuffer();
    return { bytes: out, shrunk: true };
  } catch {
    return { bytes, shrunk: false };
  }
}

async function inBatches(items, size, fn) {
  for (let i = 0; i < items.length; i += size) await fn(items.slice(i, i + size), i);
}

/** Runs `fn` over `items` with `n` at a time. */
async function pool(items, n, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

export async function main(argv = process.argv.slice(2)) {
  const { values: opts } = parseArgs({
    args: argv,
    options: {
      dump: { type: 'string' },
      pg: { type: 'string' },
      photos: { type: 'string' },
      site: { type: 'string', default: process.env.SITE ?? DEFAULT_SITE },
      'dry-run': { type: 'boolean', default: false },
      report: { type: 'string' },
      clerk: { type: 'boolean', default: false },
      'map-category': { type: 'string', multiple: true, default: [] },
      // Rehearsals and tests: the import's clock (ISO date); a real run takes the current time.
      now: { type: 'string' },
      concurrency: { type: 'string', default: '4' },
      // local: the site's photo pipeline runs here, one thread per core, and the site checks and
      // stores its output; worker: the site runs the pipeline on each photo (one thread locally).
      pipeline: { type: 'string', default: 'local' },
      help: { type: 'boolean', default: false },
    },
  });
  if (opts.help || (!opts.dump && !opts.pg) || !opts.photos) throw new ToolError(USAGE);
  if (!['local', 'worker'].includes(opts.pipeline ?? ''))
    throw new ToolError(`--pipeline local|worker\n${USAGE}`);
  const dryRun = opts['dry-run'];
  const started = Date.now();
  const client = siteClient({ site: opts.site });
  await client.getJson('/__admin/status');

  // 1. Read and validate everything before writing anything.
  const readStart = Date.now();
  const raw = await readSource(opts);
  const { rows, invalid } = validateRows(raw);
  const plan = planImport(rows, parseCategoryOptions(opts['map-category']));
  const readSeconds = (Date.now() - readStart) / 1000;
  console.error(
    `[import] read ${rows.User.length} people, ${rows.Post.length} ads, ${rows.Image.length} photos, ${rows.Category.length} categories in ${readSeconds.toFixed(1)} s`,
  );

  const report = {
    dryRun,
    site: client.site,
    source: opts.pg ? 'live database (--pg)' : opts.dump,
    counts: {
      User: rows.User.length,
      Post: rows.Post.length,
      Image: rows.Image.length,
      Category: rows.Category.length,
    },
    byStatus: /** @type {Record<string, number>} */ ({}),
    invalid,
    merges: plan.merges,
    unmapped: plan.unmapped,
    categories: plan.categories,
    missingAuthors: plan.missingAuthors,
    roles: /** @type {Record<string, number>} */ ({}),
    passwords: /** @type {Record<string, number>} */ ({}),
    banned: 0,
    decisions: /** @type {Record<string, number>} */ ({}),
    phonesDropped: /** @type {{ table: string, id: number, phone: string }[]} */ ([]),
    overLimit: /** @type {{ id: number, over: string[] }[]} */ ([]),
    photos: {
      written: 0,
      skipped: 0,
      shrunk: 0,
      missing: /** @type {any[]} */ ([]),
      damaged: /** @type {any[]} */ ([]),
      noPost: 0,
    },
    written: { users: 0, posts: 0 },
    /** Imported ads whose words joined the spelling candidates. */
    spellingAds: 0,
    skipped: { users: 0, posts: 0 },
    conflicts: /** @type {Record<string, number[]>} */ ({}),
    urls: /** @type {{ old: string, v3: string }[]} */ ([]),
    timings: /** @type {Record<string, number>} */ ({ read: readSeconds }),
    clerk: /** @type {any} */ (null),
  };
  for (const p of rows.Post) report.byStatus[p.status] = (report.byStatus[p.status] ?? 0) + 1;
  for (const u of rows.User) {
    report.roles[u.role] = (report.roles[u.role] ?? 0) + 1;
    const kind = passwordKind(u.hashedPassword);
    report.passwords[kind] = (report.passwords[kind] ?? 0) + 1;
    if (u.banned) report.banned++;
  }

  const refuse = (message) => {
    if (opts.report) writeFileSync(opts.report, renderReport(report, message));
    throw new ToolError(message);
  };
  if (plan.unmapped.length && !dryRun)
    refuse(
      `old categories without a v3 category: ${plan.unmapped.join(', ')}; decide each with --map-category OLD=NEW (see the dry run's report)`,
    );

  // 2. The import's clock, and conflicts: ids taken by rows the import did not write.
  const proposedNow = opts.now ? Date.parse(opts.now) : Date.now();
  const { now } = await client.postJson('/__admin/import/begin', { now: proposedNow, dryRun });
  /** Photos a previous run stored already: not read nor sent again. */
  const photosDone = new Set();
  for (const [kind, ids] of /** @type {[string, number[]][]} */ ([
    ['user', plan.users.map((u) => u.id)],
    ['post', plan.posts.map((p) => p.id)],
    ['photo', plan.photos.map((p) => p.id)],
  ])) {
    const conflicts = [];
    await inBatches(ids, CHECK_BATCH, async (part) => {
      const r = await client.postJson('/__admin/import/check', { kind, ids: part });
      conflicts.push(...r.conflicts);
      if (kind === 'photo') for (const id of r.imported) photosDone.add(id);
    });
    if (conflicts.length) report.conflicts[kind] = conflicts;
  }
  const conflictKinds = Object.entries(report.conflicts);
  if (conflictKinds.length && !dryRun)
    refuse(
      `the site already has rows with the old ids that this import did not write: ${conflictKinds
        .map(
          ([k, ids]) =>
            `${k} ${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ` (and ${ids.length - 20} more)` : ''}`,
        )
        .join('; ')}. Import into an empty database (npm start -- --empty).`,
    );

  // 3. Categories, people, ads.
  await client.postJson('/__admin/import/categories', {
    dryRun,
    rows: plan.categories.map(({ oldId, oldSlug, categoryId }) => ({ oldId, oldSlug, categoryId })),
  });
  let bar = progress('people', plan.users.length);
  await inBatches(plan.users, USER_BATCH, async (part, i) => {
    const r = await client.postJson('/__admin/import/users', {
      dryRun,
      rows: part.map((u) => ({
        user: {
          id: u.id,
          email: u.email,
          fullName: u.fullName,
          phone: u.phone,
          banned: u.banned,
          role: u.role,
          createdAt: u.createdAt,
          updatedAt: u.updatedAt,
        },
        aliases: u.aliases,
        digest: digest([
          u.id,
          u.email,
          u.fullName,
          u.phone,
          u.banned,
          u.role,
          u.createdAt,
          u.updatedAt,
          u.aliases,
        ]),
      })),
    });
    report.written.users += r.written;
    report.skipped.users += r.skipped;
    for (const d of r.phonesDropped) report.phonesDropped.push({ table: 'User', ...d });
    bar.tick(i + part.length);
  });
  report.timings.people = bar.seconds();
  bar = progress('ads', plan.posts.length);
  await inBatches(plan.posts, POST_BATCH, async (part, i) => {
    const r = await client.postJson('/__admin/import/posts', {
      dryRun,
      now,
      rows: part.map((p) => {
        const { oldCategoryId, oldSlug, ...post } = p;
        return { post, digest: digest(post) };
      }),
    });
    report.written.posts += r.written;
    report.skipped.posts += r.skipped;
    for (const [k, n] of Object.entries(r.decisions))
      report.decisions[k] = (report.decisions[k] ?? 0) + Number(n);
    report.overLimit.push(...r.overLimit);
    for (const d of r.phonesDropped) report.phonesDropped.push({ table: 'Post', ...d });
    bar.tick(i + part.length);
  });
  report.timings.ads = bar.seconds();

  // 4. Photos, each through the site's real pipeline: here, on every core (the site checks and
  // stores the result), or in the site itself (--pipeline worker).
  const fileOf = photoIndex(opts.photos);
  const todo = plan.photos.filter((img) => !photosDone.has(img.id)).length;
  /** @type {Awaited<ReturnType<typeof import('./lib/photo-pipeline.mjs').photoPipeline>> | null} */
  let pipeline = null;
  if (!dryRun && todo > 0 && opts.pipeline === 'local') {
    const { photoPipeline } = await import('./lib/photo-pipeline.mjs');
    pipeline = await photoPipeline();
  }
  console.error(
    `[import] photos: pipeline: ${pipeline ? `local (${pipeline.threads} threads)` : dryRun ? 'none (dry run)' : 'worker'}`,
  );
  bar = progress('photos', plan.photos.length);
  let done = 0;
  const photoStart = Date.now();
  const inFlight = Math.max(Number(opts.concurrency), (pipeline?.threads ?? 0) + 2);
  await pool(plan.photos, inFlight, async (img) => {
    const file = fileOf(img);
    if (photosDone.has(img.id)) report.photos.skipped++;
    else if (!file) report.photos.missing.push({ id: img.id, postId: img.postId, fileName: img.fileName });
    else if (dryRun) {
      const head = (await readFile(file)).subarray(0, 8);
      if (statSync(file).size === 0 || !looksLikeImage(head))
        report.photos.damaged.push({ id: img.id, postId: img.postId, reason: 'nu este o imagine' });
    } else {
      const { bytes, shrunk } = await sendableBytes(file);
      if (shrunk) report.photos.shrunk++;
      const query = new URLSearchParams({
        id: String(img.id),
        postId: String(img.postId),
        position: String(img.position),
        createdAt: String(img.createdAt),
        digest: digest([img.id, img.postId, img.position, img.createdAt, img.fileName]),
        normalised: pipeline ? '1' : '0',
      });
      /** @type {Uint8Array} */
      let body = bytes;
      if (pipeline) {
        const out = await pipeline.run(bytes);
        if ('refusal' in out) {
          report.photos.damaged.push({ id: img.id, postId: img.postId, reason: out.refusal });
          bar.tick(++done);
          return;
        }
        body = out.bytes;
      }
      const r = await client.postBinary(`/__admin/import/photo?${query}`, body);
      if (r.result === 'written') report.photos.written++;
      else if (r.result === 'skipped') report.photos.skipped++;
      else if (r.result === 'damaged')
        report.photos.damaged.push({ id: img.id, postId: img.postId, reason: r.reason });
      else report.photos.noPost++;
    }
    bar.tick(++done);
  });
  report.timings.photos = (Date.now() - photoStart) / 1000;
  await pipeline?.close();

  // 5. Sequences above the imported ids; the imported ads' words into the search's spelling
  // candidates (as the editor's ads get them); the sample of old → new URLs.
  await client.postJson('/__admin/import/finish', { dryRun });
  const spellingStart = Date.now();
  report.spellingAds = 0;
  for (;;) {
    const r = await client.postJson('/__admin/import/spelling', { dryRun });
    report.spellingAds += r.drained;
    if (dryRun || r.drained < r.batch) break;
  }
  report.timings.spelling = (Date.now() - spellingStart) / 1000;
  report.urls = sampleUrls(plan, rows);

  if (opts.clerk) {
    const { createClerkUsers } = await import('./lib/clerk-users.mjs');
    report.clerk = await createClerkUsers(plan.users, { dryRun });
  }
  report.timings.total = (Date.now() - started) / 1000;
  if (opts.report) writeFileSync(opts.report, renderReport(report));
  console.error(summary(report));
  return report;
}

/** A few old addresses of each kind with the v3 address they lead to. */
function sampleUrls(plan, rows) {
  const slugOf = new Map(rows.Category.map((c) => [c.id, c.slug]));
  const urls = [];
  for (const p of plan.posts.slice(-5)) {
    const cat = slugOf.get(p.oldCategoryId) ?? 'diverse';
    urls.push({ old: `/anunt/${cat}/${p.oldSlug}-${p.id}`, v3: `/anunt/<categorie>/<slug>-${p.id} (301)` });
  }
  for (const c of plan.categories.slice(0, 8))
    urls.push({
      old: `/anunturi/${c.oldSlug}`,
      v3: c.categoryId === null ? '410' : `categoria v3 ${c.categoryId} (301)`,
    });
  for (const m of plan.merges.slice(0, 3))
    for (const id of m.merged)
      urls.push({ old: `/anunturi/de/…-${id}`, v3: `/anunturi/de/…-${m.kept} (301)` });
  for (const img of plan.photos.slice(0, 3))
    urls.push({
      old: `/api/poze/${img.id}/${img.fileName.replace(/\.[^.]*$/, '')}.webp`,
      v3: `/api/poze/${img.id}/<nume v3> (301)`,
    });
  return urls;
}

function summary(r) {
  const lines = [
    `[import] ${r.dryRun ? 'dry run (nothing written)' : 'done'} in ${r.timings.total.toFixed(1)} s`,
    `  people: ${r.written.users} written, ${r.skipped.users} already there, ${r.merges.length} merged by letter case`,
    `  ads: ${r.written.posts} written, ${r.skipped.posts} already there; ${Object.entries(r.decisions)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `  photos: ${r.photos.written} written, ${r.photos.skipped} already there, ${r.photos.shrunk} shrunk, ${r.photos.missing.length} missing, ${r.photos.damaged.length} damaged`,
    `  refused rows: ${r.invalid.length}; phones dropped: ${r.phonesDropped.length}; text over the limits: ${r.overLimit.length}`,
    `  search: the words of ${r.spellingAds} ads added to the spelling candidates`,
  ];
  if (r.unmapped.length)
    lines.push(`  UNMAPPED categories: ${r.unmapped.join(', ')} (use --map-category OLD=NEW)`);
  return lines.join('\n');
}

const table = (head, rows) =>
  rows.length
    ? [
        `| ${head.join(' | ')} |`,
        `|${head.map(() => '---').join('|')}|`,
        ...rows.map((r) => `| ${r.join(' | ')} |`),
      ].join('\n')
    : '_niciunul_';
const cell = (v) =>
  String(v ?? '')
    .replace(/[|\n\r\t]/g, ' ')
    .slice(0, 120);

/** The Markdown report of a run (or dry run). */
export function renderReport(r, refusal) {
  const photoRate = r.timings.photos ? r.photos.written / r.timings.photos : 0;
  return `# Import ${r.dryRun ? '(dry run)' : ''}

- Source: ${r.source}
- Site: ${r.site}
${refusal ? `\n**Refused:** ${refusal}\n` : ''}
## Counts
${table(['table', 'rows'], Object.entries(r.counts))}

Ads by old status: ${
    Object.entries(r.byStatus)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || '—'
  }  
People by role: ${
    Object.entries(r.roles)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || '—'
  }; banned: ${r.banned}  
Passwords: ${
    Object.entries(r.passwords)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || '—'
  }

## Decisions
${table(['decision', 'ads'], Object.entries(r.decisions))}

Written: ${r.written.users} people, ${r.written.posts} ads; already there: ${r.skipped.users} people, ${r.skipped.posts} ads.

## Categories
${table(
  ['old id', 'old slug', 'v3 category'],
  r.categories.map((c) => [
    c.oldId,
    cell(c.oldSlug),
    c.unmapped ? '**UNMAPPED**' : (c.categoryId ?? 'retired (410)'),
  ]),
)}

Unmapped categories (stop the real run; decide with \`--map-category OLD=NEW\`): ${r.unmapped.join(', ') || 'none'}

## Conflicting ids
${
  Object.entries(r.conflicts)
    .map(([k, ids]) => `- ${k}: ${ids.join(', ')}`)
    .join('\n') || 'none'
}

## Rows refused
${table(
  ['table', 'id', 'line', 'reason'],
  r.invalid.map((i) => [i.table, i.id, i.line, cell(i.reason)]),
)}

Ads whose author is missing: ${r.missingAuthors.join(', ') || 'none'}

## People merged by letter case
${table(
  ['e-mail', 'kept id', 'merged ids'],
  r.merges.map((m) => [cell(m.email), m.kept, m.merged.join(', ')]),
)}

## Phones that could not be read (dropped)
${table(
  ['table', 'id', 'phone'],
  r.phonesDropped.map((p) => [p.table, p.id, cell(p.phone)]),
)}

## Text over v3's limits (kept; the editor asks to shorten it)
${table(
  ['ad', 'over'],
  r.overLimit.map((o) => [o.id, o.over.join(', ')]),
)}

## Photos
Written ${r.photos.written}, already there ${r.photos.skipped}, shrunk before sending ${r.photos.shrunk}, of ads not imported ${r.photos.noPost}.

Missing:
${table(
  ['id', 'ad', 'file'],
  r.photos.missing.map((p) => [p.id, p.postId, cell(p.fileName)]),
)}

Damaged:
${table(
  ['id', 'ad', 'reason'],
  r.photos.damaged.map((p) => [p.id, p.postId, cell(p.reason)]),
)}

## Old → new URLs (sample)
${table(
  ['old', 'v3'],
  r.urls.map((u) => [cell(u.old), cell(u.v3)]),
)}

## Time
${table(
  ['phase', 'seconds'],
  Object.entries(r.timings).map(([k, s]) => [k, s.toFixed(1)]),
)}

Estimated time of a real run: rows about ${((r.timings.people ?? 0) + (r.timings.ads ?? 0)).toFixed(0)} s here${
    photoRate
      ? `, photos at ${photoRate.toFixed(1)}/s → ${Math.round(r.counts.Image / photoRate / 60)} min for ${r.counts.Image}`
      : ''
  }.
${
  r.clerk
    ? `\n## Clerk\n${table(
        ['', 'n'],
        Object.entries(r.clerk).map(([k, v]) => [k, Array.isArray(v) ? v.length : v]),
      )}\n`
    : ''
}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    if (err instanceof ToolError || err instanceof DumpError) {
      console.error(`[import] refused: ${err.message}`);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  });
}
