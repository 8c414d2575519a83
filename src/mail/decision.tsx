// Notice and action (docs/moderation.md#notices): the statement of reasons an author gets for each
// decision about their ad or account (what, why, on what ground, how to contest), and the mails to a
// reporter who left an address (the acknowledgement at once, the decision later). Transactional: no
// unsubscribe link (a legal duty, sent whatever the mail preferences).
import { contestText, type Decision, decisionSubject, decisionWhat, isRestriction } from '../lib/decisions';
import { maskPhones } from '../lib/phone';
import type { MailTemplate } from './compose';
import { MailButton, MailLayout, mailStyles } from './layout';

export interface DecisionMailProps {
  decision: Decision;
  name: string;
  /** The ad's title, or '' for a decision about the account. */
  title: string;
  postId: number | null;
  reason: string;
  ground: string;
  contest: string;
  /** The ad's page (when it still exists) and its editor (hidden ads). */
  postUrl: string | null;
  editUrl: string | null;
  siteUrl: string;
}

export function decisionMailSubject(props: Pick<DecisionMailProps, 'decision' | 'title'>): string {
  return decisionSubject(props.decision, maskPhones(props.title));
}

const WHY = 'Motivul';
const GROUND = 'Temeiul';

export function DecisionMail(props: DecisionMailProps) {
  const restriction = isRestriction(props.decision);
  return (
    <MailLayout
      title={restriction ? 'Decizie de moderare' : 'Decizie a operatorilor'}
      preheader={decisionWhat(props.decision)}
      siteUrl={props.siteUrl}
      footer={<>Acest mesaj vă informează despre o decizie privind contul sau anunțul dumneavoastră.</>}
    >
      <p style={mailStyles.p}>Bună ziua, {props.name}!</p>
      <p style={mailStyles.p}>{decisionWhat(props.decision)}</p>
      <div style={mailStyles.box}>
        {props.title ? (
          <p style={{ margin: '0 0 6px', fontSize: '17px', fontWeight: 700, lineHeight: '1.35' }}>
            {props.postUrl ? (
              <a href={props.postUrl} style={{ color: 'inherit', textDecoration: 'none' }}>
                {maskPhones(props.title)}
              </a>
            ) : (
              maskPhones(props.title)
            )}
            {props.postId ? ` (nr. ${props.postId})` : ''}
          </p>
        ) : null}
        {props.reason ? (
          <p style={{ ...mailStyles.p, margin: '0 0 6px' }}>
            <strong>{WHY}:</strong> {maskPhones(props.reason)}
          </p>
        ) : null}
        {props.ground ? (
          <p style={{ ...mailStyles.p, margin: 0 }}>
            <strong>{GROUND}:</strong> {props.ground}
          </p>
        ) : null}
      </div>
      {restriction ? <p style={mailStyles.p}>{contestText(props.contest)}</p> : null}
      {props.decision === 'hide' && props.editUrl ? (
        <p style={mailStyles.p}>
          <MailButton href={props.editUrl}>Editează anunțul</MailButton>
        </p>
      ) : props.postUrl && props.decision !== 'delete' ? (
        <p style={mailStyles.p}>
          <MailButton href={props.postUrl}>Vezi anunțul</MailButton>
        </p>
      ) : null}
    </MailLayout>
  );
}

export function decisionMailText(props: DecisionMailProps): string {
  const lines = [`Bună ziua, ${props.name}!`, '', decisionWhat(props.decision), ''];
  if (props.title)
    lines.push(`Anunțul: ${maskPhones(props.title)}${props.postId ? ` (nr. ${props.postId})` : ''}`);
  if (props.postUrl && props.decision !== 'delete') lines.push(props.postUrl);
  if (props.reason) lines.push(`${WHY}: ${maskPhones(props.reason)}`);
  if (props.ground) lines.push(`${GROUND}: ${props.ground}`);
  if (isRestriction(props.decision)) lines.push('', contestText(props.contest));
  if (props.decision === 'hide' && props.editUrl) lines.push('', `Editează anunțul: ${props.editUrl}`);
  return lines.join('\n');
}

export interface ReportNoticeProps {
  stage: 'ack' | 'decision';
  title: string;
  postId: number;
  /** The decision in words (stage `decision`). */
  decision: string;
  siteUrl: string;
}

export function reportNoticeSubject({ stage, title }: Pick<ReportNoticeProps, 'stage' | 'title'>): string {
  return stage === 'ack'
    ? `Am primit raportul despre anunțul „${maskPhones(title)}”`
    : `Decizia despre anunțul raportat „${maskPhones(title)}”`;
}

function reportLead(props: ReportNoticeProps): string {
  return props.stage === 'ack'
    ? 'Vă mulțumim! Am primit raportul dumneavoastră. Un operator îl analizează și vă scriem din nou când decide.'
    : props.decision;
}

export function ReportNoticeMail(props: ReportNoticeProps) {
  return (
    <MailLayout
      title={props.stage === 'ack' ? 'Raport primit' : 'Decizia despre raport'}
      preheader={reportLead(props)}
      siteUrl={props.siteUrl}
      footer={
        <>Primiți acest mesaj pentru că ați lăsat această adresă când ați raportat un anunț pe eRădăuți.</>
      }
    >
      <p style={mailStyles.p}>Bună ziua!</p>
      <p style={mailStyles.p}>{reportLead(props)}</p>
      <div style={mailStyles.box}>
        <p style={{ ...mailStyles.p, margin: 0 }}>
          <strong>{maskPhones(props.title)}</strong> {`(nr. ${props.postId})`}
        </p>
      </div>
    </MailLayout>
  );
}

export function reportNoticeText(props: ReportNoticeProps): string {
  return [
    'Bună ziua!',
    '',
    reportLead(props),
    '',
    `Anunțul: ${maskPhones(props.title)} (nr. ${props.postId})`,
    '',
    '—',
    'Primiți acest mesaj pentru că ați lăsat această adresă când ați raportat un anunț pe eRădăuți.',
  ].join('\n');
}

export const decisionMail: MailTemplate<DecisionMailProps> = {
  subject: decisionMailSubject,
  text: decisionMailText,
  Html: DecisionMail,
};

export const reportNoticeMail: MailTemplate<ReportNoticeProps> = {
  subject: reportNoticeSubject,
  text: reportNoticeText,
  Html: ReportNoticeMail,
};
