// The tiny worker test/bench/search.mjs runs in Miniflare (workerd + local D1): it applies
// statements, generates ads, and runs one search per request through the site's own query builder
// (src/lib/search-query.ts + src/db/search.ts and search-text.ts), so the bench measures exactly what /cautare runs.
import { adTextColumns, MASK_VERSION, searchStems } from '../../src/db/ad-text';
import { buildSearchSql, type SearchFilters } from '../../src/db/search';
import { loadSynonyms, searchText } from '../../src/db/search-text';
import { rebuildSpelling } from '../../src/db/spelling';
import { DEMO_AUTHORS, demoAds } from '../../src/dev/seed-data';
import { LOCALITIES } from '../../src/lib/localities';
import { maskPhones } from '../../src/lib/phone';
import type { Currency } from '../../src/lib/price';
import type { SearchSort } from '../../src/lib/search-params';
import { parseQuery, toFtsQuery } from '../../src/lib/search-query';
import { toSlug } from '../../src/lib/slug';
import { RELEVANCE_SET, topThreeHit } from '../search/relevance-set';

interface Env {
  DB: D1Database;
}

const DAY = 86_400_000;

// A small deterministic generator (mulberry32) so both sizes draw from the same distribution.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

const BRANDS = [
  ['Volkswagen', ['Golf', 'Passat', 'Polo', 'Touran', 'Tiguan']],
  ['Dacia', ['Logan', 'Sandero', 'Duster', 'Lodgy']],
  ['Opel', ['Astra', 'Corsa', 'Vectra', 'Insignia']],
  ['BMW', ['Seria 3', 'Seria 5', 'X3', 'X5']],
  ['Audi', ['A4', 'A6', 'A3', 'Q5']],
  ['Skoda', ['Octavia', 'Fabia', 'Superb']],
  ['Ford', ['Focus', 'Fiesta', 'Mondeo']],
  ['Renault', ['Megane', 'Clio', 'Laguna']],
] as const;
const FUELS = ['benzină', 'motorină', 'GPL', 'hibrid'];
const ADJ = ['decomandat', 'semidecomandat', 'renovat', 'luminos', 'spațios', 'mobilat', 'nou', 'central'];
const JOBS = [
  'ospătar',
  'bucătar',
  'șofer',
  'vânzătoare',
  'contabil',
  'zidar',
  'electrician',
  'mecanic auto',
];
const THINGS = [
  ['Telefon Samsung Galaxy', 5],
  ['Laptop Lenovo ThinkPad', 5],
  ['Televizor LG 55 inch', 5],
  ['Mașină de spălat Arctic', 5],
  ['Frigider Bosch', 5],
  ['Canapea extensibilă', 6],
  ['Masă din lemn masiv', 6],
  ['Lemne de foc fag', 6],
  ['Motocoasă Stihl', 6],
  ['Cățel ciobănesc mioritic', 7],
  ['Pisică persană', 7],
  ['Bicicletă copii', 8],
  ['Cărucior bebeluși', 8],
  ['Haine de iarnă', 8],
  ['Transport marfă', 4],
  ['Reparații acoperișuri', 4],
  ['Meditații matematică', 4],
] as const;
const SENTENCES = [
  'Stare foarte bună, folosit puțin.',
  'Preț negociabil, vă rog seriozitate.',
  'Accept schimb cu autoturism.',
  'Se poate vedea oricând în Rădăuți.',
  'Acte la zi, proprietar.',
  'Fără intermediari.',
  'Livrare gratuită în oraș.',
  'Ofer factură și garanție.',
  'Încălzire cu centrală proprie pe gaz.',
  'Aproape de școală, grădiniță și magazine.',
  'Curte și grădină, fântână, anexe.',
  'Mașina nu necesită investiții.',
  'Revizie făcută recent, distribuție schimbată.',
  'Program de lucru flexibil, salariu motivant.',
  'Experiența constituie un avantaj.',
  'Lucrez rapid și curat, prețuri corecte.',
  'Detalii la telefon sau pe mesaj.',
  'Vând din cauza mutării în străinătate.',
  'Urgent, preț fix.',
  'Cumpărat nou, cu cutie și accesorii.',
];

// A long tail of rarer words (names, brands, places, misspellings…), as real ads have: without it
// the generated vocabulary would be a few hundred words and the spelling candidates unrealistically
// small. Pseudo-words of 2–5 syllables, drawn with a skew so some recur and most are rare.
const SYLLABLES = [
  'ba',
  'ce',
  'di',
  'fo',
  'gu',
  'la',
  'me',
  'ni',
  'po',
  'ru',
  'sa',
  'te',
  'vi',
  'zo',
  'tra',
  'str',
  'ca',
  'ne',
  'ri',
  'mu',
  'an',
  'el',
  'or',
  'ul',
];
const RARE_WORDS = (() => {
  const r = rng(99);
  const out = new Set<string>();
  while (out.size < 40_000) {
    const n = 2 + Math.floor(r() * 4);
    out.add(Array.from({ length: n }, () => pick(r, SYLLABLES)).join(''));
  }
  return [...out];
})();

interface GeneratedAd {
  user_id: number;
  category_id: number;
  subcategory_id: number | null;
  title: string;
  slug: string;
  description: string;
  search_text: string;
  search_stems: string;
  price: number;
  currency: Currency;
  locality: string;
  status: string;
  fields: string | null;
  created_at: number;
  bumped_at: number;
  expires_at: number;
}

function generateAd(r: () => number, i: number, users: number, now: number): GeneratedAd {
  const kind = r();
  let category = 8;
  let sub: number | null = null;
  let title: string;
  let fields: Record<string, string | number> | null = null;
  let price = 0;
  let currency: Currency = 'RON';
  if (kind < 0.3) {
    category = 1;
    const rooms = 1 + Math.floor(r() * 4);
    const t = r();
    if (t < 0.55) {
      sub = 101;
      title = `Apartament ${rooms} camere ${pick(r, ADJ)}`;
    } else if (t < 0.7) {
      sub = 105;
      title = `Închiriez ${rooms === 1 ? 'garsonieră' : `apartament ${rooms} camere`} ${pick(r, ADJ)}`;
    } else if (t < 0.85) {
      sub = 102;
      title = `Casă ${pick(r, ADJ)} cu teren`;
    } else {
      sub = 103;
      title = `Teren intravilan ${5 + Math.floor(r() * 40)} ari`;
    }
    fields = { rooms, area: 20 + Math.floor(r() * 120) };
    price = sub === 105 ? 150 + Math.floor(r() * 400) : 20_000 + Math.floor(r() * 150_000);
    currency = 'EUR';
  } else if (kind < 0.55) {
    category = 2;
    sub = 201;
    const [brand, models] = pick(r, BRANDS);
    const year = 1998 + Math.floor(r() * 27);
    const fuel = pick(r, FUELS);
    title = `${brand} ${pick(r, models)} ${year} ${fuel}`;
    fields = { year, km: Math.floor(r() * 350_000), fuel };
    price = 800 + Math.floor(r() * 25_000);
    currency = 'EUR';
  } else if (kind < 0.65) {
    category = 3;
    sub = 301;
    title = `Angajăm ${pick(r, JOBS)}`;
    fields = { jobType: r() < 0.7 ? 'normă întreagă' : 'part-time' };
    price = r() < 0.5 ? 0 : 3000 + Math.floor(r() * 4000);
  } else {
    const [thing, cat] = pick(r, THINGS);
    category = cat;
    title = `${thing} ${r() < 0.5 ? 'second-hand' : 'ca nou'}`;
    price = r() < 0.2 ? 0 : 20 + Math.floor(r() * 3000);
  }
  const sentences = 2 + Math.floor(r() * 5);
  const parts = [title, ...Array.from({ length: sentences }, () => pick(r, SENTENCES))];
  const rare = Array.from(
    { length: 1 + Math.floor(r() * 3) },
    () => RARE_WORDS[Math.floor(r() ** 2 * RARE_WORDS.length)],
  );
  parts.push(`${rare.join(' ')}.`);
  if (r() < 0.3) parts.push(`Telefon 07${String(Math.floor(r() * 1e8)).padStart(8, '0')}.`);
  const description = parts.join(' ');
  const bumped = now - Math.floor(r() * 28 * DAY);
  return {
    user_id: 1 + (i % users),
    category_id: category,
    subcategory_id: sub,
    title,
    slug: toSlug(title),
    description,
    search_text: maskPhones(description),
    search_stems: searchStems(title, maskPhones(description)),
    price,
    currency,
    locality: r() < 0.6 ? 'Rădăuți' : pick(r, LOCALITIES),
    // Most ads are live; the rest exercise the index's status handling.
    status: r() < 0.9 ? 'published' : pick(r, ['expired', 'sold', 'hidden', 'draft']),
    fields: fields ? JSON.stringify(fields) : null,
    created_at: bumped,
    bumped_at: bumped,
    expires_at: bumped + 30 * DAY,
  };
}

const INSERT_FROM_JSON = `INSERT INTO posts (user_id, category_id, subcategory_id, title, slug, description,
  search_text, search_stems, price, currency, locality, status, fields, created_at, updated_at, published_at, bumped_at, expires_at)
SELECT j.value ->> '$.user_id', j.value ->> '$.category_id', j.value ->> '$.subcategory_id', j.value ->> '$.title',
  j.value ->> '$.slug', j.value ->> '$.description', j.value ->> '$.search_text', j.value ->> '$.search_stems', j.value ->> '$.price',
  j.value ->> '$.currency', j.value ->> '$.locality', j.value ->> '$.status', j.value ->> '$.fields',
  j.value ->> '$.created_at', j.value ->> '$.created_at', j.value ->> '$.created_at', j.value ->> '$.bumped_at',
  j.value ->> '$.expires_at'
FROM json_each(?) j`;

export interface BenchQuery {
  q: string;
  filters?: SearchFilters;
  sort?: SearchSort;
}

/** The one search statement /cautare would run for `query`; null when nothing is searchable. */
async function benchStatement(db: D1Database, query: BenchQuery & { now: number }) {
  const synonyms = await loadSynonyms(db);
  const match = query.q ? toFtsQuery(parseQuery(query.q), synonyms) : null;
  if (query.q && !match) return null;
  return buildSearchSql({
    match,
    filters: query.filters ?? {},
    sort: query.sort ?? (match ? 'relevanta' : 'noi'),
    limit: 20,
    offset: 0,
    now: query.now,
  });
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? ((await request.json()) as Record<string, unknown>) : {};
    if (url.pathname === '/exec') {
      const statements = body.statements as string[];
      await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
      return Response.json({ ok: true });
    }
    if (url.pathname === '/users') {
      const n = body.count as number;
      const now = Date.now();
      const rows = Array.from({ length: n }, (_, i) => ({
        clerk_id: `user_bench_${i}`,
        name: `Utilizator ${i}`,
        email: `u${i}@exemplu.ro`,
        phone: `07${String(10_000_000 + i).padStart(8, '0')}`,
        banned: i % 100 === 99 ? 1 : 0,
      }));
      await env.DB.prepare(
        `INSERT INTO users (clerk_id, name, email, phone, banned, created_at, updated_at)
         SELECT j.value ->> '$.clerk_id', j.value ->> '$.name', j.value ->> '$.email', j.value ->> '$.phone',
           j.value ->> '$.banned', ${now}, ${now} FROM json_each(?) j`,
      )
        .bind(JSON.stringify(rows))
        .run();
      return Response.json({ ok: true });
    }
    if (url.pathname === '/fill') {
      // Ads [from, from + count), generated here, inserted 1 000 per statement in one batch.
      const { from, count, users, seed, now } = body as Record<string, number>;
      const r = rng(seed + from);
      const statements: D1PreparedStatement[] = [];
      for (let start = from; start < from + count; start += 1000) {
        const n = Math.min(1000, from + count - start);
        const ads = Array.from({ length: n }, (_, k) => generateAd(r, start + k, users, now));
        statements.push(env.DB.prepare(INSERT_FROM_JSON).bind(JSON.stringify(ads)));
      }
      await env.DB.batch(statements);
      return Response.json({ ok: true });
    }
    if (url.pathname === '/spelling') {
      // Rebuilds the spelling candidates from the index's vocabulary (what migration 0009 does for
      // the ads already there; the fill queued every ad) and reports their size.
      const t0 = Date.now();
      await rebuildSpelling(env.DB);
      const rebuildMs = Date.now() - t0;
      const rows = await env.DB.prepare(
        `SELECT (SELECT count(*) FROM posts_fts_vocab) AS vocabulary,
           (SELECT count(*) FROM search_terms) AS terms,
           (SELECT count(*) FROM search_term_deletes) AS deletes`,
      ).first<Record<string, number>>();
      // D1 offers no dbstat: the stored bytes of each row (its text and a 1–3 byte id, plus the
      // 4-ish bytes of record header and cell pointer every B-tree row costs), and the index's own
      // data blobs for comparison.
      const bytes = await env.DB.prepare(
        `SELECT (SELECT sum(length(CAST(del AS BLOB)) + 7) FROM search_term_deletes) AS deletes,
           (SELECT sum(2 * length(CAST(term AS BLOB)) + 10) FROM search_terms) AS terms,
           (SELECT sum(length(block)) FROM posts_fts_data) AS fts`,
      ).first<Record<string, number>>();
      return Response.json({ rebuildMs, ...rows, bytes });
    }
    if (url.pathname === '/count') {
      const row = await env.DB.prepare(
        "SELECT (SELECT count(*) FROM posts) AS posts, (SELECT count(*) FROM posts_fts) AS indexed, (SELECT count(*) FROM posts WHERE status = 'published') AS published, (SELECT count(*) FROM photos) AS photos",
      ).first();
      return Response.json(row);
    }
    if (url.pathname === '/demo') {
      // The demo ads `npm start` seeds (src/dev/seed-data.ts), stored as every writer stores them.
      const now = body.now as number;
      const authors = DEMO_AUTHORS.map((a) => ({
        clerk_id: `user_demo_${a.key}`,
        name: a.name,
        email: a.email,
        banned: a.banned ? 1 : 0,
      }));
      await env.DB.prepare(
        `INSERT INTO users (clerk_id, name, email, banned, created_at, updated_at)
         SELECT j.value ->> '$.clerk_id', j.value ->> '$.name', j.value ->> '$.email', j.value ->> '$.banned',
           ${now}, ${now} FROM json_each(?) j`,
      )
        .bind(JSON.stringify(authors))
        .run();
      const ads = demoAds(now).map((ad) => {
        const text = adTextColumns(ad.title, ad.description);
        return {
          clerk_id: `user_demo_${ad.authorKey}`,
          category_id: ad.categoryId,
          subcategory_id: ad.subcategoryId,
          title: text.title,
          slug: text.slug,
          description: ad.description,
          search_text: text.searchText,
          search_stems: text.searchStems,
          price: ad.price,
          currency: ad.currency,
          locality: ad.locality,
          status: ad.status,
          created_at: ad.createdAt,
          published_at: ad.publishedAt,
          bumped_at: ad.bumpedAt,
          expires_at: ad.expiresAt,
        };
      });
      await env.DB.prepare(
        `INSERT INTO posts (user_id, category_id, subcategory_id, title, slug, description, search_text,
           search_stems, price, currency, locality, status, created_at, updated_at, published_at, bumped_at,
           expires_at, mask_version)
         SELECT (SELECT id FROM users WHERE clerk_id = j.value ->> '$.clerk_id'), j.value ->> '$.category_id',
           j.value ->> '$.subcategory_id', j.value ->> '$.title', j.value ->> '$.slug', j.value ->> '$.description',
           j.value ->> '$.search_text', j.value ->> '$.search_stems', j.value ->> '$.price', j.value ->> '$.currency',
           j.value ->> '$.locality', j.value ->> '$.status', j.value ->> '$.created_at', j.value ->> '$.created_at',
           j.value ->> '$.published_at', j.value ->> '$.bumped_at', j.value ->> '$.expires_at', ${MASK_VERSION}
         FROM json_each(?) j`,
      )
        .bind(JSON.stringify(ads))
        .run();
      return Response.json({ ads: ads.length });
    }
    if (url.pathname === '/relevance') {
      // The relevance set (test/search/relevance-set.ts) as /cautare runs each query.
      const now = body.now as number;
      const misses: string[] = [];
      const times: number[] = [];
      for (const c of RELEVANCE_SET) {
        const t0 = Date.now();
        const result = await searchText(env.DB, {
          q: c.q,
          suggest: true,
          filters: {},
          sort: 'relevanta',
          limit: 20,
          offset: 0,
          now,
        });
        times.push(Date.now() - t0);
        const titles = result.hits.map((h) => h.title);
        if (!topThreeHit(c, titles)) misses.push(`${c.q} → ${titles.slice(0, 3).join(' | ') || '(nothing)'}`);
      }
      return Response.json({
        queries: RELEVANCE_SET.length,
        passed: RELEVANCE_SET.length - misses.length,
        misses,
        times,
      });
    }
    if (url.pathname === '/search') {
      // The search exactly as /cautare runs it (synonyms cached per isolate, parse, one statement),
      // `repeat` times back to back: workerd's clock moves in whole milliseconds, so the mean of a
      // few runs is what resolves a 4.2 ms search from a 4.8 ms one.
      const query = body as unknown as BenchQuery & { now: number; repeat?: number };
      const repeat = Math.max(1, query.repeat ?? 1);
      const req = {
        q: query.q,
        filters: query.filters ?? {},
        sort: query.sort ?? (query.q ? ('relevanta' as const) : ('noi' as const)),
        limit: 20,
        offset: 0,
        now: query.now,
      };
      const t0 = Date.now();
      let result = await searchText(env.DB, req);
      for (let i = 1; i < repeat; i++) result = await searchText(env.DB, req);
      return Response.json({
        total: result.total,
        corrected: result.corrected?.text ?? null,
        rows: result.hits.length,
        wallMs: (Date.now() - t0) / repeat,
      });
    }
    if (url.pathname === '/sql') {
      // The same statement, to read D1's own timing of it (meta.duration).
      const statement = await benchStatement(env.DB, body as unknown as BenchQuery & { now: number });
      if (!statement) return Response.json({ sqlMs: 0 });
      const { sql, params } = statement;
      const result = await env.DB.prepare(sql)
        .bind(...params)
        .all();
      return Response.json({ sqlMs: result.meta.duration });
    }
    if (url.pathname === '/plan') {
      const statement = await benchStatement(env.DB, body as unknown as BenchQuery & { now: number });
      if (!statement) return Response.json([]);
      const { sql, params } = statement;
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all();
      return Response.json(plan.results);
    }
    return new Response('not found', { status: 404 });
  },
};
