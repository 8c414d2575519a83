// Small things a new user hit while publishing: prices typed with thousands separators, old cars.
import { describe, expect, it } from 'vitest';
import { CARS, formOf, idFromLocation, person, postFormAs, postRow, textOf, validFields } from '../fixtures';

async function publish(over: Record<string, string>) {
  const { cookie } = await person();
  return postFormAs('/posts/new', formOf(validFields(over)), cookie);
}

describe('prices with thousands separators', () => {
  it.each([
    ['2,500', 2500],
    ['2.500', 2500],
    ['2 500', 2500],
    ['1,250,000', 1_250_000],
    ['1.250.000', 1_250_000],
  ])('understands %s as %i', async (typed, price) => {
    const res = await publish({ price: typed });
    expect(res.status).toBe(303);
    expect((await postRow(idFromLocation(res.headers.get('location'))))?.price).toBe(price);
  });

  it.each(['2,50', '2.5', '1.250,000', '2,5000'])(
    'still refuses %s as not a whole number, with what was typed',
    async (typed) => {
      const res = await publish({ price: typed });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(textOf(html)).toContain('Prețul trebuie să fie un număr întreg, fără zecimale.');
      expect(html).toContain(`value="${typed}"`);
    },
  );

  it('understands kilometres typed as 120.000', async () => {
    const res = await publish({ category: String(CARS), year: '2015', km: '120.000', fuel: 'motorină' });
    expect(res.status).toBe(303);
    expect((await postRow(idFromLocation(res.headers.get('location'))))?.fields).toMatchObject({
      km: 120000,
    });
  });
});

describe('old cars', () => {
  it('lists a car made before 1950', async () => {
    const res = await publish({
      category: String(CARS),
      title: 'Automobil de epocă, restaurat',
      year: '1936',
    });
    expect(res.status).toBe(303);
    expect((await postRow(idFromLocation(res.headers.get('location'))))?.fields).toMatchObject({
      year: 1936,
    });
  });

  it('still refuses a year before 1900', async () => {
    const res = await publish({ category: String(CARS), year: '1850' });
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain('An fabricație: cel puțin 1900');
  });
});
