// Favourites ("Salvate"): the neutral heart on public pages, the no-JavaScript toggle with its
// confirmation, /salvate for signed-in and anonymous visitors, the browser's list merged at sign-in
// (idempotent, capped, concurrent), the price-drop choice, and nobody touching another's list.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_FAVOURITES, MAX_MERGE_IDS } from '../../src/db/favourites';
import {
  DAY,
  flashText,
  get,
  getAs,
  HOUSE,
  makePost,
  ORIGIN,
  person,
  postForm,
  postFormAs,
  textOf,
  withFlash,
} from '../fixtures';

function postJson(path: string, body: unknown, cookie?: string) {
  return exports.default.fetch(
    new Request(new URL(path, ORIGIN), {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        origin: ORIGIN,
        ...(cookie ? { cookie } : {}),
      },
    }),
  );
}

async function savedIds(userId: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    'SELECT post_id FROM favourites WHERE user_id = ? ORDER BY post_id',
  )
    .bind(userId)
    .all<{ post_id: number }>();
  return results.map((r) => r.post_id);
}

describe('hearts on public pages', () => {
  it('every card and the ad page carry the same neutral heart form, whoever asks', async () => {
    const author = await person();
    const ad = await makePost(author.user.id, { title: 'Bicicletă de munte roșie' }, HOUSE);
    const fan = await person();
    await postFormAs(`/salvate/${ad.id}`, { do: 'adauga' }, fan.cookie);
    const anon = await (await get('/anunturi')).text();
    expect(anon).toContain(
      `<form class="save" data-save="${ad.id}" action="/salvate/${ad.id}" method="post">`,
    );
    // The saved state is never baked into the page, not even the signed-in person's own copy.
    const mine = await (await getAs('/anunturi', fan.cookie)).text();
    expect(mine).not.toContain('aria-pressed="true"');
    const page = await (await getAs(`/anunt/imobiliare/${ad.slug}-${ad.id}`, fan.cookie)).text();
    expect(page).toContain(`<form class="save save--wide" data-save="${ad.id}" action="/salvate/${ad.id}"`);
    expect(page).toMatch(/\/build\/favourites-[A-Z0-9]+\.js/);
    const search = await (await get('/cautare?q=bicicleta')).text();
    expect(search).toContain(`data-save="${ad.id}"`);
  });
});

describe('the heart without JavaScript', () => {
  it('toggles for a signed-in person: saved, then removed, each time back to the page with a confirmation', async () => {
    const author = await person();
    const ad = await makePost(author.user.id, { price: 1200, currency: 'RON' }, HOUSE);
    const fan = await person();
    const back = '/anunturi/imobiliare';
    const first = await postFormAs(`/salvate/${ad.id}`, {}, fan.cookie, { referer: `${ORIGIN}${back}` });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(back);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(await savedIds(fan.user.id)).toEqual([ad.id]);
    const row = await env.DB.prepare('SELECT price_at_save FROM favourites WHERE user_id = ?')
      .bind(fan.user.id)
      .first<{ price_at_save: number }>();
    expect(row?.price_at_save).toBe(1200);
    const page = await getAs(back, withFlash(first, fan.cookie));
    expect(flashText(await page.text())).toBe('Anunțul a fost adăugat la Salvate.');

    const second = await postFormAs(`/salvate/${ad.id}`, {}, fan.cookie, { referer: `${ORIGIN}${back}` });
    expect(second.status).toBe(303);
    expect(await savedIds(fan.user.id)).toEqual([]);
    expect(flashText(await (await getAs(back, withFlash(second, fan.cookie))).text())).toBe(
      'Anunțul a fost scos din Salvate.',
    );
  });

  it('sends an anonymous visitor without JavaScript to sign in, then saves the ad', async () => {
    const author = await person();
    const ad = await makePost(author.user.id, {}, HOUSE);
    const res = await postForm(`/salvate/${ad.id}`, new URLSearchParams(), { referer: `${ORIGIN}/anunturi` });
    expect(res.status).toBe(303);
    const login = new URL(res.headers.get('location') ?? '', ORIGIN);
    expect(login.pathname).toBe('/auth/login');
    const back = login.searchParams.get('redirect_url') ?? '';
    expect(back).toMatch(/^\/salvate\?salveaza=[\w-]+\.[\w-]+$/);
    const count = async () =>
      (
        await env.DB.prepare('SELECT count(*) AS n FROM favourites WHERE post_id = ?')
          .bind(ad.id)
          .first<{ n: number }>()
      )?.n;
    expect(await count()).toBe(0);
    // Signed in, the return address saves the ad once (twice is still once) and shows the list.
    const fan = await person();
    const saved = await getAs(back, fan.cookie);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/salvate');
    await getAs(back, fan.cookie);
    expect(await count()).toBe(1);
    const page = await getAs('/salvate', withFlash(saved, fan.cookie));
    const html = await page.text();
    expect(flashText(html)).toBe('Anunțul a fost adăugat la Salvate.');
    expect(textOf(html)).toContain(ad.title);
    // A forged or altered token saves nothing.
    const other = await makePost(author.user.id, {}, HOUSE);
    const forged = back.replace(
      /salveaza=[^.]+/,
      `salveaza=${btoa(JSON.stringify({ save: other.id, exp: Date.now() + 60_000 })).replace(/=+$/, '')}`,
    );
    expect((await getAs(forged, fan.cookie)).status).toBe(303);
    expect(
      (
        await env.DB.prepare('SELECT count(*) AS n FROM favourites WHERE post_id = ?')
          .bind(other.id)
          .first<{ n: number }>()
      )?.n,
    ).toBe(0);
  });

  it('links "Salvate" from the header for everyone, signed in or not', async () => {
    const html = await (await get('/')).text();
    expect(html).toMatch(/<header[\s\S]*<a class="[^"]*saved-link[^"]*" href="\/salvate"[\s\S]*<\/header>/);
  });

  it('refuses to save an ad that is not published, with a message, and 404s a malformed id', async () => {
    const author = await person();
    const sold = await makePost(author.user.id, { status: 'sold' }, HOUSE);
    const fan = await person();
    const res = await postFormAs(`/salvate/${sold.id}`, { do: 'adauga' }, fan.cookie);
    expect(res.status).toBe(422);
    expect(textOf(await res.text())).toContain('nu mai este publicat');
    expect((await postFormAs('/salvate/abc', {}, fan.cookie)).status).toBe(404);
    expect((await postFormAs('/salvate/99999999999', {}, fan.cookie)).status).toBe(404);
  });
});

describe('/salvate', () => {
  it('lists a signed-in person’s ads, marking sold, expired and removed ones, private and uncached', async () => {
    const author = await person();
    const live = await makePost(author.user.id, { title: 'Canapea extensibilă' }, HOUSE);
    const sold = await makePost(author.user.id, { title: 'Frigider Arctic' }, HOUSE);
    const expired = await makePost(author.user.id, { title: 'Mașină de spălat' }, HOUSE);
    const removed = await makePost(author.user.id, { title: 'Masă de brad' }, HOUSE);
    const fan = await person();
    for (const ad of [live, sold, expired, removed])
      expect((await postFormAs(`/salvate/${ad.id}`, { do: 'adauga' }, fan.cookie)).status).toBe(303);
    await env.DB.batch([
      env.DB.prepare("UPDATE posts SET status = 'sold' WHERE id = ?").bind(sold.id),
      env.DB.prepare('UPDATE posts SET expires_at = ? WHERE id = ?').bind(Date.now() - DAY, expired.id),
      env.DB.prepare('DELETE FROM posts WHERE id = ?').bind(removed.id),
    ]);
    const res = await getAs('/salvate', fan.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain('Ați salvat 4 anunțuri.');
    expect(text).toContain('Canapea extensibilă');
    expect(text).toMatch(/Vândut.*Frigider Arctic|Frigider Arctic.*Vândut/);
    expect(text).toContain('Expirat');
    expect(text).toContain('Nu mai este disponibil');
    // The price-drop choice is offered for the live ad only.
    expect(html).toContain(`action="/salvate/${live.id}/notificare"`);
    expect(html).not.toContain(`action="/salvate/${sold.id}/notificare"`);
  });

  it('renders an anonymous visitor’s browser list from ?ids=, ignoring junk ids, never cached', async () => {
    const author = await person();
    const a = await makePost(author.user.id, { title: 'Televizor Samsung' }, HOUSE);
    const b = await makePost(author.user.id, { title: 'Laptop Lenovo' }, HOUSE);
    const res = await get(`/salvate?ids=${b.id}.${a.id}.x.-4.${a.id}.999999999`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = textOf(await res.text());
    expect(text.indexOf('Laptop Lenovo')).toBeLessThan(text.indexOf('Televizor Samsung'));
    expect(text).toContain('Anunț indisponibil');
    expect(text).toContain('Conectați-vă');
  });

  it('turns the price-drop mail on and off for one saved ad; not for an ad one has not saved', async () => {
    const author = await person();
    const ad = await makePost(author.user.id, {}, HOUSE);
    const fan = await person();
    await postFormAs(`/salvate/${ad.id}`, { do: 'adauga' }, fan.cookie);
    const read = () =>
      env.DB.prepare('SELECT notify_price_drop AS n FROM favourites WHERE user_id = ? AND post_id = ?')
        .bind(fan.user.id, ad.id)
        .first<{ n: number }>();
    // On from the moment it is saved, and the box on /salvate says so.
    expect((await read())?.n).toBe(1);
    expect(await (await getAs('/salvate', fan.cookie)).text()).toMatch(
      /<input type="checkbox" name="notify"[^>]*checked=""/,
    );
    await postFormAs(`/salvate/${ad.id}/notificare`, {}, fan.cookie);
    expect((await read())?.n).toBe(0);
    const on = await postFormAs(`/salvate/${ad.id}/notificare`, { notify: '1' }, fan.cookie);
    expect(on.status).toBe(303);
    expect((await read())?.n).toBe(1);
    expect(flashText(await (await getAs('/salvate', withFlash(on, fan.cookie))).text())).toBe(
      'Preferința a fost salvată.',
    );
    await postFormAs(`/salvate/${ad.id}/notificare`, {}, fan.cookie);
    expect((await read())?.n).toBe(0);
    const stranger = await person();
    expect((await postFormAs(`/salvate/${ad.id}/notificare`, { notify: '1' }, stranger.cookie)).status).toBe(
      404,
    );
    expect(
      (await postForm(`/salvate/${ad.id}/notificare`, new URLSearchParams({ notify: '1' }))).status,
    ).toBe(401);
  });

  it('a third person can neither see nor change someone’s favourites', async () => {
    const author = await person();
    const ad = await makePost(author.user.id, { title: 'Colecție de timbre rare' }, HOUSE);
    const owner = await person();
    await postFormAs(`/salvate/${ad.id}`, { do: 'adauga' }, owner.cookie);
    await postFormAs(`/salvate/${ad.id}/notificare`, { notify: '1' }, owner.cookie);
    const other = await person();
    expect(textOf(await (await getAs('/salvate', other.cookie)).text())).not.toContain(
      'Colecție de timbre rare',
    );
    const ids = await (await getAs('/api/salvate', other.cookie, { accept: 'application/json' })).json();
    expect(ids).toMatchObject({ ids: [] });
    // Their "remove" only ever removes their own row.
    await postFormAs(`/salvate/${ad.id}`, { do: 'scoate' }, other.cookie);
    expect(await savedIds(owner.user.id)).toEqual([ad.id]);
    await postFormAs(`/salvate/${ad.id}/notificare`, {}, other.cookie);
    const row = await env.DB.prepare('SELECT notify_price_drop AS n FROM favourites WHERE user_id = ?')
      .bind(owner.user.id)
      .first<{ n: number }>();
    expect(row?.n).toBe(1);
  });
});

describe('merging the browser’s list at sign-in', () => {
  it('adds the published ads once, however often and however concurrently it is posted', async () => {
    const author = await person();
    const ads = await Promise.all(
      [1, 2, 3].map((i) => makePost(author.user.id, { title: `Anunț ${i} de salvat` }, HOUSE)),
    );
    const hidden = await makePost(author.user.id, { status: 'hidden' }, HOUSE);
    const fan = await person();
    const ids = [...ads.map((a) => a.id), hidden.id, 987654321];
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => postJson('/api/salvate/sincronizare', { ids }, fan.cookie)),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { added: number }[];
    expect(bodies.reduce((n, b) => n + b.added, 0)).toBe(3);
    expect(await savedIds(fan.user.id)).toEqual(ads.map((a) => a.id).sort((x, y) => x - y));
  });

  it('never takes a person past the cap, even with concurrent merges', async () => {
    const author = await person();
    const fan = await person();
    // Fill the account up to five below the cap, straight in D1.
    const filler = await makePost(author.user.id, {}, HOUSE);
    const now = Date.now();
    const rows = Array.from({ length: MAX_FAVOURITES - 5 }, (_, i) => i + 1_000_000);
    for (let i = 0; i < rows.length; i += 30) {
      const chunk = rows.slice(i, i + 30);
      await env.DB.prepare(
        `INSERT INTO favourites (user_id, post_id, created_at) SELECT ?, value, ? FROM json_each(?)`,
      )
        .bind(fan.user.id, now, JSON.stringify(chunk))
        .run();
    }
    const fresh = await Promise.all(
      Array.from({ length: 12 }, (_, i) => makePost(author.user.id, { title: `Extra ${i}` }, HOUSE)),
    );
    await Promise.all([
      postJson('/api/salvate/sincronizare', { ids: fresh.slice(0, 6).map((a) => a.id) }, fan.cookie),
      postJson('/api/salvate/sincronizare', { ids: fresh.slice(6).map((a) => a.id) }, fan.cookie),
      postJson('/api/salvate/sincronizare', { ids: [filler.id] }, fan.cookie),
    ]);
    const n = await env.DB.prepare('SELECT count(*) AS n FROM favourites WHERE user_id = ?')
      .bind(fan.user.id)
      .first<{ n: number }>();
    expect(n?.n).toBe(MAX_FAVOURITES);
  });

  it('refuses hostile bodies with a 400 and a message, and anonymous callers with a 401', async () => {
    const fan = await person();
    for (const body of [
      { ids: 'x' },
      { ids: [1.5] },
      { ids: [-1] },
      { ids: Array.from({ length: MAX_MERGE_IDS + 1 }, (_, i) => i + 1) },
      null,
    ]) {
      const res = await postJson('/api/salvate/sincronizare', body, fan.cookie);
      expect(res.status).toBe(400);
      expect((await res.json()) as object).toHaveProperty('error');
    }
    expect((await postJson('/api/salvate/sincronizare', { ids: [1] })).status).toBe(401);
  });
});
