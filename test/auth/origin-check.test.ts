// Unsafe requests from another site are refused whatever their body: JSON, text/plain, no body, no
// content type. What they would have changed (an ad marked sold, hidden, an author banned, a photo
// deleted) stays as it was; the same requests from this site go through.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isSameSiteRequest } from '../../src/auth/origin-check';
import * as schema from '../../src/db/schema';
import { callWorker, db, HOUSE, makeDraftPhoto, makePost, ORIGIN, person, postRow } from '../fixtures';

type Cross = { name: string; headers: Record<string, string> };

/** The ways a request can say it was not made by this site. */
const FOREIGN: Cross[] = [
  { name: 'a foreign Origin', headers: { origin: 'https://evil.example' } },
  { name: 'Origin: null', headers: { origin: 'null' } },
  { name: 'a look-alike Origin', headers: { origin: 'http://127.0.0.1:8787.evil.example' } },
  { name: 'another port', headers: { origin: 'http://127.0.0.1:8788' } },
  { name: 'no Origin, Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
  { name: 'no Origin, Sec-Fetch-Site same-site', headers: { 'sec-fetch-site': 'same-site' } },
  { name: 'no Origin, no Sec-Fetch-Site', headers: {} },
];

/** The bodies that skipped the old form-only check. */
const BODIES: { name: string; body?: BodyInit; headers: Record<string, string> }[] = [
  { name: 'JSON', body: '{"confirm":"da"}', headers: { 'content-type': 'application/json' } },
  { name: 'text/plain', body: 'confirm=da', headers: { 'content-type': 'text/plain' } },
  { name: 'no body', headers: {} },
  { name: 'a body without content type', body: 'confirm=da', headers: {} },
];

function send(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  return callWorker(new Request(new URL(path, ORIGIN), { method, headers, body, redirect: 'manual' }));
}

let author: Awaited<ReturnType<typeof person>>;
let operator: Awaited<ReturnType<typeof person>>;

beforeAll(async () => {
  author = await person({ name: 'Autor Vizat' });
  operator = await person({ role: 'operator', name: 'Operator Atent' });
});

describe('unsafe requests from another site are refused, whatever the body', () => {
  it('mark sold, operator hide, operator ban and photo delete: 403 and nothing changes', async () => {
    const ad = await makePost(author.user.id, {}, HOUSE);
    const photo = await makeDraftPhoto(author.user.id);
    const target = await person({ name: 'Autor De Blocat' });
    const attempts: [string, string, string][] = [
      ['POST', `/posts/edit/${ad.id}/vandut`, author.cookie],
      ['POST', `/moderare/anunt/${ad.id}/ascunde`, operator.cookie],
      ['POST', `/moderare/anunt/${ad.id}/sterge`, operator.cookie],
      ['POST', `/moderare/utilizator/${target.user.id}/blocheaza`, operator.cookie],
      ['DELETE', `/api/poze/${photo.id}`, author.cookie],
      ['PUT', `/api/poze/${photo.id}`, author.cookie],
      ['PATCH', `/posts/edit/${ad.id}`, author.cookie],
    ];
    let count = 0;
    for (const [method, path, cookie] of attempts) {
      for (const cross of FOREIGN) {
        for (const body of BODIES) {
          for (const accept of ['application/json', 'text/html']) {
            const where = `${method} ${path} with ${cross.name}, ${body.name}, accepting ${accept}`;
            const res = await send(
              method,
              path,
              { cookie, accept, ...cross.headers, ...body.headers },
              method === 'GET' ? undefined : body.body,
            );
            expect(res.status, where).toBe(403);
            expect(res.headers.get('cache-control'), where).toBe('no-store');
            // The API answers JSON whatever is asked; pages answer in the layout unless JSON is preferred.
            if (accept === 'application/json' || path.startsWith('/api/')) {
              expect(res.headers.get('content-type'), where).toContain('application/json');
              expect(((await res.json()) as { error: string }).error, where).toContain(
                'nu a pornit de pe acest site',
              );
            } else {
              const html = await res.text();
              expect(html, where).toContain('<header');
              expect(html, where).toContain('nu a pornit de pe acest site');
            }
            count++;
          }
        }
      }
    }
    expect(count).toBe(7 * 7 * 4 * 2);
    expect((await postRow(ad.id))?.status).toBe('published');
    const [banned] = await db.select().from(schema.users).where(eq(schema.users.id, target.user.id));
    expect(banned.banned).toBe(false);
    const [kept] = await db.select().from(schema.photos).where(eq(schema.photos.id, photo.id));
    expect(kept).toBeTruthy();
    // 392 requests: a generous limit for a loaded machine.
  }, 180_000);

  it('the same requests from this site go through (Origin, or Sec-Fetch-Site same-origin or none)', async () => {
    const ad = await makePost(author.user.id, {}, HOUSE);
    const sold = await send('POST', `/posts/edit/${ad.id}/vandut`, {
      cookie: author.cookie,
      origin: ORIGIN,
      accept: 'text/html',
    });
    expect(sold.status).toBe(303);
    expect((await postRow(ad.id))?.status).toBe('sold');

    const photo = await makeDraftPhoto(author.user.id);
    const deleted = await send('DELETE', `/api/poze/${photo.id}`, {
      cookie: author.cookie,
      'sec-fetch-site': 'same-origin',
      accept: 'application/json',
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: photo.id });

    const target = await person({ name: 'Autor Blocat Corect' });
    const ban = await send(
      'POST',
      `/moderare/utilizator/${target.user.id}/blocheaza`,
      { cookie: operator.cookie, 'sec-fetch-site': 'none', accept: 'text/html' },
      new URLSearchParams({ hideReason: 'Spam sau anunț duplicat', confirm: 'da' }),
    );
    expect(ban.status).toBe(303);
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, target.user.id));
    expect(row.banned).toBe(true);
  });

  it('a refused sign-in form sets no session cookie', async () => {
    const res = await send(
      'POST',
      '/clerk/sign-in',
      { origin: 'null', 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      'email=atac%40example.ro',
    );
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('__session='))).toHaveLength(0);
  });
});

describe('isSameSiteRequest', () => {
  const site = 'https://eradauti.ro';
  const check = (method: string, headers: Record<string, string>, url = 'https://eradauti.ro/x') =>
    isSameSiteRequest(method, new Headers(headers), url, site);

  it('lets safe methods through, whatever the headers', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(check(method, { origin: 'null' })).toBe(true);
  });

  it("accepts the site's origin or the request's own, nothing else", () => {
    expect(check('POST', { origin: 'https://eradauti.ro' })).toBe(true);
    expect(check('DELETE', { origin: 'https://x.workers.dev' }, 'https://x.workers.dev/api/poze/1')).toBe(
      true,
    );
    for (const origin of [
      'null',
      '',
      'http://eradauti.ro',
      'https://eradauti.ro.evil.example',
      'https://www.eradauti.ro',
      'https://eradauti.ro:443 ',
      'https://ERADAUTI.ro',
    ])
      expect(check('POST', { origin }), origin).toBe(false);
  });

  it('without Origin, trusts only Sec-Fetch-Site same-origin or none', () => {
    expect(check('POST', { 'sec-fetch-site': 'same-origin' })).toBe(true);
    expect(check('PATCH', { 'sec-fetch-site': 'none' })).toBe(true);
    for (const value of ['same-site', 'cross-site', '', 'SAME-ORIGIN'])
      expect(check('PUT', { 'sec-fetch-site': value }), value).toBe(false);
    expect(check('POST', {})).toBe(false);
    expect(check('PROPFIND', {})).toBe(false);
  });
});
