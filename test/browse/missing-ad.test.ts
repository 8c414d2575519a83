// The old address of an ad that is no longer there shows a few ads of the same category, keeping
// its status: 404 for an ad deleted, hidden or never there, 410 for one removed for good.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { get, HOUSE, makePost, person, textOf } from '../fixtures';

describe('a missing ad’s address', () => {
  it('answers 404 with similar ads of the category its address names, never the missing ad', async () => {
    const { user } = await person();
    const sibling = await makePost(user.id, { title: 'Casă de vânzare lângă pădure, Marginea' }, HOUSE);
    const hidden = await makePost(user.id, { title: 'Casă ascunsă de operatori', status: 'hidden' }, HOUSE);
    const res = await get(`/anunt/imobiliare/${hidden.slug}-${hidden.id}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain('Anunțul nu mai este disponibil');
    expect(text).toContain('Anunțuri asemănătoare din Imobiliare');
    expect(html).toContain(`-${sibling.id}"`);
    expect(text).not.toContain('Casă ascunsă de operatori');
    expect(html).toContain('noindex');
    // A deleted ad's address (no row at all) answers the same way.
    await env.DB.prepare('DELETE FROM posts WHERE id = ?').bind(hidden.id).run();
    const deleted = await get(`/anunt/imobiliare/${hidden.slug}-${hidden.id}`);
    expect(deleted.status).toBe(404);
    expect(await deleted.text()).toContain(`-${sibling.id}"`);
  });

  it('answers 410 for an ad removed for good, with similar ads too', async () => {
    const { user } = await person();
    const sibling = await makePost(user.id, { title: 'Casă cu etaj în Rădăuți, curte mare' }, HOUSE);
    const goneAd = await makePost(user.id, { title: 'Casă ștearsă definitiv' }, HOUSE);
    await env.DB.batch([
      env.DB.prepare('DELETE FROM posts WHERE id = ?').bind(goneAd.id),
      env.DB.prepare('INSERT INTO gone_posts (post_id, gone_at) VALUES (?, ?)').bind(goneAd.id, Date.now()),
    ]);
    const res = await get(`/anunt/imobiliare/${goneAd.slug}-${goneAd.id}`);
    expect(res.status).toBe(410);
    const html = await res.text();
    expect(textOf(html)).toContain('Acest anunț a fost șters definitiv și nu mai este disponibil.');
    expect(html).toContain(`-${sibling.id}"`);
  });

  it('an address without a known category still answers 404, without similar ads', async () => {
    const res = await get('/anunt/nu-exista/ceva-99999999');
    expect(res.status).toBe(404);
    expect(textOf(await res.text())).not.toContain('Anunțuri asemănătoare');
  });
});
