// `/cont`: without JavaScript the header's "Cont" link leads to a server-rendered account page.
import { describe, expect, it } from 'vitest';
import { get, getAs, person, textOf } from '../fixtures';

describe('/cont', () => {
  it('is where the header’s "Cont" fallback leads on every page', async () => {
    const html = await (await get('/')).text();
    expect(html).toMatch(/<a class="btn account-menu__button" href="\/cont">/);
  });

  it('lists the signed-in person’s links, sign-out as a POST form; private, never stored', async () => {
    const { cookie } = await person({ name: 'Elena Cont' });
    const res = await getAs('/cont', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(textOf(html)).toContain('Sunteți conectat ca Elena Cont');
    expect(html).toContain('href="/posts/mine"');
    expect(html).toContain('href="/posts/new"');
    expect(html).toContain('href="/profile/edit"');
    expect(html).toMatch(/<form action="\/clerk\/sign-out" method="post"><button[^>]*>Ieșire<\/button>/);
    expect(html).not.toContain('href="/moderare"');
  });

  it('adds Moderare for operators', async () => {
    const { cookie } = await person({ role: 'operator' });
    expect(await (await getAs('/cont', cookie)).text()).toContain('href="/moderare"');
  });

  it('offers signing in to an anonymous visitor, and comes back to /cont after', async () => {
    const res = await get('/cont');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(textOf(html)).toContain('Nu sunteți conectat');
    expect(html).toContain('href="/auth/login?redirect_url=%2Fcont"');
  });
});
