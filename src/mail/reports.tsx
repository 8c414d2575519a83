// The operators' hourly digest of new reports, grouped by ad (held ads first, marked as such), each
// linking to its item in the queue.
import { formatDate } from '../lib/dates';
import { maskPhones } from '../lib/phone';
import { plural } from '../lib/plural';
import type { MailTemplate } from './compose';
import { footerText, MailFooter, type MailFooterProps } from './footer';
import { MAIL_COLORS, MailButton, MailLayout, mailStyles } from './layout';

export const REPORTS = { none: 'niciun raport nou', one: '1 raport nou', many: 'rapoarte noi' };
const REPORT_COUNT = { none: 'niciun raport', one: '1 raport', many: 'rapoarte' };
const ADS = { none: 'niciun anunț', one: '1 anunț', many: 'anunțuri' };
const HELD = 'reținut automat, în verificare';

export interface DigestAdLine {
  title: string;
  /** The reasons given, distinct, joined with commas. */
  reasons: string;
  reports: number;
  /** Held automatically ("în verificare"): not public until an operator decides. */
  held: boolean;
  firstAt: number;
  url: string;
}

export interface ReportsMailProps {
  name: string;
  /** Every new report in the hour. */
  total: number;
  /** The ads they are about (only the first ones are listed). */
  totalAds: number;
  ads: DigestAdLine[];
  moderationUrl: string;
  siteUrl: string;
  footer: MailFooterProps;
}

export function reportsSubject({ total }: Pick<ReportsMailProps, 'total'>): string {
  return `${plural(total, REPORTS)} pe eRădăuți`;
}

function lead(total: number, totalAds: number, held: number): string {
  const heldText =
    held > 0 ? ` ${plural(held, ADS)} ${held === 1 ? 'este reținut' : 'sunt reținute'} automat.` : '';
  return `${plural(total, REPORTS)} de la ultimul mesaj, la ${plural(totalAds, ADS)}.${heldText} Decizia se ia pe pagina de moderare.`;
}

function detail(a: DigestAdLine): string {
  return `${plural(a.reports, REPORT_COUNT)}: ${a.reasons} · primul la ${formatDate(a.firstAt, 'time')}`;
}

export function ReportsMail({
  name,
  total,
  totalAds,
  ads,
  moderationUrl,
  siteUrl,
  footer,
}: ReportsMailProps) {
  const more = totalAds - ads.length;
  const intro = lead(total, totalAds, ads.filter((a) => a.held).length);
  return (
    <MailLayout title="Rapoarte noi" preheader={intro} siteUrl={siteUrl} footer={<MailFooter {...footer} />}>
      <p style={mailStyles.p}>Bună ziua, {name}!</p>
      <p style={mailStyles.p}>{intro}</p>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ borderCollapse: 'collapse', margin: '0 0 14px' }}
      >
        <tbody>
          {ads.map((a) => (
            <tr key={a.url}>
              <td style={{ padding: '8px 0', borderTop: `1px solid ${MAIL_COLORS.border}` }}>
                <a href={a.url} style={{ ...mailStyles.link, fontWeight: 700 }}>
                  {maskPhones(a.title) || 'Anunț șters'}
                </a>
                {a.held ? <strong style={{ color: '#b42318' }}>{` — ${HELD}`}</strong> : null}
                <div style={{ fontSize: '14px', color: MAIL_COLORS.muted }}>{detail(a)}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 ? <p style={mailStyles.small}>…și încă {plural(more, ADS)}.</p> : null}
      <p style={mailStyles.p}>
        <MailButton href={moderationUrl}>Deschide pagina de moderare</MailButton>
      </p>
    </MailLayout>
  );
}

export function reportsText({ name, total, totalAds, ads, moderationUrl, footer }: ReportsMailProps): string {
  const lines = [`Bună ziua, ${name}!`, '', lead(total, totalAds, ads.filter((a) => a.held).length), ''];
  for (const a of ads)
    lines.push(
      `* ${maskPhones(a.title) || 'Anunț șters'}${a.held ? ` — ${HELD.toUpperCase()}` : ''}`,
      `  ${detail(a)}`,
      `  ${a.url}`,
    );
  const more = totalAds - ads.length;
  if (more > 0) lines.push(`…și încă ${plural(more, ADS)}.`);
  lines.push('', `Pagina de moderare: ${moderationUrl}`, '', footerText(footer));
  return lines.join('\n');
}

export const reportsMail: MailTemplate<ReportsMailProps> = {
  subject: reportsSubject,
  text: reportsText,
  Html: ReportsMail,
};
