// Ad statistics (docs/stats.md): a view or a phone reveal is counted once a day per visitor, never for
// robots, prefetches or the author, gathered by the ad's Durable Object and added to D1 by its alarm,
// never by the view itself.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import type { AdCounter } from '../../src/stats/counter';
import { callWorker, db, getAs, makePost, makeUser, ORIGIN, person, postFormAs, textOf } from '../fixtures';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function view(postId: number, headers: Record<string, string> = {}) {
  return callWorker(
    new Request(`${ORIGIN}/api/vazut/${postId}`, {
      headers: { accept: 'image/*', 'user-agent': PHONE_UA, 'cf-connecting-ip': '203.0.113.7', ...headers },
    }),
  );
}

function counter(postId: number) {
  return env.AD_COUNTERS.get(env.AD_COUNTERS.idFromName(String(postId)));
}

async function stored(postId: number) {
  return db.select().from(schema.postStats).where(eq(schema.postStats.postId, postId));
}

async function pendingViews(postId: number) {
  return (await counter(postId).pending()).reduce((n, d) => n + d.views, 0);
}

async function freshAd(phone: string | null = '0744123456') {
  const author = await makeUser({ phone });
  return { author, post: await makePost(author.id, { title: 'Bicicletă pentru statistici' }) };
}

describe('counting views', () => {
  it('answers the beacon with an uncached 1×1 GIF', async () => {
    const { post } = await freshAd();
    const res = await view(post.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await res.arrayBuffer()).byteLength).toBeLessThan(100);
  });

  it('counts one visitor once a day, even in parallel, and writes D1 only when the alarm flushes', async () => {
    const { post } = await freshAd();
    await Promise.all(Array.from({ length: 5 }, () => view(post.id)));
    await view(post.id);
    expect(await pendingViews(post.id)).toBe(1);
    // No D1 write per view: nothing is stored until the counter's alarm runs.
    expect(await stored(post.id)).toEqual([]);
    expect(await runDurableObjectAlarm(counter(post.id))).toBe(true);
    const rows = await stored(post.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ views: 1, reveals: 0 });
    expect(await pendingViews(post.id)).toBe(0);
    // A repeat after the flush is still the same visitor today.
    await view(post.id);
    expect(await pendingViews(post.id)).toBe(0);
  });

  it('counts different visitors (address or browser) separately and adds to what D1 holds', async () => {
    const { post } = await freshAd();
    await view(post.id, { 'cf-connecting-ip': '198.51.100.1' });
    await runDurableObjectAlarm(counter(post.id));
    await view(post.id, { 'cf-connecting-ip': '198.51.100.2' });
    await view(post.id, { 'cf-connecting-ip': '198.51.100.2', 'user-agent': DESKTOP_UA });
    expect(await pendingViews(post.id)).toBe(2);
    await runDurableObjectAlarm(counter(post.id));
    expect((await stored(post.id))[0].views).toBe(3);
  });

  it('does not count robots, link previews, prefetches or an empty user agent', async () => {
    const { post } = await freshAd();
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0',
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/130.0 Safari/537.36',
      '',
    ])
      await view(post.id, { 'user-agent': ua });
    await view(post.id, { 'sec-purpose': 'prefetch' });
    expect(await pendingViews(post.id)).toBe(0);
  });

  it('does not count the author, signed in, from any address', async () => {
    const owner = await person();
    const post = await makePost(owner.user.id, { title: 'Anunțul autorului numărat' });
    await view(post.id, { cookie: owner.cookie });
    await view(post.id, { cookie: owner.cookie, 'cf-connecting-ip': '192.0.2.99' });
    expect(await pendingViews(post.id)).toBe(0);
    const other = await person();
    await view(post.id, { cookie: other.cookie });
    expect(await pendingViews(post.id)).toBe(1);
  });

  it('counts nothing for a draft, a sold ad, an unknown or a malformed id', async () => {
    const author = await makeUser();
    const draft = await makePost(author.id, { status: 'draft' });
    const sold = await makePost(author.id, { status: 'sold' });
    for (const id of [draft.id, sold.id]) {
      expect((await view(id)).status).toBe(200);
      expect(await pendingViews(id)).toBe(0);
    }
    for (const path of ['999999999', 'abc', '-1', '1e3']) {
      const res = await callWorker(
        new Request(`${ORIGIN}/api/vazut/${path}`, { headers: { 'user-agent': PHONE_UA } }),
      );
      expect(res.status).toBe(200);
    }
  });

  it('keeps only a daily hashed key of the visitor, never the address or browser in clear', async () => {
    const { post } = await freshAd();
    await view(post.id, { 'cf-connecting-ip': '203.0.113.55' });
    const keys = await runInDurableObject(counter(post.id), async (_obj: AdCounter, state) =>
      state.storage.sql.exec<{ day: string; visitor: string }>('SELECT day, visitor FROM seen').toArray(),
    );
    expect(keys).toHaveLength(1);
    expect(keys[0].visitor).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(keys)).not.toMatch(/203\.0\.113|Android|Mozilla/);
  });

  it('puts the beacon on a public ad page only', async () => {
    const { post } = await freshAd();
    const page = await (
      await callWorker(new Request(`${ORIGIN}/anunt/imobiliare/${post.slug}-${post.id}`))
    ).text();
    expect(page).toContain(`class="ad__beacon" src="/api/vazut/${post.id}"`);
  });
});

describe('counting phone reveals', () => {
  it('counts a reveal once per visitor, not for the author', async () => {
    const owner = await person({ phone: '0744111222' });
    const post = await makePost(owner.user.id, { title: 'Anunț cu telefon numărat' });
    const reveal = (headers: Record<string, string>) =>
      callWorker(
        new Request(`${ORIGIN}/anunt/imobiliare/${post.slug}-${post.id}?contact`, {
          headers: {
            accept: 'text/html',
            'user-agent': PHONE_UA,
            'cf-connecting-ip': '203.0.113.80',
            ...headers,
          },
        }),
      );
    expect((await reveal({})).status).toBe(200);
    await reveal({});
    await reveal({ cookie: owner.cookie });
    const pending = await counter(post.id).pending();
    expect(pending.reduce((n, d) => n + d.reveals, 0)).toBe(1);
  });
});

describe('what the author sees', () => {
  it('"Anunțurile mele" shows views, reveals, saves and conversations for 7 days and in total, with status tabs', async () => {
    const me = await person();
    const ad = await makePost(me.user.id, { title: 'Anunț cu cifre de văzut' });
    const draft = await makePost(me.user.id, { title: 'Ciornă fără cifre', status: 'draft' });
    await makePost(me.user.id, { title: 'Anunț vândut în taburi', status: 'sold' });
    const day = (ms: number) => new Date(ms + 2 * 3600_000).toISOString().slice(0, 10);
    const now = Date.now();
    await db.insert(schema.postStats).values([
      { postId: ad.id, day: day(now), views: 4, reveals: 2 },
      { postId: ad.id, day: day(now - 30 * 86_400_000), views: 10, reveals: 1 },
    ]);
    const fan = await person();
    await db.insert(schema.favourites).values({ userId: fan.user.id, postId: ad.id, createdAt: now });
    const oldFan = await person();
    await db
      .insert(schema.favourites)
      .values({ userId: oldFan.user.id, postId: ad.id, createdAt: now - 20 * 86_400_000 });
    const buyer = await person();
    await postFormAs(
      `/mesaje/anunt/${ad.id}`,
      { text: 'Bună ziua, mai este disponibilă bicicleta?' },
      buyer.cookie,
    );

    const html = await (await getAs('/posts/mine', me.cookie)).text();
    const start = html.indexOf(`id="anunt-${ad.id}"`);
    const row = html.slice(start, html.indexOf('</li>', start));
    const figure = (key: string) =>
      textOf(new RegExp(`<tr data-figure="${key}">([\\s\\S]*?)</tr>`).exec(row)?.[1] ?? '');
    expect(figure('views')).toBe('Vizualizări 4 14');
    expect(figure('reveals')).toBe('Telefon afișat 2 3');
    expect(figure('favourites')).toBe('Salvări 1 2');
    expect(figure('messages')).toBe('Conversații 1 1');
    // A draft has no figures: nobody sees it.
    const dstart = html.indexOf(`id="anunt-${draft.id}"`);
    expect(html.slice(dstart, html.indexOf('</li>', dstart))).not.toContain('ad-figures');

    const tabs = textOf(/<nav class="my-posts__tabs"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '');
    expect(tabs).toBe('Toate 3 Active 1 Expirate 0 Ciorne 1 Vândute 1');
    const sold = await (await getAs('/posts/mine?stare=vandute', me.cookie)).text();
    expect(textOf(sold)).toContain('Anunț vândut în taburi');
    expect(textOf(sold)).not.toContain('Anunț cu cifre de văzut');
    expect(sold).toMatch(/aria-current="page">Vândute/);
    const none = textOf(await (await getAs('/posts/mine?stare=expirate', me.cookie)).text());
    expect(none).toContain('Nu aveți niciun anunț expirat.');
    // An unknown tab is "Toate", never an error.
    expect((await getAs('/posts/mine?stare=%3Cscript%3E', me.cookie)).status).toBe(200);

    // The ad's own panel shows the same figures.
    const own = await (await getAs(`/anunt/imobiliare/${ad.slug}-${ad.id}`, me.cookie)).text();
    const panel = /<section class="box post-panel post-panel--owner"[\s\S]*?<\/section>/.exec(own)?.[0] ?? '';
    expect(textOf(/<tr data-figure="views">[\s\S]*?<\/tr>/.exec(panel)?.[0] ?? '')).toBe('Vizualizări 4 14');
  });
});
