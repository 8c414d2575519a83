import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAY, FLATS, get, HOME_GARDEN, makePost, makeUser, REAL_ESTATE } from '../fixtures';
import { ITEM } from './support';

interface Entry {
  id: string;
  title: string;
  updated: string;
  link: { '@_href': string; '@_rel': string };
  summary?: { '#text': string };
  category?: { '@_term': string };
}

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' });

async function feed(path: string) {
  const res = await get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const xml = await res.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = parser.parse(xml);
  return { xml, feed: doc.feed, entries: (doc.feed.entry ?? []) as Entry[] };
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  const u = await makeUser({ phone: '0733000111' });
  for (let i = 0; i < 35; i++)
    await makePost(
      u.id,
      { title: `Sanie de lemn ${i}`, age: (i + 1) * 60_000, categoryId: HOME_GARDEN },
      ITEM,
    );
  ids.special = (
    await makePost(
      u.id,
      {
        title: 'Sanie & patine <mari> "noi"',
        description: 'Sunați la 0744 555 666. Preț <negociabil> & livrare\u0001.',
        categoryId: HOME_GARDEN,
        age: 1000,
      },
      ITEM,
    )
  ).id;
  ids.flat = (
    await makePost(
      u.id,
      {
        title: 'Apartament Bosanci',
        categoryId: REAL_ESTATE,
        subcategoryId: FLATS,
        age: 2 * DAY,
      },
      ITEM,
    )
  ).id;
});

describe('Atom feed', () => {
  it('is valid Atom 1.0 with the newest matching ads first, at most 30', async () => {
    const { feed: f, entries } = await feed('/cautare?q=sanie&format=atom');
    expect(f['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(f.id).toBe('http://127.0.0.1:8787/cautare?q=sanie&format=atom');
    expect(f.title).toContain('sanie');
    expect(f.updated).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(f.author.name).toBe('eRădăuți');
    expect(entries).toHaveLength(30);
    const dates = entries.map((e) => e.updated);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(entries[0].link['@_href']).toBe(entries[0].id);
    for (const e of entries) {
      expect(e.id).toMatch(/^http:\/\/127\.0\.0\.1:8787\/anunt\/casa-si-gradina\/[a-z0-9-]+-\d+$/);
      expect(e.title).toBeTruthy();
    }
  });

  it('escapes text and masks phone numbers', async () => {
    const { xml, entries } = await feed('/cautare?q=sanie&format=atom');
    const special = entries.find((e) => e.id.endsWith(`-${ids.special}`));
    expect(special?.title).toBe('Sanie & patine <mari> "noi"');
    expect(xml).toContain('<title>Sanie &amp; patine &lt;mari&gt; &quot;noi&quot;</title>');
    expect(special?.summary?.['#text'] ?? String(special?.summary)).toContain('**********');
    expect(xml).not.toContain('0744');
    expect(xml).not.toContain('555 666');
    expect(xml).not.toContain('0733000111');
    expect(xml).not.toContain('\u0001');
    expect(xml).toContain('&lt;negociabil&gt; &amp; livrare');
  });

  it('gives every category a feed of its new ads', async () => {
    const { entries, feed: f } = await feed('/cautare?categorie=apartamente&format=atom');
    expect(entries.map((e) => e.id)).toEqual([
      `http://127.0.0.1:8787/anunt/imobiliare/apartament-bosanci-${ids.flat}`,
    ]);
    expect(entries[0].category?.['@_term']).toBe('Apartamente');
    expect(f.title).toContain('Apartamente');
  });

  it('is a valid empty feed when nothing matches', async () => {
    const { entries } = await feed('/cautare?q=nimic%20de%20gasit&format=atom');
    expect(entries).toHaveLength(0);
  });
});
