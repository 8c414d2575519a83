// The footer every non-transactional mail shares: why it came, and how to stop it.
import { MAIL_KINDS, type MailKind } from '../lib/mail-kinds';
import { mailStyles } from './layout';

export interface MailFooterProps {
  kind: MailKind;
  unsubscribeUrl: string;
  preferencesUrl: string;
}

export function MailFooter({ kind, unsubscribeUrl, preferencesUrl }: MailFooterProps) {
  return (
    <>
      Primiți acest mesaj pentru că aveți un cont pe eRădăuți („{MAIL_KINDS[kind].label}”).{' '}
      <a href={unsubscribeUrl} style={mailStyles.link}>
        Nu mai vreau aceste mesaje
      </a>{' '}
      ·{' '}
      <a href={preferencesUrl} style={mailStyles.link}>
        Toate preferințele
      </a>
    </>
  );
}

export function footerText({ kind, unsubscribeUrl, preferencesUrl }: MailFooterProps): string {
  return [
    '—',
    `Primiți acest mesaj pentru că aveți un cont pe eRădăuți („${MAIL_KINDS[kind].label}”).`,
    `Nu mai vreau aceste mesaje: ${unsubscribeUrl}`,
    `Toate preferințele: ${preferencesUrl}`,
  ].join('\n');
}
