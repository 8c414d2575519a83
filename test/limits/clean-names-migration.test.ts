// Names and titles stored before the one-line rule (or written by the old site) may carry line breaks
// and other control characters that could reach a mail header. Migration 0026 cleans them in place,
// exactly as oneLineText cleans what is typed now; clean rows are not touched and a rerun changes
// nothing. The dirty rows are written straight to D1, as an old row would be.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { oneLineText } from '../../src/lib/text';
import { db, insertUser, makePost, postRow } from '../fixtures';

const migration = (env.TEST_MIGRATIONS as { name: string; queries: string[] }[]).find((m) =>
  m.name.startsWith('0026_clean_names'),
);

/** Runs the migration's statements on the test database as wrangler would (in order). */
async function runMigration(): Promise<number> {
  if (!migration) throw new Error('migration 0026_clean_names not found');
  let changes = 0;
  for (const query of migration.queries) changes += (await env.DB.prepare(query).run()).meta.changes ?? 0;
  return changes;
}

/** Texts an attacker or an old row could hold, each with what the site makes of it now. */
const HOSTILE = [
  'Ana\r\nBcc: victima@example.ro',
  'Ion\nSubject: Cont suspendat',
  'Maria\tPopescu',
  `Nume${String.fromCharCode(0)}ascuns`,
  `Eu\u2028Echipa eRădăuți\u2029`,
  `Admin\u202eresu`,
  `Vând\u0085bicicletă\u007f copii`,
  `\u200bZero\u200dlățime\ufeff`,
  `Spații\u00a0\u00a0  multe\u3000aici  `,
  `\u0001\u001f\u009f`,
];

describe('migration 0026: stored names and titles become one line', () => {
  it('cleans display names, ad titles, conversation titles and saved search names like oneLineText', async () => {
    const users = await Promise.all(HOSTILE.map((name) => insertUser('vechi', { name })));
    const author = await insertUser('autor');
    const posts = await Promise.all(HOSTILE.map((title) => makePost(author.id, { title })));
    const buyer = await insertUser('cumparator');
    const now = Date.now();
    const conversations = await db
      .insert(schema.conversations)
      .values(
        posts.map((p, i) => ({
          postId: p.id,
          buyerId: buyer.id,
          sellerId: author.id,
          postTitle: HOSTILE[i],
          createdAt: now,
          lastMessageAt: now,
        })),
      )
      .returning();
    const searches = await db
      .insert(schema.savedSearches)
      .values(
        HOSTILE.map((name, i) => ({
          userId: buyer.id,
          name,
          query: `q=curat-${now}-${i}`,
          createdAt: now,
          cursorAt: now,
        })),
      )
      .returning();

    await runMigration();

    // What the site would store today for each text (an empty result takes the site's fallback).
    const expected = (text: string, fallback: string) => oneLineText(text) || fallback;
    for (const [i, u] of users.entries()) {
      const [row] = await db.select().from(schema.users).where(eq(schema.users.id, u.id));
      expect(row.name).toBe(expected(HOSTILE[i], 'Utilizator'));
      expect(row.name).not.toMatch(/[\r\n]/);
    }
    for (const [i, p] of posts.entries()) {
      const row = await postRow(p.id);
      expect(row?.title).toBe(expected(HOSTILE[i], 'Anunț'));
      // Only the title changed: the ad's version and times are what they were.
      expect(row?.version).toBe(p.version);
      expect(row?.updatedAt).toBe(p.updatedAt);
    }
    for (const [i, c] of conversations.entries()) {
      const [row] = await db.select().from(schema.conversations).where(eq(schema.conversations.id, c.id));
      expect(row.postTitle).toBe(expected(HOSTILE[i], 'Anunț'));
    }
    for (const [i, s] of searches.entries()) {
      const [row] = await db.select().from(schema.savedSearches).where(eq(schema.savedSearches.id, s.id));
      expect(row.name).toBe(expected(HOSTILE[i], 'Căutare salvată'));
    }
    // Spot checks of what a mail header would have received.
    const [first] = await db.select().from(schema.users).where(eq(schema.users.id, users[0].id));
    expect(first.name).toBe('Ana Bcc: victima@example.ro');
    const [blank] = await db.select().from(schema.users).where(eq(schema.users.id, users[9].id));
    expect(blank.name).toBe('Utilizator');
  });

  it('leaves clean rows alone (diacritics included) and a second run changes nothing', async () => {
    const clean = await insertUser('curat', { name: 'Ștefan Țăranu-Bîrsan' });
    const author = await insertUser('autor');
    const post = await makePost(author.id, { title: 'Mașină de spălat, „ca nouă”' });
    const dirty = await insertUser('murdar', { name: 'Rând\nnou' });

    await runMigration();
    // Every row is clean now: nothing left to write.
    expect(await runMigration()).toBe(0);

    const [cleanRow] = await db.select().from(schema.users).where(eq(schema.users.id, clean.id));
    expect(cleanRow.name).toBe('Ștefan Țăranu-Bîrsan');
    expect((await postRow(post.id))?.title).toBe('Mașină de spălat, „ca nouă”');
    const [dirtyRow] = await db.select().from(schema.users).where(eq(schema.users.id, dirty.id));
    expect(dirtyRow.name).toBe('Rând nou');
  });
});
