// Notice and action (docs/moderation.md#notices): the words of a statement of reasons and of the
// decision told to a reporter. Pure.
import { plural } from './plural';

/** Where a person writes to contest a decision (the statement's Reply-To as well). */
export const CONTEST_ADDRESS = 'contact@eradauti.ro';

/** Decisions whose author hears of them. */
export const DECISIONS = ['hide', 'delete', 'hold', 'ban', 'unban', 'show'] as const;
export type Decision = (typeof DECISIONS)[number];

/** What happened, as the statement's subject says it. */
export function decisionSubject(decision: Decision, title: string): string {
  switch (decision) {
    case 'hide':
      return `Decizie de moderare: anunțul „${title}” a fost ascuns`;
    case 'delete':
      return `Decizie de moderare: anunțul „${title}” a fost șters`;
    case 'hold':
      return `Decizie de moderare: anunțul „${title}” este în verificare`;
    case 'show':
      return `Anunțul „${title}” este din nou vizibil`;
    case 'ban':
      return 'Decizie de moderare: contul dumneavoastră eRădăuți a fost blocat';
    case 'unban':
      return 'Contul dumneavoastră eRădăuți a fost deblocat';
  }
}

/** The statement's first paragraph: what was decided and what it means. */
export function decisionWhat(decision: Decision): string {
  switch (decision) {
    case 'hide':
      return 'Un operator a ascuns anunțul de mai jos: doar dumneavoastră și operatorii îl mai vedeți. Îl puteți corecta; după salvare, un operator îl verifică din nou.';
    case 'delete':
      return 'Un operator a șters definitiv anunțul de mai jos, cu fotografiile lui.';
    case 'hold':
      return 'Anunțul de mai jos a fost salvat, dar nu este vizibil public până când un operator îl verifică („în verificare”). Nu trebuie să faceți nimic acum.';
    case 'show':
      return 'Un operator a verificat anunțul de mai jos și l-a făcut din nou vizibil; rapoartele despre el au fost închise.';
    case 'ban':
      return 'Un operator a blocat contul dumneavoastră: nu mai puteți publica sau trimite mesaje, iar anunțurile dumneavoastră nu mai sunt vizibile public.';
    case 'unban':
      return 'Un operator a deblocat contul dumneavoastră: puteți publica din nou, iar anunțurile dumneavoastră sunt din nou vizibile.';
  }
}

/** Whether a decision restricts the person (and so may be contested). */
export function isRestriction(decision: Decision): boolean {
  return decision !== 'show' && decision !== 'unban';
}

/** How to contest a restriction. */
export function contestText(address = CONTEST_ADDRESS): string {
  return `Dacă nu sunteți de acord cu această decizie, răspundeți la acest e-mail sau scrieți la ${address}, spunând de ce. Un operator reanalizează decizia și vă răspunde.`;
}

const REPORTS = { none: 'nicio raportare', one: 'o raportare', many: 'raportări' };

/** The ground of a decision taken on an ad's open reports, e.g. "3 raportări ale vizitatorilor (Spam, Înșelătorie)". */
export function reportsGround(count: number, reasons: readonly string[]): string {
  if (count === 0) return '';
  const distinct = [...new Set(reasons)].slice(0, 5);
  const who = count === 1 ? 'a unui vizitator' : 'ale vizitatorilor';
  return `${plural(count, REPORTS)} ${who}${distinct.length ? ` (${distinct.join(', ')})` : ''}`;
}

/** The ground of an automatic hold by a rule, as the author reads it (the rule itself stays private). */
export function ruleGround(ruleId: number): string {
  return `o regulă automată de verificare a site-ului (nr. ${ruleId})`;
}

/** What a reporter is told once an operator decided. */
export function reporterDecisionText(decision: Decision | 'resolve'): string {
  switch (decision) {
    case 'hide':
      return 'Un operator a analizat raportul și a ascuns anunțul.';
    case 'delete':
      return 'Un operator a analizat raportul și a șters anunțul.';
    case 'ban':
      return 'Un operator a analizat raportul și a blocat contul autorului; anunțurile lui nu mai sunt vizibile.';
    default:
      return 'Un operator a analizat raportul și a decis că anunțul respectă regulile site-ului; anunțul rămâne publicat.';
  }
}
