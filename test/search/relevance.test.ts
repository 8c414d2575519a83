// Search finds what people mean (docs/search.md): inflected forms, the lexicon's synonyms,
// abbreviations and misspellings, corrections only when likely, ranking by field and by the
// category a query names, and the relevance set's share, over the demo ads in workerd with D1.
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchText } from '../../src/db/search-text';
import { stem } from '../../src/lib/romanian';
import { makePost, makeUser, ORIGIN } from '../fixtures';
import { RELEVANCE_SET, topThreeHit } from './relevance-set';
import { ITEM } from './support';

const search = (q: string, over: { sort?: 'relevanta' | 'noi'; exact?: boolean } = {}) =>
  searchText(env.DB, {
    q,
    exact: over.exact,
    suggest: true,
    filters: {},
    sort: over.sort ?? 'relevanta',
    limit: 20,
    offset: 0,
    now: Date.now(),
  });

const titles = async (q: string) => (await search(q)).hits.map((h) => h.title);

/** Ids of every ad a query finds (at most 100), in id order. */
async function ids(q: string): Promise<number[]> {
  return (await search(q, { sort: 'noi' })).hits.map((h) => h.id).sort((a, b) => a - b);
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

describe('the stemmer joins the inflected forms of a word', () => {
  it.each([
    ['telefon', 'telefoane', 'telefonul', 'telefoanele'],
    ['câine', 'câini', 'câinele', 'caini'],
    ['pisică', 'pisici', 'pisica', 'pisicile'],
    ['mașină', 'mașini', 'mașina', 'mașinile', 'masinii'],
    ['garsonieră', 'garsoniere', 'garsonierei'],
    ['apartament', 'apartamente', 'apartamentul', 'apartamentului'],
  ])('%s', (...forms) => {
    expect(new Set(forms.map(stem)).size).toBe(1);
  });

  it('keeps words apart that only begin alike', () => {
    expect(stem('mobilă')).not.toBe(stem('mobilat'));
    expect(stem('cai')).not.toBe(stem('câini'));
  });
});

describe('inflected forms find each other in the index', () => {
  it('singular, plural and articulated forms find the same ads', async () => {
    const one = await makeUser();
    const a = await makePost(one.id, { title: 'Telefoanele mele vechi', description: 'Două bucăți.' }, ITEM);
    const b = await makePost(one.id, { title: 'Un telefon bun', description: 'Ca nou.' }, ITEM);
    for (const q of ['telefon', 'telefoane', 'telefonul', 'telefoanele']) {
      const found = await ids(q);
      expect(found, q).toContain(a.id);
      expect(found, q).toContain(b.id);
    }
  });

  it('the ad found through another form is marked in its title', async () => {
    const r = await search('câini');
    const hit = r.hits.find((h) => h.title.startsWith('Cățel'));
    expect(hit?.titleMarked).toContain('\u0001Cățel\u0002');
  });

  it('câine and pisici find the Cățel and Pisoi ads', async () => {
    expect((await titles('câine')).some((t) => t.startsWith('Cățel'))).toBe(true);
    expect((await titles('pisici')).some((t) => t.startsWith('Pisoi'))).toBe(true);
  });
});

describe('abbreviations, synonyms and misspellings map to their words', () => {
  it.each([
    ['vw golf', /^Volkswagen Golf/],
    ['aifon', /^iPhone/],
    ['combina frigorifica', /^Frigider/],
    ['autoturism', /^(Dacia|Volkswagen|Skoda|Opel|Ford|Renault|BMW|Audi|Toyota) /],
    ['cauciucuri', /^Set anvelope/],
  ])('%s', async (q, expected) => {
    const r = await search(q);
    expect(r.corrected).toBeUndefined();
    expect(r.hits[0]?.title).toMatch(expected);
  });
});

describe('corrections that must not happen', () => {
  it('caini is not "corrected" to găini: its own forms find ads', async () => {
    const r = await search('caini');
    expect(r.corrected).toBeUndefined();
    expect(r.suggestion).toBeUndefined();
    expect(r.hits[0]?.title).toMatch(/^(Cățel|Pui de Ciobănesc)/);
  });

  it('a known word is never replaced by another real word one letter away', async () => {
    // No ad holds "porci" in any form; "porci" is still not a typo of anything.
    for (const q of ['porci', 'găini', 'cai']) {
      const r = await search(q);
      expect(r.corrected, q).toBeUndefined();
    }
  });

  it('a correction keeps the first letter (pisoi is not offered for nisoi… but is for pisoj)', async () => {
    const wrong = await search('bisoi');
    expect(wrong.corrected).toBeUndefined();
    const typo = await search('pisoj');
    expect(typo.corrected?.words).toEqual([{ from: 'pisoj', to: 'pisoi' }]);
  });

  it('telefoane is found as typed, not corrected', async () => {
    const r = await search('telefoane');
    expect(r.corrected).toBeUndefined();
    expect(r.total).toBeGreaterThan(0);
  });
});

describe('ranking', () => {
  it('a word in the title ranks above the same word in the description', async () => {
    const one = await makeUser();
    const inText = await makePost(
      one.id,
      { title: 'Obiect vechi de colecție', description: 'Merge cu un gramofon zdravăn alături.' },
      ITEM,
    );
    const inTitle = await makePost(
      one.id,
      { title: 'Gramofon de colecție', description: 'Funcțional.' },
      ITEM,
    );
    const order = (await search('gramofon')).hits.map((h) => h.id);
    expect(order.indexOf(inTitle.id)).toBeLessThan(order.indexOf(inText.id));
    expect(order.indexOf(inText.id)).toBeGreaterThanOrEqual(0);
  });

  it('masina ranks cars above the washing machine', async () => {
    const list = await titles('masina');
    const firstWasher = list.findIndex((t) => t.startsWith('Mașină de spălat'));
    expect(list[0]).toMatch(/^(Dacia|Volkswagen|Skoda|Opel|Ford|Renault|BMW|Audi|Toyota) /);
    if (firstWasher >= 0) expect(firstWasher).toBeGreaterThan(2);
  });

  it('mobila ranks furniture above a furnished flat', async () => {
    const list = await titles('mobila');
    expect(list[0]).toMatch(/^(Canapea|Masă din lemn|Dormitor|Dulap)/);
    const flat = list.findIndex((t) => /mobilat/.test(t));
    if (flat >= 0)
      expect(flat).toBeGreaterThan(list.findIndex((t) => /^(Canapea|Masă|Dormitor|Dulap)/.test(t)));
  });

  it('telefon ranks phones above a plot whose text says "Telefon:"', async () => {
    expect((await titles('telefon'))[0]).toMatch(/^(iPhone|Samsung Galaxy S)/);
  });

  it('the category boost applies only to relevance: newest first stays newest first', async () => {
    const r = await search('masina', { sort: 'noi' });
    const times = r.hits.map((h) => h.bumpedAt ?? 0);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('the relevance set', () => {
  it(`has at least 60 queries and puts an expected ad in the top 3 for ≥ 90% of them`, async () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(60);
    const misses: string[] = [];
    for (const c of RELEVANCE_SET) {
      const list = await titles(c.q);
      if (!topThreeHit(c, list)) misses.push(`${c.q} → ${list.slice(0, 3).join(' | ') || '(nothing)'}`);
    }
    const share = (RELEVANCE_SET.length - misses.length) / RELEVANCE_SET.length;
    console.log(
      `search relevance: ${RELEVANCE_SET.length - misses.length}/${RELEVANCE_SET.length} = ${(share * 100).toFixed(1)}% with an expected ad in the top 3`,
    );
    if (misses.length) console.log(`misses:\n  ${misses.join('\n  ')}`);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });
});
