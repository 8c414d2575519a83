// The console's page of a person: account, ads in every state, reports, accounts sharing the phone,
// the ban form with a reason and a confirmation; operators only.
import { describe, expect, it } from 'vitest';
import { getAs, HOUSE, makePost, person, textOf } from '../fixtures';

describe('the person page', () => {
  it('shows the account, every ad in every state, and the other accounts with the same phone', async () => {
    const op = await person({ role: 'operator' });
    const target = await person({ name: 'Ion Suspect', phone: '0746000111' });
    const twin = await person({ name: 'Ion Geamăn', phone: '0746000111' });
    const held = await makePost(target.user.id, { status: 'held', title: 'Anunt retinut al lui Ion' }, HOUSE);
    const hidden = await makePost(
      target.user.id,
      { status: 'hidden', title: 'Anunt ascuns al lui Ion' },
      HOUSE,
    );
    const res = await getAs(`/moderare/utilizator/${target.user.id}`, op.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain('Ion Suspect');
    expect(text).toContain(held.title);
    expect(text).toContain(hidden.title);
    expect(html).toContain(`href="/moderare/utilizator/${twin.user.id}"`);
    // Ban needs a reason and a ticked confirmation.
    expect(html).toMatch(/<select[^>]*name="hideReason"[^>]*required/);
    const confirm = [...html.matchAll(/<input[^>]*>/g)]
      .map((m) => m[0])
      .find((t) => t.includes('name="confirm"'));
    // Not `required`: the browser's own bubble would speak the browser's language; the server refuses
    // an unticked box in Romanian (test/publish/lifecycle.test.ts, the deletion forms).
    expect(confirm).toBeDefined();
    expect(confirm).not.toContain('required');
  });

  it('lists an account whose ad carries the phone, and none for a person without a phone', async () => {
    const op = await person({ role: 'operator' });
    const phone = `0747${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const target = await person({ name: 'Vasile Telefon', phone });
    // Another account with no phone of its own, whose ad gives the same number.
    const other = await person({ name: 'Alt Cont' });
    await makePost(other.user.id, { phone }, HOUSE);
    const sameList = (html: string) => {
      const part = html.slice(
        html.indexOf('id="same-phone-title"'),
        html.indexOf('id="conversations-title"'),
      );
      return [...part.matchAll(/href="\/moderare\/utilizator\/(\d+)"/g)].map((m) => Number(m[1]));
    };
    const page = await (await getAs(`/moderare/utilizator/${target.user.id}`, op.cookie)).text();
    expect(sameList(page)).toEqual([other.user.id]);
    // Many accounts have no phone: none of them is "the same phone" as another.
    const noPhone = await person({ name: 'Fara Telefon' });
    await person({ name: 'Tot Fara Telefon' });
    const none = await (await getAs(`/moderare/utilizator/${noPhone.user.id}`, op.cookie)).text();
    expect(sameList(none)).toEqual([]);
    expect(textOf(none)).toContain('Niciunul.');
  });

  it('answers 403 to others and 404 to an unknown person', async () => {
    const op = await person({ role: 'operator' });
    const someone = await person();
    expect((await getAs(`/moderare/utilizator/${someone.user.id}`, someone.cookie)).status).toBe(403);
    expect((await getAs('/moderare/utilizator/99999999', op.cookie)).status).toBe(404);
  });
});
