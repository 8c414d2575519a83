// The ad page is where its author and operators act: the author sees the status in words and the
// actions that apply (never a report form); an operator sees hide/show with a reason, promotion, the
// author's ban and the open reports. Anonymous visitors get the same page as before, for everyone.
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import {
  DAY,
  db,
  flashText,
  formOf,
  get,
  getAs,
  HOUSE,
  makeDraftPhoto,
  makePost,
  person,
  postFormAs,
  postRow,
  textOf,
  validFields,
  withFlash,
} from '../fixtures';

type Person = Awaited<ReturnType<typeof person>>;
let owner: Person;
let other: Person;
let operator: Person;

beforeAll(async () => {
  owner = await person({ name: 'Maria Autoarea' });
  other = await person({ name: 'Alt Vizitator' });
  operator = await person({ name: 'Ion Operatorul', role: 'operator' });
});

const adPath = (ad: { slug: string; id: number }) => `/anunt/imobiliare/${ad.slug}-${ad.id}`;

function panel(html: string, id: string): string | null {
  const start = html.indexOf(`aria-labelledby="${id}"`);
  if (start < 0) return null;
  return html.slice(start, html.indexOf('</section>', start));
}

describe('the ad page for its author', () => {
  it('shows the status in words, the actions that apply and no report form', async () => {
    const ad = await makePost(owner.user.id, { bumpedAt: Date.now() - 3 * DAY }, HOUSE);
    const res = await getAs(adPath(ad), owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    const mine = panel(html, 'owner-panel-title');
    expect(mine).not.toBeNull();
    const text = textOf(mine ?? '');
    expect(text).toMatch(/Publicat expiră pe \d{1,2} [a-z]+ \d{4}/);
    expect(mine).toContain(`href="/posts/edit/${ad.id}"`);
    expect(text).toContain('Editează');
    expect(mine).toContain(`action="/posts/edit/${ad.id}/reinnoieste"`);
    expect(mine).toContain(`action="/posts/edit/${ad.id}/vandut"`);
    expect(mine).toContain(`href="/posts/edit/${ad.id}/sterge"`);
    // Each action comes back to this page.
    expect(mine).toContain(`name="returnTo" value="${adPath(ad)}"`);
    expect(html).not.toContain('Raportează anunțul');
    expect(panel(html, 'operator-panel-title')).toBeNull();
  });

  it('does not talk about renewing a freshly published ad', async () => {
    const ad = await makePost(owner.user.id, { bumpedAt: Date.now() - 3_600_000 }, HOUSE);
    const mine = textOf(
      panel(await (await getAs(adPath(ad), owner.cookie)).text(), 'owner-panel-title') ?? '',
    );
    expect(mine).not.toMatch(/reînnoi|Reînnoiește/);
    const list = await (await getAs('/posts/mine', owner.cookie)).text();
    const start = list.indexOf(`id="anunt-${ad.id}"`);
    expect(textOf(list.slice(start, list.indexOf('</li>', start)))).not.toMatch(/reînnoi|Reînnoiește/);
  });

  it('says why renewing is not possible yet, and when it will be', async () => {
    const ad = await makePost(
      owner.user.id,
      { bumpedAt: Date.now() - 3_600_000, renewedAt: Date.now() - 3_600_000 },
      HOUSE,
    );
    const mine = panel(await (await getAs(adPath(ad), owner.cookie)).text(), 'owner-panel-title') ?? '';
    expect(mine).not.toContain('/reinnoieste');
    expect(textOf(mine)).toMatch(/Un anunț se poate reînnoi o dată pe zi: din nou după .* \d{2}:\d{2}\./);
  });

  it('offers "Republică" for a sold ad, and renewing for an expired one', async () => {
    const sold = await makePost(owner.user.id, { status: 'sold' }, HOUSE);
    const soldPanel =
      panel(await (await getAs(adPath(sold), owner.cookie)).text(), 'owner-panel-title') ?? '';
    expect(textOf(soldPanel)).toContain('Vândut');
    expect(soldPanel).toContain(`action="/posts/edit/${sold.id}/publica"`);
    expect(soldPanel).not.toContain('/vandut"');
    const expired = await makePost(
      owner.user.id,
      {
        expiresAt: Date.now() - DAY,
        bumpedAt: Date.now() - 31 * DAY,
      },
      HOUSE,
    );
    const exp = panel(await (await getAs(adPath(expired), owner.cookie)).text(), 'owner-panel-title') ?? '';
    expect(textOf(exp)).toMatch(/Expirat a expirat pe/);
    expect(exp).toContain(`action="/posts/edit/${expired.id}/reinnoieste"`);
  });

  it('shows a hidden ad with the operator’s reason and what to do', async () => {
    const ad = await makePost(
      owner.user.id,
      {
        status: 'hidden',
        hiddenReason: 'Categorie greșită: mutați-l la Case',
      },
      HOUSE,
    );
    const res = await getAs(adPath(ad), owner.cookie);
    expect(res.status).toBe(200);
    const text = textOf(panel(await res.text(), 'owner-panel-title') ?? '');
    expect(text).toContain('Ascuns de un operator motivul: Categorie greșită: mutați-l la Case');
    expect(text).toContain('Corectați anunțul');
    expect(text).toContain('Editează');
    expect(text).not.toContain('Reînnoiește');
  });

  it('tells a banned author their account is suspended and offers no action', async () => {
    const banned = await person({ name: 'Autor Blocat', banned: true });
    const ad = await makePost(banned.user.id, {}, HOUSE);
    const html = await (await getAs(adPath(ad), banned.cookie)).text();
    const mine = panel(html, 'owner-panel-title') ?? '';
    expect(textOf(mine)).toContain('Contul dumneavoastră a fost suspendat');
    expect(mine).not.toContain('/posts/edit/');
  });
});

describe('the ad page for operators', () => {
  it('shows hide (with reasons), promote, ban and the open reports with a link to them', async () => {
    const ad = await makePost(other.user.id, {}, HOUSE);
    for (const key of ['a:1', 'a:2'])
      await db
        .insert(schema.reports)
        .values({ postId: ad.id, reason: 'Spam', reporterKey: key, createdAt: Date.now() });
    const res = await getAs(adPath(ad), operator.cookie);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    const tools = panel(html, 'operator-panel-title') ?? '';
    expect(textOf(tools)).toContain('2 rapoarte deschise');
    expect(tools).toContain(`href="/moderare#anunt-${ad.id}"`);
    expect(tools).toContain(`action="/moderare/anunt/${ad.id}/ascunde"`);
    for (const reason of schema.HIDE_REASONS) expect(tools).toContain(`>${reason}</option>`);
    expect(tools).toContain(`action="/moderare/anunt/${ad.id}/promoveaza"`);
    expect(tools).toContain(`action="/moderare/utilizator/${other.user.id}/blocheaza"`);
    // Not the operator's own ad: no author panel; reporting stays possible.
    expect(panel(html, 'owner-panel-title')).toBeNull();
  });

  it('says "1 raport deschis" and "Niciun raport deschis" with the plural helper', async () => {
    const ad = await makePost(other.user.id, {}, HOUSE);
    const none = panel(await (await getAs(adPath(ad), operator.cookie)).text(), 'operator-panel-title') ?? '';
    expect(textOf(none)).toContain('Niciun raport deschis');
    await db
      .insert(schema.reports)
      .values({ postId: ad.id, reason: 'Spam', reporterKey: 'a:x', createdAt: Date.now() });
    const one = panel(await (await getAs(adPath(ad), operator.cookie)).text(), 'operator-panel-title') ?? '';
    expect(textOf(one)).toContain('1 raport deschis');
  });

  it('hides with a reason from the ad page, lands back on it with a confirmation, and the author sees why', async () => {
    const ad = await makePost(owner.user.id, {}, HOUSE);
    const res = await postFormAs(
      `/moderare/anunt/${ad.id}/ascunde`,
      {
        hideReason: 'Fotografii nepotrivite',
        hideDetails: 'Înlocuiți a doua fotografie.',
        returnTo: adPath(ad),
      },
      operator.cookie,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(adPath(ad));
    const back = await (await getAs(adPath(ad), withFlash(res, operator.cookie))).text();
    expect(flashText(back)).toBe('Anunțul a fost ascuns. Autorul vede motivul.');
    expect(textOf(panel(back, 'operator-panel-title') ?? '')).toContain('Arată din nou');
    const authorView = textOf(await (await getAs(adPath(ad), owner.cookie)).text());
    expect(authorView).toContain('Fotografii nepotrivite: Înlocuiți a doua fotografie.');
    const mine = textOf(await (await getAs('/posts/mine', owner.cookie)).text());
    expect(mine).toContain('Motivul operatorului: Fotografii nepotrivite: Înlocuiți a doua fotografie.');
  });

  it('refuses hiding without a reason, or with a reason not on the list (400, nothing changes)', async () => {
    const ad = await makePost(owner.user.id, {}, HOUSE);
    const bodies: Record<string, string>[] = [{}, { hideReason: 'Motiv inventat' }, { hideDetails: '   ' }];
    for (const body of bodies) {
      const res = await postFormAs(`/moderare/anunt/${ad.id}/ascunde`, body, operator.cookie);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(textOf(await res.text())).toContain('Alegeți motivul');
    }
    expect((await postRow(ad.id))?.status).toBe('published');
  });

  it('keeps an operator-authored ad safe from the ban button', async () => {
    const op2 = await person({ name: 'Alt Operator', role: 'operator' });
    const ad = await makePost(op2.user.id, {}, HOUSE);
    const tools =
      panel(await (await getAs(adPath(ad), operator.cookie)).text(), 'operator-panel-title') ?? '';
    expect(tools).not.toContain('/blocheaza');
  });
});

describe('everyone else', () => {
  it('shows another signed-in person no panel, and the report form', async () => {
    const ad = await makePost(owner.user.id, {}, HOUSE);
    const html = await (await getAs(adPath(ad), other.cookie)).text();
    expect(panel(html, 'owner-panel-title')).toBeNull();
    expect(panel(html, 'operator-panel-title')).toBeNull();
    expect(html).toContain('Raportează anunțul');
  });

  it('gives anonymous visitors one identical, public page without any panel', async () => {
    const ad = await makePost(owner.user.id, {}, HOUSE);
    const a = await get(adPath(ad));
    const b = await get(adPath(ad));
    expect(a.headers.get('cache-control')).toMatch(/^public/);
    const [ha, hb] = [await a.text(), await b.text()];
    expect(ha).toBe(hb);
    expect(ha).not.toContain('post-panel');
    expect(ha).not.toContain('/posts/edit/');
    expect(ha).toContain('Raportează anunțul');
  });
});

describe('editing a hidden ad', () => {
  it('keeps it hidden, marks it changed for the operators and confirms that', async () => {
    const ad = await makePost(owner.user.id, { status: 'hidden', hiddenReason: 'Categorie greșită' }, HOUSE);
    const res = await postFormAs(
      `/posts/edit/${ad.id}`,
      formOf(validFields({ title: 'Apartament corectat după ascundere' })),
      owner.cookie,
    );
    expect(res.status).toBe(303);
    const row = await postRow(ad.id);
    expect(row?.status).toBe('hidden');
    expect(row?.hiddenEditedAt).toBeGreaterThan(Date.now() - 60_000);
    const page = await (await getAs(res.headers.get('location') ?? '', withFlash(res, owner.cookie))).text();
    expect(flashText(page)).toContain('un operator îl verifică din nou');
    const queue = await (await getAs('/moderare', operator.cookie)).text();
    const changed = queue.slice(
      queue.indexOf('Anunțuri ascunse, modificate de autor'),
      queue.indexOf('Anunțuri raportate'),
    );
    expect(changed).toContain(`id="modificat-${ad.id}"`);
    expect(textOf(changed)).toContain('modificat de autor pe');
    // Showing it again clears the reason and the mark.
    await postFormAs(`/moderare/anunt/${ad.id}/arata`, {}, operator.cookie);
    expect(await postRow(ad.id)).toMatchObject({
      status: 'published',
      hiddenReason: null,
      hiddenEditedAt: null,
    });
  });

  it('does not mark the ad changed when an operator edits it', async () => {
    const ad = await makePost(owner.user.id, { status: 'hidden', hiddenReason: 'Spam' }, HOUSE);
    const res = await postFormAs(`/posts/edit/${ad.id}`, formOf(validFields()), operator.cookie);
    expect(res.status).toBe(303);
    expect((await postRow(ad.id))?.hiddenEditedAt).toBeNull();
  });
});

describe('"Anunțurile mele"', () => {
  it('shows each ad’s own main photo (three ads, three different photos)', async () => {
    const me = await person({ name: 'Trei Anunțuri' });
    const ads = [];
    for (const title of ['Primul anunț cu poză', 'Al doilea anunț cu poză', 'Al treilea anunț cu poză']) {
      const ad = await makePost(me.user.id, { title }, HOUSE);
      // Some noise first: a photo with a lower id on another person's ad.
      await makeDraftPhoto(other.user.id, (await makePost(other.user.id, {}, HOUSE)).id);
      const main = await makeDraftPhoto(me.user.id, ad.id);
      ads.push({ ad, main });
    }
    const html = await (await getAs('/posts/mine', me.cookie)).text();
    for (const { ad, main } of ads) {
      const start = html.indexOf(`id="anunt-${ad.id}"`);
      const row = html.slice(start, html.indexOf('</li>', start));
      expect(row).toContain(`/api/poze/responsive/${main.id}/`);
    }
    const ids = ads.map(({ ad }) => {
      const start = html.indexOf(`id="anunt-${ad.id}"`);
      return /\/api\/poze\/responsive\/(\d+)\//.exec(html.slice(start, html.indexOf('</li>', start)))?.[1];
    });
    expect(new Set(ids).size).toBe(3);
  });

  it('shows a banned author a clear notice instead of ads labelled "Publicat"', async () => {
    const banned = await person({ name: 'Blocat Complet', banned: true });
    await makePost(banned.user.id, { title: 'Anunțul unui autor blocat' }, HOUSE);
    const text = textOf(await (await getAs('/posts/mine', banned.cookie)).text());
    expect(text).toContain('Contul dumneavoastră a fost suspendat');
    expect(text).toContain('Nevizibil (cont suspendat)');
    expect(text).not.toMatch(/\bPublicat\b/);
  });
});
