// The operators' hourly digest of new reports, linking to /moderare.
import { formatDate } from '../lib/dates';
import { maskPhones } from '../lib/phone';
import { plural } from '../lib/plural';
import { footerText, MailFooter, type MailFooterProps } from './footer';
import { MAIL_COLORS, MailButton, MailLayout, mailStyles } from './layout';

export const REPORTS = { none: 'niciun raport nou', one: '1 raport nou', many: 'rapoarte noi' };

export interface ReportsMailProps {
  name: string;
  /** Every new report in the hour (only the first ones are listed). */
  total: number;
  reports: { title: string; reason: string; createdAt: number; url: string }[];
  moderationUrl: string;
  siteUrl: string;
  footer: MailFooterProps;
}

export function reportsSubject({ total }: Pick<ReportsMailProps, 'total'>): string {
  return `${plural(total, REPORTS)} pe eRădăuți`;
}

function lead(total: number): string {
  return `${plural(total, REPORTS)} de la ultimul mesaj. Decizia se ia pe pagina de moderare.`;
}

export function ReportsMail({ name, total, reports, moderationUrl, siteUrl, footer }: ReportsMailProps) {
  const more = total - reports.length;
  return (
    <MailLayout
      title="Rapoarte noi"
      preheader={lead(total)}
      siteUrl={siteUrl}
      footer={<MailFooter {...footer} />}
    >
      <p style={mailStyles.p}>Bună ziua, {name}!</p>
      <p style={mailStyles.p}>{lead(total)}</p>
      <table
        role="presentation"
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        style={{ borderCollapse: 'collapse', margin: '0 0 14px' }}
      >
        <tbody>
          {reports.map((r) => (
            <tr key={`${r.url}-${r.createdAt}-${r.reason}`}>
              <td style={{ padding: '8px 0', borderTop: `1px solid ${MAIL_COLORS.border}` }}>
                <a href={r.url} style={{ ...mailStyles.link, fontWeight: 700 }}>
                  {maskPhones(r.title) || 'Anunț șters'}
                </a>
                <div style={{ fontSize: '14px', color: MAIL_COLORS.muted }}>
                  {r.reason} · {formatDate(r.createdAt, 'time')}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 ? <p style={mailStyles.small}>…și încă {plural(more, REPORTS)}.</p> : null}
      <p style={mailStyles.p}>
        <MailButton href={moderationUrl}>Deschide pagina de moderare</MailButton>
      </p>
    </MailLayout>
  );
}

export function reportsText({ name, total, reports, moderationUrl, footer }: ReportsMailProps): string {
  const lines = [`Bună ziua, ${name}!`, '', lead(total), ''];
  for (const r of reports)
    lines.push(
      `* ${maskPhones(r.title) || 'Anunț șters'} — ${r.reason}, ${formatDate(r.createdAt, 'time')}`,
      `  ${r.url}`,
    );
  const more = total - reports.length;
  if (more > 0) lines.push(`…și încă ${plural(more, REPORTS)}.`);
  lines.push('', `Pagina de moderare: ${moderationUrl}`, '', footerText(footer));
  return lines.join('\n');
}
