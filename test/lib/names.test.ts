// Names and titles cannot pose as the site nor carry control characters (a line break in a name
// would reach a mail header): the pure rules, and the profile form refusing an impersonating name.
import { describe, expect, it } from 'vitest';
import { oneLineText, posesAsSite } from '../../src/lib/text';
import { person, postFormAs, textOf } from '../fixtures';

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
  ])('refuses %s', (name) => expect(posesAsSite(name)).toBe(true));

  it.each(['Ion Popescu', 'Maria Rădăuțeanu', 'Andrei', 'Ștefan Echipă-Nouă'])('accepts %s', (name) =>
    expect(posesAsSite(name)).toBe(false),
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
