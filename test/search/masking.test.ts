// Phone numbers written every which way in a published ad never reach the public: not on its page
// (text, <title>, meta and og descriptions, JSON-LD), not in search results or snippets, not in
// the Atom feed, and searching the number's digits finds nothing.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { MASK_VERSION, remaskStoredText } from '../../src/db/ad-text';
import * as schema from '../../src/db/schema';
import { postPath } from '../../src/lib/links';
import { PHONE_MASK } from '../../src/lib/phone';
import {
  db,
  formOf,
  get,
  idFromLocation,
  JOB_OFFERS,
  JOBS,
  makePost,
  makeUser,
  person,
  postFormAs,
  textOf,
  validFields,
} from '../fixtures';
import { ITEM, resultIds } from './support';

/** Each sample: a spelling of one phone number and a made-up word that finds its ad. */
const SAMPLES: { phone: string; digits: string; word: string }[] = [
  { phone: '0745  318  962', digits: '745318962', word: 'zmeurica' },
  { phone: '0746\u00a0318\u00a0962', digits: '746318962', word: 'coacazica' },
  { phone: '0747\u202f318\u2009962', digits: '747318962', word: 'agrisica' },
  { phone: '0748–318–962', digits: '748318962', word: 'afinuta' },
  { phone: '(0749) 318 962', digits: '749318962', word: 'murica' },
  { phone: '+40 (752) 318 962', digits: '752318962', word: 'cireasica' },
  { phone: '07 53 31 89 62', digits: '753318962', word: 'visinica' },
  { phone: '0 7 5 4 3 1 8 9 6 2', digits: '754318962', word: 'caisuta' },
  { phone: '0040 — 755 — 318 — 962', digits: '755318962', word: 'prunisoara' },
  { phone: '0231.318/962', digits: '231318962', word: 'gutuita' },
];

const ids = new Map<string, number>();
const paths = new Map<string, string>();

/** Every digit of a text, in order: a phone shows up here whatever was written between its digits. */
const digitsOf = (text: string) => text.replace(/\D/g, '');

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' });

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap(
    (m) => {
      const data = JSON.parse(m[1]);
      return Array.isArray(data) ? data : [data];
    },
  );
}

function metaContent(html: string, attr: string, name: string): string {
  const re = new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`);
  return re.exec(html)?.[1] ?? '';
}

beforeAll(async () => {
  const u = await makeUser({ phone: '0733000111' });
  for (const s of SAMPLES) {
    const post = await makePost(
      u.id,
      {
        title: `Bicicletă ${s.word} ${s.phone}`,
        description: `Vând bicicletă ${s.word}, an 2015, preț 1.200 lei. Sunați la ${s.phone} după ora 17.`,
        price: 1200,
        phone: '0744123456',
      },
      ITEM,
    );
    ids.set(s.word, post.id);
    paths.set(s.word, postPath(post, 'diverse'));
  }
});

describe('a published ad with a phone in its title and description', () => {
  it.each(SAMPLES)('$phone: no digit of it anywhere in the page HTML, meta or JSON-LD', async (s) => {
    const res = await get(paths.get(s.word) ?? '');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(digitsOf(html)).not.toContain(s.digits);
    expect(textOf(html)).toContain(`Sunați la ${PHONE_MASK} după ora 17.`);
    expect(textOf(html)).toContain(`Bicicletă ${s.word} ${PHONE_MASK}`);
    // The other numbers of the ad stay as written.
    expect(textOf(html)).toContain('an 2015, preț 1.200 lei');
    expect(metaContent(html, 'name', 'description')).toContain(PHONE_MASK);
    expect(metaContent(html, 'property', 'og:description')).toContain(PHONE_MASK);
    expect(metaContent(html, 'property', 'og:title')).toContain(PHONE_MASK);
    const product = jsonLdOf(html).find((d) => d['@type'] === 'Product');
    expect(product?.name).toBe(`Bicicletă ${s.word} ${PHONE_MASK}`);
    expect(product?.description).toContain(`Sunați la ${PHONE_MASK} după ora 17.`);
    expect(digitsOf(JSON.stringify(jsonLdOf(html)))).not.toContain(s.digits);
  });

  it.each(SAMPLES)('$phone: the slug holds none of its digits', (s) => {
    const path = paths.get(s.word) ?? '';
    expect(path).toMatch(new RegExp(`^/anunt/diverse/bicicleta-${s.word}-\\d+$`));
  });

  it.each(SAMPLES)('$phone: searching its digits, whole or in part, finds nothing', async (s) => {
    const national = `0${s.digits}`;
    const queries = [
      national,
      s.digits,
      s.phone,
      `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`,
      national.slice(0, 4),
      national.slice(4, 7),
      national.slice(7),
      `+40${s.digits}`,
    ];
    for (const q of queries) {
      const html = await (await get(`/cautare?q=${encodeURIComponent(q)}`)).text();
      expect(resultIds(html), q).not.toContain(ids.get(s.word));
      // The page repeats what the visitor typed (search box, title); the results never hold it.
      const results = /<ol class="search-results"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '';
      expect(digitsOf(results), q).not.toContain(s.digits);
    }
  });

  it.each(SAMPLES)('$phone: searching another word finds the ad, title and snippet masked', async (s) => {
    const res = await get(`/cautare?q=${s.word}`);
    const html = await res.text();
    expect(resultIds(html)).toEqual([ids.get(s.word)]);
    const item = /<li class="sr">[\s\S]*?<\/li>/.exec(html)?.[0] ?? '';
    expect(textOf(item)).toContain(`Bicicletă ${s.word} ${PHONE_MASK}`);
    expect(/<p class="sr__snippet">([\s\S]*?)<\/p>/.exec(item)?.[1]).toContain(PHONE_MASK);
    expect(digitsOf(html)).not.toContain(s.digits);
  });

  it.each(SAMPLES)('$phone: its Atom feed entry has the title and summary masked', async (s) => {
    const res = await get(`/cautare?q=${s.word}&format=atom`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(digitsOf(xml)).not.toContain(s.digits);
    const entries = parser.parse(xml).feed.entry ?? [];
    expect(entries).toHaveLength(1);
    expect(entries[0].title).toBe(`Bicicletă ${s.word} ${PHONE_MASK}`);
    expect(entries[0].summary['#text']).toContain(`Sunați la ${PHONE_MASK} după ora 17.`);
  });

  it('listing cards and the category feed show the title masked', async () => {
    const html = await (await get('/anunturi/diverse')).text();
    for (const s of SAMPLES) expect(digitsOf(html)).not.toContain(s.digits);
    expect(html).toContain(`Bicicletă zmeurica ${PHONE_MASK}`);
    const xml = await (await get('/cautare?categorie=diverse&format=atom')).text();
    for (const s of SAMPLES) expect(digitsOf(xml)).not.toContain(s.digits);
  });
});

describe('a job offer', () => {
  it('shows no phone in its JobPosting structured data, title or description', async () => {
    const u = await makeUser();
    const post = await makePost(
      u.id,
      {
        categoryId: JOBS,
        subcategoryId: JOB_OFFERS,
        title: 'Angajăm vânzătoare 0745\u202f419\u202f273',
        description: 'Program 8-16, salariu 3.500 lei. CV la 0745–419–273 sau +40 (745) 419 273.',
        price: 3500,
      },
      ITEM,
    );
    let res = await get(postPath(post, 'locuri-de-munca'));
    if (res.status === 301) res = await get(res.headers.get('location') ?? '');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(digitsOf(html)).not.toContain('745419273');
    const job = jsonLdOf(html).find((d) => d['@type'] === 'JobPosting');
    expect(job?.title).toBe(`Angajăm vânzătoare ${PHONE_MASK}`);
    expect(job?.description).toContain(`CV la ${PHONE_MASK} sau ${PHONE_MASK}.`);
    expect(job?.description).toContain('Program 8-16, salariu 3.500 lei.');
  });
});

describe('an ad published through the editor', () => {
  it('stores the title and search text masked, keeps the description as typed for its owner, and shows none of it', async () => {
    const { cookie } = await person();
    const res = await postFormAs(
      '/posts/new',
      formOf(
        validFields({
          title: 'Apartament 2 camere 0745\u00a0612\u00a0387',
          description: 'Apartament luminos, 54 mp, etaj 2/4. Tel: 0745–612–387 / (0230) 561 234.',
        }),
      ),
      cookie,
    );
    expect(res.status).toBe(303);
    const id = idFromLocation(res.headers.get('location'));
    const row = await db.select().from(schema.posts).where(eq(schema.posts.id, id)).get();
    expect(row?.title).toBe(`Apartament 2 camere ${PHONE_MASK}`);
    expect(row?.slug).toBe('apartament-2-camere');
    expect(row?.searchText).toBe(`Apartament luminos, 54 mp, etaj 2/4. Tel: ${PHONE_MASK} / ${PHONE_MASK}.`);
    expect(row?.description).toContain('0745–612–387');
    expect(row?.maskVersion).toBe(MASK_VERSION);
    const html = await (await get(res.headers.get('location') ?? '')).text();
    expect(digitsOf(html)).not.toContain('745612387');
    expect(digitsOf(html)).not.toContain('230561234');
    expect(textOf(html)).toContain('54 mp, etaj 2/4');
    const found = await (await get('/cautare?q=0745612387')).text();
    expect(resultIds(found)).not.toContain(id);
    const landline = await (await get('/cautare?q=561')).text();
    expect(resultIds(landline)).not.toContain(id);
  });
});

describe('ads stored under an older masking rule', () => {
  async function legacyAd(word: string, phone: string) {
    const u = await makeUser();
    const { id } = await makePost(u.id, { title: `Canapea ${word}` }, ITEM);
    // What an earlier rule left unmasked, written as it was then (the index follows by trigger).
    const [post] = await db
      .update(schema.posts)
      .set({
        title: `Canapea ${word} ${phone}`,
        slug: `canapea-${word}-${phone.replace(/\D/g, '')}`,
        description: `Canapea ${word}. Telefon ${phone}.`,
        searchText: `Canapea ${word}. Telefon ${phone}.`,
        maskVersion: 0,
      })
      .where(eq(schema.posts.id, id))
      .returning();
    return post;
  }

  it('are masked on the page at once, and the daily job re-masks what search indexes', async () => {
    const post = await legacyAd('ravasel', '0745  271  839');
    // Before the job: the index still holds the digits, but nothing public shows them.
    const before = await (await get('/cautare?q=271')).text();
    expect(resultIds(before)).toContain(post.id);
    expect(digitsOf(before)).not.toContain('745271839');
    const page = await (await get(postPath(post, 'diverse'))).text();
    expect(digitsOf(page)).not.toContain('745271839');

    expect(await remaskStoredText(db)).toBeGreaterThanOrEqual(1);
    const row = await db.select().from(schema.posts).where(eq(schema.posts.id, post.id)).get();
    expect(row?.title).toBe(`Canapea ravasel ${PHONE_MASK}`);
    expect(row?.slug).toBe('canapea-ravasel');
    expect(row?.searchText).toBe(`Canapea ravasel. Telefon ${PHONE_MASK}.`);
    expect(row?.maskVersion).toBe(MASK_VERSION);
    expect(row?.bumpedAt).toBe(post.bumpedAt);
    const after = await (await get('/cautare?q=271')).text();
    expect(resultIds(after)).not.toContain(post.id);
    expect(resultIds(await (await get('/cautare?q=ravasel')).text())).toEqual([post.id]);
    // The old address leads to the new one.
    const old = await get(postPath(post, 'diverse'));
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/anunt/diverse/canapea-ravasel-${post.id}`);
    // Nothing left to do: a second run re-masks nothing.
    expect(await remaskStoredText(db)).toBe(0);
  });

  it('migration 0008 rebuilds the index without the digits of rows it cannot mask in SQL', async () => {
    const post = await legacyAd('tabureta', '0745\u00a0388\u00a0164');
    expect(resultIds(await (await get('/cautare?q=388')).text())).toContain(post.id);
    const migration = (
      env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] }
    ).TEST_MIGRATIONS.find((m) => m.name.startsWith('0008'));
    const rebuild = (migration?.queries ?? []).filter((q) => !/ALTER TABLE|CREATE INDEX/.test(q));
    expect(rebuild.length).toBeGreaterThanOrEqual(2);
    await env.DB.batch(rebuild.map((q) => env.DB.prepare(q)));
    expect(resultIds(await (await get('/cautare?q=388')).text())).not.toContain(post.id);
    expect(resultIds(await (await get('/cautare?q=0745388164')).text())).not.toContain(post.id);
    expect(resultIds(await (await get('/cautare?q=tabureta')).text())).toEqual([post.id]);
    // Ads already masked keep being found by their words.
    expect(resultIds(await (await get('/cautare?q=zmeurica')).text())).toEqual([ids.get('zmeurica')]);
    await remaskStoredText(db);
    expect(resultIds(await (await get('/cautare?q=tabureta')).text())).toEqual([post.id]);
    expect(resultIds(await (await get('/cautare?q=388')).text())).not.toContain(post.id);
  });
});
