// The account menu's copy of each person (src/auth/menu-copy.ts, docs/performance.md): `/api/cont` may
// answer from what this isolate last read of the person for MENU_COPY_MS, never for a request that
// carries the bookmark of the person's own write, and nothing but the menu reads the copy.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_COPY_MS } from '../../src/auth/menu-copy';
import * as schema from '../../src/db/schema';
import { BOOKMARK_COOKIE } from '../../src/lib/bookmark';
import { afterAnswer, db, getAs, makePost, person, postFormAs } from '../fixtures';

interface Menu {
  signedIn: boolean;
  name?: string;
  unreadMessages?: number;
}

async function menu(cookie: string): Promise<Menu> {
  const res = await getAs('/api/cont', cookie, { accept: 'application/json' });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toContain('private');
  return (await res.json()) as Menu;
}

const handsOutBookmark = (res: Response) =>
  res.headers.getSetCookie().some((line) => line.startsWith(`${BOOKMARK_COOKIE}=`));

afterEach(() => {
  vi.useRealTimers();
});

describe("the account menu's copy", () => {
  it('answers the menu for MENU_COPY_MS after D1 was read, then reads D1 again', async () => {
    const { user, cookie } = await person({ name: 'Nume Vechi' });
    expect((await menu(cookie)).name).toBe('Nume Vechi');
    // Changed behind the menu's back (as an operator or another device would).
    await db.update(schema.users).set({ name: 'Nume Nou' }).where(eq(schema.users.id, user.id));
    vi.setSystemTime(Date.now() + MENU_COPY_MS - 1_000);
    expect((await menu(cookie)).name).toBe('Nume Vechi');
    vi.setSystemTime(Date.now() + 1_000);
    expect((await menu(cookie)).name).toBe('Nume Nou');
  });

  it("is never older than the person's own write: the bookmark the write handed out makes the menu read D1", async () => {
    const { cookie } = await person({ name: 'Înainte' });
    expect((await menu(cookie)).name).toBe('Înainte');
    const edit = await postFormAs('/profile/edit', { name: 'După', phone: '' }, cookie);
    expect(edit.status).toBe(303);
    expect(handsOutBookmark(edit)).toBe(true);
    expect((await menu(afterAnswer(cookie, edit))).name).toBe('După');
  });

  it('reading a conversation with unread messages hands out the bookmark, so the badge drops at once', async () => {
    const seller = await person();
    const buyer = await person();
    const post = await makePost(seller.user.id, { title: 'Bicicletă de oraș' });
    const opened = await postFormAs(
      `/mesaje/anunt/${post.id}`,
      { text: 'Mai este de vânzare?' },
      buyer.cookie,
    );
    expect(opened.status).toBe(303);
    const conversation = opened.headers.get('location') as string;
    expect((await menu(seller.cookie)).unreadMessages).toBe(1);
    const read = await getAs(conversation, seller.cookie);
    expect(read.status).toBe(200);
    expect(handsOutBookmark(read)).toBe(true);
    expect((await menu(afterAnswer(seller.cookie, read))).unreadMessages).toBe(0);
    // Reading it again writes nothing and hands out nothing.
    expect(handsOutBookmark(await getAs(conversation, seller.cookie))).toBe(false);
  });

  it('coming back from sign-in refreshes the row and hands out the bookmark', async () => {
    const { cookie } = await person();
    const back = await getAs('/clerk/after-auth?redirect_url=/posts/mine', cookie);
    expect(back.status).toBe(303);
    expect(handsOutBookmark(back)).toBe(true);
  });

  it('only the menu reads the copy: a page and an action see a change made by someone else at once', async () => {
    const { user, cookie } = await person({ name: 'Ion Copie' });
    expect((await menu(cookie)).name).toBe('Ion Copie');
    await db.update(schema.users).set({ name: 'Ion Schimbat' }).where(eq(schema.users.id, user.id));
    const page = await (await getAs('/profile/edit', cookie)).text();
    expect(page).toContain('value="Ion Schimbat"');
    await db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, user.id));
    expect((await postFormAs('/profile/edit', { name: 'Oricare', phone: '' }, cookie)).status).toBe(403);
  });

  it('a deleted account is signed out of the menu at once where it was deleted', async () => {
    const me = await person();
    expect((await menu(me.cookie)).signedIn).toBe(true);
    expect((await postFormAs('/cont/sterge', { confirm: 'ȘTERGE' }, me.cookie)).status).toBe(303);
    // The old session cookie, without the bookmark the deletion handed out.
    expect((await menu(me.cookie)).signedIn).toBe(false);
  });
});
