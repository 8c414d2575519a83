// Restoring a backup (docs/operations.md#restore): the file an operator downloads, read and checked
// by the restore tool's own code, written through /__admin into an empty site: the same rows with
// their ids, the same photos, the search index rebuilt; refusals with nothing written; an
// interrupted restore resumed.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { QUEUE_TRUTH } from '../../src/db/queue';
import { originalKey } from '../../src/photos/keys';
// @ts-expect-error plain JavaScript shared with the Node tool (typed by JSDoc)
import { BackupFileError, readBackupFile, restoreBackup } from '../../src/tools/lib/backup-file.mjs';
import { db, get, getAs, makePost, makeUser, ORIGIN, signIn } from '../fixtures';
import { backupNow, clearBucket, photoWithObject } from './support';

const TOKEN = env.ADMIN_API_TOKEN as string;

/** The restore tool's client, talking to this worker with the admin token; `failAfter` calls, it breaks. */
function adminClient(failAfter = Number.POSITIVE_INFINITY) {
  let calls = 0;
  async function call(path: string, body: BodyInit, type: string, headers: Record<string, string> = {}) {
    if (++calls > failAfter) throw new Error('connection lost');
    const res = await exports.default.fetch(
      new Request(new URL(path, ORIGIN), {
        method: 'POST',
        body,
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'content-type': type,
          accept: 'application/json',
          ...headers,
        },
      }),
    );
    const data = (await res.json()) as { error?: string };
    if (!res.ok) throw Object.assign(new Error(data.error ?? String(res.status)), { status: res.status });
    return data;
  }
  return {
    postJson: (path: string, body: unknown) => call(path, JSON.stringify(body), 'application/json'),
    postBinary: (path: string, bytes: Uint8Array, headers?: Record<string, string>) =>
      call(path, bytes as BodyInit, 'application/octet-stream', headers),
  };
}

const CONTENT = ['users', 'posts', 'photos', 'favourites', 'reports', 'job_runs'];

async function snapshotOf(tables: string[]) {
  const out: Record<string, unknown[]> = {};
  for (const t of tables)
    out[t] = (await env.DB.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all()).results;
  return out;
}

async function counts() {
  const out: Record<string, number> = {};
  for (const t of [...CONTENT, 'restore_progress'])
    out[t] = (await env.DB.prepare(`SELECT count(*) AS n FROM "${t}"`).first<{ n: number }>())!.n;
  return out;
}

/** What `npm start -- --empty` gives: migrated tables (categories…) and nothing else. */
async function emptyTheSite() {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'posts_fts%' AND name NOT IN ('d1_migrations', 'categories', 'meta', 'search_synonyms')",
  ).all<{ name: string }>();
  await env.DB.batch(results.map((r) => env.DB.prepare(`DELETE FROM "${r.name}"`)));
  await clearBucket(env.PHOTOS);
}

async function searchFinds(word: string, title: string) {
  const html = await (await get(`/cautare?q=${word}`)).text();
  return html.includes(title);
}

describe('restore', () => {
  let file: Uint8Array;
  let before: Record<string, unknown[]>;
  let photoBytes: Map<number, string>;
  let reportedId: number;
  const title = 'Tractor Zetor vopsit proaspăt';

  it('downloads a backup as the operator, and refuses a site that is not empty, writing nothing', async () => {
    await clearBucket(env.BACKUPS);
    const author = await makeUser();
    const post = await makePost(author.id, {
      title,
      description: 'Un tractor zetorist foarte bun, de vânzare.',
    });
    for (let i = 0; i < 3; i++) await photoWithObject(post.id, author.id);
    const other = await makePost((await makeUser()).id, { title: 'Bicicletă de oraș' });
    await photoWithObject(other.id, other.userId);
    // An open report: the ad is in the operators' queue (queue_items, rebuilt by its triggers).
    await env.DB.prepare(
      "INSERT INTO reports (post_id, reason, reporter_key, created_at) VALUES (?, 'Spam', 'a:copie', ?)",
    )
      .bind(other.id, Date.now())
      .run();
    reportedId = other.id;
    expect(await searchFinds('zetor', title)).toBe(true);

    const operator = await signIn('user_operator_env');
    const manifest = await backupNow();
    const res = await getAs(`/moderare/stare/copii/${manifest.name}`, operator.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`eradauti-${manifest.name}.backup`);
    file = new Uint8Array(await res.arrayBuffer());
    before = await snapshotOf(CONTENT.filter((t) => t !== 'job_runs'));
    photoBytes = new Map();
    for (const row of before.photos as { id: number }[]) {
      const o = await env.PHOTOS.get(originalKey(row.id));
      photoBytes.set(row.id, await o!.text());
    }

    const backup = await readBackupFile(file);
    expect(backup.photos.length).toBe((before.photos as unknown[]).length);
    const site = await counts();
    await expect(restoreBackup(adminClient(), backup)).rejects.toThrow(/nu este gol/);
    expect(await counts()).toEqual(site);
  });

  it('refuses a cut-off or damaged file before writing anything', async () => {
    await emptyTheSite();
    const site = await counts();
    await expect(readBackupFile(file.subarray(0, file.length - 40))).rejects.toThrow(/incomplet/);
    await expect(readBackupFile(file.subarray(0, Math.floor(file.length / 2)))).rejects.toBeInstanceOf(
      BackupFileError,
    );
    // One byte changed anywhere (the manifest, a table, a photo, a header) is noticed.
    for (const at of [0.05, 0.3, 0.6, 0.97]) {
      const damaged = file.slice();
      damaged[Math.floor(damaged.length * at)] ^= 0x01;
      await expect(readBackupFile(damaged), `byte at ${at}`).rejects.toBeInstanceOf(BackupFileError);
    }
    await expect(readBackupFile(new TextEncoder().encode('nu e o copie'))).rejects.toThrow(/nu este o copie/);
    expect(await counts()).toEqual(site);
  });

  it('refuses a backup made with a newer migration than the site has, writing nothing', async () => {
    const backup = await readBackupFile(file);
    backup.manifest.lastMigration = '9999_viitor.sql';
    const site = await counts();
    await expect(restoreBackup(adminClient(), backup)).rejects.toThrow(/migrare mai nouă/);
    expect(await counts()).toEqual(site);
    expect(site.restore_progress).toBe(0);
  });

  it('restores into the empty site after an interruption: same rows and ids, photos, search', async () => {
    const backup = await readBackupFile(file);
    expect(await searchFinds('zetor', title)).toBe(false);
    // The empty site's listing, seen before the restore, must not hide the restored ads afterwards
    // (the pool runs with the page cache off: the stale counts and pages themselves are caught by
    // the browser rehearsal, docs/operations.md#rehearsed-by-the-tests).
    expect(await (await get('/anunturi')).text()).not.toContain(title);
    const sent = new Set<number>();
    // Cut off after a few calls (half-way through the tables)…
    await expect(
      restoreBackup(adminClient(6), backup, { rowsPerCall: 1, onPhoto: (id: number) => sent.add(id) }),
    ).rejects.toThrow('connection lost');
    const partial = await counts();
    expect(partial.restore_progress).toBe(1);
    // …and run again: it carries on.
    const status = await restoreBackup(adminClient(), backup, { donePhotos: sent });
    expect(status.restoring.status).toBe('done');

    const after = await snapshotOf(CONTENT.filter((t) => t !== 'job_runs'));
    expect(after).toEqual(before);
    for (const [id, text] of photoBytes) {
      expect(await (await env.PHOTOS.get(originalKey(id)))!.text()).toBe(text);
    }
    expect(await searchFinds('zetor', title)).toBe(true);
    // The spelling candidates are rebuilt too: a typo finds the ad.
    expect(await searchFinds('zetro', title)).toBe(true);
    // The queue's rows (not in the backup) came back with the reports, as the truth computes them.
    const queued = await env.DB.prepare('SELECT post_id AS postId, tier, reporters FROM queue_items').all();
    expect(queued.results).toEqual([{ postId: reportedId, tier: 1, reporters: 1 }]);
    expect((await db.all<{ postId: number }>(QUEUE_TRUTH)).map((r) => r.postId)).toEqual([reportedId]);
    const post = (before.posts as { id: number; title: string; slug: string }[]).find(
      (p) => p.title === title,
    )!;
    // The console's indexes of every ad and every name (migration 0028) are filled again by their
    // triggers as the rows are written: the ad by a word of its raw description, every person.
    const consoleAds = await env.DB.prepare(
      `SELECT rowid AS id FROM posts_fts_all WHERE posts_fts_all MATCH '"zetorist"*'`,
    ).all<{ id: number }>();
    expect(consoleAds.results.map((r) => r.id)).toEqual([post.id]);
    const names = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM posts_fts_people) AS indexed, (SELECT count(*) FROM users) AS people',
    ).first<{ indexed: number; people: number }>();
    expect(names?.indexed).toBe(names?.people);
    expect(names?.people).toBeGreaterThan(0);
    expect((await get(`/anunt/imobiliare/${post.slug}-${post.id}`)).status).not.toBe(404);
    expect(await (await get('/anunturi')).text()).toContain(title);

    // Restored once: the same backup again is refused, and so is another on this site.
    await expect(restoreBackup(adminClient(), backup)).rejects.toThrow(/deja restaurată/);
  });

  it('keeps the admin routes closed without the token', async () => {
    const res = await exports.default.fetch(
      new Request(new URL('/__admin/restore/begin', ORIGIN), { method: 'POST', body: '{}' }),
    );
    expect([401, 403]).toContain(res.status);
  });
});
