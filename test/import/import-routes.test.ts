// The worker's half of the move-in (`POST /__admin/import/<step>`): the mapping through the editor's
// code, all-or-nothing batches, conflicts, and imported accounts taken over at first sign-in.
import { env } from 'cloudflare:workers';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { longExpiredAds } from '../../src/db/retention';
import { gonePosts, importRows, posts, users } from '../../src/db/schema';
import { searchText } from '../../src/db/search-text';
import { openDb } from '../../src/db/session';
import { GONE_AD } from '../../src/http/gone-ad';
import { runRetention } from '../../src/jobs/retention';
import { EXPIRED_AD_KEEP_MS } from '../../src/lib/ad-retention';
import { IMPORT_LIFETIME_MS, RETIRED_CATEGORY_REASON } from '../../src/lib/import-map';
import {
  callWorker,
  db,
  formOf,
  getAs,
  idFromLocation,
  jpegBytes,
  ORIGIN,
  person,
  postFormAs,
  postRow,
  sessionCookie,
  textOf,
  validFields,
} from '../fixtures';

const NOW = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;

async function step(name: string, body: unknown) {
  const res = await callWorker(
    new Request(`${ORIGIN}/__admin/import/${name}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${env.ADMIN_API_TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

let nextId = 700_000 + Math.floor(Math.random() * 100_000);
const ids = () => nextId++;

function oldUser(id: number, email: string, extra: Record<string, unknown> = {}) {
  return {
    user: {
      id,
      email,
      fullName: null,
      phone: null,
      banned: false,
      role: 'USER',
      createdAt: NOW - 900 * DAY,
      updatedAt: NOW - DAY,
      ...extra,
    },
    digest: `digest-${id}`,
    aliases: [],
  };
}

function oldPost(id: number, userId: number, extra: Record<string, unknown> = {}) {
  return {
    post: {
      id,
      title: 'Vând bicicletă, sunați 0745 123 456',
      body: 'Bicicletă bună. Telefon 0745123456.',
      status: 'ACTIVE',
      price: 300,
      currency: 'RON',
      phone: '0745 123 456',
      userId,
      categoryId: 8,
      createdAt: NOW - 20 * DAY,
      lastChangedAt: NOW - 10 * DAY,
      promotionLevel: 0,
      ...extra,
    },
    digest: `digest-post-${id}`,
  };
}

describe('POST /__admin/import/<step>', () => {
  it('maps people: e-mail in lower case, SUPERADMIN → operator, unreadable phones dropped and reported', async () => {
    const [a, b] = [ids(), ids()];
    const r = await step('users', {
      dryRun: false,
      rows: [
        oldUser(a, ' Maria.Pop@Example.COM ', {
          role: 'SUPERADMIN',
          phone: '+40 745 111 222',
          fullName: '  Maria  ',
        }),
        oldUser(b, 'ion@example.com', { phone: 'seara', banned: true, fullName: '' }),
      ],
    });
    expect(r.status).toBe(200);
    expect(r.json.phonesDropped).toEqual([{ id: b, phone: 'seara' }]);
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.id, [a, b]));
    const byId = Object.fromEntries(rows.map((u) => [u.id, u]));
    expect(byId[a]).toMatchObject({
      email: 'maria.pop@example.com',
      role: 'operator',
      phone: '0745111222',
      name: 'Maria',
      clerkId: `import:${a}`,
    });
    expect(byId[b]).toMatchObject({ banned: true, phone: null, name: 'ion' });
  });

  it('maps ads through the editor’s masking and slug, with the statuses, expiry and promotions of the move-in', async () => {
    const u = ids();
    await step('users', { dryRun: false, rows: [oldUser(u, `p${u}@example.com`)] });
    const [recent, old, ancient, retired, promoted] = [ids(), ids(), ids(), ids(), ids()];
    const r = await step('posts', {
      dryRun: false,
      now: NOW,
      rows: [
        oldPost(recent, u),
        oldPost(old, u, { lastChangedAt: NOW - 90 * DAY }),
        oldPost(ancient, u, { status: 'EXPIRED', lastChangedAt: NOW - 900 * DAY }),
        oldPost(retired, u, { categoryId: null }),
        oldPost(promoted, u, { promotionLevel: 200, lastChangedAt: NOW - 20 * DAY }),
      ],
    });
    expect(r.status).toBe(200);
    expect(r.json.decisions).toEqual({ published: 2, expired: 1, gone: 1, retired: 1 });
    const rows = Object.fromEntries(
      (
        await db
          .select()
          .from(posts)
          .where(inArray(posts.id, [recent, old, ancient, retired, promoted]))
      ).map((p) => [p.id, p]),
    );
    expect(rows[recent].title).toBe('Vând bicicletă, sunați **********');
    expect(rows[recent].slug).toBe('vand-bicicleta-sunati');
    expect(rows[recent].searchText).not.toContain('0745123456');
    expect(rows[recent].description).toBe('Bicicletă bună. Telefon 0745123456.');
    expect(rows[recent].phone).toBe('0745123456');
    expect(rows[recent].status).toBe('published');
    // Changed 10 days ago: 30-day lifetime ends in 20 days, later than the 14-day floor.
    expect(rows[recent].expiresAt).toBe(NOW + 20 * DAY);
    expect(rows[recent].bumpedAt).toBe(NOW - 10 * DAY);
    expect(rows[promoted]).toMatchObject({
      promotion: 2,
      promotedUntil: NOW + 30 * DAY,
      expiresAt: NOW + 14 * DAY,
    });
    expect(rows[old]).toMatchObject({ status: 'expired', promotion: 0 });
    expect(rows[ancient]).toBeUndefined();
    expect(rows[retired]).toMatchObject({ status: 'hidden', hiddenReason: RETIRED_CATEGORY_REASON });
    expect((await getAs(`/anunt/diverse/x-${ancient}`, '')).status).toBe(410);
    expect((await getAs(`/anunt/diverse/x-${retired}`, '')).status).toBe(410);
    // A rerun writes nothing.
    const again = await step('posts', {
      dryRun: false,
      now: NOW,
      rows: [oldPost(recent, u), oldPost(ancient, u, { status: 'EXPIRED', lastChangedAt: NOW - 900 * DAY })],
    });
    expect(again.json).toMatchObject({ written: 0, skipped: 2 });
  });

  it('a dry run writes nothing; a batch with one invalid row is refused whole', async () => {
    const [a, b] = [ids(), ids()];
    expect((await step('users', { dryRun: true, rows: [oldUser(a, 'dry@example.com')] })).json.written).toBe(
      0,
    );
    const bad = await step('users', {
      dryRun: false,
      rows: [oldUser(a, 'ok@example.com'), oldUser(b, 'x@example.com', { role: 'ROOT' })],
    });
    expect(bad.status).toBe(400);
    expect(
      await db
        .select()
        .from(users)
        .where(inArray(users.id, [a, b])),
    ).toEqual([]);
  });

  it('names ids taken by rows the import did not write', async () => {
    const [mine] = await db
      .insert(users)
      .values({
        clerkId: `user_native_${ids()}`,
        name: 'Nativ',
        email: 'n@example.com',
        createdAt: NOW,
        updatedAt: NOW,
      })
      .returning();
    const imported = ids();
    await step('users', { dryRun: false, rows: [oldUser(imported, `i${imported}@example.com`)] });
    const r = await step('check', { kind: 'user', ids: [mine.id, imported, ids()] });
    expect(r.json).toEqual({ conflicts: [mine.id], imported: [imported] });
  });

  it('refuses every step without the token', async () => {
    const res = await callWorker(
      new Request(`${ORIGIN}/__admin/import/users`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(res.status).toBe(403);
  });
});

describe('imported accounts', () => {
  it('are taken over by the first sign-in whose e-mail matches in any letter case, with their ads', async () => {
    const id = ids();
    const postId = ids();
    await step('users', { dryRun: false, rows: [oldUser(id, `Elena.${id}@Example.com`)] });
    await step('posts', {
      dryRun: false,
      now: Date.now(),
      rows: [oldPost(postId, id, { lastChangedAt: Date.now() - DAY })],
    });
    const clerkId = `user_clerk_${id}`;
    const cookie = await sessionCookie(clerkId, { email: `ELENA.${id}@EXAMPLE.COM` });
    // Two requests at once: one takeover, no second account.
    const [r1, r2] = await Promise.all([getAs('/cont', cookie), getAs('/cont', cookie)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    const rows = await db.select().from(users).where(eq(users.clerkId, clerkId));
    expect(rows.map((u) => u.id)).toEqual([id]);
    const mine = await getAs('/posts/mine', cookie);
    expect(await mine.text()).toContain('Vând bicicletă');
  });

  it('keep text over the editor’s limits, and the editor asks the owner to shorten it at the next edit', async () => {
    const id = ids();
    const postId = ids();
    const title = `Vând apartament cu trei camere ${'foarte spațios și luminos, '.repeat(5)}în Rădăuți`;
    expect(title.length).toBeGreaterThan(100);
    await step('users', { dryRun: false, rows: [oldUser(id, `long${id}@example.com`)] });
    const r = await step('posts', {
      dryRun: false,
      now: Date.now(),
      rows: [oldPost(postId, id, { title, lastChangedAt: Date.now() - DAY })],
    });
    expect(r.json.decisions).toEqual({ published: 1 });
    expect((await postRow(postId))?.title).toBe(title);
    const cookie = await sessionCookie(`user_long_${id}`, { email: `long${id}@example.com` });
    const form = await getAs(`/posts/edit/${postId}`, cookie);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('foarte spațios și luminos, foarte');
    // Saving it unchanged is refused with the limit, and the form comes back with the text typed.
    const refused = await postFormAs(
      `/posts/edit/${postId}`,
      formOf(
        validFields({
          title,
          description: 'Apartament luminos, etajul 2, aproape de centru.',
          category: '8',
        }),
      ),
      cookie,
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(textOf(html)).toContain('Titlul poate avea cel mult 100 de caractere.');
    expect(html).toContain('foarte spațios și luminos, foarte');
    const shortened = await postFormAs(
      `/posts/edit/${postId}`,
      formOf(validFields({ title: 'Vând apartament cu trei camere în Rădăuți', category: '8' })),
      cookie,
    );
    expect(shortened.status).toBe(303);
    expect((await postRow(postId))?.title).toBe('Vând apartament cu trei camere în Rădăuți');
  });

  it('are not taken over by an e-mail that differs', async () => {
    const id = ids();
    await step('users', { dryRun: false, rows: [oldUser(id, `dan${id}@example.com`)] });
    const cookie = await sessionCookie(`user_other_${id}`, { email: `dan${id}@example.org` });
    expect((await getAs('/cont', cookie)).status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row.clerkId).toBe(`import:${id}`);
  });
});

describe('ads gone for good: one table, one rule, one 410', () => {
  async function goneIds(list: number[]) {
    const rows = await db.select().from(gonePosts).where(inArray(gonePosts.postId, list));
    return rows.map((r) => r.postId).sort((a, b) => a - b);
  }

  async function expect410(path: string) {
    const res = await getAs(path, '');
    expect(res.status).toBe(410);
    expect(textOf(await res.text())).toContain(GONE_AD);
  }

  it('the import keeps an old ad exactly when the daily job would; the job later removes it to the same 410', async () => {
    const u = ids();
    await step('users', { dryRun: false, rows: [oldUser(u, `r${u}@example.com`)] });
    const [atCutoff, inside] = [ids(), ids()];
    // An old ad expires a lifetime after its last change: these expire exactly at the retention
    // cutoff of the import's clock, and one millisecond after it.
    const changedAtCutoff = NOW - EXPIRED_AD_KEEP_MS - IMPORT_LIFETIME_MS;
    const r = await step('posts', {
      dryRun: false,
      now: NOW,
      rows: [
        oldPost(atCutoff, u, { status: 'EXPIRED', lastChangedAt: changedAtCutoff }),
        oldPost(inside, u, { status: 'EXPIRED', lastChangedAt: changedAtCutoff + 1 }),
      ],
    });
    expect(r.json.decisions).toEqual({ gone: 1, expired: 1 });
    // The daily job's own query at the same moment agrees: it would keep `inside` too.
    const due = await longExpiredAds(openDb(env.DB), NOW, 10_000);
    expect(due).not.toContain(inside);
    expect(await goneIds([atCutoff, inside])).toEqual([atCutoff]);
    await expect410(`/anunt/diverse/x-${atCutoff}`);
    await expect410(`/anunturi/diverse-16/x-${atCutoff}`);
    expect((await getAs(`/anunt/diverse/x-${inside}`, '')).status).not.toBe(410);

    // A millisecond later the daily job removes `inside` for good: the same table, the same answer.
    await runRetention(env, openDb(env.DB), NOW + 1);
    expect(await db.select().from(posts).where(eq(posts.id, inside))).toEqual([]);
    expect(await goneIds([atCutoff, inside])).toEqual([atCutoff, inside].sort((a, b) => a - b));
    await expect410(`/anunt/diverse/x-${inside}`);
    await expect410(`/anunturi/diverse-16/x-${inside}`);

    // A rerun of the import finds both done: nothing written, no conflict.
    const again = await step('posts', {
      dryRun: false,
      now: NOW,
      rows: [
        oldPost(atCutoff, u, { status: 'EXPIRED', lastChangedAt: changedAtCutoff }),
        oldPost(inside, u, { status: 'EXPIRED', lastChangedAt: changedAtCutoff + 1 }),
      ],
    });
    expect(again.json).toMatchObject({ written: 0, skipped: 2 });
    const check = await step('check', { kind: 'post', ids: [atCutoff, inside] });
    expect(check.json.conflicts).toEqual([]);
  });

  it('after the import, new ads take ids above the highest imported one, 410-only ids included', async () => {
    const u = ids();
    await step('users', { dryRun: false, rows: [oldUser(u, `n${u}@example.com`)] });
    const [kept, gone] = [ids(), ids()];
    const r = await step('posts', {
      dryRun: false,
      now: NOW,
      rows: [oldPost(kept, u), oldPost(gone, u, { status: 'EXPIRED', lastChangedAt: NOW - 900 * DAY })],
    });
    expect(r.json.decisions).toEqual({ published: 1, gone: 1 });
    expect(await goneIds([gone])).toEqual([gone]);
    expect((await step('finish', { dryRun: false })).status).toBe(200);
    const { cookie } = await person();
    const res = await postFormAs('/posts/new', formOf(validFields({ category: '8' })), cookie);
    expect(res.status).toBe(303);
    // Only the id of `gone` is kept (in gone_posts); the next ad must not take it, or its URL would
    // answer a new ad where the old one should answer 410.
    expect(idFromLocation(res.headers.get('location'))).toBeGreaterThan(gone);
    nextId += 1000; // the ids this test's new ad took are not handed out again
  });

  it('an id v3 itself removed for good is a conflict the import names', async () => {
    const removed = ids();
    await db.insert(gonePosts).values({ postId: removed, goneAt: NOW });
    const fresh = ids();
    const r = await step('check', { kind: 'post', ids: [removed, fresh] });
    expect(r.json).toEqual({ conflicts: [removed], imported: [] });
  });

  it('migration 0025 moves the 410s of an earlier import into gone_posts, each with its import marker', async () => {
    const [expired, retired] = [ids(), ids()];
    await env.DB.exec(
      'CREATE TABLE legacy_gone (kind TEXT NOT NULL, id INTEGER NOT NULL, reason TEXT NOT NULL, PRIMARY KEY (kind, id)) WITHOUT ROWID',
    );
    await env.DB.prepare("INSERT INTO legacy_gone VALUES ('post', ?1, 'expired'), ('post', ?2, 'retired')")
      .bind(expired, retired)
      .run();
    const migration = (env.TEST_MIGRATIONS as { name: string; queries: string[] }[]).find((m) =>
      m.name.startsWith('0025_'),
    );
    expect(migration).toBeDefined();
    for (const q of migration?.queries ?? []) await env.DB.prepare(q).run();
    expect(await goneIds([expired, retired])).toEqual([expired, retired]);
    const markers = await db
      .select()
      .from(importRows)
      .where(and(eq(importRows.kind, 'post'), inArray(importRows.id, [expired, retired])));
    expect(markers).toHaveLength(2);
    const left = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = 'legacy_gone'").all();
    expect(left.results).toEqual([]);
    await expect410(`/anunt/diverse/x-${expired}`);
  });
});

describe('imported text is what the editor stores', () => {
  it('title and description go through the editor’s normalisation, masking, slug, search text and stems', async () => {
    // Tabs, a line break, a zero-width space and runs of spaces in the title; Windows line breaks and
    // blank edges in the description; a phone number in both (masked where the public sees it).
    const title = '  Vând\tbicicletă\u200b de   oraș\nsunați 0745 123 456 ';
    const body = '\r\n  Bicicletă bună, roți noi.\r\nTelefon 0745123456, după ora 17.\r\n\r\n';
    const { cookie } = await person();
    const res = await postFormAs(
      '/posts/new',
      formOf(validFields({ title, description: body, category: '8' })),
      cookie,
    );
    expect(res.status).toBe(303);
    const edited = await postRow(idFromLocation(res.headers.get('location')));

    const u = ids();
    await step('users', { dryRun: false, rows: [oldUser(u, `t${u}@example.com`)] });
    const id = ids();
    const r = await step('posts', {
      dryRun: false,
      now: NOW,
      rows: [oldPost(id, u, { title, body, lastChangedAt: NOW - DAY })],
    });
    expect(r.json.decisions).toEqual({ published: 1 });
    const imported = await postRow(id);
    for (const column of [
      'title',
      'slug',
      'description',
      'searchText',
      'searchStems',
      'maskVersion',
    ] as const)
      expect(imported?.[column], column).toEqual(edited?.[column]);
    expect(imported?.title).toBe('Vând bicicletă de oraș sunați **********');
    expect(imported?.description).toBe('Bicicletă bună, roți noi.\nTelefon 0745123456, după ora 17.');
  });

  it('the words of imported ads join the search’s spelling candidates, so a typo finds them', async () => {
    const id = ids();
    // A word no other ad has: letters only, made from the id.
    const word = `velociped${[...String(id)].map((d) => 'abcdefghij'[Number(d)]).join('')}`;
    const u = ids();
    await step('users', { dryRun: false, rows: [oldUser(u, `s${u}@example.com`)] });
    await step('posts', {
      dryRun: false,
      now: Date.now(),
      rows: [
        oldPost(id, u, {
          title: `Vând ${word} pentru copii`,
          body: `Un ${word} ca nou.`,
          lastChangedAt: Date.now() - DAY,
        }),
      ],
    });
    const pending = () =>
      env.DB.prepare('SELECT post_id FROM search_terms_pending WHERE post_id = ?').bind(id).all();
    // Queued as an ad published in the editor is; the import's spelling step drains the queue.
    expect((await pending()).results).toHaveLength(1);
    const r = await step('spelling', { dryRun: false });
    expect(r.status).toBe(200);
    expect(r.json.drained).toBeGreaterThanOrEqual(1);
    expect((await pending()).results).toEqual([]);
    const term = await env.DB.prepare('SELECT term FROM search_terms WHERE term = ?').bind(word).all();
    expect(term.results).toEqual([{ term: word }]);
    // One letter missing: corrected to the imported word, which finds the imported ad.
    const typo = word.slice(0, 4) + word.slice(5);
    const found = await searchText(env.DB, {
      q: typo,
      exact: false,
      filters: {},
      sort: 'relevanta',
      limit: 20,
      offset: 0,
      now: Date.now(),
    });
    expect(found.hits.map((h) => h.id)).toContain(id);
  });
});

describe('photos the importer already ran through the pipeline', () => {
  it('are stored only when they are what the pipeline writes: a JPEG or a WebP carrying EXIF is refused as damaged', async () => {
    const u = ids();
    await step('users', { dryRun: false, rows: [oldUser(u, `f${u}@example.com`)] });
    const postId = ids();
    await step('posts', {
      dryRun: false,
      now: Date.now(),
      rows: [oldPost(postId, u, { lastChangedAt: Date.now() - DAY })],
    });
    const send = async (bytes: Uint8Array<ArrayBuffer>) => {
      const q = new URLSearchParams({
        id: String(ids()),
        postId: String(postId),
        position: '0',
        createdAt: '1',
        digest: 'digest-photo',
        normalised: '1',
      });
      const res = await callWorker(
        new Request(`${ORIGIN}/__admin/import/photo?${q}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${env.ADMIN_API_TOKEN}`, accept: 'application/json' },
          body: bytes,
        }),
      );
      return (await res.json()) as { result: string };
    };
    expect((await send(jpegBytes())).result).toBe('damaged');
    // A real WebP from the pipeline is stored; the same with an EXIF chunk appended is refused.
    const { normaliseUpload } = await import('../../src/photos/pipeline');
    const webp = (await normaliseUpload(jpegBytes())).bytes;
    expect((await send(webp)).result).toBe('written');
    const exif = new Uint8Array(webp.length + 12);
    exif.set(webp);
    exif.set(new TextEncoder().encode('EXIF'), webp.length);
    exif.set([4, 0, 0, 0, 1, 2, 3, 4], webp.length + 4);
    new DataView(exif.buffer).setUint32(4, exif.length - 8, true);
    expect((await send(exif)).result).toBe('damaged');
  });
});
