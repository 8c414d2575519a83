// Notice and action (docs/moderation.md#notices): the reporter's acknowledgement and decision mails,
// the author's statement of reasons for each decision (kept in the log), ban and unban with a reason
// and a confirmation enforced by the server, hiding all of a person's ads, bulk notices, and a held
// ad shown again with its reports resolved in one decision.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema';
import { DAY, db, getAs, makePost, person, postFormAs, postRow, textOf } from '../fixtures';

afterEach(() => vi.restoreAllMocks());

type Sent = { to: string; subject: string; text: string; replyTo?: string };
type Spy = { mock: { calls: unknown[][] } };

function mailTo(send: Spy, to: string, subject: RegExp): Sent | undefined {
  return send.mock.calls
    .map((c) => c[0] as unknown as Sent)
    .find((m) => m.to === to && subject.test(m.subject));
}

async function waitMail(send: Spy, to: string, subject: RegExp): Promise<Sent> {
  await vi.waitUntil(() => mailTo(send, to, subject), { timeout: 10_000, interval: 100 });
  return mailTo(send, to, subject) as Sent;
}

async function logOf(targetId: number, action: string) {
  const [row] = await db
    .select()
    .from(schema.moderationLog)
    .where(and(eq(schema.moderationLog.targetId, targetId), eq(schema.moderationLog.action, action)));
  return row;
}

describe('notice and action', () => {
  it('acknowledges a report with an address at once, and tells the decision when an operator hides the ad', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const author = await person();
    const ad = await makePost(author.user.id, { title: 'Telefon de vânzare suspect' });
    const reporter = await person({ name: 'Raportoare' });
    const res = await postFormAs(
      `/raporteaza/${ad.id}`,
      {
        reason: 'Înșelătorie',
        details: 'Cere avans înainte de a arăta telefonul.',
        email: 'martor@example.test',
      },
      reporter.cookie,
    );
    expect(res.status).toBe(303);
    const ack = await waitMail(send, 'martor@example.test', /Am primit raportul/);
    expect(ack.text).toContain('Telefon de vânzare suspect');
    const [report] = await db.select().from(schema.reports).where(eq(schema.reports.postId, ad.id));
    expect(report.reporterEmail).toBe('martor@example.test');
    expect(report.details).toContain('avans');

    const op = await person({ role: 'operator' });
    const hidden = await postFormAs(
      `/moderare/anunt/${ad.id}/ascunde`,
      { hideReason: 'Înșelătorie sau anunț fals', hideDetails: 'Avans cerut înainte.' },
      op.cookie,
    );
    expect(hidden.status).toBe(303);
    const decision = await waitMail(send, 'martor@example.test', /Decizia despre anunțul raportat/);
    expect(decision.text).toContain('a ascuns anunțul');
    const statement = await waitMail(send, author.user.email ?? '', /a fost ascuns/);
    expect(statement.text).toContain('Motivul: Înșelătorie sau anunț fals: Avans cerut înainte.');
    expect(statement.text).toContain('Temeiul: o raportare a unui vizitator (Înșelătorie)');
    expect(statement.text).toContain('contact@eradauti.ro');
    expect(statement.replyTo).toBe('contact@eradauti.ro');
    const log = await logOf(ad.id, 'hide');
    expect(log.reason).toBe('Înșelătorie sau anunț fals: Avans cerut înainte.');
    expect(log.ground).toContain('raportare');
    expect(log.notifiedUserId).toBe(author.user.id);
    expect(log.contest).toBe('contact@eradauti.ro');
  });

  it('refuses a report address that is not one (400), and sends nothing without an address', async () => {
    const author = await person();
    const ad = await makePost(author.user.id);
    const reporter = await person();
    const bad = await postFormAs(
      `/raporteaza/${ad.id}`,
      { reason: 'Spam', email: 'nu-e-adresa' },
      reporter.cookie,
    );
    expect(bad.status).toBe(400);
    expect(textOf(await bad.text())).toContain('Adresa de e-mail nu pare corectă');
  });

  it('sends a statement when an ad is deleted, and keeps it in the log', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const author = await person();
    const ad = await makePost(author.user.id, { title: 'Anunț de șters' });
    const op = await person({ role: 'operator' });
    const res = await postFormAs(`/moderare/anunt/${ad.id}/sterge`, { confirm: 'da' }, op.cookie);
    expect(res.status).toBe(303);
    const mail = await waitMail(send, author.user.email ?? '', /a fost șters/);
    expect(mail.text).toContain('Anunț de șters');
    expect(mail.text).toContain('Temeiul: decizia unui operator');
    expect((await logOf(ad.id, 'delete')).notifiedUserId).toBe(author.user.id);
  });

  it('a held ad is shown again with its reports resolved in one decision, and the author hears of it', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const author = await person();
    const ad = await makePost(author.user.id, { status: 'held', title: 'Bicicletă reținută' });
    const reporter = await person();
    await db.insert(schema.reports).values({
      postId: ad.id,
      reason: 'Spam',
      reporterKey: `u:${reporter.user.id}`,
      reporterUserId: reporter.user.id,
      reporterEmail: 'raportor2@example.test',
      createdAt: Date.now() - DAY,
    });
    const op = await person({ role: 'operator' });
    const page = await (await getAs(`/moderare/anunt/${ad.id}`, op.cookie)).text();
    expect(textOf(page)).toContain('Arată din nou și rezolvă rapoartele');
    const res = await postFormAs(`/moderare/anunt/${ad.id}/arata`, { next: '1' }, op.cookie);
    expect(res.status).toBe(303);
    expect((await postRow(ad.id))?.status).toBe('published');
    const open = await db.select().from(schema.reports).where(eq(schema.reports.postId, ad.id));
    expect(open.every((r) => r.resolvedAt !== null)).toBe(true);
    const mail = await waitMail(send, author.user.email ?? '', /este din nou vizibil/);
    expect(mail.text).toContain('Bicicletă reținută');
    await waitMail(send, 'raportor2@example.test', /Decizia despre anunțul raportat/);
  });

  it('ban and unban need a reason and a confirmation (400 with the form back), and the person is told why', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const target = await person({ name: 'Ion Înșelătorul' });
    const op = await person({ role: 'operator' });
    const noReason = await postFormAs(
      `/moderare/utilizator/${target.user.id}/blocheaza`,
      { confirm: 'da' },
      op.cookie,
    );
    expect(noReason.status).toBe(400);
    expect(textOf(await noReason.text())).toContain('Alegeți motivul blocării');
    const noConfirm = await postFormAs(
      `/moderare/utilizator/${target.user.id}/blocheaza`,
      { hideReason: 'Înșelătorie sau anunț fals', hideDetails: 'Mesaje cu cerere de avans.' },
      op.cookie,
    );
    expect(noConfirm.status).toBe(400);
    const back = await noConfirm.text();
    expect(textOf(back)).toContain('Bifați căsuța pentru a confirma blocarea');
    expect(back).toContain('Mesaje cu cerere de avans.');
    expect((await db.select().from(schema.users).where(eq(schema.users.id, target.user.id)))[0].banned).toBe(
      false,
    );

    const ok = await postFormAs(
      `/moderare/utilizator/${target.user.id}/blocheaza`,
      { hideReason: 'Înșelătorie sau anunț fals', hideDetails: 'Mesaje cu cerere de avans.', confirm: 'da' },
      op.cookie,
    );
    expect(ok.status).toBe(303);
    expect((await db.select().from(schema.users).where(eq(schema.users.id, target.user.id)))[0].banned).toBe(
      true,
    );
    const mail = await waitMail(send, target.user.email ?? '', /contul dumneavoastră eRădăuți a fost blocat/);
    expect(mail.text).toContain('Mesaje cu cerere de avans.');
    expect(mail.text).toContain('contact@eradauti.ro');
    const log = await logOf(target.user.id, 'ban');
    expect(log.reason).toContain('cerere de avans');
    expect(log.notifiedUserId).toBe(target.user.id);

    // The person page lists the ban with its reason; the banned author's page stays visible to operators.
    const personPage = textOf(
      await (await getAs(`/moderare/utilizator/${target.user.id}`, op.cookie)).text(),
    );
    expect(personPage).toContain('Blocări și ascunderi');
    expect(personPage).toContain('motiv: Înșelătorie sau anunț fals: Mesaje cu cerere de avans.');
    const slug = `/anunturi/de/ion-inselatorul-${target.user.id}`;
    const authorPage = await getAs(slug, op.cookie);
    expect(authorPage.status).toBe(200);
    expect(textOf(await authorPage.text())).toContain('Cont blocat');
    expect((await getAs(slug, (await person()).cookie)).status).toBe(404);

    const unbanNoReason = await postFormAs(
      `/moderare/utilizator/${target.user.id}/deblocheaza`,
      { confirm: 'da' },
      op.cookie,
    );
    expect(unbanNoReason.status).toBe(400);
    const unban = await postFormAs(
      `/moderare/utilizator/${target.user.id}/deblocheaza`,
      { hideDetails: 'A explicat situația.', confirm: 'da' },
      op.cookie,
    );
    expect(unban.status).toBe(303);
    await waitMail(send, target.user.email ?? '', /a fost deblocat/);
  });

  it("hides all of a person's ads with one reason, each with its statement", async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const target = await person();
    const a = await makePost(target.user.id, { title: 'Primul anunț' });
    const b = await makePost(target.user.id, { title: 'Al doilea anunț' });
    const op = await person({ role: 'operator' });
    const refused = await postFormAs(
      `/moderare/utilizator/${target.user.id}/ascunde-anunturile`,
      { hideReason: 'Spam sau anunț duplicat' },
      op.cookie,
    );
    expect(refused.status).toBe(400);
    const res = await postFormAs(
      `/moderare/utilizator/${target.user.id}/ascunde-anunturile`,
      { hideReason: 'Spam sau anunț duplicat', confirm: 'da' },
      op.cookie,
    );
    expect(res.status).toBe(303);
    expect((await postRow(a.id))?.status).toBe('hidden');
    expect((await postRow(b.id))?.status).toBe('hidden');
    await waitMail(send, target.user.email ?? '', /Primul anunț/);
    await waitMail(send, target.user.email ?? '', /Al doilea anunț/);
  });

  it('bulk hide sends each author the same statement as a single hide', async () => {
    const send = vi.spyOn(env.EMAIL, 'send');
    const one = await person();
    const two = await person();
    const a = await makePost(one.user.id, { title: 'Anunț în masă unu' });
    const b = await makePost(two.user.id, { title: 'Anunț în masă doi' });
    const op = await person({ role: 'operator' });
    const body = new URLSearchParams([
      ['ids', String(a.id)],
      ['ids', String(b.id)],
      ['action', 'ascunde'],
      ['hideReason', 'Conținut nepotrivit'],
      ['confirm', 'da'],
    ]);
    expect((await postFormAs('/moderare/in-masa', body, op.cookie)).status).toBe(303);
    const m1 = await waitMail(send, one.user.email ?? '', /Anunț în masă unu/);
    const m2 = await waitMail(send, two.user.email ?? '', /Anunț în masă doi/);
    expect(m1.text).toContain('Motivul: Conținut nepotrivit');
    expect(m2.text).toContain('contact@eradauti.ro');
    expect((await logOf(a.id, 'hide')).notifiedUserId).toBe(one.user.id);
  });

  it('the person page lists reported conversations linking to both people, and is 403 for others', async () => {
    const seller = await person();
    const buyer = await person({ name: 'Cumpărător Suspect' });
    const ad = await makePost(seller.user.id);
    const now = Date.now();
    const [conv] = await db
      .insert(schema.conversations)
      .values({
        postId: ad.id,
        postTitle: ad.title,
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        createdAt: now,
        lastMessageAt: now,
        reportedAt: now,
        reportedBy: seller.user.id,
        reportReason: 'Cere avans',
      } as never)
      .returning();
    const op = await person({ role: 'operator' });
    const html = await (await getAs(`/moderare/utilizator/${buyer.user.id}`, op.cookie)).text();
    expect(html).toContain(`href="/moderare/utilizator/${seller.user.id}"`);
    expect(html).toContain(`href="/moderare/utilizator/${buyer.user.id}"`);
    expect(textOf(html)).toContain('Cere avans');
    expect(html).toContain(`/mesaje/${conv.id}`);
    const other = await person();
    for (const path of [
      `/moderare/utilizator/${buyer.user.id}/blocheaza`,
      `/moderare/utilizator/${buyer.user.id}/ascunde-anunturile`,
    ])
      expect(
        (await postFormAs(path, { hideReason: 'Spam sau anunț duplicat', confirm: 'da' }, other.cookie))
          .status,
      ).toBe(403);
  });
});
