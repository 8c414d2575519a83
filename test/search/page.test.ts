import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/db/schema';
import * as schema from '../../src/db/schema';
import { MAX_CANDIDATES } from '../../src/db/search';
import { toSlug } from '../../src/lib/slug';
import {
  AUTO_MOTO,
  CAR_PARTS,
  CARS,
  DAY,
  db,
  FLATS,
  get,
  MISC,
  makePhoto,
  makePost,
  makeUser,
  REAL_ESTATE,
  textOf,
} from '../fixtures';
import { ITEM, resultIds } from './support';

let author: User;
const ids: Record<string, number> = {};

async function html(path: string): Promise<string> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return res.text();
}
const idsAt = async (path: string) => resultIds(await html(path));

/** Inserts `n` ads whose title holds `word`, in batches (one statement each; triggers index them). */
async function bulk(word: string, n: number, over: Partial<schema.NewPost> = {}) {
  const now = Date.now();
  const rows = Array.from({ length: n }, (_, i) => {
    const title = `${word} ${i}`;
    return db.insert(schema.posts).values({
      userId: author.id,
      categoryId: MISC,
      title,
      slug: toSlug(title),
      description: 'Descriere.',
      searchText: 'Descriere.',
      price: 10 + i,
      status: 'published',
      createdAt: now - i * 1000,
      updatedAt: now - i * 1000,
      bumpedAt: now - (n - i) * 1000 - DAY,
      expiresAt: now + 20 * DAY,
      ...over,
    });
  });
  for (let i = 0; i < rows.length; i += 50) {
    const part = rows.slice(i, i + 50) as [(typeof rows)[number], ...(typeof rows)[number][]];
    await db.batch(part);
  }
}

/** The sanie ads' ids, most recently published or renewed first. */
async function sanieByFreshness(): Promise<number[]> {
  const rows = await env.DB.prepare(
    "SELECT id FROM posts WHERE title LIKE 'sanie %' ORDER BY bumped_at DESC, id DESC",
  ).all<{ id: number }>();
  return rows.results.map((r) => r.id);
}

beforeAll(async () => {
  author = await makeUser();
  const car = (title: string, over: Parameters<typeof makePost>[1]) =>
    makePost(author.id, { title, categoryId: AUTO_MOTO, subcategoryId: CARS, ...over }, ITEM);
  ids.golfOld = (
    await car('Volkswagen Golf 4 diesel', {
      price: 2500,
      currency: 'EUR',
      fields: { year: 2002, km: 250000, fuel: 'motorină' },
      locality: 'Siret',
      age: 5 * DAY,
    })
  ).id;
  ids.golfNew = (
    await car('Volkswagen Golf 7 benzina', {
      price: 60000,
      currency: 'RON',
      fields: { year: 2016, km: 120000, fuel: 'benzină' },
      age: 1 * DAY,
    })
  ).id;
  ids.golfNoPrice = (
    await car('Volkswagen Golf 5 de dezmembrat', {
      price: 0,
      fields: { year: 2005, fuel: 'motorină' },
      age: 3 * DAY,
    })
  ).id;
  ids.golfParts = (
    await makePost(
      author.id,
      {
        title: 'Oglindă Volkswagen Golf',
        categoryId: AUTO_MOTO,
        subcategoryId: CAR_PARTS,
        price: 150,
        age: 2 * DAY,
      },
      ITEM,
    )
  ).id;
  await makePhoto(ids.golfNew, author.id, { position: 0, bytes: 1000 });
  ids.flat2 = (
    await makePost(
      author.id,
      {
        title: 'Apartament de vânzare 2 camere',
        categoryId: REAL_ESTATE,
        subcategoryId: FLATS,
        price: 50000,
        currency: 'EUR',
        fields: { rooms: 2, area: 52 },
      },
      ITEM,
    )
  ).id;
  ids.flat4 = (
    await makePost(
      author.id,
      {
        title: 'Apartament de vânzare 4 camere',
        categoryId: REAL_ESTATE,
        subcategoryId: FLATS,
        price: 90000,
        currency: 'EUR',
        fields: { rooms: 4, area: 95 },
      },
      ITEM,
    )
  ).id;
  ids.xss = (
    await makePost(
      author.id,
      {
        title: 'Lampă <script>alert("x")</script> & abajur',
        description: 'Foarte <b>frumoasă</b> lampă.',
      },
      ITEM,
    )
  ).id;
  ids.astraMentionsSiret = (
    await car('Opel Astra pentru Siret', {
      description: 'Mașina se află la Siret, proprietarul în Rădăuți.',
      locality: 'Rădăuți',
      age: 9 * DAY,
    })
  ).id;
  ids.astraVatra = (await car('Opel Astra break', { locality: 'Vatra Dornei', age: 9 * DAY })).id;
  await bulk('trotineta', 101);
  await bulk('sanie', MAX_CANDIDATES + 30);
  await bulk('patine', 20);
  await bulk('schiuri', 23);
});

describe('filters', () => {
  it('filters by category and by subcategory', async () => {
    expect((await idsAt('/cautare?q=golf&categorie=auto-moto')).length).toBe(4);
    expect((await idsAt('/cautare?q=golf&categorie=autoturisme')).sort()).toEqual(
      [ids.golfOld, ids.golfNew, ids.golfNoPrice].sort(),
    );
    expect(await idsAt('/cautare?q=golf&categorie=piese-auto')).toEqual([ids.golfParts]);
    expect(await idsAt('/cautare?q=golf&categorie=imobiliare')).toEqual([]);
  });

  it('filters by price in either currency, leaving out ads without a price', async () => {
    // 60 000 lei ≈ 12 000 € at the fixed rate of 5: above 10 000 €, below 15 000 €.
    expect((await idsAt('/cautare?q=golf&pret_max=10000&moneda=EUR')).sort()).toEqual(
      [ids.golfOld, ids.golfParts].sort(),
    );
    expect(await idsAt('/cautare?q=golf&pret_min=10000&pret_max=15000&moneda=EUR')).toEqual([ids.golfNew]);
    expect(await idsAt('/cautare?q=golf&pret_min=20000&moneda=RON')).toEqual([ids.golfNew]);
    expect(await idsAt('/cautare?q=golf&pret_min=1.000&pret_max=5.000&moneda=EUR')).toEqual([ids.golfOld]);
  });

  it("filters by locality: the ad's town, not a town named in its text", async () => {
    expect(await idsAt('/cautare?q=golf&localitate=Siret')).toEqual([ids.golfOld]);
    expect(await idsAt('/cautare?q=astra&localitate=Vatra%20Dornei')).toEqual([ids.astraVatra]);
    expect(await idsAt('/cautare?q=astra%20siret&localitate=Siret')).toEqual([]);
    expect(await idsAt('/cautare?q=astra%20siret&localitate=R%C4%83d%C4%83u%C8%9Bi')).toEqual([
      ids.astraMentionsSiret,
    ]);
    // Not a known locality: ignored rather than an error.
    expect((await idsAt('/cautare?q=golf&localitate=Atlantida')).length).toBe(4);
  });

  it('keeps only ads with photos', async () => {
    expect(await idsAt('/cautare?q=golf&cu_poze=1')).toEqual([ids.golfNew]);
  });

  it('filters by category fields: year, fuel, rooms', async () => {
    expect(await idsAt('/cautare?q=golf&categorie=autoturisme&an_min=2010')).toEqual([ids.golfNew]);
    expect((await idsAt('/cautare?q=golf&categorie=autoturisme&an_max=2010')).sort()).toEqual(
      [ids.golfOld, ids.golfNoPrice].sort(),
    );
    expect(
      (
        await idsAt(`/cautare?q=golf&categorie=autoturisme&combustibil=${encodeURIComponent('motorină')}`)
      ).sort(),
    ).toEqual([ids.golfOld, ids.golfNoPrice].sort());
    expect(await idsAt('/cautare?q=apartament&categorie=apartamente&camere_min=3')).toEqual([ids.flat4]);
    expect(await idsAt('/cautare?q=apartament&categorie=imobiliare&camere_max=2&suprafata_min=50')).toEqual([
      ids.flat2,
    ]);
  });

  it('offers the chosen category’s own fields in the form', async () => {
    const page = await html('/cautare?q=golf&categorie=autoturisme');
    expect(page).toContain('name="an_min"');
    expect(page).toContain('name="combustibil"');
    expect(await html('/cautare?q=golf')).not.toContain('name="an_min"');
  });

  it('ignores malformed filter values instead of failing', async () => {
    for (const qs of [
      'pret_min=abc',
      'pret_max=-5',
      'moneda=USD',
      'categorie=nu-exista',
      'ordine=aleator',
      'an_min=2010',
      'cu_poze=poate',
      'categorie=autoturisme&an_min=%27%3B--',
      'pret_min=99999999999999999999',
    ]) {
      expect((await get(`/cautare?q=golf&${qs}`)).status, qs).toBe(200);
    }
  });
});

describe('sorting', () => {
  it('sorts by newest', async () => {
    expect(await idsAt('/cautare?q=golf&ordine=noi')).toEqual([
      ids.golfNew,
      ids.golfParts,
      ids.golfNoPrice,
      ids.golfOld,
    ]);
  });

  it('sorts by price ascending and descending in lei, ads without a price last', async () => {
    // 150 lei, 2 500 € = 12 500 lei, 60 000 lei, no price.
    expect(await idsAt('/cautare?q=golf&ordine=pret_asc')).toEqual([
      ids.golfParts,
      ids.golfOld,
      ids.golfNew,
      ids.golfNoPrice,
    ]);
    expect(await idsAt('/cautare?q=golf&ordine=pret_desc')).toEqual([
      ids.golfNew,
      ids.golfOld,
      ids.golfParts,
      ids.golfNoPrice,
    ]);
  });

  it('sorts by relevance by default when there are words', async () => {
    const page = await html('/cautare?q=golf');
    expect(page).toMatch(/<option value="relevanta" selected="">/);
  });
});

describe('counts and pages', () => {
  it('says 1 rezultat, 20 de rezultate, 101 rezultate', async () => {
    expect(textOf(await html('/cautare?q=golf&cu_poze=1'))).toContain('1 rezultat');
    expect(textOf(await html('/cautare?q=patine'))).toContain('20 de rezultate');
    expect(textOf(await html('/cautare?q=trotineta'))).toContain('101 rezultate');
    expect(textOf(await html('/cautare?q=nimicdegasit'))).toContain('niciun rezultat');
  });

  it('shows 20 results a page, links the next page and 404s past the end', async () => {
    const first = await html('/cautare?q=schiuri');
    expect(resultIds(first)).toHaveLength(20);
    expect(first).toContain('href="/cautare?q=schiuri&amp;pagina=2"');
    const second = await idsAt('/cautare?q=schiuri&pagina=2');
    expect(second).toHaveLength(3);
    expect(new Set([...resultIds(first), ...second]).size).toBe(23);
    expect((await get('/cautare?q=schiuri&pagina=3')).status).toBe(404);
    expect((await get('/cautare?q=schiuri&pagina=0')).status).toBe(404);
    expect((await get('/cautare?q=schiuri&pagina=abc')).status).toBe(404);
  });

  it(`considers the newest ${MAX_CANDIDATES} matches of a very common word and says "peste"`, async () => {
    const first = await html('/cautare?q=sanie');
    expect(textOf(first)).toContain(`peste ${MAX_CANDIDATES} de rezultate`);
    const pages = MAX_CANDIDATES / 20;
    const seen = [...resultIds(first)];
    for (let n = 2; n <= pages; n++) seen.push(...(await idsAt(`/cautare?q=sanie&pagina=${n}`)));
    expect((await get(`/cautare?q=sanie&pagina=${pages + 1}`)).status).toBe(404);
    // The most recently published of the MAX_CANDIDATES + 30 sanie ads, each once.
    const all = await sanieByFreshness();
    expect(all).toHaveLength(MAX_CANDIDATES + 30);
    expect([...seen].sort((a, b) => a - b)).toEqual(all.slice(0, MAX_CANDIDATES).sort((a, b) => a - b));
  });

  it('counts a renewal as fresh: the oldest ad renewed rises into the matches and to the top of the newest', async () => {
    // The first sanie ad: the oldest publication and the lowest price (10), so it would lead the
    // cheapest-first order if it were among the matches considered.
    const stale = (await sanieByFreshness()).at(-1) as number;
    expect((await idsAt('/cautare?q=sanie&ordine=pret_asc'))[0]).not.toBe(stale);
    const now = Date.now();
    await env.DB.prepare('UPDATE posts SET bumped_at = ?, renewed_at = ?, expires_at = ? WHERE id = ?')
      .bind(now + 60_000, now, now + 30 * DAY, stale)
      .run();
    expect((await idsAt('/cautare?q=sanie&ordine=noi'))[0]).toBe(stale);
    expect((await idsAt('/cautare?q=sanie&ordine=pret_asc'))[0]).toBe(stale);
    // Without words (filters only) the freshest ads come first too.
    const slug = (await env.DB.prepare('SELECT slug FROM categories WHERE id = 8').first<{ slug: string }>())
      ?.slug;
    expect((await idsAt(`/cautare?categorie=${slug}&ordine=noi`))[0]).toBe(stale);
  });

  it('keeps the filters in page links', async () => {
    const page = await html('/cautare?q=trotineta&ordine=pret_desc');
    expect(page).toContain('href="/cautare?q=trotineta&amp;ordine=pret_desc&amp;pagina=2"');
  });

  it('redirects the path shapes to the query-string address', async () => {
    const cases: [string, string][] = [
      ['/cautare/masina', '/cautare?q=masina'],
      ['/cautare/masina%20rosie/pagina-2', '/cautare?q=masina+rosie&pagina=2'],
      ['/cautare/masina?categorie=auto-moto', '/cautare?q=masina&categorie=auto-moto'],
      ['/cautare/pagina-3', '/cautare?pagina=3'],
      ['/cautare/', '/cautare'],
    ];
    for (const [from, to] of cases) {
      const res = await get(from);
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
    }
    expect((await get('/cautare/a/b/c')).status).toBe(404);
    expect((await get('/cautare/masina/pagina-x')).status).toBe(404);
  });
});

describe('page', () => {
  it('titles the page after the words and is indexable for a plain query', async () => {
    const page = await html('/cautare?q=golf');
    expect(page).toContain('<title>Căutare: golf | eRădăuți v3</title>');
    expect(page).not.toContain('noindex');
    expect(page).toContain('<link rel="canonical" href="http://127.0.0.1:8787/cautare?q=golf"/>');
  });

  it('marks filter combinations noindex with the plain query as canonical', async () => {
    const page = await html('/cautare?q=golf&categorie=autoturisme&pret_max=5000&ordine=noi');
    expect(page).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(page).toContain('<link rel="canonical" href="http://127.0.0.1:8787/cautare?q=golf"/>');
  });

  it('links the Atom feed of the search in the head', async () => {
    const page = await html('/cautare?q=golf&categorie=autoturisme');
    expect(page).toContain(
      '<link rel="alternate" type="application/atom+xml" title="Anunțuri noi: „golf”" href="/cautare?q=golf&amp;categorie=autoturisme&amp;format=atom"/>',
    );
  });

  it('escapes ad text and marks only the matched words', async () => {
    const page = await html('/cautare?q=lampa');
    expect(page).toContain(
      '<mark>Lampă</mark> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; abajur',
    );
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('Foarte &lt;b&gt;frumoasă&lt;/b&gt; <mark>lampă</mark>');
  });

  it('shows the main photo with explicit width and height', async () => {
    const page = await html('/cautare?q=golf&cu_poze=1');
    expect(page).toMatch(
      /<img src="\/api\/poze\/responsive\/\d+\/poza-\d+\.jpg\?w=320" width="160" height="120"/,
    );
  });

  it('shows a helpful empty state with a way out of the filters and the categories', async () => {
    const page = await html('/cautare?q=golf&categorie=imobiliare');
    const text = textOf(page);
    expect(text).toContain('Nu am găsit anunțuri pentru „golf” cu filtrele alese.');
    expect(page).toContain('href="/cautare?q=golf"');
    expect(page).toContain('href="/anunturi/imobiliare"');
    expect(page).toContain('noindex');
  });

  it('lists the newest ads for an empty query, and works as a category browser', async () => {
    expect(resultIds(await html('/cautare'))).toHaveLength(20);
    expect(await idsAt('/cautare?categorie=piese-auto')).toEqual([ids.golfParts]);
    expect(await idsAt('/cautare?q=&categorie=apartamente&camere_min=3')).toEqual([ids.flat4]);
  });

  it('has a form that works without JavaScript (GET, named fields)', async () => {
    const page = await html('/cautare?q=golf');
    const form = /<form [^>]*class="search-form"[^>]*>/.exec(page)?.[0] ?? '';
    expect(form).toContain('action="/cautare"');
    expect(form).toContain('method="get"');
    expect(form).toContain('role="search"');
    for (const name of [
      'q',
      'categorie',
      'pret_min',
      'pret_max',
      'moneda',
      'localitate',
      'cu_poze',
      'ordine',
    ])
      expect(page).toContain(`name="${name}"`);
  });

  it('reads the synonyms table operators edit, next to the built-in lexicon', async () => {
    // The built-in groups live in lib/search-lexicon; the table holds only what operators add.
    const row = await env.DB.prepare(
      "SELECT count(*) AS n FROM search_synonyms WHERE term = 'chirie'",
    ).first<{
      n: number;
    }>();
    expect(row?.n).toBe(0);
  });
});
