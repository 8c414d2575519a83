// Every form route answers every content type with a 4xx or its normal answer, never a 500:
// signed in and signed out, each route × each body type (JSON, text, XML, octet-stream, a broken
// multipart, an empty urlencoded body, none at all). The route list is test/fuzz/forms.test.ts's.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUSE, makePost, ORIGIN, person } from '../fixtures';

let cookie: string;
let routes: string[];

beforeAll(async () => {
  const me = await person({ name: 'Tipuri Conținut' });
  cookie = me.cookie;
  const seller = await person();
  const post = await makePost(seller.user.id, {}, HOUSE);
  const id = post.id;
  routes = [
    '/cont/notificari',
    '/dezabonare/x.y',
    '/reinnoire/x.y',
    '/posts/new',
    `/posts/edit/${id}`,
    `/posts/edit/${id}/sterge`,
    `/posts/edit/${id}/vandut`,
    '/profile/edit',
    '/clerk/sign-in',
    '/clerk/sign-out',
    '/api/poze',
    `/raporteaza/${id}`,
    `/moderare/${id}/ascunde`,
    `/moderare/restaurare/${id}`,
    '/api/salvate/sincronizare',
    `/salvate/${id}`,
    `/salvate/${id}/notificare`,
    '/cont/cautari',
    '/cont/cautari/1/redenumeste',
    `/mesaje/anunt/${id}`,
    '/mesaje/1',
    '/mesaje/1/citit',
    '/mesaje/1/blocheaza',
    '/mesaje/1/raporteaza',
    '/mesaje/1/inchide-raportul',
    `/mesaje/doar-mesaje/${id}`,
  ];
});

const BODIES: [type: string | null, body: string | null][] = [
  ['application/json', '{"on":["x"],"text":"a"}'],
  ['application/json', '{not json'],
  ['text/plain', 'on=x'],
  ['application/xml', '<a>1</a>'],
  ['application/octet-stream', '\u0000\u0001'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="on"\r\n\r\nno end'],
  ['multipart/form-data', 'no boundary'],
  ['application/x-www-form-urlencoded', ''],
  ['application/x-www-form-urlencoded; charset=bogus', 'on=%ZZ'],
  [null, null],
];

describe('every form route and every content type', () => {
  for (const signedIn of [true, false]) {
    it(`answers below 500 ${signedIn ? 'signed in' : 'signed out'}`, async () => {
      for (const path of routes) {
        await Promise.all(
          BODIES.map(async ([type, body]) => {
            const headers: Record<string, string> = { origin: ORIGIN, accept: 'text/html' };
            if (type) headers['content-type'] = type;
            if (signedIn) headers.cookie = cookie;
            const res = await exports.default.fetch(
              new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body, redirect: 'manual' }),
            );
            await res.body?.cancel();
            expect(res.status, `POST ${path} as ${type ?? '(none)'}`).toBeLessThan(500);
          }),
        );
      }
    }, 240_000);
  }

  it('POST /cont/notificari with a body that is not a form: 400, and no preference changed', async () => {
    for (const [type, body] of BODIES.filter(([t]) => !t?.startsWith('application/x-www-form'))) {
      const headers: Record<string, string> = { origin: ORIGIN, accept: 'text/html', cookie };
      if (type) headers['content-type'] = type;
      const res = await exports.default.fetch(
        new Request(`${ORIGIN}/cont/notificari`, { method: 'POST', headers, body }),
      );
      await res.body?.cancel();
      expect(res.status, type ?? '(none)').toBe(400);
    }
  });
});
