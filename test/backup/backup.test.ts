// The nightly backup (docs/operations.md#backups): every base table, a consistent snapshot while the
// site keeps writing, photos copied incrementally, retention.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backupName, backupPhotoKey, manifestKey, sha256Hex, tableKey } from '../../src/backup/format';
import { applyRetention } from '../../src/backup/retention';
import { runBackupTables, startBackup } from '../../src/backup/run';
import { backupNames } from '../../src/backup/store';
import * as schema from '../../src/db/schema';
import { enqueue, type Job } from '../../src/jobs/queue';
import { backupsToKeep } from '../../src/lib/retention';
import { originalKey } from '../../src/photos/keys';
import { db, makePost, makeUser } from '../fixtures';
import { backupNow, clearBucket, nextBackupTime, photoWithObject, tableRows } from './support';

/** Every table of the database, from its own catalogue, minus what a backup must leave out. */
async function expectedTables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name",
  ).all<{
    name: string;
  }>();
  return results
    .map((r) => r.name)
    .filter(
      (n) =>
        !n.startsWith('sqlite_') &&
        !n.startsWith('_cf_') &&
        !n.startsWith('posts_fts') &&
        ![
          'search_terms',
          'search_term_deletes',
          'search_terms_pending',
          // The queue's rows: its triggers rebuild them as a restore writes ads, reports and marks.
          'queue_items',
          'd1_migrations',
          'restore_progress',
        ].includes(n),
    )
    .sort();
}

beforeEach(async () => {
  await clearBucket(env.BACKUPS);
});

describe('backup contents', () => {
  it('holds every base table with its rows, counts and checksums, and not the search index', async () => {
    const author = await makeUser();
    const post = await makePost(author.id, { title: 'Apartament de test pentru copie' });
    await photoWithObject(post.id, author.id);
    const fan = await makeUser();
    await db.insert(schema.favourites).values({ userId: fan.id, postId: post.id, createdAt: Date.now() });
    await db.insert(schema.savedSearches).values({
      userId: fan.id,
      name: 'apartamente',
      query: 'q=apartament',
      createdAt: Date.now(),
      cursorAt: Date.now(),
    });

    const manifest = await backupNow();
    expect(Object.keys(manifest.tables).sort()).toEqual(await expectedTables());
    expect(Object.keys(manifest.tables)).not.toContain('posts_fts');
    // The newest migration applied (the pool applies every file of migrations/, in order).
    const newest = (env.TEST_MIGRATIONS as { name: string }[])
      .map((m) => m.name)
      .sort()
      .at(-1);
    expect(manifest.lastMigration).toBe(newest);
    // Parents before children, so a restore writes them in this order.
    const order = Object.keys(manifest.tables);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('posts'));
    expect(order.indexOf('posts')).toBeLessThan(order.indexOf('photos'));

    for (const [table, entry] of Object.entries(manifest.tables)) {
      const object = await env.BACKUPS.get(tableKey(manifest.name, table));
      expect(object, table).not.toBeNull();
      const bytes = await object!.arrayBuffer();
      expect(await sha256Hex(bytes), table).toBe(entry.sha256);
      expect(bytes.byteLength).toBe(entry.bytes);
      const count = await env.DB.prepare(`SELECT count(*) AS n FROM "${table}"`).first<{ n: number }>();
      expect(entry.rows, table).toBe(count!.n);
      expect((await tableRows(manifest.name, table)).length, table).toBe(entry.rows);
    }
    const posts = await tableRows(manifest.name, 'posts');
    expect(posts.find((p) => p.id === post.id)).toMatchObject({ title: 'Apartament de test pentru copie' });
    expect(manifest.photos.count).toBe(manifest.tables.photos.rows);
    expect(manifest.leftOut).toBe(0);
  });
});

describe('consistency', () => {
  it('has no ad without its author and no photo row without its original while the site keeps writing', async () => {
    const owner = await makeUser();
    const doomed: number[] = [];
    for (let i = 0; i < 12; i++) {
      const p = await makePost(owner.id);
      await photoWithObject(p.id, owner.id);
      doomed.push(p.id);
    }
    let writing = true;
    const writer = (async () => {
      let i = 0;
      while (writing && i < 200) {
        // New authors with new ads, written between the reads of users and posts…
        const u = await makeUser();
        const p = await makePost(u.id);
        await photoWithObject(p.id, u.id);
        // …and ads deleted (with their photos' rows and originals) between the reads of posts and photos.
        const gone = doomed.shift();
        if (gone !== undefined) {
          const photos = await db.select().from(schema.photos).where(eq(schema.photos.postId, gone));
          await db.delete(schema.photos).where(eq(schema.photos.postId, gone));
          await db.delete(schema.posts).where(eq(schema.posts.id, gone));
          for (const ph of photos) await env.PHOTOS.delete(originalKey(ph.id));
        }
        i++;
      }
    })();
    const manifest = await backupNow();
    writing = false;
    await writer;

    const users = new Set((await tableRows(manifest.name, 'users')).map((r) => r.id));
    const posts = await tableRows(manifest.name, 'posts');
    const postIds = new Set(posts.map((r) => r.id));
    const photos = await tableRows(manifest.name, 'photos');
    for (const p of posts) expect(users.has(p.user_id), `ad ${p.id}`).toBe(true);
    for (const ph of photos) {
      expect(users.has(ph.user_id), `photo ${ph.id}`).toBe(true);
      if (ph.post_id !== null) expect(postIds.has(ph.post_id), `photo ${ph.id}`).toBe(true);
      expect(await env.BACKUPS.head(backupPhotoKey(ph.id as number)), `original ${ph.id}`).not.toBeNull();
    }
    expect(manifest.tables.photos.rows).toBe(photos.length);
    expect(manifest.photos.count).toBe(photos.length);
  });
});

describe('photos', () => {
  it('copies only the originals that are new since the last backup, and keeps a deleted one', async () => {
    const u = await makeUser();
    const p = await makePost(u.id);
    await photoWithObject(p.id, u.id);
    // A day apart: three backups of one day would keep only the newest (retention runs after each).
    const first = await backupNow(nextBackupTime(86_400_000));
    expect(first.photos.copied).toBe(first.photos.count);

    const added = await photoWithObject(p.id, u.id);
    const second = await backupNow(nextBackupTime(86_400_000));
    expect(second.photos.count).toBe(first.photos.count + 1);
    expect(second.photos.copied).toBe(1);
    const copy = await env.BACKUPS.get(backupPhotoKey(added.id));
    const original = await env.PHOTOS.get(originalKey(added.id));
    expect(new Uint8Array(await copy!.arrayBuffer())).toEqual(new Uint8Array(await original!.arrayBuffer()));

    // Deleted from the site: the next backup no longer lists it, the bucket still holds its copy.
    await db.delete(schema.photos).where(eq(schema.photos.id, added.id));
    await env.PHOTOS.delete(originalKey(added.id));
    const third = await backupNow(nextBackupTime(86_400_000));
    expect(third.photos.copied).toBe(0);
    expect((await tableRows(third.name, 'photos')).some((r) => r.id === added.id)).toBe(false);
    expect(await env.BACKUPS.head(backupPhotoKey(added.id))).not.toBeNull();
  });

  it('leaves out a photo row whose original is gone before it is copied', async () => {
    const u = await makeUser();
    const p = await makePost(u.id);
    const lost = await photoWithObject(p.id, u.id);
    await env.PHOTOS.delete(originalKey(lost.id));
    const manifest = await backupNow();
    expect((await tableRows(manifest.name, 'photos')).some((r) => r.id === lost.id)).toBe(false);
    expect(manifest.leftOut).toBeGreaterThanOrEqual(1);
    const entry = manifest.tables.photos;
    expect(
      await sha256Hex(await (await env.BACKUPS.get(tableKey(manifest.name, 'photos')))!.arrayBuffer()),
    ).toBe(entry.sha256);
  });
});

describe('retention', () => {
  it('keeps the newest of 7 days, 4 weeks and 12 months', () => {
    const start = Date.UTC(2025, 0, 1, 3, 17);
    const backups = Array.from({ length: 400 }, (_, i) => {
      const at = start + i * 86_400_000;
      return { name: backupName(at), at };
    });
    const keep = backupsToKeep(backups);
    const newest = backups.at(-1)!.at;
    const kept = backups.filter((b) => keep.has(b.name));
    // 7 dailies, the weeks and months add the others (some coincide).
    expect(kept.filter((b) => newest - b.at < 7 * 86_400_000)).toHaveLength(7);
    expect(kept.length).toBeLessThanOrEqual(7 + 4 + 12);
    expect(kept.length).toBeGreaterThanOrEqual(12 + 7 - 1);
    const months = new Set(kept.map((b) => new Date(b.at).toISOString().slice(0, 7)));
    expect(months.size).toBe(12);
    // Two backups on one day: only the newer counts for that day.
    const twice = backupsToKeep([
      { name: 'a', at: start },
      { name: 'b', at: start + 3_600_000 },
    ]);
    expect([...twice]).toEqual(['b']);
  });

  it('removes the backups past retention and the photo copies only they held', async () => {
    const u = await makeUser();
    const p = await makePost(u.id);
    const old = await photoWithObject(p.id, u.id);
    const first = await backupNow(nextBackupTime(40 * 86_400_000));
    await db.delete(schema.photos).where(eq(schema.photos.id, old.id));
    await env.PHOTOS.delete(originalKey(old.id));
    let last = first;
    // The first one is the newest of its month: 13 monthly backups later it is past retention (each
    // backup runs retention when it finishes).
    for (let i = 0; i < 13; i++) last = await backupNow(nextBackupTime(31 * 86_400_000));
    const report = await applyRetention(env.BACKUPS, last.createdAt);
    expect(report.removed).toEqual([]);
    expect(await env.BACKUPS.head(manifestKey(first.name))).toBeNull();
    expect(await env.BACKUPS.head(backupPhotoKey(old.id))).toBeNull();
    const names = await backupNames(env.BACKUPS);
    expect(names).toContain(last.name);
    expect(names.length).toBeLessThanOrEqual(12 + 4 + 7);
    // Photos still on the site are still in the bucket.
    const kept = (await tableRows(last.name, 'photos')).map((r) => r.id as number);
    for (const id of kept) expect(await env.BACKUPS.head(backupPhotoKey(id))).not.toBeNull();
  });
});

describe('queues', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The kinds each queue was given while `work` ran (nothing is delivered). */
  async function sentTo(work: () => Promise<unknown>) {
    const kinds = (spy: { mock: { calls: unknown[][] } }) =>
      spy.mock.calls.flatMap((c) => (c[0] as { body: Job }[]).map((m) => m.body.kind));
    const jobs = vi.spyOn(env.JOBS, 'sendBatch').mockResolvedValue(undefined as never);
    const backup = vi.spyOn(env.BACKUP_JOBS, 'sendBatch').mockResolvedValue(undefined as never);
    try {
      await work();
      return { jobs: kinds(jobs), backup: kinds(backup) };
    } finally {
      jobs.mockRestore();
      backup.mockRestore();
    }
  }

  it("puts the backup's jobs on BACKUP_JOBS and never on the mails' queue", async () => {
    const u = await makeUser();
    const p = await makePost(u.id);
    await photoWithObject(p.id, u.id);
    const at = nextBackupTime(86_400_000);
    const started = await sentTo(() => startBackup(env, at));
    expect(started).toEqual({ jobs: [], backup: ['backup-tables'] });

    const tables = await sentTo(() =>
      runBackupTables({ kind: 'backup-tables', name: backupName(at) }, env, at),
    );
    expect(tables.jobs).toEqual([]);
    expect(tables.backup.length).toBeGreaterThan(0);
    expect(new Set(tables.backup)).toEqual(new Set(['backup-photos']));

    const mixed = await sentTo(() =>
      enqueue(env, [
        { kind: 'backup-retention' },
        { kind: 'expiry-reminder', userId: u.id, stage: 'soon' },
        { kind: 'backup-photos', name: backupName(at), part: 0, ids: [] },
      ]),
    );
    expect(mixed).toEqual({ jobs: ['expiry-reminder'], backup: ['backup-retention', 'backup-photos'] });
  });
});
