// Reports that act: one per ad and reporter (an account, or an anonymous client's address whatever
// its headers), and an ad held ("în verificare") once 3 credibly different people agree — hidden from the
// public everywhere, shown so to its author, first in /moderare until an operator decides.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { authorPath } from '../../src/lib/links';
import {
  callWorker,
  db,
  get,
  getAs,
  HOUSE,
  makePost,
  ORIGIN,
  person,
  postFormAs,
  postRow,
  textOf,
} from '../fixtures';
import { resultIds } from '../search/support';
import { adPath, getFrom, postFrom, trustedReporter, uniqueClient } from './support';

async function reportsOf(postId: number) {
  return db.select().from(schema.reports).where(eq(schema.reports.postId, postId));
}

function report(client: string, postId: number, headers: Record<string, string> = {}) {
  return postFrom(client, `/raporteaza/${postId}`, { reason: 'Înșelătorie' }, headers);
}

let word = 0;
/** A word no other ad has, for search. */
function uniqueWord(): string {
  word++;
  return `verificare${Math.random().toString(36).slice(2, 7)}${word}`;
}

async function listingHrefs(path: string): Promise<string[]> {
  const html = await (await get(path)).text();
  return [...html.matchAll(/href="(\/anunt\/[^"?#]+)"/g)].map((m) => m[1]);
}

describe('one report per ad and reporter', () => {
  it('holds nothing after 3 reports of one anonymous client changing only its User-Agent', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const client = uniqueClient();
    for (const ua of ['Firefox', 'Chrome', 'curl/8']) {
      expect((await report(client, ad.id, { 'user-agent': ua })).status).toBe(303);
    }
    expect(await reportsOf(ad.id)).toHaveLength(1);
    expect((await postRow(ad.id))?.status).toBe('published');
  });

  it('holds nothing after 3 reports of one account from 3 addresses', async () => {
    const author = await person();
    const reporter = await person();
    const ad = await makePost(author.user.id, {}, HOUSE);
    for (let i = 0; i < 3; i++) {
      const res = await report(uniqueClient(), ad.id, { cookie: reporter.cookie });
      expect(res.status).toBe(303);
    }
    const rows = await reportsOf(ad.id);
    expect(rows.map((r) => r.reporterKey)).toEqual([`u:${reporter.user.id}`]);
    expect((await postRow(ad.id))?.status).toBe('published');
  });

  it('stores a hash of the client, never its address', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const client = uniqueClient();
    await report(client, ad.id);
    const [row] = await reportsOf(ad.id);
    expect(row.reporterKey).toMatch(/^a:[0-9a-f]{64}$/);
    expect(row.reporterKey).not.toContain(client);
  });
});

describe('the automatic hold', () => {
  it('holds an ad at the 3rd distinct reporter: gone from the ad page, listing, search and author page for the public', async () => {
    const { user, cookie } = await person({ name: 'Autor Raportat' });
    const term = uniqueWord();
    const ad = await makePost(user.id, { title: `Oferta ${term} deosebita`, searchText: term }, HOUSE);
    const search = `/cautare?q=${term}`;
    expect(resultIds(await (await get(search)).text())).toEqual([ad.id]);
    expect(await listingHrefs('/anunturi/imobiliare')).toContain(adPath(ad));

    const first = await report(uniqueClient(), ad.id, { cookie: (await trustedReporter()).cookie });
    expect(first.headers.get('location')).toBe(adPath(ad));
    await report(uniqueClient(), ad.id, { cookie: (await trustedReporter()).cookie });
    expect((await postRow(ad.id))?.status).toBe('published');
    const third = await report(uniqueClient(), ad.id, { cookie: (await trustedReporter()).cookie });
    expect(third.status).toBe(303);
    // The reporter is not sent to a page that is now missing for them.
    expect(third.headers.get('location')).toBe('/anunturi/imobiliare');
    expect((await postRow(ad.id))?.status).toBe('held');

    expect((await get(adPath(ad))).status).toBe(404);
    expect((await get(`${adPath(ad)}?contact=1`)).status).toBe(404);
    expect(await listingHrefs('/anunturi/imobiliare')).not.toContain(adPath(ad));
    expect(await listingHrefs('/')).not.toContain(adPath(ad));
    expect(await listingHrefs(authorPath(user))).not.toContain(adPath(ad));
    expect(resultIds(await (await get(search)).text())).toEqual([]);
    expect(await (await get('/sitemap.xml')).text()).not.toContain(adPath(ad));

    // Its author sees it, marked "în verificare", on its page and in "Anunțurile mele".
    const own = await getAs(adPath(ad), cookie);
    expect(own.status).toBe(200);
    expect(textOf(await own.text())).toContain('Anunț în verificare');
    const mine = textOf(await (await getAs('/posts/mine', cookie)).text());
    expect(mine).toContain('În verificare');
    // Renewing or marking sold waits for the operator.
    const sold = await postFormAs(`/posts/edit/${ad.id}/vandut`, {}, cookie);
    expect(sold.status).toBe(409);
  });

  it('holds with REPORT_HOLD_THRESHOLD reporters when it is set (here 2)', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    for (let i = 0; i < 2; i++) {
      const res = await callWorker(
        new Request(`${ORIGIN}/raporteaza/${ad.id}`, {
          method: 'POST',
          body: new URLSearchParams({ reason: 'Spam' }),
          headers: {
            origin: ORIGIN,
            accept: 'text/html',
            'cf-connecting-ip': uniqueClient(),
            cookie: (await trustedReporter()).cookie,
          },
        }),
        { REPORT_HOLD_THRESHOLD: '2' },
      );
      expect(res.status).toBe(303);
    }
    expect((await postRow(ad.id))?.status).toBe('held');
  });

  it('holds exactly once when 3 distinct reporters report at the same time', async () => {
    const { user } = await person();
    const ad = await makePost(user.id, {}, HOUSE);
    const reporters = await Promise.all([trustedReporter(), trustedReporter(), trustedReporter()]);
    const responses = await Promise.all(
      reporters.map((r) => report(uniqueClient(), ad.id, { cookie: r.cookie })),
    );
    expect(responses.map((r) => r.status)).toEqual([303, 303, 303]);
    expect(await reportsOf(ad.id)).toHaveLength(3);
    expect((await postRow(ad.id))?.status).toBe('held');
  });
});

describe('operators decide on held ads', () => {
  async function heldAd() {
    const author = await person();
    const ad = await makePost(author.user.id, {}, HOUSE);
    for (let i = 0; i < 3; i++)
      await report(uniqueClient(), ad.id, { cookie: (await trustedReporter()).cookie });
    expect((await postRow(ad.id))?.status).toBe('held');
    return ad;
  }

  it('lists held ads first in /moderare, marked "În verificare"', async () => {
    const op = await person({ role: 'operator' });
    const other = await person();
    const reportedOnly = await makePost(other.user.id, {}, HOUSE);
    await report(uniqueClient(), reportedOnly.id);
    await report(uniqueClient(), reportedOnly.id, { cookie: (await person()).cookie });
    const ad = await heldAd();
    const html = await (await getAs('/moderare', op.cookie)).text();
    const reported = html.slice(html.indexOf('Anunțuri raportate'), html.indexOf('Anunțuri noi'));
    const statuses = [...reported.matchAll(/id="anunt-\d+"[\s\S]*?status--(\w+)/g)].map((m) => m[1]);
    // Every held ad comes before every other reported ad.
    expect(statuses[0]).toBe('held');
    expect(statuses).toContain('published');
    expect(statuses.indexOf('published')).toBeGreaterThan(statuses.lastIndexOf('held'));
    expect(reported).toContain(`id="anunt-${ad.id}"`);
    expect(textOf(reported)).toContain('În verificare');
  });

  it('"Arată din nou" puts a held ad back in public and dismisses its reports', async () => {
    const op = await person({ role: 'operator' });
    const ad = await heldAd();
    const res = await postFormAs(`/moderare/anunt/${ad.id}/arata`, {}, op.cookie);
    expect(res.status).toBe(303);
    expect((await postRow(ad.id))?.status).toBe('published');
    expect((await reportsOf(ad.id)).every((r) => r.resolvedAt !== null)).toBe(true);
    expect((await get(adPath(ad))).status).toBe(200);
  });

  it('"Rezolvă rapoartele" on a held ad shows it again too', async () => {
    const op = await person({ role: 'operator' });
    const ad = await heldAd();
    await postFormAs(`/moderare/anunt/${ad.id}/rezolva`, {}, op.cookie);
    expect((await postRow(ad.id))?.status).toBe('published');
    expect((await reportsOf(ad.id)).every((r) => r.resolvedAt !== null)).toBe(true);
  });

  it('hides or deletes a held ad', async () => {
    const op = await person({ role: 'operator' });
    const a = await heldAd();
    await postFormAs(`/moderare/anunt/${a.id}/ascunde`, { hideReason: 'Spam sau anunț duplicat' }, op.cookie);
    expect((await postRow(a.id))?.status).toBe('hidden');
    const b = await heldAd();
    const res = await postFormAs(`/moderare/anunt/${b.id}/sterge`, { confirm: 'da' }, op.cookie);
    expect(res.status).toBe(303);
    // Deleted, kept 30 days for an operator's undo (docs/privacy.md#deleted-ads).
    expect((await postRow(b.id))?.status).toBe('deleted');
  });
});

describe('reporting an ad the public cannot see', () => {
  it('answers a draft, hidden, held or banned author’s ad exactly like a missing one: 404, no redirect, no title', async () => {
    const author = await person();
    const banned = await person({ banned: true });
    const ads = [
      await makePost(author.user.id, { status: 'draft', title: 'Ciorna secreta de raportat' }, HOUSE),
      await makePost(author.user.id, { status: 'hidden', title: 'Anunt ascuns de raportat' }, HOUSE),
      await makePost(author.user.id, { status: 'held', title: 'Anunt retinut de raportat' }, HOUSE),
      await makePost(banned.user.id, { title: 'Anuntul unui autor blocat' }, HOUSE),
    ];
    const missing = await report(uniqueClient(), 2_000_000_000);
    expect(missing.status).toBe(404);
    const missingText = textOf(await missing.text());
    for (const ad of ads) {
      const res = await report(uniqueClient(), ad.id);
      expect(res.status).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      const text = textOf(await res.text());
      expect(text).not.toContain(ad.title);
      expect(text).toBe(missingText);
      expect(await reportsOf(ad.id)).toHaveLength(0);
    }
    // As JSON too.
    const json = await report(uniqueClient(), ads[0].id, { accept: 'application/json' });
    expect(json.status).toBe(404);
    expect(await json.text()).not.toContain(ads[0].title);
  });

  it('still takes reports of sold and expired ads, which the public can open, without holding them', async () => {
    const { user } = await person();
    const sold = await makePost(user.id, { status: 'sold' }, HOUSE);
    for (let i = 0; i < 3; i++) expect((await report(uniqueClient(), sold.id)).status).toBe(303);
    expect((await postRow(sold.id))?.status).toBe('sold');
    expect((await getFrom(uniqueClient(), adPath(sold))).status).toBe(200);
  });
});
