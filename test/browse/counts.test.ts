// The per-category counts every listing shows are a GROUP BY over all visible ads; an isolate may
// reuse them for as long as the page cache may keep a page, and every write forgets them.
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetCounts, homeData, listPosts } from '../../src/db/posts';
import { forgetPages, sharedDataMaxAgeMs } from '../../src/page-cache';
import { db, makePost, makeUser, REAL_ESTATE } from '../fixtures';

const MINUTE = 60_000;
const APARTMENTS = 101;

async function apartments(now: number, countsMaxAgeMs?: number) {
  const data = await listPosts(db, { categoryId: REAL_ESTATE }, 1, now, { countsMaxAgeMs });
  return { shown: data.counts.byCategory.get(APARTMENTS) ?? 0, total: data.total };
}

beforeEach(() => forgetCounts());

describe('category counts', () => {
  it('are read with the page when no age is allowed (the default)', async () => {
    const author = await makeUser();
    await makePost(author.id);
    const before = await apartments(Date.now());
    await makePost(author.id);
    const after = await apartments(Date.now());
    expect(after.shown).toBe(before.shown + 1);
    expect(after.total).toBe(before.total + 1);
  });

  it('are reused for countsMaxAgeMs while the page itself is read fresh', async () => {
    const author = await makeUser();
    await makePost(author.id);
    const now = Date.now();
    const first = await apartments(now, MINUTE);
    await makePost(author.id);
    const soon = await apartments(now + 1000, MINUTE);
    expect(soon.shown).toBe(first.shown);
    expect(soon.total).toBe(first.total + 1);
    // Home shares the same copy.
    const home = await homeData(db, now + 2000, { countsMaxAgeMs: MINUTE });
    expect(home.counts.byCategory.get(APARTMENTS)).toBe(first.shown);
    const later = await apartments(now + MINUTE + 1, MINUTE);
    expect(later.shown).toBe(first.shown + 1);
  });

  it('are forgotten by every write (forgetPages)', async () => {
    const author = await makeUser();
    const now = Date.now();
    const first = await apartments(now, MINUTE);
    await makePost(author.id);
    await forgetPages('http://127.0.0.1:8787/anunturi', []);
    expect((await apartments(now + 1000, MINUTE)).shown).toBe(first.shown + 1);
  });

  it('live as long as the page cache keeps a page', () => {
    expect(sharedDataMaxAgeMs('60')).toBe(MINUTE);
    expect(sharedDataMaxAgeMs('0')).toBe(0);
    expect(sharedDataMaxAgeMs(undefined)).toBe(MINUTE);
  });
});
