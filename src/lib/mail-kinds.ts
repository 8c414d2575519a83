// Every kind of mail the site sends, each with the label and description shown on /cont/notificari,
// where each kind can be turned off on its own, except the operators' decisions: a statement of reasons
// is always sent (docs/moderation.md#notices), so that kind is listed there without a switch.

export const MAIL_KINDS = {
  expiry: {
    label: 'Expirarea anunțurilor',
    description:
      'Cu 3 zile înainte ca anunțurile dumneavoastră să expire, și încă o dată după expirare, cu un link de reînnoire.',
  },
  'saved-search': {
    label: 'Căutări salvate',
    description: 'O dată pe zi, anunțurile noi care se potrivesc căutărilor salvate.',
  },
  'price-drop': {
    label: 'Scăderi de preț',
    description: 'Când scade prețul unui anunț pe care l-ați salvat.',
  },
  moderation: {
    label: 'Decizii ale operatorilor',
    description:
      'Când un anunț al dumneavoastră este ascuns, reținut pentru verificare sau șters, ori contul vă este blocat: ce s-a decis, de ce și cum puteți contesta. Aceste mesaje se trimit întotdeauna, nu pot fi oprite (le cere legea europeană a serviciilor digitale).',
    alwaysSent: true,
  },
  messages: {
    label: 'Mesaje noi',
    description: 'Când primiți un mesaj privat despre un anunț.',
  },
  reports: {
    label: 'Rapoarte noi (operatori)',
    description:
      'Cel mult o dată pe oră, rapoartele noi care așteaptă pe pagina de moderare, și o alertă imediată când un anunț este reținut automat.',
  },
} as const satisfies Record<string, { label: string; description: string; alwaysSent?: true }>;

export type MailKind = keyof typeof MAIL_KINDS;

export const MAIL_KIND_NAMES = Object.keys(MAIL_KINDS) as MailKind[];

export function isMailKind(value: unknown): value is MailKind {
  return typeof value === 'string' && Object.hasOwn(MAIL_KINDS, value);
}

/** Whether a kind is always sent (no switch on /cont/notificari): the operators' decisions. */
export function isAlwaysSent(kind: MailKind): boolean {
  return 'alwaysSent' in MAIL_KINDS[kind];
}
