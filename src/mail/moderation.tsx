// Notices to an author: an operator hid their ad (with the reason and how to fix it), or reports put
// it on hold until an operator decides.
import { maskPhones } from '../lib/phone';
import type { MailTemplate } from './compose';
import { footerText, MailFooter, type MailFooterProps } from './footer';
import { MailButton, MailLayout, mailStyles } from './layout';

export interface ModerationMailProps {
  action: 'hidden' | 'held';
  name: string;
  title: string;
  /** The operator's reason (hidden only). */
  reason: string | null;
  postUrl: string;
  editUrl: string;
  siteUrl: string;
  footer: MailFooterProps;
}

export function moderationSubject({ action, title }: Pick<ModerationMailProps, 'action' | 'title'>): string {
  return action === 'hidden'
    ? `Anunțul „${maskPhones(title)}” a fost ascuns de un operator`
    : `Anunțul „${maskPhones(title)}” este în verificare`;
}

function lead(action: 'hidden' | 'held'): string {
  return action === 'hidden'
    ? 'Un operator a ascuns anunțul dumneavoastră. Doar dumneavoastră și operatorii îl mai vedeți.'
    : 'Anunțul dumneavoastră a primit mai multe raportări de la vizitatori și a fost suspendat până când un operator îl verifică.';
}

function fix(action: 'hidden' | 'held'): string {
  return action === 'hidden'
    ? 'Ce puteți face: corectați anunțul (butonul „Editează anunțul”). După salvare, un operator îl verifică din nou și, dacă este în regulă, îl face iar vizibil.'
    : 'Nu trebuie să faceți nimic acum: dacă anunțul respectă regulile, operatorul îl face din nou vizibil. Veți vedea decizia pe pagina anunțului.';
}

export function ModerationMail(props: ModerationMailProps) {
  const { action, name, title, reason, postUrl, editUrl, siteUrl, footer } = props;
  return (
    <MailLayout
      title={action === 'hidden' ? 'Anunț ascuns de un operator' : 'Anunț în verificare'}
      preheader={lead(action)}
      siteUrl={siteUrl}
      footer={<MailFooter {...footer} />}
    >
      <p style={mailStyles.p}>Bună ziua, {name}!</p>
      <p style={mailStyles.p}>{lead(action)}</p>
      <div style={mailStyles.box}>
        <p style={{ margin: '0 0 6px', fontSize: '17px', fontWeight: 700, lineHeight: '1.35' }}>
          <a href={postUrl} style={{ color: 'inherit', textDecoration: 'none' }}>
            {maskPhones(title)}
          </a>
        </p>
        {action === 'hidden' && reason ? (
          <p style={{ ...mailStyles.p, margin: 0 }}>
            <strong>Motivul:</strong> {maskPhones(reason)}
          </p>
        ) : null}
      </div>
      <p style={mailStyles.p}>{fix(action)}</p>
      {action === 'hidden' ? (
        <p style={mailStyles.p}>
          <MailButton href={editUrl}>Editează anunțul</MailButton>
        </p>
      ) : (
        <p style={mailStyles.p}>
          <MailButton href={postUrl}>Vezi anunțul</MailButton>
        </p>
      )}
    </MailLayout>
  );
}

export function moderationText(props: ModerationMailProps): string {
  const { action, name, title, reason, postUrl, editUrl, footer } = props;
  const lines = [`Bună ziua, ${name}!`, '', lead(action), '', `Anunțul: ${maskPhones(title)}`, postUrl];
  if (action === 'hidden' && reason) lines.push(`Motivul: ${maskPhones(reason)}`);
  lines.push('', fix(action));
  if (action === 'hidden') lines.push(`Editează anunțul: ${editUrl}`);
  lines.push('', footerText(footer));
  return lines.join('\n');
}

export const moderationMail: MailTemplate<ModerationMailProps> = {
  subject: moderationSubject,
  text: moderationText,
  Html: ModerationMail,
};
