// No trace of ads that are not public: someone enumerating ids through `/salvate?ids=` and
// `/mesaje/anunt/<id>` learns nothing of a draft, hidden, held or banned author's ad, nor whether
// the id exists at all (the same neutral "Anunț indisponibil" as for a deleted ad), and such ads
// cannot be saved as favourites.
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, getAs, HOUSE, makePost, ORIGIN, person, postFormAs, textOf } from '../fixtures';

type Person = Awaited<ReturnType<typeof person>>;
let author: Person;
let bannedAuthor: Person;
let prober: Person;
const ads: Record<string, { id: number; title: string }> = {};

beforeAll(async () => {
  author = await person({ name: 'Autor Anunțuri' });
  bannedAuthor = await person({ name: 'Autor Suspendat' });
  prober = await person({ name: 'Curios Enumerator' });
  // Ids of six digits, so that taking them out of a page touches nothing else.
  let nextId = 700_000 + Math.floor(Math.random() * 90_000);
  for (const status of ['draft', 'hidden', 'held', 'published'] as const) {
    const title = `Secret ${status} Zorzon ${Math.random().toString(36).slice(2, 7)}`;
    const post = await makePost(author.user.id, { id: nextId++, title, status }, HOUSE);
    ads[status] = { id: post.id, title };
  }
  const title = `Secret banned Zorzon ${Math.random().toString(36).slice(2, 7)}`;
  const post = await makePost(bannedAuthor.user.id, { id: nextId++, title }, HOUSE);
  await env.DB.batch([
    env.DB.prepare('UPDATE users SET banned = 1 WHERE id = ?').bind(bannedAuthor.user.id),
    env.DB.prepare('UPDATE posts SET author_banned = 1 WHERE user_id = ?').bind(bannedAuthor.user.id),
  ]);
  ads.bannedAuthor = { id: post.id, title };
  // An id that never existed.
  ads.deleted = { id: post.id + 1, title: 'Niciodată existent' };
});

const HIDDEN_KINDS = ['draft', 'hidden', 'held', 'bannedAuthor', 'deleted'] as const;

/** The page with the ad's id taken out, to compare the answers for different ids. */
const withoutId = (html: string, id: number) =>
  html.replace(new RegExp(`\\b${id}\\b`, 'g'), '#').replace(/nonce="[^"]*"/g, 'nonce=""');

describe('/salvate?ids= to an anonymous visitor', () => {
  it('shows the public ad and, for every other id, only "Anunț indisponibil"', async () => {
    const ids = [ads.published.id, ...HIDDEN_KINDS.map((k) => ads[k].id)];
    const text = textOf(await (await get(`/salvate?ids=${ids.join('.')}`)).text());
    expect(text).toContain(ads.published.title);
    expect(text).not.toContain('Zorzon Secret');
    for (const kind of HIDDEN_KINDS) expect(text, kind).not.toContain(ads[kind].title);
    expect(text.match(/Anunț indisponibil/g)?.length).toBe(HIDDEN_KINDS.length);
  });

  it('answers a non-public id exactly as an id that never existed', async () => {
    const gone = withoutId(await (await get(`/salvate?ids=${ads.deleted.id}`)).text(), ads.deleted.id);
    for (const kind of ['draft', 'hidden', 'held', 'bannedAuthor'] as const) {
      const page = withoutId(await (await get(`/salvate?ids=${ads[kind].id}`)).text(), ads[kind].id);
      expect(page, kind).toBe(gone);
    }
  });
});

describe('/mesaje/anunt/<id> to a signed-in stranger', () => {
  it('the public ad: its title and the form', async () => {
    const res = await getAs(`/mesaje/anunt/${ads.published.id}`, prober.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(ads.published.title);
  });

  it.each(HIDDEN_KINDS)(
    'a %s ad: 404 "Anunț indisponibil", nothing of the ad, same as a missing id',
    async (kind) => {
      const res = await getAs(`/mesaje/anunt/${ads[kind].id}`, prober.cookie);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).not.toContain(ads[kind].title);
      expect(textOf(html)).toContain('Anunț indisponibil');
      const gone = await (await getAs(`/mesaje/anunt/${ads.deleted.id}`, prober.cookie)).text();
      expect(textOf(withoutId(html, ads[kind].id))).toBe(textOf(withoutId(gone, ads.deleted.id)));
    },
  );

  it.each(HIDDEN_KINDS)(
    'a first message to a %s ad: 404, the typed text back, nothing of the ad',
    async (kind) => {
      const res = await postFormAs(
        `/mesaje/anunt/${ads[kind].id}`,
        { text: 'Mai este disponibil?' },
        prober.cookie,
      );
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).not.toContain(ads[kind].title);
      expect(html).toContain('Mai este disponibil?');
      const { n } = (await env.DB.prepare('SELECT count(*) AS n FROM conversations WHERE post_id = ?')
        .bind(ads[kind].id)
        .first<{ n: number }>()) ?? { n: -1 };
      expect(n).toBe(0);
    },
  );

  it('the author still sees their own unpublished ad named', async () => {
    const html = await (await getAs(`/mesaje/anunt/${ads.hidden.id}`, author.cookie)).text();
    expect(html).toContain(ads.hidden.title);
  });
});

describe('favourites of non-public ads', () => {
  it.each(HIDDEN_KINDS)('saving a %s ad is refused (422) and nothing is stored', async (kind) => {
    const res = await postFormAs(`/salvate/${ads[kind].id}`, { do: 'adauga' }, prober.cookie);
    expect(res.status).toBe(422);
    const row = await env.DB.prepare('SELECT 1 FROM favourites WHERE user_id = ? AND post_id = ?')
      .bind(prober.user.id, ads[kind].id)
      .first();
    expect(row).toBeNull();
  });

  it('the browser list merged at sign-in skips them too', async () => {
    const merger = await person();
    const res = await env.DB.prepare('SELECT count(*) AS n FROM favourites WHERE user_id = ?')
      .bind(merger.user.id)
      .first<{ n: number }>();
    expect(res?.n).toBe(0);
    const answer = await exports.default.fetch(
      new Request(`${ORIGIN}/api/salvate/sincronizare`, {
        method: 'POST',
        body: JSON.stringify({ ids: [ads.published.id, ...HIDDEN_KINDS.map((k) => ads[k].id)] }),
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          origin: ORIGIN,
          cookie: merger.cookie,
        },
      }),
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { ids: number[] }).ids).toEqual([ads.published.id]);
  });
});
