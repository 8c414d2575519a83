// The console's search at /moderare/cautare (every key: ad id, folded words, a phone in any spelling,
// part of an e-mail, a person's id; filters; pages) and the bulk actions on ticked ads.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import {
  db,
  getAs,
  HOUSE,
  HOUSES,
  makePost,
  person,
  postFormAs,
  postRow,
  textOf,
  validFields,
} from '../fixtures';

/** The ad ids in the results, in order. */
function found(html: string): number[] {
  return [...html.matchAll(/id="rezultat-(\d+)"/g)].map((m) => Number(m[1]));
}

const uniq = () => Math.random().toString(36).slice(2, 8);

/** The people listed in the results (their links in the people section). */
function peopleFound(html: string): number[] {
  const section = html.slice(html.indexOf('id="people-title"'), html.indexOf('id="ads-title"'));
  return [...section.matchAll(/href="\/moderare\/utilizator\/(\d+)"/g)].map((m) => Number(m[1]));
}

/** The editor's hidden fields (version, tokens) as the browser would send them back. */
function hiddenInputs(html: string): [string, string][] {
  const form = html.slice(html.indexOf('id="editor-form"'));
  return [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)]
    .map((m): [string, string] => [m[1], m[2].replace(/&amp;/g, '&')])
    .filter(([name]) => name !== 'photoIds');
}

describe('search for operators', () => {
  it('finds ads in every state by id, folded words, phone in any spelling, e-mail part and person id', async () => {
    const op = await person({ role: 'operator' });
    const tag = `zq${uniq()}`;
    const { user } = await person({ email: `vanzator.${tag}@exemplu.ro`, phone: '0745123987' });
    const held = await makePost(
      user.id,
      { status: 'held', title: `Mașină ștearsă ${tag}`, phone: '0745123987' },
      HOUSE,
    );
    const hidden = await makePost(user.id, { status: 'hidden', title: `Altceva ${tag}` }, HOUSE);
    const search = async (q: string, extra = '') =>
      found(await (await getAs(`/moderare/cautare?q=${encodeURIComponent(q)}${extra}`, op.cookie)).text());

    expect(await search(String(held.id))).toContain(held.id);
    expect(await search(`#${hidden.id}`)).toContain(hidden.id);
    // Words folded like the public search: no diacritics, any case.
    expect(await search(`masina STEARSA ${tag}`)).toEqual([held.id]);
    for (const phone of [
      '0745123987',
      '0745 123 987',
      '+40 745 123 987',
      '0040745123987',
      '0745-123-987',
      '(0745) 123.987',
    ]) {
      expect(await search(phone), phone).toEqual(expect.arrayContaining([held.id, hidden.id]));
    }
    expect(await search(`${tag}@exemplu`)).toEqual(expect.arrayContaining([held.id, hidden.id]));
    // An address stored with capitals is found by any case of a part of it, and so is its owner.
    const mixed = await person({ email: `Mixt.${tag}@Exemplu.RO` });
    const mixedAd = await makePost(mixed.user.id, { title: `Scaun ${tag}` }, HOUSE);
    const byMail = await (
      await getAs(`/moderare/cautare?q=${encodeURIComponent(`MIXT.${tag}@exemplu.r`)}`, op.cookie)
    ).text();
    expect(found(byMail)).toEqual([mixedAd.id]);
    expect(byMail).toContain(`href="/moderare/utilizator/${mixed.user.id}"`);
    // A person's id finds their ads and the person.
    const byPerson = await (await getAs(`/moderare/cautare?q=${user.id}`, op.cookie)).text();
    expect(found(byPerson)).toEqual(expect.arrayContaining([held.id, hidden.id]));
    expect(byPerson).toContain(`href="/moderare/utilizator/${user.id}"`);
    // Filters.
    expect(await search(tag, '&stare=hidden')).toEqual([hidden.id]);
    expect(await search(tag, '&de-la=2000-01-01&pana-la=2000-01-02')).toEqual([]);
    // Hostile text finds nothing and never fails.
    for (const q of [
      '%',
      '_',
      "' OR 1=1 --",
      '\\',
      'a'.repeat(5000),
      // Words the full-text query language would read as its own syntax, or odd letters and digits.
      'NEAR AND OR NOT',
      'ab* "cd" ^ef :gh (ij)',
      '²² ⅷⅷ 〇〇 ﬁx',
    ]) {
      const res = await getAs(`/moderare/cautare?q=${encodeURIComponent(q)}`, op.cookie);
      expect(res.status, q.slice(0, 20)).toBe(200);
      await res.body?.cancel();
    }
  });

  it('finds words in ads of every state through its own index, without diacritics, as word starts', async () => {
    const op = await person({ role: 'operator' });
    const tag = `ix${uniq()}`;
    const { user } = await person();
    const ids: number[] = [];
    for (const status of schema.POST_STATUSES) {
      const ad = await makePost(
        user.id,
        {
          status,
          title: `Bicicletă pentru ștrand ${tag}`,
          description: `Roți țepoase, șa nouă (${status}).`,
          deletedAt: status === 'deleted' ? Date.now() : null,
        },
        HOUSE,
      );
      ids.push(ad.id);
    }
    const search = async (q: string, extra = '') =>
      found(await (await getAs(`/moderare/cautare?q=${encodeURIComponent(q)}${extra}`, op.cookie)).text());
    const all = [...ids].sort((a, b) => a - b);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    // Folded words, in any case, any spelling of the diacritics (comma below or cedilla), in the
    // title or the description, each the start of a word.
    expect(sorted(await search(`bicicleta strand ${tag}`))).toEqual(all);
    expect(sorted(await search(`BICICLETĂ ştrand ${tag}`))).toEqual(all);
    expect(sorted(await search(`ţepoase sa ${tag}`))).toEqual(all);
    expect(sorted(await search(`bici ${tag}`))).toEqual(all);
    expect(await search(`motocicleta ${tag}`)).toEqual([]);
    // Each state on its own, with the filter.
    for (const [i, status] of schema.POST_STATUSES.entries())
      expect(await search(`strand ${tag}`, `&stare=${status}`), status).toEqual([ids[i]]);
  });

  it('keeps its index in step with an edit after publishing, a deletion and a new name', async () => {
    const op = await person({ role: 'operator' });
    const tag = `ed${uniq()}`;
    const other = `nw${uniq()}`;
    const owner = await person({ name: `Ștefan Țurcanu ${tag}` });
    const ad = await makePost(owner.user.id, { title: `Casă veche ${tag}` }, HOUSE);
    const gone = await makePost(owner.user.id, { title: `Grădină ${tag}`, status: 'expired' }, HOUSE);
    const search = async (q: string) =>
      (await getAs(`/moderare/cautare?q=${encodeURIComponent(q)}`, op.cookie)).text();
    expect(found(await search(`veche ${tag}`))).toEqual([ad.id]);

    // The author edits the published ad in the editor: the old words no longer find it, the new do.
    const editor = await getAs(`/posts/edit/${ad.id}`, owner.cookie);
    expect(editor.status).toBe(200);
    const form = new FormData();
    for (const [name, value] of hiddenInputs(await editor.text())) form.append(name, value);
    for (const [k, v] of Object.entries(
      validFields({
        category: String(HOUSES),
        title: `Canapea extensibilă ${other}`,
        description: 'Canapea în stare bună, cu ladă de depozitare.',
      }),
    ))
      form.append(k, v);
    expect((await postFormAs(`/posts/edit/${ad.id}`, form, owner.cookie)).status).toBe(303);
    expect((await postRow(ad.id))?.title).toBe(`Canapea extensibilă ${other}`);
    expect(found(await search(`veche ${tag}`))).toEqual([]);
    expect(found(await search(`canapea extensibila ${other}`))).toEqual([ad.id]);
    expect(found(await search(`depozitare ${other}`))).toEqual([ad.id]);

    // A row removed for good leaves the index with it.
    expect(found(await search(`gradina ${tag}`))).toEqual([gone.id]);
    await db.delete(schema.posts).where(eq(schema.posts.id, gone.id));
    expect(found(await search(`gradina ${tag}`))).toEqual([]);

    // People by the words of their name, folded; a new name replaces the old one in the index.
    expect(peopleFound(await search(`stefan turcanu ${tag}`))).toEqual([owner.user.id]);
    await db
      .update(schema.users)
      .set({ name: `Ion Bălan ${tag}` })
      .where(eq(schema.users.id, owner.user.id));
    expect(peopleFound(await search(`stefan ${tag}`))).toEqual([]);
    expect(peopleFound(await search(`balan ${tag}`))).toEqual([owner.user.id]);
  });

  it('pages through many results', async () => {
    const op = await person({ role: 'operator' });
    const tag = `pg${uniq()}`;
    const { user } = await person();
    const ids: number[] = [];
    for (let i = 0; i < 23; i++)
      ids.push((await makePost(user.id, { title: `Anunt ${tag} ${i}` }, HOUSE)).id);
    const first = await (await getAs(`/moderare/cautare?q=${tag}`, op.cookie)).text();
    expect(found(first)).toHaveLength(20);
    expect(textOf(first)).toContain('23 de rezultate');
    const second = await (await getAs(`/moderare/cautare?q=${tag}&pagina=2`, op.cookie)).text();
    expect(found(second)).toHaveLength(3);
    // Newest first over both pages, each ad once.
    expect([...found(first), ...found(second)]).toEqual([...ids].reverse());
    // With a filter the same words page the same way (the ads joined to their rows).
    const filtered = await (
      await getAs(`/moderare/cautare?q=${tag}&stare=published&pagina=2`, op.cookie)
    ).text();
    expect(found(filtered)).toEqual(ids.slice(0, 3).reverse());
    expect(textOf(filtered)).toContain('23 de rezultate');
  });

  it('answers 403 to a person who is not an operator', async () => {
    const someone = await person();
    const res = await getAs('/moderare/cautare?q=1', someone.cookie);
    expect(res.status).toBe(403);
    const bulk = await postFormAs(
      '/moderare/in-masa',
      { action: 'ascunde', ids: '1', confirm: 'da' },
      someone.cookie,
    );
    expect(bulk.status).toBe(403);
  });
});

describe('bulk actions', () => {
  it('hides the ticked ads with one reason, each author told, each in the log; refuses without confirmation', async () => {
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const a = await makePost(user.id, {}, HOUSE);
    const b = await makePost(user.id, {}, HOUSE);
    const keep = await makePost(user.id, {}, HOUSE);
    const body = () => {
      const f = new URLSearchParams({ action: 'ascunde', hideReason: 'Spam sau anunț duplicat' });
      f.append('ids', String(a.id));
      f.append('ids', String(b.id));
      return f;
    };
    const refused = await postFormAs('/moderare/in-masa', body(), op.cookie);
    expect(refused.status).toBe(400);
    expect((await postRow(a.id))?.status).toBe('published');
    const f = body();
    f.set('confirm', 'da');
    const res = await postFormAs('/moderare/in-masa', f, op.cookie);
    expect(res.status).toBe(303);
    expect((await postRow(a.id))?.status).toBe('hidden');
    expect((await postRow(b.id))?.hiddenReason).toBe('Spam sau anunț duplicat');
    expect((await postRow(keep.id))?.status).toBe('published');
    const log = await db
      .select()
      .from(schema.moderationLog)
      .where(eq(schema.moderationLog.operatorUserId, op.user.id));
    expect(
      log
        .filter((l) => l.action === 'hide')
        .map((l) => l.targetId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(log.every((l) => l.reason === 'Spam sau anunț duplicat')).toBe(true);
  });

  it('resolves the reports of ticked ads (the ads stay up and leave the queue) and shows a held one again', async () => {
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const reported = await makePost(user.id, {}, HOUSE);
    const held = await makePost(user.id, { status: 'held' }, HOUSE);
    const now = Date.now();
    await db.insert(schema.reports).values([
      { postId: reported.id, reason: 'Spam', reporterKey: `k-${uniq()}`, createdAt: now },
      { postId: held.id, reason: 'Spam', reporterKey: `k-${uniq()}`, createdAt: now },
    ]);
    const f = new URLSearchParams({ action: 'rezolva', confirm: 'da' });
    f.append('ids', String(reported.id));
    f.append('ids', String(held.id));
    const res = await postFormAs('/moderare/in-masa', f, op.cookie);
    expect(res.status).toBe(303);
    expect((await postRow(reported.id))?.status).toBe('published');
    expect((await postRow(held.id))?.status).toBe('published');
    const open = await db.select().from(schema.reports).where(eq(schema.reports.postId, reported.id));
    expect(open.every((r) => r.resolvedAt !== null)).toBe(true);
    const queue = await (await getAs('/moderare', op.cookie)).text();
    expect(queue).not.toContain(`id="anunt-${reported.id}"`);
    expect(queue).not.toContain(`id="anunt-${held.id}"`);
  });

  it('bans the authors of ticked ads once each, never an operator', async () => {
    const op = await person({ role: 'operator' });
    const other = await person({ role: 'operator' });
    const { user } = await person();
    const a = await makePost(user.id, {}, HOUSE);
    const b = await makePost(user.id, {}, HOUSE);
    const c = await makePost(other.user.id, {}, HOUSE);
    const f = new URLSearchParams({
      action: 'blocheaza',
      hideReason: 'Înșelătorie sau anunț fals',
      confirm: 'da',
    });
    for (const id of [a.id, b.id, c.id]) f.append('ids', String(id));
    expect((await postFormAs('/moderare/in-masa', f, op.cookie)).status).toBe(303);
    const [author] = await db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(author.banned).toBe(true);
    const [colleague] = await db.select().from(schema.users).where(eq(schema.users.id, other.user.id));
    expect(colleague.banned).toBe(false);
    const bans = await db
      .select()
      .from(schema.moderationLog)
      .where(eq(schema.moderationLog.targetId, user.id));
    expect(bans.filter((l) => l.action === 'ban')).toHaveLength(1);
  });

  it('refuses junk: no ids, unknown action, too many ids, non-numeric ids', async () => {
    const op = await person({ role: 'operator' });
    const cases: URLSearchParams[] = [
      new URLSearchParams({ action: 'rezolva', confirm: 'da' }),
      new URLSearchParams({ action: 'zboara', ids: '1', confirm: 'da' }),
      new URLSearchParams({ action: 'rezolva', ids: 'abc', confirm: 'da' }),
    ];
    const many = new URLSearchParams({ action: 'rezolva', confirm: 'da' });
    for (let i = 1; i <= 101; i++) many.append('ids', String(i));
    cases.push(many);
    for (const body of cases) {
      const res = await postFormAs('/moderare/in-masa', body, op.cookie);
      expect(res.status, body.toString().slice(0, 60)).toBe(400);
      await res.body?.cancel();
    }
  });
});
