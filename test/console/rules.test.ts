// Operators' rules (docs/moderation.md#rules): the page and its form, and each kind (phone, e-mail,
// word) with each action (block, hold, flag) on publish and on edit.
import { env } from 'cloudflare:workers';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as schema from '../../src/db/schema';
import {
  db,
  formOf,
  getAs,
  idFromLocation,
  jpegFile,
  makePost,
  person,
  postFormAs,
  postRow,
  textOf,
  validFields,
} from '../fixtures';

// One spy for the whole file, installed before any request: mails go out from the queue consumer,
// whose invocations can outlive a test, so a spy per test misses some of them.
const send = vi.spyOn(env.EMAIL, 'send');

let seq = 0;
/** A value no other test uses, per kind. */
function unique(kind: 'phone' | 'email' | 'word') {
  seq++;
  const n = String(100000 + seq * 7 + Math.floor(Math.random() * 5)).slice(-6);
  if (kind === 'phone') return { rule: `0752 ${n.slice(0, 3)} ${n.slice(3)}`, digits: `0752${n}` };
  const word = `zzcuv${n}`;
  if (kind === 'email') return { rule: `*@spam${n}.test`, digits: `spam${n}.test` };
  return { rule: word, digits: word };
}

async function addRule(cookie: string, kind: string, value: string, action: string) {
  return postFormAs('/moderare/reguli', { kind, value, action }, cookie);
}

/** An author and an ad's fields that meet a rule of `kind` (value `v`). */
async function meeting(kind: 'phone' | 'email' | 'word', v: { rule: string; digits: string }) {
  if (kind === 'email') {
    const author = await person({ email: `vanzator@${v.digits}` });
    return { author, fields: validFields() };
  }
  const author = await person();
  if (kind === 'phone')
    // Written in another spelling in the text, and not in the phone field.
    return {
      author,
      fields: validFields({
        description: `Apartament luminos, sunați la +40 ${v.digits.slice(1, 4)}.${v.digits.slice(4, 7)}.${v.digits.slice(7)} oricând.`,
      }),
    };
  return {
    author,
    fields: validFields({ description: `Apartament luminos, ${v.digits.toUpperCase()}, renovat complet.` }),
  };
}

/** The open queue marks a rule made (these ads share phones and titles, so duplicate marks exist too). */
async function openMarks(postId: number) {
  const rows = await db
    .select()
    .from(schema.queueMarks)
    .where(and(eq(schema.queueMarks.postId, postId), isNull(schema.queueMarks.clearedAt)));
  return rows.filter((m) => m.kind.startsWith('rule-'));
}

const KINDS = ['phone', 'email', 'word'] as const;

async function rowOf(id: number) {
  const row = await postRow(id);
  if (!row) throw new Error(`no ad ${id}`);
  return row;
}

describe('the rules page', () => {
  it('lists each rule with who added it and when, adds and removes rules, and logs both', async () => {
    const op = await person({ role: 'operator', name: 'Operatoarea Ana' });
    const res = await addRule(op.cookie, 'word', 'Credit Rapid*', 'flag');
    expect(res.status).toBe(303);
    const page = await (await getAs('/moderare/reguli', op.cookie)).text();
    const text = textOf(page);
    expect(text).toContain('Credit Rapid*');
    expect(text).toContain('Operatoarea Ana');
    expect(text).toContain('Publică și semnalează');
    const [rule] = await db
      .select()
      .from(schema.moderationRules)
      .where(eq(schema.moderationRules.value, 'Credit Rapid*'));
    expect(rule.pattern).toBe('credit rapid*');
    expect(rule.createdBy).toBe(op.user.id);
    // The same rule again changes nothing; parallel identical adds make one rule.
    const again = await Promise.all(
      [1, 2, 3].map(() => addRule(op.cookie, 'phone', '0740 999 001', 'block')),
    );
    expect(again.every((r) => r.status === 303)).toBe(true);
    const phones = await db
      .select()
      .from(schema.moderationRules)
      .where(eq(schema.moderationRules.pattern, '0740999001'));
    expect(phones).toHaveLength(1);
    const removed = await postFormAs(`/moderare/reguli/${rule.id}/sterge`, {}, op.cookie);
    expect(removed.status).toBe(303);
    expect(
      await db.select().from(schema.moderationRules).where(eq(schema.moderationRules.id, rule.id)),
    ).toHaveLength(0);
    const log = await db
      .select()
      .from(schema.moderationLog)
      .where(eq(schema.moderationLog.operatorUserId, op.user.id));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['rule-add', 'rule-remove']));
    expect((await postFormAs(`/moderare/reguli/${rule.id}/sterge`, {}, op.cookie)).status).toBe(404);
  });

  it('gives the form back (400) with what was typed when a value or a choice is wrong', async () => {
    const op = await person({ role: 'operator' });
    const bad = await addRule(op.cookie, 'phone', 'nu e telefon', 'block');
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('value="nu e telefon"');
    expect(textOf(html)).toContain('Scrieți un număr de telefon');
    expect((await addRule(op.cookie, 'fax', '0745123456', 'block')).status).toBe(400);
    expect((await addRule(op.cookie, 'phone', '0745123456', 'sterge')).status).toBe(400);
    expect((await addRule(op.cookie, 'word', '  ***  ', 'hold')).status).toBe(400);
  });

  it('is for operators only (403), and a guest is sent to sign in', async () => {
    const someone = await person();
    expect((await getAs('/moderare/reguli', someone.cookie)).status).toBe(403);
    expect((await addRule(someone.cookie, 'word', 'oricare', 'block')).status).toBe(403);
    expect((await postFormAs('/moderare/reguli/1/sterge', {}, someone.cookie)).status).toBe(403);
  });
});

describe('a rule hold alerts the operators', () => {
  it('mails each operator once at once (through the queue), naming the rule; an edit of the held ad does not alert again', async () => {
    // The alert budget is a few an hour for the whole site: start this test with it unspent.
    await db.delete(schema.heldAlerts);
    const op = await person({ role: 'operator' });
    const v = unique('phone');
    await addRule(op.cookie, 'phone', v.rule, 'hold');
    const { author, fields } = await meeting('phone', v);
    const res = await postFormAs('/posts/new', formOf(fields), author.cookie);
    expect(res.status).toBe(303);
    const id = idFromLocation(res.headers.get('location'));
    expect((await rowOf(id)).status).toBe('held');
    const alertsTo = (email: string | null) =>
      send.mock.calls
        .map((c) => c[0] as unknown as { to: string; subject: string; text: string })
        .filter((m) => m.to === email && m.subject.startsWith('Anunț reținut automat'));
    const statements = () =>
      send.mock.calls.filter((c) => (c[0] as { to: string }).to === author.user.email).length;
    await vi.waitUntil(() => alertsTo(op.user.email).length > 0 && statements() > 0, {
      timeout: 10_000,
      interval: 100,
    });
    const [alert] = alertsTo(op.user.email);
    expect(alert.text).toContain(`/moderare/anunt/${id}`);
    expect(alert.text).toMatch(/regula #\d+ \(telefon/);
    // The author edits the held ad, still meeting the rule: held again, the author hears again, but
    // the operators were alerted about this ad this hour already.
    const edit = await postFormAs(
      `/posts/edit/${id}`,
      formOf({ ...fields, title: `${fields.title} modificat` }),
      author.cookie,
    );
    expect(edit.status).toBe(303);
    expect((await rowOf(id)).status).toBe('held');
    const claims = await db.select().from(schema.heldAlerts).where(eq(schema.heldAlerts.postId, id));
    expect(claims).toHaveLength(1);
    expect(alertsTo(op.user.email)).toHaveLength(1);
  });
});

describe.each(KINDS)('a %s rule', (kind) => {
  it('block: publishing is refused (400) without naming the rule, with the text and photos kept', async () => {
    const op = await person({ role: 'operator' });
    const v = unique(kind);
    await addRule(op.cookie, kind, v.rule, 'block');
    const { author, fields } = await meeting(kind, v);
    const res = await postFormAs(
      '/posts/new',
      formOf({ ...fields, photos: jpegFile() } as never),
      author.cookie,
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain('nu respectă regulile site-ului');
    expect(text).not.toContain(v.digits);
    expect(html).toContain(fields.title);
    expect(html).toContain('name="photoIds"');
    const mine = await db.select().from(schema.posts).where(eq(schema.posts.userId, author.user.id));
    expect(mine).toHaveLength(0);
  });

  it('block: an edit is refused and the ad stays as it was', async () => {
    const op = await person({ role: 'operator' });
    const v = unique(kind);
    await addRule(op.cookie, kind, v.rule, 'block');
    const { author, fields } = await meeting(kind, v);
    const ad = await makePost(author.user.id);
    const res = await postFormAs(`/posts/edit/${ad.id}`, formOf(fields), author.cookie);
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain('nu respectă regulile site-ului');
    const row = await rowOf(ad.id);
    expect(row.description).toBe(ad.description);
    expect(row.version).toBe(ad.version);
  });

  it('hold: the new ad is saved "în verificare", first in the queue with the rule named, and the author told why', async () => {
    const op = await person({ role: 'operator' });
    const v = unique(kind);
    await addRule(op.cookie, kind, v.rule, 'hold');
    const { author, fields } = await meeting(kind, v);
    const res = await postFormAs('/posts/new', formOf(fields), author.cookie);
    expect(res.status).toBe(303);
    const id = idFromLocation(res.headers.get('location'));
    expect((await rowOf(id)).status).toBe('held');
    const marks = await openMarks(id);
    expect(marks.map((m) => m.kind)).toEqual(['rule-hold']);
    expect(marks[0].detail).toContain(v.rule.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, 6));
    const queue = textOf(await (await getAs(`/moderare/anunt/${id}`, op.cookie)).text());
    expect(queue).toContain('Reținut de o regulă');
    // The statement of reasons: the rule's number, never its value; how to contest.
    await vi.waitUntil(() => send.mock.calls.some((c) => (c[0] as { to: string }).to === author.user.email), {
      timeout: 10_000,
      interval: 100,
    });
    const mail = send.mock.calls.find((c) => (c[0] as { to: string }).to === author.user.email)?.[0] as {
      subject: string;
      text: string;
    };
    expect(mail.subject).toContain('în verificare');
    expect(mail.text).toContain('regulă automată');
    expect(mail.text).toContain('contact@eradauti.ro');
    expect(mail.text).not.toContain(v.digits);
    const [log] = await db
      .select()
      .from(schema.moderationLog)
      .where(and(eq(schema.moderationLog.targetId, id), eq(schema.moderationLog.action, 'rule-hold')));
    expect(log.notifiedUserId).toBe(author.user.id);
    expect(log.contest).toBe('contact@eradauti.ro');
    expect(log.ground).toContain('regulă');
  });

  it('hold: an edit of a published ad takes it from the public into the queue', async () => {
    const op = await person({ role: 'operator' });
    const v = unique(kind);
    await addRule(op.cookie, kind, v.rule, 'hold');
    const { author, fields } = await meeting(kind, v);
    const ad = await makePost(author.user.id);
    const res = await postFormAs(`/posts/edit/${ad.id}`, formOf(fields), author.cookie);
    expect(res.status).toBe(303);
    const row = await rowOf(ad.id);
    expect(row.status).toBe('held');
    expect(row.description).toBe(fields.description);
    expect((await openMarks(ad.id)).map((m) => m.kind)).toEqual(['rule-hold']);
  });

  it('flag: the ad is published and marked in the queue, on publish and on edit', async () => {
    const op = await person({ role: 'operator' });
    const v = unique(kind);
    await addRule(op.cookie, kind, v.rule, 'flag');
    const { author, fields } = await meeting(kind, v);
    const res = await postFormAs('/posts/new', formOf(fields), author.cookie);
    expect(res.status).toBe(303);
    const id = idFromLocation(res.headers.get('location'));
    expect((await rowOf(id)).status).toBe('published');
    expect((await openMarks(id)).map((m) => m.kind)).toEqual(['rule-flag']);
    const ad = await makePost(author.user.id);
    expect((await postFormAs(`/posts/edit/${ad.id}`, formOf(fields), author.cookie)).status).toBe(303);
    expect((await rowOf(ad.id)).status).toBe('published');
    expect((await openMarks(ad.id)).map((m) => m.kind)).toEqual(['rule-flag']);
    const queue = textOf(await (await getAs('/moderare', op.cookie)).text());
    expect(queue).toContain('Semnalat de o regulă');
  });
});

describe('rule matching', () => {
  it('an ad that meets no rule is published as before, and operators are exempt', async () => {
    const op = await person({ role: 'operator' });
    await addRule(op.cookie, 'word', 'zzinterzis', 'block');
    const author = await person();
    const res = await postFormAs('/posts/new', formOf(validFields()), author.cookie);
    expect(res.status).toBe(303);
    const fields = validFields({ description: 'Apartament zzinterzis, verificat de operator.' });
    expect((await postFormAs('/posts/new', formOf(fields), op.cookie)).status).toBe(303);
  });

  it('a blocked phone in the phone field, and a blocked domain in an address written in the text', async () => {
    const op = await person({ role: 'operator' });
    await addRule(op.cookie, 'phone', '+40 753 111 222', 'block');
    await addRule(op.cookie, 'email', 'escroc-domeniu.test', 'block');
    const author = await person();
    const byField = await postFormAs(
      '/posts/new',
      formOf(validFields({ phone: '0753-111-222' })),
      author.cookie,
    );
    expect(byField.status).toBe(400);
    const byText = await postFormAs(
      '/posts/new',
      formOf(validFields({ description: 'Scrieți-mi la Vanzare@Escroc-Domeniu.test pentru detalii.' })),
      author.cookie,
    );
    expect(byText.status).toBe(400);
  });
});
