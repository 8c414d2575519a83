// D1 failing at the session lookup (the first query of a signed-in request) must not lose what a
// person typed: the message or the new ad comes back with the text and a Romanian 503, as when D1
// fails later in the request, and nothing asks them to sign in again.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import {
  formOf,
  getAs,
  HOUSE,
  HOUSES,
  makeDraftPhoto,
  makePost,
  postFormAs,
  postRow,
  textOf,
  validFields,
} from '../fixtures';
import { browserRequest, callWithDb, hiddenInputs } from '../freshness/support';
import { ad, conversationIdOf, db, person, room } from './support';

/**
 * The real D1 binding, except that looking a session's person up by provider id fails as D1 fails,
 * whether the lookup runs alone or in a batch with the account menu's counts.
 */
function failingSessionLookup(message = 'D1_ERROR: Network connection lost.'): D1Database {
  const lookup = /from "users" where "users"\."clerk_id" = \?/i;
  const failingStatements = new WeakSet<object>();
  const wrap = <T extends object>(inner: T): T =>
    new Proxy(inner, {
      get(target, prop) {
        if (prop === 'prepare')
          return (query: string) => {
            const stmt = (target as unknown as D1Database).prepare(query);
            if (!lookup.test(query)) return stmt;
            const failing = (s: D1PreparedStatement): D1PreparedStatement => {
              const proxy = new Proxy(s, {
                get(t, p) {
                  if (p === 'bind') return (...args: unknown[]) => failing(t.bind(...args));
                  if (p === 'run' || p === 'all' || p === 'first' || p === 'raw')
                    return () => Promise.reject(new Error(message));
                  const v = Reflect.get(t, p);
                  return typeof v === 'function' ? v.bind(t) : v;
                },
              });
              failingStatements.add(proxy);
              return proxy;
            };
            return failing(stmt);
          };
        if (prop === 'batch')
          return (statements: D1PreparedStatement[]) =>
            statements.some((st) => failingStatements.has(st))
              ? Promise.reject(new Error(message))
              : (target as unknown as D1Database).batch(statements);
        if (prop === 'withSession')
          return (start?: string) => wrap((target as unknown as D1Database).withSession(start));
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return wrap(env.DB);
}

const post = (path: string, cookie: string, fields: Record<string, string>) =>
  callWithDb(browserRequest(path, { method: 'POST', cookie, body: formOf(fields) }), failingSessionLookup());

/** A FormData of `entries` in order (repeated names kept). */
function formOfEntries(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe('D1 failing at the session lookup', () => {
  it('a reply: 503 with Retry-After, the text given back in a form posting to the same place, nothing stored', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const item = await ad(seller.user.id);
    const id = conversationIdOf(
      await postFormAs(`/mesaje/anunt/${item.id}`, { text: 'Prima' }, buyer.cookie),
    );
    const res = await post(`/mesaje/${id}`, buyer.cookie, { text: 'Răspuns lung, „important”, 3 rânduri' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const html = await res.text();
    expect(textOf(html)).toContain('Mesajul nu a putut fi trimis acum');
    expect(html).toContain('Răspuns lung, „important”, 3 rânduri');
    expect(html).toContain(`action="/mesaje/${id}"`);
    expect(html).not.toContain('redirect_url');
    expect((await room(id).list()).map((m) => m.body)).toEqual(['Prima']);
  });

  it('a first message: the same, posting back to the ad', async () => {
    const seller = await person('vanzator');
    const buyer = await person('cumparator');
    const item = await ad(seller.user.id);
    const res = await post(`/mesaje/anunt/${item.id}`, buyer.cookie, { text: 'Bună ziua, mai este?' });
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('Bună ziua, mai este?');
    expect(html).toContain(`action="/mesaje/anunt/${item.id}"`);
    const rows = await db.select().from(schema.conversations).where(eq(schema.conversations.postId, item.id));
    expect(rows).toHaveLength(0);
  });

  it('a new ad: 503 with the editor as typed (as for a failure while saving), nothing created', async () => {
    const { cookie, user } = await person('autor');
    const res = await post('/posts/new', cookie, validFields({ title: 'Mașină de spălat Arctic, 7 kg' }));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res.text();
    expect(textOf(html)).toContain('Anunțul nu a putut fi salvat acum');
    expect(html).toContain('value="Mașină de spălat Arctic, 7 kg"');
    expect(html).toContain('value="52000"');
    expect(await db.select().from(schema.posts).where(eq(schema.posts.userId, user.id))).toHaveLength(0);
  });

  it('an edit: 503 with the edit form as typed, its version and photos, posting back to the ad, the ad unchanged', async () => {
    const { cookie, user } = await person('autor');
    const item = await makePost(user.id, { price: 90000 }, HOUSE);
    const kept = await makeDraftPhoto(user.id, item.id);
    const opened = await getAs(`/posts/edit/${item.id}`, cookie);
    expect(opened.status).toBe(200);
    const hidden = hiddenInputs(await opened.text());
    const fields = validFields({
      category: String(HOUSES),
      title: 'Casă renovată, „grădină” mare',
      price: '88000',
    });
    const body = formOfEntries([...hidden, ...Object.entries(fields), ['photoIds', String(kept.id)]]);
    const res = await callWithDb(
      browserRequest(`/posts/edit/${item.id}`, { method: 'POST', cookie, body }),
      failingSessionLookup(),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const html = await res.text();
    expect(textOf(html)).toContain('Anunțul nu a putut fi salvat acum');
    expect(html).toContain('value="Casă renovată, „grădină” mare"');
    expect(html).toContain('value="88000"');
    expect(html).toContain(`name="photoIds" value="${kept.id}"`);
    expect(hiddenInputs(html)).toEqual(hidden);
    expect(html).toContain(`action="/posts/edit/${item.id}"`);
    expect(html).not.toContain('redirect_url');
    expect((await postRow(item.id))?.price).toBe(90000);
    expect((await postRow(item.id))?.title).toBe(item.title);
  });

  it("an edit of someone else's ad: the sender's own text only, nothing of the ad is shown", async () => {
    const owner = await person('proprietar');
    const item = await makePost(
      owner.user.id,
      { title: 'Anunț ascuns al altcuiva', status: 'hidden' },
      HOUSE,
    );
    const intruder = await person('intrus');
    const res = await post(`/posts/edit/${item.id}`, intruder.cookie, validFields({ title: 'Titlul meu' }));
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('value="Titlul meu"');
    expect(html).not.toContain('Anunț ascuns al altcuiva');
    expect((await postRow(item.id))?.title).toBe('Anunț ascuns al altcuiva');
  });

  it('the profile: 503 with the name and phone as typed, the row unchanged', async () => {
    const { cookie, user } = await person('profil');
    const res = await post('/profile/edit', cookie, { name: 'Ana Nouă Popescu', phone: '0744 999 888' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res.text();
    expect(textOf(html)).toContain('Profilul nu a putut fi salvat acum');
    expect(html).toContain('value="Ana Nouă Popescu"');
    expect(html).toContain('value="0744 999 888"');
    expect(html).toContain('action="/profile/edit"');
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row.name).toBe(user.name);
  });

  it('a report: 503, and the signed-in reporter is not counted as an anonymous one', async () => {
    const seller = await person('vanzator');
    const reporter = await person('raportor');
    const item = await ad(seller.user.id);
    const res = await post(`/raporteaza/${item.id}`, reporter.cookie, { reason: 'Spam', details: 'Repetat' });
    expect(res.status).toBe(503);
    expect(textOf(await res.text())).toContain('baza de date nu răspunde');
    const rows = await db.select().from(schema.reports).where(eq(schema.reports.postId, item.id));
    expect(rows).toHaveLength(0);
  });

  it('any other form route answers 503, never a sign-in redirect or a 500', async () => {
    const { cookie } = await person('altcineva');
    const res = await post('/cont/notificari', cookie, { messages: '1' });
    expect(res.status).toBe(503);
    expect(textOf(await res.text())).toContain('baza de date nu răspunde');
  });
});
