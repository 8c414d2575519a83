import { beforeAll, describe, expect, it } from 'vitest';
import type { Post, User } from '../../src/db/schema';
import { FLATS, get, makePost, makeUser, REAL_ESTATE, textOf } from '../fixtures';
import { ITEM, resultIds } from './support';

let author: User;
const ids: Record<string, number> = {};
const add = async (key: string, over: Partial<Post> & { age?: number }) => {
  ids[key] = (await makePost(author.id, over, ITEM)).id;
};

async function search(q: string): Promise<number[]> {
  const res = await get(`/cautare?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return resultIds(await res.text());
}

beforeAll(async () => {
  author = await makeUser({
    name: 'Zamfir Xenofon',
    email: 'zamfir.xenofon@exemplu.ro',
    phone: '0799888777',
  });
  await add('comma', { title: 'Mașină de spălat Bosch', description: 'Aproape nouă.' });
  await add('cedilla', { title: 'Maşină de cusut Singer', description: 'Veche, funcţionează.' });
  await add('plain', { title: 'Masina de tuns iarba', description: 'Benzina.' });
  await add('dog', { title: 'Câine ciobănesc mioritic', description: 'Pui de 3 luni.' });
  await add('icecream', { title: 'Înghețată de casă', description: 'La comandă.' });
  await add('flat', {
    title: 'Apartament 3 camere luminos',
    description: 'Etaj 2, centrală proprie.',
    categoryId: REAL_ESTATE,
    subcategoryId: FLATS,
  });
  await add('stone', { title: 'Casă de piatră', description: 'Lângă pădure.' });
  await add('stone2', { title: 'Casă din lemn', description: 'Fundație de piatră.' });
  await add('sale', { title: 'Vânzare mobilier bucătărie', description: 'Lemn masiv.' });
  await add('rent', { title: 'Închiriez garsonieră', description: 'Zona centrală.' });
  await add('job', { title: 'Angajare ospătar', description: 'Restaurant în centru.' });
  await add('bikeRed', { title: 'Bicicletă roșie', description: 'Copii 6-8 ani.' });
  await add('bikeBlue', { title: 'Bicicletă albastră', description: 'Adulți.' });
  await add('tractorInTitle', { title: 'Tractor U650', description: 'Stare bună.', age: 10 * 86_400_000 });
  await add('tractorInText', {
    title: 'Plug cu două brazde',
    description: 'Potrivit pentru orice tractor mic.',
    age: 60_000,
  });
  await add('phoneInText', {
    title: 'Frigider Arctic',
    description: 'Sunați la 0755 111 222 sau 0755.333.444 oricând.',
  });
  await add('marginea', { title: 'Lemne de foc', description: 'Fag uscat.', locality: 'Marginea' });
});

describe('matching', () => {
  it('finds comma-below, cedilla and plain spellings of mașină with any of them', async () => {
    const expected = [ids.comma, ids.cedilla, ids.plain].sort();
    for (const q of ['masina', 'mașină', 'maşină', 'MAȘINĂ']) {
      expect((await search(q)).sort()).toEqual(expected);
    }
  });

  it('matches â and î as a and i', async () => {
    expect(await search('caine')).toEqual([ids.dog]);
    expect(await search('câine')).toEqual([ids.dog]);
    expect(await search('inghetata')).toEqual([ids.icecream]);
    expect(await search('înghețată')).toEqual([ids.icecream]);
  });

  it('matches the last word as a prefix while typing', async () => {
    expect(await search('apart')).toEqual([ids.flat]);
    expect(await search('apartament lumin')).toEqual([ids.flat]);
  });

  it('does not treat a word other than the last as a prefix', async () => {
    expect(await search('lumin apartament')).toEqual([]);
  });

  it('keeps a quoted phrase together', async () => {
    expect(await search('"casa de piatra"')).toEqual([ids.stone]);
    expect((await search('casa piatra')).sort()).toEqual([ids.stone, ids.stone2].sort());
  });

  it('widens a word with the synonyms list', async () => {
    expect(await search('vand mobilier')).toEqual([ids.sale]);
    expect(await search('chirie garsoniera')).toEqual([ids.rent]);
    expect(await search('job ospatar')).toEqual([ids.job]);
    expect(await search('munca ospatar')).toEqual([ids.job]);
    expect(await search('ap camere')).toEqual([ids.flat]);
  });

  it('requires every word to match', async () => {
    expect(await search('bicicleta rosie')).toEqual([ids.bikeRed]);
    expect((await search('bicicleta')).sort()).toEqual([ids.bikeRed, ids.bikeBlue].sort());
    expect(await search('bicicleta verde')).toEqual([]);
  });

  it('ranks a title match above a description match, even an older one', async () => {
    expect(await search('tractor')).toEqual([ids.tractorInTitle, ids.tractorInText]);
  });

  it('matches the category name and the locality', async () => {
    expect(await search('imobiliare')).toEqual([ids.flat]);
    expect(await search('apartamente')).toEqual([ids.flat]);
    expect(await search('marginea')).toEqual([ids.marginea]);
  });

  it("finds nothing for the author's phone, email or name", async () => {
    for (const q of [
      '0799888777',
      '0799 888 777',
      '+40799888777',
      '0799',
      'zamfir.xenofon@exemplu.ro',
      'zamfir',
      'xenofon',
      '0744123456',
    ]) {
      expect(await search(q), q).toEqual([]);
    }
  });

  it('does not index phone numbers typed into descriptions', async () => {
    for (const q of ['0755111222', '0755 111 222', '0755.333.444', '0755', '111', '333 444']) {
      expect(await search(q), q).toEqual([]);
    }
    expect(await search('frigider')).toEqual([ids.phoneInText]);
  });

  it('highlights matches with <mark> and shows the snippet with the phone masked', async () => {
    const html = await (await get('/cautare?q=frigider')).text();
    expect(html).toContain('<mark>Frigider</mark> Arctic');
    expect(html).toContain('**********');
    expect(html).not.toContain('0755');
  });
});

describe('hostile queries', () => {
  const hostile = [
    '"',
    '""',
    '"""',
    '*',
    'masina*',
    '* masina',
    'NEAR(masina bosch)',
    'masina NEAR bosch',
    'masina AND',
    'OR',
    'NOT masina',
    '-masina',
    'masina -bosch',
    '(',
    ')',
    '(masina',
    'masina)',
    '"masina',
    'masina"',
    'title:masina',
    '{title} : masina',
    '^masina',
    'masina + bosch',
    "' OR 1=1 --",
    '%',
    '\\',
    '\u0000masina',
    '🚗🏠🔥',
    'masina 🚗',
    '!!!???...',
    'a'.repeat(2000),
    'masina '.repeat(300),
    '"a" "b" "c" "d" "e" "f" "g" "h" "i" "j" "k" "l"',
    '\u202emasina',
    'ﬁ ligature',
  ];
  it.each(hostile.map((q) => [q.length > 40 ? `${q.slice(0, 20)}… (${q.length} chars)` : q, q]))(
    '%s answers 200 with a page, never an error',
    async (_label, q) => {
      const res = await get(`/cautare?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      const text = textOf(await res.text());
      expect(text).not.toContain('A apărut o eroare');
    },
  );

  it('still finds ads through operator-looking input', async () => {
    expect((await search('masina*')).length).toBe(3);
    expect(await search('NEAR(masina bosch)')).toEqual([]);
    expect(await search('masina bosch"')).toEqual([ids.comma]);
  });

  it('shows the empty state for text with nothing to search', async () => {
    const html = await (await get(`/cautare?q=${encodeURIComponent('!!! 🚗')}`)).text();
    expect(textOf(html)).toContain('niciun rezultat');
    expect(html).toContain('search-empty');
  });

  it('answers a very long query with the text cut, not an error', async () => {
    const res = await get(`/cautare?q=${'bicicleta '.repeat(200)}`);
    expect(res.status).toBe(200);
    expect(resultIds(await res.text()).sort()).toEqual([ids.bikeRed, ids.bikeBlue].sort());
  });
});
