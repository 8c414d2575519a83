// Names and titles cannot pose as the site nor carry control characters (a line break in a name
// would reach a mail header): the pure rules, and the profile form refusing an impersonating name.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema';
import { oneLineText, posesAsSite } from '../../src/lib/text';
import { db, getAs, person, postFormAs, sessionCookie, textOf } from '../fixtures';

describe('posesAsSite', () => {
  it.each([
    'eRădăuți',
    'E-Radauti',
    'ERADAUȚI oficial',
    'e r ă d ă u ț i',
    'Echipa eRădăuți',
    'Echipa de suport',
    'ECHIPA',
    'Administrator',
    'administratorul',
    'Admin',
    'Moderator',
    'm.o.d.e.r.a.t.o.r',
    'Moderatorul Site',
    // Lookalike letters: Cyrillic, Greek, fullwidth, mathematical bold, digits for letters.
    'Аdministrаtor',
    'Μοderatοr',
    'ｅＲａｄａｕｔｉ',
    '𝐌𝐨𝐝𝐞𝐫𝐚𝐭𝐨𝐫',
    'M0derat0r',
    '@dm1n',
    'еRădăuțі',
    'Echipa\u200beRădăuți',
  ])('refuses %s', (name) => expect(posesAsSite(name)).toBe(true));

  it.each(['Ion Popescu', 'Maria Rădăuțeanu', 'Andrei', 'Ștefan Echipă-Nouă', 'Олена Коваль', 'Ion 1990'])(
    'accepts %s',
    (name) => expect(posesAsSite(name)).toBe(false),
  );
});

describe('oneLineText', () => {
  it('removes line breaks, control, zero-width and bidirectional characters', () => {
    expect(oneLineText('Ion\r\nBcc: victima@example.ro')).toBe('Ion Bcc: victima@example.ro');
    expect(oneLineText('A\u0000B\u0085C\u2028D\u202eE\u200bF\tG')).toBe('A B C D E F G');
    expect(oneLineText('  Ștefan   Țăran  ')).toBe('Ștefan Țăran');
  });
});

describe('the profile form', () => {
  it('refuses a name posing as the site (400, the form back) and stores a header-injection name on one line', async () => {
    const me = await person({ name: 'Nume Obișnuit' });
    const res = await postFormAs('/profile/edit', { name: 'Echipa  eRădăuți', phone: '' }, me.cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain('Numele afișat nu poate sugera că scrieți din partea site-ului');
    expect(html).toContain('Echipa  eRădăuți');
  });
});

describe('names that come from Clerk', () => {
  /** A first visit with a real signed session carrying `claims`: the row the session middleware creates. */
  async function firstVisit(claims: Record<string, unknown>, email?: string) {
    const clerkId = `user_clerk_name_${Math.random().toString(36).slice(2, 10)}`;
    const cookie = await sessionCookie(clerkId, { email, claims });
    const res = await getAs('/profile/edit', cookie);
    expect(res.status).toBe(200);
    const [row] = await db.select().from(schema.users).where(eq(schema.users.clerkId, clerkId));
    return { row, html: await res.text() };
  }

  it.each([
    [{ first_name: 'Echipa', last_name: 'eRădăuți' }, 'ion.pop@example.ro', 'ion.pop'],
    [{ first_name: 'Administrator' }, 'ana@example.ro', 'ana'],
    [{ first_name: 'Мoderator', last_name: 'Site' }, undefined, 'Utilizator'],
    [{ name: 'ｅＲａｄａｕｔｉ' }, 'maria@example.ro', 'maria'],
    [{ first_name: 'M0derat0r' }, 'echipa@example.ro', 'Utilizator'],
  ])(
    'a first or last name posing as the site (%o) is not used: %s gives "%s"',
    async (claims, email, expected) => {
      const { row, html } = await firstVisit(claims, email);
      expect(row.name).toBe(expected);
      expect(html).toContain(`value="${expected}"`);
    },
  );

  it('a name from Clerk with line breaks and control characters is stored on one line', async () => {
    const { row } = await firstVisit(
      { first_name: 'Ion\r\nBcc: victima@example.ro', last_name: 'Pop\u2028\u202eescu\u0000' },
      'ion@example.ro',
    );
    expect(row.name).toBe('Ion Bcc: victima@example.ro Pop escu');
    expect(row.name).toBe(oneLineText(row.name));
    expect(row.name).not.toMatch(/[\r\n\u2028\u2029\u202e]/);
  });

  it('a plain name from Clerk is kept as given', async () => {
    const { row } = await firstVisit({ first_name: 'Ștefan', last_name: 'Țăranu' }, 'stefan@example.ro');
    expect(row.name).toBe('Ștefan Țăranu');
  });
});
