// The operators' instant alert: an ad was held automatically ("în verificare") and waits for them.
import { maskPhones } from '../lib/phone';
import type { MailTemplate } from './compose';
import { footerText, MailFooter, type MailFooterProps } from './footer';
import { MailButton, MailLayout, mailStyles } from './layout';

export interface HeldAlertProps {
  name: string;
  title: string;
  /** Why it was held, in words: the reports, or the rule. */
  ground: string;
  itemUrl: string;
  siteUrl: string;
  footer: MailFooterProps;
}

export function heldAlertSubject({ title }: Pick<HeldAlertProps, 'title'>): string {
  return `Anunț reținut automat: ${maskPhones(title).slice(0, 80)}`;
}

function lead(ground: string): string {
  return `Un anunț a fost reținut automat (${ground}) și nu mai este public până decideți.`;
}

export function HeldAlertMail({ name, title, ground, itemUrl, siteUrl, footer }: HeldAlertProps) {
  return (
    <MailLayout
      title="Anunț reținut automat"
      preheader={lead(ground)}
      siteUrl={siteUrl}
      footer={<MailFooter {...footer} />}
    >
      <p style={mailStyles.p}>Bună ziua, {name}!</p>
      <p style={mailStyles.p}>{lead(ground)}</p>
      <p style={mailStyles.p}>
        <strong>{maskPhones(title)}</strong>
      </p>
      <p style={mailStyles.p}>
        <MailButton href={itemUrl}>Deschide anunțul în coadă</MailButton>
      </p>
      <p style={mailStyles.small}>Cel mult câteva alerte pe oră; restul apar în rezumatul orar.</p>
    </MailLayout>
  );
}

export function heldAlertText({ name, title, ground, itemUrl, footer }: HeldAlertProps): string {
  return [
    `Bună ziua, ${name}!`,
    '',
    lead(ground),
    '',
    maskPhones(title),
    itemUrl,
    '',
    'Cel mult câteva alerte pe oră; restul apar în rezumatul orar.',
    '',
    footerText(footer),
  ].join('\n');
}

export const heldAlertMail: MailTemplate<HeldAlertProps> = {
  subject: heldAlertSubject,
  text: heldAlertText,
  Html: HeldAlertMail,
};
