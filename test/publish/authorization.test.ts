// Who may do what (docs/roles.md): anonymous 401; the author edits and manages their own
// ads; anyone else 403 `Acces refuzat`; operators (role or OPERATOR_USER_IDS) any ad; banned 403.
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  formOf,
  get,
  HOUSE,
  makeDraftPhoto,
  makePost,
  ORIGIN,
  person,
  photosOf,
  postForm,
  postRow,
  signIn,
  textOf,
  validFields,
} from '../fixtures';

type Actor = 'anonymous' | 'owner' | 'other' | 'operator' | 'envOperator' | 'banned';
type Outcome = 'ok' | 401 | 403;

interface Setup {
  cookie: string | null;
  ownerId: number;
  actorId: number | null;
}

const cookies: Partial<Record<Actor, { cookie: string; id: number }>> = {};

beforeAll(async () => {
  const owner = await person({ name: 'Autorul' });
  const other = await person({ name: 'Altcineva' });
  const operator = await person({ name: 'Operatoarea', role: 'operator' });
  const envOperator = await signIn('user_operator_env', { name: 'Operator din configurare' });
  const banned = await person({ name: 'Blocat', banned: true });
  cookies.owner = { cookie: owner.cookie, id: owner.user.id };
  cookies.other = { cookie: other.cookie, id: other.user.id };
  cookies.operator = { cookie: operator.cookie, id: operator.user.id };
  cookies.envOperator = { cookie: envOperator.cookie, id: envOperator.user.id };
  cookies.banned = { cookie: banned.cookie, id: banned.user.id };
  expect(env.OPERATOR_USER_IDS).toContain('user_operator_env');
});

/** The ad's author: the owner, except for the banned actor, who acts on their own ad. */
function setupFor(actor: Actor): Setup {
  const who = actor === 'anonymous' ? null : cookies[actor];
  const ownerId = actor === 'banned' ? (cookies.banned?.id as number) : (cookies.owner?.id as number);
  return { cookie: who?.cookie ?? null, ownerId, actorId: who?.id ?? null };
}

function send(method: 'GET' | 'POST' | 'DELETE', path: string, cookie: string | null, body?: FormData) {
  const headers: Record<string, string> = { accept: 'text/html' };
  if (cookie) headers.cookie = cookie;
  if (method === 'GET') return get(path, { headers });
  if (method === 'POST') return postForm(path, body ?? new FormData(), headers);
  return exports.default.fetch(
    new Request(new URL(path, ORIGIN), {
      method,
      headers: { ...headers, origin: ORIGIN, accept: 'application/json' },
    }),
  );
}

const hideForm = () => formOf({ hideReason: 'Spam sau anunț duplicat', hideDetails: 'De trei ori.' });

/** The date input's value a week from now (what the promote form sends). */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

interface Action {
  name: string;
  run: (s: Setup) => Promise<Response>;
  /** What "ok" looks like. */
  ok: number;
}

const ACTIONS: Action[] = [
  { name: 'open the new-ad form', ok: 200, run: (s) => send('GET', '/posts/new', s.cookie) },
  { name: 'create an ad', ok: 303, run: (s) => send('POST', '/posts/new', s.cookie, formOf(validFields())) },
  {
    name: 'open the edit form',
    ok: 200,
    run: async (s) => send('GET', `/posts/edit/${(await makePost(s.ownerId, {}, HOUSE)).id}`, s.cookie),
  },
  {
    name: 'save an edit',
    ok: 303,
    run: async (s) =>
      send(
        'POST',
        `/posts/edit/${(await makePost(s.ownerId, {}, HOUSE)).id}`,
        s.cookie,
        formOf(validFields()),
      ),
  },
  {
    name: 'attach a photo to the ad',
    ok: 303,
    run: async (s) => {
      const ad = await makePost(s.ownerId, {}, HOUSE);
      const photo = await makeDraftPhoto(s.actorId ?? s.ownerId);
      const res = await send(
        'POST',
        `/posts/edit/${ad.id}`,
        s.cookie,
        formOf({ ...validFields(), photoIds: String(photo.id) }),
      );
      const attached = (await photosOf(ad.id)).map((p) => p.id);
      expect(attached.includes(photo.id)).toBe(res.status === 303);
      return res;
    },
  },
  {
    name: 'delete a photo of the ad (DELETE /api/poze/:id)',
    ok: 200,
    run: async (s) => {
      const ad = await makePost(s.ownerId, {}, HOUSE);
      const photo = await makeDraftPhoto(s.ownerId, ad.id);
      return send('DELETE', `/api/poze/${photo.id}`, s.cookie);
    },
  },
  {
    name: 'renew',
    ok: 303,
    run: async (s) =>
      send('POST', `/posts/edit/${(await makePost(s.ownerId, {}, HOUSE)).id}/reinnoieste`, s.cookie),
  },
  {
    name: 'mark sold',
    ok: 303,
    run: async (s) =>
      send('POST', `/posts/edit/${(await makePost(s.ownerId, {}, HOUSE)).id}/vandut`, s.cookie),
  },
  {
    name: 'unpublish',
    ok: 303,
    run: async (s) =>
      send('POST', `/posts/edit/${(await makePost(s.ownerId, {}, HOUSE)).id}/retrage`, s.cookie),
  },
  {
    name: 'open the delete confirmation',
    ok: 200,
    run: async (s) =>
      send('GET', `/posts/edit/${(await makePost(s.ownerId, {}, HOUSE)).id}/sterge`, s.cookie),
  },
  {
    name: 'delete',
    ok: 303,
    run: async (s) => {
      const ad = await makePost(s.ownerId, {}, HOUSE);
      const res = await send('POST', `/posts/edit/${ad.id}/sterge`, s.cookie, formOf({ confirm: 'da' }));
      expect((await postRow(ad.id))?.status === 'deleted').toBe(res.status === 303);
      return res;
    },
  },
  { name: 'open /moderare', ok: 200, run: (s) => send('GET', '/moderare', s.cookie) },
  {
    name: 'hide an ad from /moderare',
    ok: 303,
    run: async (s) => {
      const ad = await makePost(s.ownerId, {}, HOUSE);
      const res = await send('POST', `/moderare/anunt/${ad.id}/ascunde`, s.cookie, hideForm());
      expect((await postRow(ad.id))?.status === 'hidden').toBe(res.status === 303);
      return res;
    },
  },
  {
    name: 'hide an ad from its own page (reason, back to the ad)',
    ok: 303,
    run: async (s) => {
      const ad = await makePost(s.ownerId, {}, HOUSE);
      const path = `/anunt/imobiliare/${ad.slug}-${ad.id}`;
      const form = hideForm();
      form.set('returnTo', path);
      const res = await send('POST', `/moderare/anunt/${ad.id}/ascunde`, s.cookie, form);
      const row = await postRow(ad.id);
      expect(row?.status === 'hidden').toBe(res.status === 303);
      if (res.status === 303) {
        expect(res.headers.get('location')).toBe(path);
        expect(row?.hiddenReason).toBe('Spam sau anunț duplicat: De trei ori.');
      }
      return res;
    },
  },
  {
    name: 'show a hidden ad again from its page',
    ok: 303,
    run: async (s) => {
      const ad = await makePost(s.ownerId, { status: 'hidden', hiddenReason: 'Spam' }, HOUSE);
      const res = await send('POST', `/moderare/anunt/${ad.id}/arata`, s.cookie, formOf({ returnTo: '/' }));
      expect((await postRow(ad.id))?.status === 'published').toBe(res.status === 303);
      return res;
    },
  },
  {
    name: 'promote an ad from its page',
    ok: 303,
    run: async (s) => {
      const ad = await makePost(s.ownerId, {}, HOUSE);
      const res = await send(
        'POST',
        `/moderare/anunt/${ad.id}/promoveaza`,
        s.cookie,
        formOf({ promotedUntil: inAWeek(), returnTo: `/anunt/imobiliare/${ad.slug}-${ad.id}` }),
      );
      expect((await postRow(ad.id))?.promotion === 1).toBe(res.status === 303);
      return res;
    },
  },
  {
    name: 'ban the author from the ad page',
    ok: 303,
    run: async (s) => {
      const target = await person();
      const ad = await makePost(target.user.id, {}, HOUSE);
      return send(
        'POST',
        `/moderare/utilizator/${target.user.id}/blocheaza`,
        s.cookie,
        formOf({
          returnTo: `/anunt/imobiliare/${ad.slug}-${ad.id}`,
          hideReason: 'Spam sau anunț duplicat',
          confirm: 'da',
        }),
      );
    },
  },
  {
    name: 'republish a sold ad',
    ok: 303,
    run: async (s) => {
      const ad = await makePost(s.ownerId, { status: 'sold' }, HOUSE);
      const res = await send('POST', `/posts/edit/${ad.id}/publica`, s.cookie);
      expect((await postRow(ad.id))?.status === 'published').toBe(res.status === 303);
      return res;
    },
  },
  {
    name: 'ban a user from /moderare',
    ok: 303,
    run: async (s) => {
      const target = await person();
      return send(
        'POST',
        `/moderare/utilizator/${target.user.id}/blocheaza`,
        s.cookie,
        formOf({ hideReason: 'Spam sau anunț duplicat', confirm: 'da' }),
      );
    },
  },
];

const MODERATION = new Set([
  'open /moderare',
  'hide an ad from /moderare',
  'ban a user from /moderare',
  'hide an ad from its own page (reason, back to the ad)',
  'show a hidden ad again from its page',
  'promote an ad from its page',
  'ban the author from the ad page',
]);
const CREATE = new Set(['open the new-ad form', 'create an ad']);

function expected(actor: Actor, action: string): Outcome {
  if (actor === 'anonymous') return 401;
  if (actor === 'banned') return 403;
  if (actor === 'operator' || actor === 'envOperator') return 'ok';
  if (MODERATION.has(action)) return 403;
  if (actor === 'other' && !CREATE.has(action)) return 403;
  return 'ok';
}

const ACTORS: Actor[] = ['anonymous', 'owner', 'other', 'operator', 'envOperator', 'banned'];

describe('authorization matrix', () => {
  for (const actor of ACTORS) {
    for (const action of ACTIONS) {
      const outcome = expected(actor, action.name);
      it(`${actor}: ${action.name} → ${outcome === 'ok' ? action.ok : outcome}`, async () => {
        const res = await action.run(setupFor(actor));
        const body = await res.text();
        expect(res.status, body.slice(0, 300)).toBe(outcome === 'ok' ? action.ok : outcome);
        if (outcome === 403 && !action.name.startsWith('delete a photo'))
          expect(textOf(body)).toContain('Acces refuzat');
        if (outcome === 401 && res.headers.get('content-type')?.includes('html'))
          expect(textOf(body)).toContain('Trebuie să vă conectați');
      });
    }
  }

  it('answers 404 (not 500) for an ad that does not exist or a malformed id', async () => {
    const { cookie } = await person();
    for (const path of [
      '/posts/edit/999999',
      '/posts/edit/abc',
      '/posts/edit/0',
      '/posts/edit/99999999999',
    ]) {
      const res = await send('GET', path, cookie);
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
    const res = await send('POST', '/posts/edit/999999/vandut', cookie);
    expect(res.status).toBe(404);
    await res.body?.cancel();
  });

  it('logs what an operator does to someone else’s ad in the editor', async () => {
    const ad = await makePost(cookies.owner?.id as number, {}, HOUSE);
    const res = await send('POST', `/posts/edit/${ad.id}/vandut`, cookies.operator?.cookie ?? null);
    expect(res.status).toBe(303);
    const html = await (await send('GET', '/moderare', cookies.operator?.cookie ?? null)).text();
    expect(textOf(html)).toContain(`Operatoarea a marcat ca vândut anunțul #${ad.id}`);
  });
});
