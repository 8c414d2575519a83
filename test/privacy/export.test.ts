// `GET /cont/date`: everything the site holds about the person, as one JSON attachment, and nothing
// of anyone else's.
import { describe, expect, it } from 'vitest';
import { get, getAs, person } from '../fixtures';
import { personWithEverything } from './support';

describe('downloading one’s data', () => {
  it('is one private JSON attachment named with the site and the day, holding every kind of data', async () => {
    const s = await personWithEverything();
    const res = await getAs('/cont/date', s.me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="eradauti-date-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const data = JSON.parse(text);

    expect(data.site).toBe('eRădăuți');
    expect(data.profile).toMatchObject({
      id: s.me.user.id,
      name: s.me.user.name,
      email: s.me.user.email,
      phone: '0744555666',
    });
    const titles = data.ads.map((a: { title: string }) => a.title);
    expect(titles).toEqual([s.ad.title, s.hidden.title]);
    const hidden = data.ads.find((a: { id: number }) => a.id === s.hidden.id);
    expect(hidden).toMatchObject({ status: 'hidden', hiddenReason: 'Spam sau anunț duplicat' });
    const ad = data.ads.find((a: { id: number }) => a.id === s.ad.id);
    expect(ad).toMatchObject({
      description: 'Stare bună, Rădăuți.',
      price: s.ad.price,
      currency: s.ad.currency,
    });
    expect(ad.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(ad.photos.map((p: { id: number }) => p.id)).toEqual(s.photos.map((p) => p.id));
    expect(ad.photos[0].url).toBe(
      `http://127.0.0.1:8787/api/poze/${s.photos[0].id}/${s.photos[0].fileName.replace(/\.jpg$/, '.webp')}`,
    );
    expect(data.otherPhotos.map((p: { id: number }) => p.id)).toEqual([s.upload.id]);
    expect(data.favourites).toEqual([
      expect.objectContaining({ postId: s.otherAd.id, title: s.otherAd.title, priceAtSave: 100 }),
    ]);
    expect(data.savedSearches).toEqual([expect.objectContaining({ name: `Biciclete ${s.tag}` })]);
    expect(data.mailPreferences).toMatchObject({ 'price-drop': false, messages: true });
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0]).toMatchObject({
      id: s.conversationId,
      adTitle: s.otherAd.title,
      role: 'cumpărător',
      otherPerson: s.other.user.name,
      messages: [
        expect.objectContaining({ from: 'eu', text: s.myText }),
        expect.objectContaining({ from: s.other.user.name, text: s.otherText }),
      ],
    });
    expect(data.reportsMade).toEqual([
      expect.objectContaining({ postId: s.otherAd.id, reason: 'Spam', details: `detalii ${s.tag}` }),
    ]);
    expect(data.moderationDecisions).toEqual([
      expect.objectContaining({ action: 'hide', targetType: 'post', targetId: s.hidden.id }),
    ]);

    // Nothing of anyone else's: the other person appears only by name (and their own words to me).
    expect(text).not.toContain(s.other.user.email as string);
    expect(text).not.toContain('0755111222');
    expect(text).not.toContain(`Secret vecin ${s.tag}`);
    expect(text).not.toContain(`"userId":${s.other.user.id}`);
    expect(text).not.toContain(`"operatorUserId"`);
    expect(text).not.toContain(`photos/${s.otherPhoto.id}/`);
  });

  it('is for signed-in people only', async () => {
    const res = await get('/cont/date', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-disposition')).toBeNull();
  });

  it('is limited through the Rate Limiting binding: the fourth download in a minute is a 429 in Romanian', async () => {
    const p = await person();
    for (let i = 0; i < 3; i++) expect((await getAs('/cont/date', p.cookie)).status).toBe(200);
    const refused = await getAs('/cont/date', p.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.text()).toContain('Ați descărcat datele de prea multe ori într-un minut.');
  });

  it('streams a long history: 250 ads arrive whole, in order', async () => {
    const p = await person();
    const { makePost } = await import('../fixtures');
    for (let i = 0; i < 250; i++) await makePost(p.user.id, { title: `Anunț numărul ${i}` });
    const res = await getAs('/cont/date', p.cookie);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let chunks = 0;
    let text = '';
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThan(250);
    const data = JSON.parse(text);
    expect(data.ads).toHaveLength(250);
    expect(data.ads[249].title).toBe('Anunț numărul 249');
  });
});
