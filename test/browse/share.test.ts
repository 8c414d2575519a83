// "Distribuie anunțul" on the ad page: the share sheet button for the island, plain links for
// WhatsApp, Facebook and the address, each with the ad's canonical address; no third-party script.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { db, get, makePost, makeUser, postRow } from '../fixtures';

const SITE = 'http://127.0.0.1:8787';

async function adPage() {
  const author = await makeUser();
  const post = await makePost(author.id, { title: 'Bicicletă de oraș, roți 28' });
  const path = `/anunt/imobiliare/${post.slug}-${post.id}`;
  return { post, path, html: await (await get(path)).text() };
}

describe('sharing an ad', () => {
  it('offers WhatsApp, Facebook and the address, all with the canonical URL', async () => {
    const { path, html } = await adPage();
    const canonical = `${SITE}${path}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
    const box = /<section class="box share"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(box).toContain(`data-share-url="${canonical}"`);
    const hrefs = [...box.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(hrefs).toEqual([
      `https://api.whatsapp.com/send?text=${encodeURIComponent(`Bicicletă de oraș, roți 28 ${canonical}`)}`,
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`,
      canonical,
    ]);
    // The share-sheet button is hidden until the island finds navigator.share.
    expect(box).toMatch(/<button type="button" class="btn share__native" hidden="">Distribuie…<\/button>/);
  });

  it('loads only our own share island, no third-party script', async () => {
    const { html } = await adPage();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.some((s) => /^\/build\/share-[A-Z0-9]+\.js$/.test(s))).toBe(true);
    for (const src of scripts) expect(src).toMatch(/^\/build\//);
  });

  it('does not offer sharing on an ad the public cannot see', async () => {
    const author = await makeUser();
    const post = await makePost(author.id, { title: 'Anunț ascuns de distribuit' });
    await db.update(schema.posts).set({ status: 'hidden' }).where(eq(schema.posts.id, post.id));
    expect((await postRow(post.id))?.status).toBe('hidden');
    const res = await get(`/anunt/imobiliare/${post.slug}-${post.id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('class="box share"');
  });
});
