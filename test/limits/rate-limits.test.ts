// Per-minute limits on the real Rate Limiting binding (wrangler.toml): each limited action answers
// 429 with Retry-After and a Romanian message, as a page or as JSON as the request prefers. Every
// test uses its own client address or person: the binding's counters outlive a test.
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callWorker, formOf, HOUSE, makePost, ORIGIN, person, textOf, validFields } from '../fixtures';
import { adPath, awaitFreshWindow, getFrom, itInOneWindow, postFrom, uniqueClient } from './support';

// Every test here counts up to a limit inside one window of the binding, with keys of its own: a
// test that straddles a window boundary runs again at once with fresh keys (see support.ts).

const JSON_ACCEPT = { accept: 'application/json' };

async function expectLimitedPage(res: Response, words: string) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe('60');
  expect(res.headers.get('cache-control')).toContain('no-store');
  expect(res.headers.get('content-type')).toContain('text/html');
  const html = await res.text();
  expect(html).toContain('<header');
  expect(textOf(html)).toContain(words);
  return html;
}

async function expectLimitedJson(res: Response, words: string) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe('60');
  const body = (await res.json()) as { error: string; retryAfter: number };
  expect(body.error).toContain(words);
  expect(body.retryAfter).toBe(60);
}

describe('phone reveals', () => {
  itInOneWindow(
    'lets an anonymous client reveal 10 phones a minute, then answers 429 suggesting to sign in, whatever its User-Agent',
    async () => {
      const client = uniqueClient();
      const { user } = await person();
      const ads = await Promise.all(
        Array.from({ length: 10 }, () => makePost(user.id, { phone: '0744123456' }, HOUSE)),
      );
      const ad = ads[0];
      for (const [i, one] of ads.entries()) {
        const res = await getFrom(client, `${adPath(one)}?contact=1`, { 'user-agent': `bot ${i}` });
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('tel:+40744123456');
      }
      const refused = await getFrom(client, `${adPath(ad)}?contact=1`, {
        'user-agent': 'a brand new browser',
      });
      const html = await expectLimitedPage(refused, 'Prea multe cereri pentru numere de telefon');
      expect(html).not.toContain('744');
      expect(html).toMatch(/href="\/auth\/login\?redirect_url=[^"]*contact/);
      expect(textOf(html)).toContain('Conectați-vă la cont');
      // JSON when asked for JSON.
      await expectLimitedJson(
        await getFrom(client, `${adPath(ad)}?contact=1`, JSON_ACCEPT),
        'Prea multe cereri pentru numere de telefon',
      );
      // The ad itself, without the number, is still there; another client is not refused.
      expect((await getFrom(client, adPath(ad))).status).toBe(200);
      expect((await getFrom(uniqueClient(), `${adPath(ad)}?contact=1`)).status).toBe(200);
    },
  );

  itInOneWindow(
    'limits the anonymous reveals of one ad to 60 a minute across clients, but not a signed-in person',
    async () => {
      const { user } = await person();
      const ad = await makePost(user.id, { phone: '0745000111' }, HOUSE);
      const results = await Promise.all(
        Array.from({ length: 60 }, () => getFrom(uniqueClient(), `${adPath(ad)}?contact=1`)),
      );
      expect(results.map((r) => r.status)).toEqual(Array(60).fill(200));
      const refused = await getFrom(uniqueClient(), `${adPath(ad)}?contact=1`);
      await expectLimitedPage(refused, 'Conectați-vă la cont');
      const reader = await person();
      const signedIn = await getFrom(uniqueClient(), `${adPath(ad)}?contact=1`, { cookie: reader.cookie });
      expect(signedIn.status).toBe(200);
      expect(await signedIn.text()).toContain('tel:+40745000111');
    },
  );

  itInOneWindow(
    'three addresses hammering one ad cannot spend its budget: later visitors still see the phone',
    async () => {
      const { user } = await person();
      const ad = await makePost(user.id, { phone: '0746222333' }, HOUSE);
      const attackers = [uniqueClient(), uniqueClient(), uniqueClient()];
      // Each attacker asks 20 times at once (60 requests: the whole per-ad budget if they all counted).
      const flood = await Promise.all(
        attackers.flatMap((client) =>
          Array.from({ length: 20 }, () => getFrom(client, `${adPath(ad)}?contact=1`)),
        ),
      );
      const granted = flood.filter((r) => r.status === 200).length;
      // 2 per address and ad: 6 of the ad's 60 spent.
      expect(granted).toBe(6);
      expect(flood.filter((r) => r.status === 429)).toHaveLength(54);
      // Every later visitor (here 50 more addresses) still gets the number.
      const later = await Promise.all(
        Array.from({ length: 50 }, () => getFrom(uniqueClient(), `${adPath(ad)}?contact=1`)),
      );
      expect(later.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(await later[49].text()).toContain('tel:+40746222333');
    },
  );

  itInOneWindow(
    'keys a signed-in person by their account: 10 a minute, from any address, with no sign-in link',
    async () => {
      const reader = await person();
      const { user } = await person();
      const ads = await Promise.all(Array.from({ length: 11 }, () => makePost(user.id, {}, HOUSE)));
      for (const ad of ads.slice(0, 10)) {
        const res = await getFrom(uniqueClient(), `${adPath(ad)}?contact=1`, { cookie: reader.cookie });
        expect(res.status).toBe(200);
      }
      const refused = await getFrom(uniqueClient(), `${adPath(ads[10])}?contact=1`, {
        cookie: reader.cookie,
      });
      const html = await expectLimitedPage(refused, 'Ați cerut prea multe numere de telefon');
      const box = html.slice(
        html.indexOf('class="error-box'),
        html.indexOf('</section>', html.indexOf('class="error-box')),
      );
      expect(box).toContain('Înapoi la prima pagină');
      expect(box).not.toContain('/auth/login');
    },
  );
});

describe('reports', () => {
  itInOneWindow('takes 5 reports a minute from one client, then 429 as a page or as JSON', async () => {
    const client = uniqueClient();
    const { user } = await person();
    const ads = await Promise.all(Array.from({ length: 7 }, () => makePost(user.id, {}, HOUSE)));
    for (const ad of ads.slice(0, 5)) {
      expect((await postFrom(client, `/raporteaza/${ad.id}`, { reason: 'Spam' })).status).toBe(303);
    }
    await expectLimitedPage(
      await postFrom(client, `/raporteaza/${ads[5].id}`, { reason: 'Spam' }, { 'user-agent': 'other' }),
      'Ați trimis prea multe raportări',
    );
    await expectLimitedJson(
      await postFrom(client, `/raporteaza/${ads[6].id}`, { reason: 'Spam' }, JSON_ACCEPT),
      'Ați trimis prea multe raportări',
    );
  });
});

describe('sign-in attempts', () => {
  itInOneWindow(
    'takes 10 local sign-ins a minute from one client, then gives the form back with 429 and the address typed',
    async () => {
      const client = uniqueClient();
      for (let i = 0; i < 10; i++) {
        const res = await postFrom(client, '/clerk/sign-in', { email: `limita${i}@example.ro` });
        expect(res.status).toBe(303);
      }
      const res = await postFrom(client, '/clerk/sign-in', { email: 'a-unsprezecea@example.ro' });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('60');
      expect(res.headers.get('set-cookie') ?? '').not.toContain('__session=ey');
      const html = await res.text();
      expect(textOf(html)).toContain('Prea multe încercări de conectare');
      expect(html).toContain('value="a-unsprezecea@example.ro"');
      await expectLimitedJson(
        await postFrom(client, '/clerk/sign-up', { email: 'x@example.ro' }, JSON_ACCEPT),
        'Prea multe încercări de conectare',
      );
      // The return from Clerk counts too.
      await expectLimitedPage(
        await getFrom(client, '/clerk/after-auth'),
        'Prea multe încercări de conectare',
      );
    },
  );
});

describe('photo uploads', () => {
  itInOneWindow(
    'takes 60 uploads a minute from one person, refused files included, then 429 JSON',
    async () => {
      const { cookie } = await person();
      const upload = (i: number) => {
        const form = new FormData();
        form.append('photo', new File([`nu este o imagine ${i}`], `x${i}.jpg`, { type: 'image/jpeg' }));
        return exports.default.fetch(
          new Request(`${ORIGIN}/api/poze`, {
            method: 'POST',
            body: form,
            headers: { origin: ORIGIN, cookie, 'cf-connecting-ip': uniqueClient() },
          }),
        );
      };
      for (let i = 0; i < 60; i++) {
        const res = await upload(i);
        expect(res.status).not.toBe(429);
        expect(res.status).toBeGreaterThanOrEqual(400);
      }
      await expectLimitedJson(await upload(60), 'Ați încărcat prea multe fotografii');
    },
  );
});

describe('new ads', () => {
  itInOneWindow(
    'publishes 5 ads a minute for one person, then gives the form back with 429 and everything typed',
    async () => {
      const { cookie } = await person();
      for (let i = 0; i < 5; i++) {
        const res = await postFrom(
          uniqueClient(),
          '/posts/new',
          formOf(validFields({ title: `Anunțul numărul ${i} azi` })),
          { cookie },
        );
        expect(res.status).toBe(303);
      }
      const res = await postFrom(
        uniqueClient(),
        '/posts/new',
        formOf(validFields({ title: 'Al șaselea anunț în minut' })),
        { cookie },
      );
      const html = await expectLimitedPage(res, 'Ați publicat prea multe anunțuri într-un minut');
      expect(html).toContain('value="Al șaselea anunț în minut"');
    },
  );
});

describe('searches', () => {
  itInOneWindow(
    'renders 60 searches a minute for one client, then 429 as a page or JSON; another client still searches',
    async () => {
      const client = uniqueClient();
      for (let i = 0; i < 60; i++) {
        const res = await getFrom(client, `/cautare?q=apartament${i}`, { 'user-agent': `ua ${i}` });
        expect(res.status).toBe(200);
      }
      await expectLimitedPage(await getFrom(client, '/cautare?q=casa'), 'Prea multe căutări');
      await expectLimitedJson(await getFrom(client, '/cautare?q=casa', JSON_ACCEPT), 'Prea multe căutări');
      expect((await getFrom(uniqueClient(), '/cautare?q=casa')).status).toBe(200);
    },
  );

  itInOneWindow('counts an IPv6 client by its /64: rotating addresses inside it does not help', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    for (let i = 0; i < 60; i++) {
      expect((await getFrom(`${prefix}::${(i + 1).toString(16)}`, `/cautare?q=v${i}`)).status).toBe(200);
    }
    expect((await getFrom(`${prefix}:0:0:0:ffff`, '/cautare?q=v')).status).toBe(429);
  });

  // The one key shared by design: it cannot be fresh, so this test waits when the window is nearly over.
  it('in production counts requests without a client address under one shared key', async () => {
    await awaitFreshWindow(15);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await callWorker(
        new Request(`${ORIGIN}/cautare?q=fara-adresa${i}`, { headers: { accept: 'text/html' } }),
        { ENVIRONMENT: 'production' },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
