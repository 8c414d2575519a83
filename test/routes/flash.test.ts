// One-time confirmations: an action that redirects sets a short-lived cookie with a code from a fixed
// catalogue; the next HTML page shows the message (role="status", in the layout), clears the cookie
// and is private. A reload does not repeat it; no cached or shared page ever carries it.
import { describe, expect, it } from 'vitest';
import { FLASH_MESSAGES, readFlashCode } from '../../src/lib/flash';
import {
  callWorker,
  flashText,
  formOf,
  get,
  getAs,
  makePost,
  makeUser,
  ORIGIN,
  person,
  postForm,
  postFormAs,
  sessionCookie,
  validFields,
  withFlash,
} from '../fixtures';

/** The worker with the edge page cache on. */
async function fetchCached(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  const res = await callWorker(
    new Request(new URL(path, ORIGIN), {
      headers: { accept: 'text/html', ...headers },
      redirect: 'manual',
      ...init,
    }),
    { PAGE_CACHE_SECONDS: '60' },
  );
  return { res, body: await res.text() };
}

describe('the flash cookie', () => {
  it('is set with the redirect: HttpOnly, Path=/, about a minute, a known code', async () => {
    const { cookie } = await person();
    const res = await postFormAs('/posts/new', formOf(validFields()), cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).not.toContain('?');
    const line = res.headers.getSetCookie().find((l) => l.startsWith('flash='));
    expect(line).toMatch(/^flash=publicat; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);
  });

  it('shows the message once: the page clears it, is private, and a reload has no message', async () => {
    const { cookie } = await person();
    const res = await postFormAs('/posts/new', formOf(validFields()), cookie);
    const location = res.headers.get('location') ?? '';
    const first = await getAs(location, withFlash(res, cookie));
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(first.headers.getSetCookie()).toContain('flash=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    const html = await first.text();
    expect(flashText(html)).toBe(FLASH_MESSAGES.publicat);
    // The canonical URL never carries it.
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:8787${location}"/>`);
    // The browser dropped the cookie (Max-Age=0): the reload is plain.
    const reload = await getAs(location, cookie);
    expect(flashText(await reload.text())).toBeNull();
  });

  it('survives a redirect on the way (kept until an HTML page shows it)', async () => {
    const res = await get('/anunturi/pagina-1', { headers: { cookie: 'flash=sters' } });
    expect(res.status).toBe(301);
    expect(res.headers.getSetCookie().some((l) => l.startsWith('flash='))).toBe(false);
    await res.body?.cancel();
  });

  it('shows only messages of the catalogue: an unknown or hostile code shows nothing and is cleared', async () => {
    for (const value of ['<script>alert(1)</script>', 'toString', '__proto__', 'Anun%C8%9B', '']) {
      const res = await get('/', { headers: { cookie: `flash=${value}` } });
      expect(res.status, value).toBe(200);
      const html = await res.text();
      expect(flashText(html), value).toBeNull();
      expect(html).not.toContain('<script>alert');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.getSetCookie().some((l) => /^flash=;.*Max-Age=0/.test(l))).toBe(true);
    }
    expect(readFlashCode('a=1; flash=vandut; b=2')).toBe('vandut');
    expect(readFlashCode('flash=constructor')).toBeNull();
  });

  it('confirms sign-out on the home page', async () => {
    const { cookie } = await person();
    const res = await postFormAs('/clerk/sign-out', {}, cookie);
    expect(res.status).toBe(303);
    const home = await get('/', { headers: { cookie: withFlash(res) } });
    expect(flashText(await home.text())).toBe('V-ați deconectat.');
  });

  it('confirms every redirecting action with its own message', async () => {
    const { cookie, user } = await person();
    const operator = await person({ role: 'operator' });
    const ad = await makePost(user.id, { title: 'Anunț de confirmat aici' });
    // [the action, the cookie the browser follows the redirect with, the message expected]
    const cases: [() => Promise<Response>, string | undefined, string][] = [
      [
        () => postForm(`/raporteaza/${ad.id}`, new URLSearchParams({ reason: 'Spam' })),
        undefined,
        FLASH_MESSAGES.raportat,
      ],
      [() => postFormAs(`/posts/edit/${ad.id}/vandut`, {}, cookie), cookie, FLASH_MESSAGES.vandut],
      [() => postFormAs(`/posts/edit/${ad.id}/publica`, {}, cookie), cookie, FLASH_MESSAGES.republicat],
      [() => postFormAs(`/posts/edit/${ad.id}/retrage`, {}, cookie), cookie, FLASH_MESSAGES.retras],
      [
        () => postFormAs('/profile/edit', { name: 'Nume Nou' }, cookie),
        cookie,
        FLASH_MESSAGES['profil-salvat'],
      ],
      [
        () => postFormAs(`/moderare/anunt/${ad.id}/rezolva`, {}, operator.cookie),
        operator.cookie,
        FLASH_MESSAGES.rezolvat,
      ],
      [
        () => postFormAs(`/posts/edit/${ad.id}/sterge`, { confirm: 'da' }, cookie),
        cookie,
        FLASH_MESSAGES.sters,
      ],
    ];
    for (const [action, follow, message] of cases) {
      const res = await action();
      expect(res.status, message).toBe(303);
      const location = res.headers.get('location') ?? '';
      expect(location, message).not.toMatch(/[?&](ok|stare|publicat|salvat|raportat)=/);
      const page = await get(location, { headers: { cookie: withFlash(res, follow) } });
      expect(page.status, `${message} → ${location}`).toBe(200);
      expect(flashText(await page.text()), message).toBe(message);
    }
  });
});

describe('the edge page cache and the flash', () => {
  it('never answers a request carrying the flash from the cache, nor stores its page', async () => {
    const author = await makeUser({ name: 'Autor Flash' });
    const post = await makePost(author.id, { title: 'Anunț pentru cache și flash' });
    const path = `/anunt/imobiliare/${post.slug}-${post.id}`;
    await fetchCached(path);
    expect((await fetchCached(path)).res.headers.get('x-page-cache')).toBe('hit');
    // An anonymous report: the redirect carries the flash; the next page is rendered, private.
    const reported = await fetchCached(
      `/raporteaza/${post.id}`,
      { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      { method: 'POST', body: 'reason=Spam' },
    );
    expect(reported.res.status).toBe(303);
    const withMessage = await fetchCached(path, { cookie: withFlash(reported.res) });
    expect(withMessage.res.headers.get('x-page-cache')).toBeNull();
    expect(withMessage.res.headers.get('cache-control')).toBe('private, no-store');
    expect(flashText(withMessage.body)).toBe(FLASH_MESSAGES.raportat);
    // Everyone else still gets the shared page, without the message.
    const shared = await fetchCached(path);
    expect(shared.res.headers.get('x-page-cache')).toBe('hit');
    expect(flashText(shared.body)).toBeNull();
    expect(shared.body).not.toContain(FLASH_MESSAGES.raportat);
  });

  it('never stores a page that shows a message, even for a public path', async () => {
    const path = `/anunturi?utm_campaign=${Math.random().toString(36).slice(2)}`;
    const first = await fetchCached(path, { cookie: 'flash=deconectat' });
    expect(flashText(first.body)).toBe(FLASH_MESSAGES.deconectat);
    const next = await fetchCached(path);
    expect(next.res.headers.get('x-page-cache')).toBe('miss');
    expect(flashText(next.body)).toBeNull();
  });

  it('a signed-in person’s confirmation is private too', async () => {
    const user = await makeUser({ name: 'Cineva Conectat' });
    const cookie = `${await sessionCookie(user.clerkId)}; flash=salvat`;
    const res = await fetchCached('/', { cookie });
    expect(res.res.headers.get('cache-control')).toBe('private, no-store');
    expect(flashText(res.body)).toBe(FLASH_MESSAGES.salvat);
  });
});
