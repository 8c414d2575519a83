// Operators' rules (docs/moderation.md#rules): what a rule's value becomes when stored (its pattern)
// and which rules an ad matches. Pure. Phones are matched in any spelling by the masking rule
// (lib/phone.ts), e-mail addresses and domains with `*` wildcards, words folded like the search.
import { canonicalPhone, normalizeRomanianPhone, phonesIn } from './phone';
import { foldWord } from './romanian';

export const RULE_KIND_NAMES = { phone: 'Telefon', email: 'E-mail sau domeniu', word: 'Cuvânt sau expresie' };
export const RULE_ACTION_NAMES = {
  block: 'Refuză publicarea',
  hold: 'Reține în verificare',
  flag: 'Publică și semnalează',
};
export type RuleKindName = keyof typeof RULE_KIND_NAMES;
export type RuleActionName = keyof typeof RULE_ACTION_NAMES;

/** The strongest action wins: block, then hold, then flag. */
const STRENGTH: Record<RuleActionName, number> = { block: 3, hold: 2, flag: 1 };

/**
 * The stored pattern of a rule's value, or an error message (Romanian) when the value cannot be one.
 * phone: the canonical digits; email: lower case, a bare domain meaning `*@domain`; word: folded
 * words separated by single spaces, `*` standing for any letters.
 */
export function rulePattern(kind: RuleKindName, raw: string): { pattern: string } | { error: string } {
  const value = raw.trim();
  if (!value) return { error: 'Scrieți valoarea regulii.' };
  if (value.length > 200) return { error: 'Valoarea are cel mult 200 de caractere.' };
  if (kind === 'phone') {
    const national = normalizeRomanianPhone(value);
    if (national) return { pattern: national };
    const digits = value.replace(/[\s.\-/()]/g, '');
    if (/^\+?\d{9,15}$/.test(digits)) return { pattern: canonicalPhone(digits) };
    return { error: 'Scrieți un număr de telefon (de exemplu 0745 123 456 sau +40 745 123 456).' };
  }
  if (kind === 'email') {
    const lower = value.toLowerCase().replace(/\s+/g, '');
    const address = lower.includes('@') ? lower : `*@${lower.replace(/^\*?\.?/, '')}`;
    if (!/^[^@]+@[^@]+$/.test(address) || !/[a-z0-9]/.test(address.replace(/\*/g, '')))
      return { error: 'Scrieți o adresă (nume@domeniu.ro), un domeniu (domeniu.ro) sau un model cu * .' };
    if (address.replace(/[^*]/g, '').length > 5) return { error: 'Folosiți cel mult 5 semne *.' };
    return { pattern: address };
  }
  const words = foldWord(value)
    .replace(/[^\p{L}\p{N}*]+/gu, ' ')
    .trim()
    .replace(/\*+/g, '*');
  if (!words.replace(/[\s*]/g, '')) return { error: 'Scrieți cel puțin o literă sau o cifră.' };
  if (words.replace(/[^*]/g, '').length > 5) return { error: 'Folosiți cel mult 5 semne *.' };
  return { pattern: words };
}

/** A `*` wildcard pattern as an anchored regular expression; `*` is `inner`, the rest literal. */
function wildcard(pattern: string, inner: string): RegExp {
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join(inner);
  return new RegExp(escaped, 'u');
}

/** What of an ad the rules look at. */
export interface RuleSubject {
  title: string;
  description: string;
  /** The ad's phone field. */
  phone: string | null;
  /** The author's account address. */
  authorEmail: string | null;
}

export interface RuleLike {
  id: number;
  kind: RuleKindName;
  pattern: string;
  action: RuleActionName;
}

const EMAIL_IN_TEXT = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;

/** Whether one rule matches the ad. */
export function ruleMatches(rule: RuleLike, subject: RuleSubject, prepared = prepare(subject)): boolean {
  if (rule.kind === 'phone') return prepared.phones.has(rule.pattern);
  if (rule.kind === 'email') {
    const re = new RegExp(`^${wildcard(rule.pattern, '[^\\s]*').source}$`, 'u');
    return prepared.emails.some((e) => re.test(e));
  }
  // Words: on word boundaries in the folded text; `*` stands for any letters or digits.
  const re = new RegExp(
    `(?:^|[^\\p{L}\\p{N}])${wildcard(rule.pattern, '[\\p{L}\\p{N}]*').source.replace(/ /g, '[^\\p{L}\\p{N}]+')}(?:$|[^\\p{L}\\p{N}])`,
    'u',
  );
  return re.test(prepared.text);
}

function prepare(subject: RuleSubject) {
  const text = `${subject.title}\n${subject.description}`;
  const phones = new Set(phonesIn(text));
  if (subject.phone) {
    const national = normalizeRomanianPhone(subject.phone);
    phones.add(national ?? canonicalPhone(subject.phone));
  }
  const emails = (text.match(EMAIL_IN_TEXT) ?? []).map((e) => e.toLowerCase());
  if (subject.authorEmail) emails.push(subject.authorEmail.trim().toLowerCase());
  // Folded, with line breaks and punctuation kept as separators.
  return { phones, emails, text: foldWord(text) };
}

/** The rules an ad matches, strongest action first (then the oldest rule). */
export function matchingRules<R extends RuleLike>(rules: readonly R[], subject: RuleSubject): R[] {
  const prepared = prepare(subject);
  return rules
    .filter((r) => ruleMatches(r, subject, prepared))
    .sort((a, b) => STRENGTH[b.action] - STRENGTH[a.action] || a.id - b.id);
}

/** How a rule is named to operators (never to the author of a refused ad). */
export function ruleLabel(rule: { id: number; kind: RuleKindName; value: string }): string {
  return `regula #${rule.id} (${RULE_KIND_NAMES[rule.kind].toLowerCase()}: ${rule.value})`;
}
