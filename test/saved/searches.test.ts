// Saved searches: the form on search and listing pages, the canonical query, /cont/cautari (rename,
// pause, resume, delete), the per-person limit under concurrent inserts, and strangers kept out.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from '../../src/db/saved-searches';
import { flashText, get, getAs, person, postForm, postFormAs, textOf, withFlash } from '../fixtures';

async function searchesOf(userId: number) {
  const { results } = await env.DB.prepare('SELECT * FROM saved_searches WHERE user_id = ? ORDER BY id')
    .bind(userId)
    .all<{ id: number; name: string; query: string; paused: number; cursor_at: number }>();
  return results;
}

describe('"Anunță-mă când apar anunțuri noi"', () => {
  it('is on search pages with the canonical query and on category listings', async () => {
    const search = await (await get('/cautare?ordine=noi&q=apartament&localitate=Siret&pagina=1')).text();
    expect(search).toContain(
      '<input type="hidden" name="query" value="q=apartament&amp;localitate=Siret&amp;ordine=noi"/>',
    );
    expect(textOf(search)).toContain('Anunță-mă când apar anunțuri noi');
    const listing = await (await get('/anunturi/imobiliare/apartamente')).text();
    expect(listing).toContain('<input type="hidden" name="query" value="categorie=apartamente"/>');
  });

  it('saves a signed-in person’s search in canonical form, once, and comes back to it with a confirmation', async () => {
    const me = await person();
    const res = await postFormAs(
      '/cont/cautari',
      { query: 'localitate=Siret&q=apartament&pagina=3&format=atom&junk=1' },
      me.cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/cautare?q=apartament&localitate=Siret');
    expect(
      flashText(
        await (await getAs('/cautare?q=apartament&localitate=Siret', withFlash(res, me.cookie))).text(),
      ),
    ).toBe('Căutarea a fost salvată. Vă anunțăm pe e-mail când apar anunțuri noi.');
    const again = await postFormAs('/cont/cautari', { query: 'q=apartament&localitate=Siret' }, me.cookie);
    expect(flashText(await (await getAs('/cont/cautari', withFlash(again, me.cookie))).text())).toBe(
      'Această căutare este deja salvată.',
    );
    const rows = await searchesOf(me.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      query: 'q=apartament&localitate=Siret',
      name: '„apartament”, Siret',
      paused: 0,
    });
  });

  it('sends an anonymous visitor to sign in, then to a page that confirms the same search', async () => {
    const res = await postForm('/cont/cautari', new URLSearchParams({ query: 'categorie=apartamente' }));
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toBe(
      `/auth/login?redirect_url=${encodeURIComponent('/cont/cautari?adauga=categorie%3Dapartamente')}`,
    );
    const me = await person();
    const page = await (await getAs('/cont/cautari?adauga=categorie%3Dapartamente', me.cookie)).text();
    expect(textOf(page)).toMatch(/Salvați căutarea Apartamente \?/);
    expect(page).toContain('<input type="hidden" name="query" value="categorie=apartamente"/>');
    expect(await searchesOf(me.user.id)).toHaveLength(0);
  });

  it('refuses a banned person (403) and a search /cautare would not run (400), with messages', async () => {
    const banned = await person({ banned: true });
    expect((await postFormAs('/cont/cautari', { query: 'q=casa' }, banned.cookie)).status).toBe(403);
    const me = await person();
    const bad = await postFormAs('/cont/cautari', { query: 'q=casa&pagina=abc' }, me.cookie);
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain('Căutarea nu poate fi salvată');
  });
});

describe('the per-person limit', () => {
  it(`holds at ${MAX_SAVED_SEARCHES} under many concurrent inserts, refusing the rest with a message`, async () => {
    const me = await person();
    const answers = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 10 }, (_, i) =>
        postFormAs('/cont/cautari', { query: `q=cuvant${i}` }, me.cookie),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 303)).toHaveLength(MAX_SAVED_SEARCHES);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    const refused = answers.find((r) => r.status === 422);
    expect(textOf((await refused?.text()) ?? '')).toContain(
      `Aveți deja ${MAX_SAVED_SEARCHES} de căutări salvate`,
    );
    expect(await searchesOf(me.user.id)).toHaveLength(MAX_SAVED_SEARCHES);
  });
});

describe('/cont/cautari', () => {
  it('lists, renames, pauses, resumes and deletes with plain forms; private', async () => {
    const me = await person();
    await postFormAs('/cont/cautari', { query: 'q=bicicleta' }, me.cookie);
    const [row] = await searchesOf(me.user.id);
    const page = await getAs('/cont/cautari', me.cookie);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(textOf(html)).toContain('Aveți 1 căutare salvată (cel mult 20)');
    expect(html).toContain('href="/cautare?q=bicicleta"');

    const renamed = await postFormAs(
      `/cont/cautari/${row.id}/redenumeste`,
      { name: '  Biciclete ieftine ' },
      me.cookie,
    );
    expect(renamed.status).toBe(303);
    expect((await searchesOf(me.user.id))[0].name).toBe('Biciclete ieftine');
    const empty = await postFormAs(`/cont/cautari/${row.id}/redenumeste`, { name: '   ' }, me.cookie);
    expect(empty.status).toBe(400);
    expect(textOf(await empty.text())).toContain('Scrieți un nume pentru căutare.');
    const typed = `Lung ${'x'.repeat(90)}`;
    const long = await postFormAs(`/cont/cautari/${row.id}/redenumeste`, { name: typed }, me.cookie);
    expect(long.status).toBe(400);
    const longHtml = await long.text();
    // The form comes back with what was typed, and the name is unchanged.
    expect(longHtml).toContain(`value="${typed}"`);
    expect(textOf(longHtml)).toContain('Numele poate avea cel mult 80 de caractere.');
    expect((await searchesOf(me.user.id))[0].name).toBe('Biciclete ieftine');

    await postFormAs(`/cont/cautari/${row.id}/opreste`, {}, me.cookie);
    expect((await searchesOf(me.user.id))[0].paused).toBe(1);
    expect(textOf(await (await getAs('/cont/cautari', me.cookie)).text())).toContain('Oprită');
    const before = Date.now();
    await postFormAs(`/cont/cautari/${row.id}/reia`, {}, me.cookie);
    const resumed = (await searchesOf(me.user.id))[0];
    expect(resumed.paused).toBe(0);
    // What was published while paused is not mailed afterwards.
    expect(resumed.cursor_at).toBeGreaterThanOrEqual(before);

    const deleted = await postFormAs(`/cont/cautari/${row.id}/sterge`, {}, me.cookie);
    expect(flashText(await (await getAs('/cont/cautari', withFlash(deleted, me.cookie))).text())).toBe(
      'Căutarea a fost ștearsă.',
    );
    expect(await searchesOf(me.user.id)).toHaveLength(0);
  });

  it('a third person cannot rename, pause or delete someone’s search: 404 as if it did not exist', async () => {
    const owner = await person();
    await postFormAs('/cont/cautari', { query: 'q=tractor' }, owner.cookie);
    const [row] = await searchesOf(owner.user.id);
    const other = await person();
    for (const action of ['redenumeste', 'opreste', 'reia', 'sterge'])
      expect(
        (await postFormAs(`/cont/cautari/${row.id}/${action}`, { name: 'al meu' }, other.cookie)).status,
      ).toBe(404);
    expect(textOf(await (await getAs('/cont/cautari', other.cookie)).text())).not.toContain('tractor');
    expect((await searchesOf(owner.user.id))[0]).toMatchObject({ name: '„tractor”', paused: 0 });
    expect((await postForm(`/cont/cautari/${row.id}/sterge`, new URLSearchParams())).status).toBe(401);
    expect((await postFormAs('/cont/cautari/abc/sterge', {}, other.cookie)).status).toBe(404);
  });

  it('sends an anonymous visitor to sign in and back', async () => {
    const res = await get('/cont/cautari');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth/login?redirect_url=%2Fcont%2Fcautari');
  });
});
