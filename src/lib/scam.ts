// Signs of the fake-courier and fake-payment scams in a private message: a link to another site,
// a request for card details, or a courier or "secure payment" that the buyer is asked to pay or
// fill in. Pure and cheap: run on every message shown to its recipient.

/** What the recipient of a suspicious message is told above it. */
export const SCAM_WARNING =
  'eRădăuți nu vă cere niciodată datele cardului și nu trimite linkuri de plată sau de livrare. ' +
  'Nu introduceți datele cardului pe site-uri primite în mesaje, nu plătiți „taxe de curier” în avans ' +
  'și preferați predarea în mână.';

export type ScamSign = 'link' | 'card' | 'courier';

/** This site's own hosts: links to them are not "outside". */
const OWN_HOSTS = /^(?:www\.)?eradauti\.ro$|^127\.0\.0\.1(?::\d+)?$|^localhost(?::\d+)?$/i;

// Web addresses with or without a scheme: `http(s)://…`, `www.…`, or a bare `name.tld/…` with a
// common top-level domain (bit.ly, olx-livrare.com, fan-curier.online…).
const URL_RE =
  /\b(?:https?:\/\/[^\s<>"']+|www\.[^\s<>"']+|[a-z0-9][a-z0-9-]{0,62}(?:\.[a-z0-9][a-z0-9-]{0,62})*\.(?:ro|com|net|org|info|online|site|xyz|shop|top|link|ly|me|co|eu|io|app|page|club|store|live|icu|cc|biz)(?:\/[^\s<>"']*)?)(?=$|[\s<>"'),.;!?])/giu;

/** Text folded for matching: lower case, diacritics (ș ş ț ţ ă â î) removed. */
function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[şș]/g, 's')
    .replace(/[ţț]/g, 't');
}

const CARD_RE = [
  /\b(?:datele|date|detaliile|numarul|nr\.?)\s+(?:de\s+pe\s+|ale\s+)?(?:card|cardului)\b/,
  /\bcod(?:ul)?\s+(?:cvv|cvc|de\s+securitate|de\s+pe\s+spatele)\b/,
  /\b(?:cvv|cvc)\b/,
  /\bdata\s+(?:de\s+)?expir(?:are|arii)\b.*\bcard/,
  /\bcard(?:ul)?\b.*\b(?:cvv|cvc|pin|expir)/,
  /\b(?:card\s+details|card\s+number)\b/,
  /\b(?:banii|plata|suma)\s+(?:direct\s+)?pe\s+card(?:ul)?\b/,
];

const COURIER_RE = [
  /\b(?:curier(?:ul|ului)?|fan\s*courier|cargus|sameday|dpd|gls|posta)\b.*\b(?:plat|achit|taxa|taxe|costul|transfer|link|formular|primi\w*\s+banii)/,
  /\b(?:plat|achit|taxa|taxe|transfer|link)\w*\b.*\b(?:curier(?:ul|ului)?|livrar\w*|transport)\b/,
  /\b(?:plata|tranzactie|livrare)\s+(?:securizata|sigura|garantata)\b/,
  /\bprimiti\s+banii\s+(?:pe\s+card|prin\s+link)\b/,
];

/** The hosts of the addresses in `text`. */
export function linkHosts(text: string): string[] {
  const hosts: string[] = [];
  for (const match of text.matchAll(URL_RE)) {
    const raw = match[0];
    const withScheme = /^https?:\/\//i.test(raw) ? raw : `http://${raw}`;
    try {
      hosts.push(new URL(withScheme).host.toLowerCase());
    } catch {
      hosts.push(raw.toLowerCase());
    }
  }
  return hosts;
}

/** The scam signs a message carries (empty: nothing suspicious). */
export function scamSigns(text: string): ScamSign[] {
  const signs: ScamSign[] = [];
  if (linkHosts(text).some((host) => !OWN_HOSTS.test(host))) signs.push('link');
  const folded = fold(text).replace(/\s+/g, ' ');
  if (CARD_RE.some((re) => re.test(folded))) signs.push('card');
  if (COURIER_RE.some((re) => re.test(folded))) signs.push('courier');
  return signs;
}

/** Whether the recipient should see SCAM_WARNING above this message. */
export function needsScamWarning(text: string): boolean {
  return scamSigns(text).length > 0;
}
