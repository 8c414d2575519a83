// Typo-tolerant search over the demo ads (the same data `npm start` seeds), in workerd with D1.
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchText } from '../../src/db/search-text';
import { drainPendingTerms, rebuildSpelling } from '../../src/db/spelling';
import { runScheduled } from '../../src/jobs/daily';
import { get, makePost, makeUser, ORIGIN } from '../fixtures';
import { ITEM, resultIds } from './support';

async function page(q: string, extra = ''): Promise<string> {
  const res = await get(`/cautare?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, q).toBe(200);
  return res.text();
}

const search = (q: string, exact = false) =>
  searchText(env.DB, {
    q,
    exact,
    suggest: true,
    filters: {},
    sort: 'relevanta',
    limit: 20,
    offset: 0,
    now: Date.now(),
  });

/** The ids a search finds over all its pages (at most 100). */
async function allIds(q: string, exact = false): Promise<number[]> {
  const r = await searchText(env.DB, {
    q,
    exact,
    filters: {},
    sort: 'noi',
    limit: 100,
    offset: 0,
    now: Date.now(),
  });
  return r.hits.map((h) => h.id).sort((a, b) => a - b);
}

beforeAll(async () => {
  const res = await exports.default.fetch(
    new Request(`${ORIGIN}/__dev/seed`, {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: new FormData(),
    }),
  );
  expect(res.status).toBe(200);
});

// [typed, the word meant (as the index folds it)]: swapped, missing, extra and wrong letters, with
// and without diacritics, with cedillas.
const MISSPELLINGS: [string, string][] = [
  ['apartamnet', 'apartament'],
  ['grădnia', 'gradina'],
  ['motorian', 'motorina'],
  ['centarla', 'centrala'],
  ['frigdier', 'frigider'],
  ['garsoneira', 'garsoniera'],
  ['termoapn', 'termopan'],
  ['apartamet', 'apartament'],
  ['garsonera', 'garsoniera'],
  ['Rdăuți', 'radauti'],
  ['frigder', 'frigider'],
  ['termopn', 'termopan'],
  ['bucatrie', 'bucatarie'],
  ['volkswagn', 'volkswagen'],
  ['apartamment', 'apartament'],
  ['frigiderr', 'frigider'],
  ['gradinna', 'gradina'],
  ['samsungg', 'samsung'],
  ['termopann', 'termopan'],
  ['apartamant', 'apartament'],
  ['garsonieta', 'garsoniera'],
  ['frigidel', 'frigider'],
  ['motorima', 'motorina'],
  ['volkswagem', 'volkswagen'],
  ['cemtrala', 'centrala'],
  ['anvelipe', 'anvelope'],
  ['semidecomandad', 'semidecomandat'],
  ['maşinna', 'masina'],
  ['garanţiie', 'garantie'],
  ['îcălzire', 'incalzire'],
  ['APARTAMNET', 'apartament'],
  ['aprtamnet', 'apartament'],
];

describe('a misspelled word finds the ads of the word meant', () => {
  it.each(MISSPELLINGS)('%s → %s', async (typed, meant) => {
    const result = await search(typed);
    expect(result.corrected?.words).toEqual([
      { from: typed.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(), to: meant },
    ]);
    expect(result.total).toBeGreaterThan(0);
    // At least the ads of the word meant, searched as a whole word (and those of its other forms).
    const found = await allIds(typed);
    for (const id of await allIds(`"${meant}"`)) expect(found).toContain(id);
  });
});

describe('a word whose other forms the index holds is found by them, not corrected', () => {
  it.each([
    ['Suceva', 'Suceava'],
    ['bucătărei', 'bucătărie'],
    ['telefoanele', 'telefon'],
  ])('%s finds the ads of %s', async (typed, meant) => {
    const result = await search(typed);
    expect(result.corrected).toBeUndefined();
    const found = await allIds(typed);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(await allIds(`${meant} `));
  });
});

describe('words the index holds are never corrected', () => {
  it.each([
    'apartament',
    'radauti',
    'casa',
    'motor',
    'teren',
    'gradina',
    'suceava',
    'garsoniera',
    'benzina',
    'balcon',
    'parcare',
    'samsung',
    'dacia',
  ])('%s', async (word) => {
    const result = await search(word);
    expect(result.total).toBeGreaterThan(0);
    expect(result.corrected).toBeUndefined();
    expect(await allIds(word)).toEqual(await allIds(word, true));
  });

  it('diacritics, their absence and cedillas find the same ads without any correction', async () => {
    for (const [a, b] of [
      ['grădină', 'gradina'],
      ['Rădăuţi', 'radauti'],
      ['faianţă', 'faianta'],
      ['garanție', 'garanţie'],
      ['mașină', 'masina'],
    ]) {
      const r = await search(a);
      expect(r.corrected, a).toBeUndefined();
      expect(r.total, a).toBeGreaterThan(0);
      expect(await allIds(a)).toEqual(await allIds(b));
    }
  });

  it('numbers and words shorter than 4 letters are not corrected', async () => {
    for (const q of ['19999', 'bmv', 'xyz', 'camere 77777', 'apartament 99999']) {
      const r = await search(q);
      expect(r.corrected, q).toBeUndefined();
      expect(r.total, q).toBe(0);
    }
  });

  it('in a query of several words each misspelled word is corrected on its own, the others kept', async () => {
    const one = await search('apartamnet radauti');
    expect(one.corrected).toEqual({
      text: 'apartament radauti',
      words: [{ from: 'apartamnet', to: 'apartament' }],
    });
    const found = await allIds('apartamnet radauti');
    for (const id of await allIds('"apartament" radauti')) expect(found).toContain(id);
    const two = await search('Apartamnet centarla Rădăuți');
    expect(two.corrected?.text).toBe('apartament centrala Rădăuți');
    expect(two.corrected?.words).toHaveLength(2);
    expect(two.total).toBeGreaterThan(0);
  });

  it('a word too far from any indexed word stays as typed, and finds nothing', async () => {
    const r = await search('elicopterxyz');
    expect(r.corrected).toBeUndefined();
    expect(r.total).toBe(0);
  });

  it('a word being typed that begins indexed words is a prefix, not a typo', async () => {
    const r = await search('garsonier');
    expect(r.corrected).toBeUndefined();
    expect(r.total).toBeGreaterThan(0);
  });
});

describe('stop words need not match', () => {
  it.each([
    ['apartament in radauti', 'apartament radauti'],
    ['apartament în Rădăuți', 'apartament radauti'],
    ['casa cu gradina', 'casa gradina'],
    ['vand casa in radauti', 'vand casa radauti'],
    ['garsoniera de inchiriat', 'garsoniera inchiriat'],
    ['locuri de munca pentru sofer', 'locuri munca sofer'],
    ['teren şi casa', 'teren casa'],
  ])('%s finds what %s finds', async (a, b) => {
    const ids = await allIds(a);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(await allIds(b));
  });

  it('a query of stop words only still searches them', async () => {
    const r = await search('de la');
    expect(r.total).toBeGreaterThan(0);
  });
});

describe('the results page', () => {
  it('quotes words one way („…”) and starts its sentences and labels with a capital', async () => {
    for (const q of ['apartamnet', 'apartament', 'xyzqwv']) {
      const html = await page(q);
      const main = html.slice(html.indexOf('<main'));
      expect(main, q).not.toMatch(/[«»“]/);
      expect(main, q).toMatch(/„(apartament|apartamnet|xyzqwv)”/);
      expect(main, q).toContain('placeholder="De exemplu: apartament 2 camere, golf, ospătar"');
    }
  });

  it('says which words it searched, links to the words as typed, and that link does not correct', async () => {
    const html = await page('apartamnet');
    expect(html).toContain('Am afișat rezultatele pentru <strong>„apartament”</strong>. Căutați exact');
    const link = /<a href="([^"]+)" rel="nofollow">„apartamnet”<\/a>\?/.exec(html);
    expect(link?.[1]).toBe('/cautare?q=apartamnet&amp;exact=1');
    expect(resultIds(html).length).toBeGreaterThan(0);
    expect(html).toContain('noindex');

    const exact = await get(link?.[1].replace(/&amp;/g, '&') ?? '');
    expect(exact.status).toBe(200);
    const exactHtml = await exact.text();
    expect(exactHtml).not.toContain('Am afișat rezultatele pentru');
    expect(exactHtml).not.toContain('Ați vrut să căutați');
    expect(resultIds(exactHtml)).toEqual([]);
    expect(exactHtml).toContain('Nu am găsit anunțuri pentru');
  });

  it('keeps the filters in the link and the correction on later pages', async () => {
    const html = await page('apartamnet', '&categorie=imobiliare');
    expect(html).toContain('/cautare?q=apartamnet&amp;categorie=imobiliare&amp;exact=1');
    const res = await get('/cautare?q=apartamnet&exact=1&categorie=imobiliare');
    expect(res.status).toBe(200);
  });

  it('a correct word that is rare suggests a close query with more ads; the exact link shows no suggestion', async () => {
    const user = await makeUser();
    await makePost(user.id, { title: 'Apartamnet de vânzare' }, ITEM);
    const r = await search('apartamnet');
    expect(r.corrected).toBeUndefined();
    expect(r.total).toBe(1);
    expect(r.suggestion?.text).toBe('apartament');
    expect(r.suggestion?.total).toBeGreaterThan(1);
    const html = await page('apartamnet');
    expect(html).toContain('Ați vrut să căutați <a href="/cautare?q=apartament">„apartament”</a>?');
    expect(html).not.toContain('Am afișat rezultatele pentru');
    expect(await page('apartamnet', '&exact=1')).not.toContain('Ați vrut să căutați');
  });

  it('a query that finds 3 ads or more gets no suggestion', async () => {
    const html = await page('apartament');
    expect(html).not.toContain('Ați vrut să căutați');
    expect(html).not.toContain('Am afișat rezultatele pentru');
  });
});

describe('hostile input', () => {
  it('ten long misspelled words, quotes, digits, odd exact values: answered, bounded, never a 500', async () => {
    const long = Array.from({ length: 12 }, (_, i) => `apartamnetx${'qwertyuiop'.slice(0, i % 10)}`).join(
      ' ',
    );
    for (const path of [
      `/cautare?q=${encodeURIComponent(long)}`,
      `/cautare?q=${encodeURIComponent('"apartamnet" "gradnia casa" ap4rtament "')}`,
      `/cautare?q=${encodeURIComponent('apartamnet')}&exact=yes`,
      `/cautare?q=${encodeURIComponent('apartamnet')}&exact=1&exact=0`,
      `/cautare?q=${encodeURIComponent('ţţţţţţţţ şşşş îîîî')}`,
      `/cautare?q=${encodeURIComponent('a'.repeat(200))}`,
      '/cautare?q=apartamnet&pagina=2',
      '/cautare?q=apartamnet&format=atom',
    ]) {
      const t0 = Date.now();
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
      await res.text();
      expect(Date.now() - t0, path).toBeLessThan(5000);
    }
    // A non-1 exact value is ignored: the word is corrected.
    expect(await page('garsoneira', '&exact=yes')).toContain('Am afișat rezultatele pentru');
    // A quoted word is a phrase: never corrected.
    expect((await search('"garsoneira"')).corrected).toBeUndefined();
  });

  it('the atom feed of a misspelled word lists the corrected results', async () => {
    const res = await get('/cautare?q=apartamnet&format=atom');
    expect(res.status).toBe(200);
    expect((await res.text()).match(/<entry>/g)?.length ?? 0).toBeGreaterThan(0);
  });
});

describe('the candidates follow the index', () => {
  it('draining the queue, the migration backfill and rebuildSpelling give the same candidates', async () => {
    const snapshot = async () => ({
      terms: (
        await env.DB.prepare('SELECT term FROM search_terms ORDER BY term').all<{ term: string }>()
      ).results.map((r) => r.term),
      deletes: await env.DB.prepare(
        'SELECT count(*) AS n, sum(length(d.del)) AS len FROM search_term_deletes d JOIN search_terms t ON t.id = d.term_id',
      ).first<{ n: number; len: number }>(),
    });
    // Every seeded ad's words, added the way searches add them.
    while ((await drainPendingTerms(env.DB)) > 0);
    const drained = await snapshot();
    expect(drained.terms.length).toBeGreaterThan(500);
    expect(drained.terms).toContain('apartament');

    await rebuildSpelling(env.DB);
    expect(await snapshot()).toEqual(drained);

    // The migration's own backfill statements (its last two), on emptied tables.
    const migration = (env.TEST_MIGRATIONS as { name: string; queries: string[] }[]).find((m) =>
      m.name.startsWith('0009'),
    );
    const backfill = migration?.queries.slice(-2) ?? [];
    expect(backfill[0]).toContain('INSERT OR IGNORE INTO search_terms');
    await env.DB.batch(
      ['DELETE FROM search_term_deletes', 'DELETE FROM search_terms'].map((q) => env.DB.prepare(q)),
    );
    await env.DB.batch(backfill.map((q) => env.DB.prepare(q)));
    expect(await snapshot()).toEqual(drained);
  });

  it('a word published a moment ago is a correction; edited away or deleted, it is not', async () => {
    const user = await makeUser();
    const { id } = await makePost(user.id, { title: 'Xilofon pentru copii' }, ITEM);
    const first = await search('xilofom');
    expect(first.corrected?.words).toEqual([{ from: 'xilofom', to: 'xilofon' }]);
    expect(first.hits.map((h) => h.id)).toEqual([id]);

    await env.DB.prepare("UPDATE posts SET title = 'Trambulina pentru copii' WHERE id = ?").bind(id).run();
    expect((await search('xilofom')).corrected).toBeUndefined();
    const edited = await search('trambulna');
    expect(edited.corrected?.text).toBe('trambulina');
    expect(edited.hits.map((h) => h.id)).toEqual([id]);

    await env.DB.prepare("UPDATE posts SET status = 'hidden' WHERE id = ?").bind(id).run();
    expect((await search('trambulna')).corrected).toBeUndefined();
    await env.DB.prepare("UPDATE posts SET status = 'published' WHERE id = ?").bind(id).run();
    expect((await search('trambulna')).corrected?.text).toBe('trambulina');
    await env.DB.prepare('DELETE FROM posts WHERE id = ?').bind(id).run();
    expect((await search('trambulna')).corrected).toBeUndefined();
  });

  it('the queue is drained at most once by concurrent searches, and every word is kept once', async () => {
    const user = await makeUser();
    await makePost(user.id, { title: 'Acordeon Weltmeister impecabil' }, ITEM);
    const results = await Promise.all(Array.from({ length: 8 }, () => search('weltmeistr')));
    for (const r of results) expect(r.corrected?.text).toBe('weltmeister');
    const pending = await env.DB.prepare('SELECT count(*) AS n FROM search_terms_pending').first<{
      n: number;
    }>();
    expect(pending?.n).toBe(0);
    const dup = await env.DB.prepare(
      "SELECT count(*) AS n FROM search_terms WHERE term = 'weltmeister'",
    ).first<{ n: number }>();
    expect(dup?.n).toBe(1);
    expect(await drainPendingTerms(env.DB)).toBe(0);
  });

  it('the daily run adds the words of every queued ad and empties the queue', async () => {
    const user = await makeUser();
    for (let i = 0; i < 3; i++) await makePost(user.id, { title: `Harpă celtică model ${i}` }, ITEM);
    // As after a bulk import: every ad queued again.
    await env.DB.prepare(
      "INSERT OR IGNORE INTO search_terms_pending (post_id) SELECT id FROM posts WHERE status = 'published'",
    ).run();
    const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? -1;
    const queued = await count('SELECT count(*) AS n FROM search_terms_pending');
    expect(queued).toBeGreaterThan(100);
    const report = await runScheduled(env, Date.now());
    expect(report.spellingAds).toBe(queued);
    expect(await count('SELECT count(*) AS n FROM search_terms_pending')).toBe(0);
    expect(await count("SELECT count(*) AS n FROM search_terms WHERE term = 'celtica'")).toBe(1);
    expect((await search('celitca')).corrected?.text).toBe('celtica');
  });
});
