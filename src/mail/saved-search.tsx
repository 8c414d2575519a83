// The daily saved-search digest: per saved search, the new ads (photo, price, locality, link), a link
// to all results and a one-click link that stops that search alone. HTML plus plain text.

import { ADS, plural } from '../lib/plural';
import type { MailTemplate } from './compose';
import { MAIL_COLORS, MailButton, MailLayout, mailStyles } from './layout';

export interface DigestAd {
  title: string;
  url: string;
  price: string | null;
  locality: string;
  /** Absolute URL of the first photo's small size, if any. */
  photoUrl: string | null;
}

export interface DigestSection {
  name: string;
  /** New ads in all (capped like /cautare), of which `ads` are listed. */
  total: number;
  capped: boolean;
  ads: DigestAd[];
  allUrl: string;
  stopUrl: string;
}

export interface DigestMail {
  name: string;
  siteUrl: string;
  sections: DigestSection[];
  manageUrl: string;
  unsubscribeAllUrl: string;
}

function countOf(s: Pick<DigestSection, 'total' | 'capped'>): string {
  return s.capped
    ? `peste ${plural(s.total, ADS)} noi`
    : `${plural(s.total, ADS)} ${s.total === 1 ? 'nou' : 'noi'}`;
}

export function digestSubject(mail: Pick<DigestMail, 'sections'>): string {
  const total = mail.sections.reduce((n, s) => n + s.total, 0);
  return mail.sections.length === 1
    ? `${countOf({ total, capped: mail.sections[0].capped })}: ${mail.sections[0].name}`
    : `${countOf({ total, capped: mail.sections.some((s) => s.capped) })} pentru căutările salvate`;
}

const cell = {
  padding: '10px 0',
  borderTop: `1px solid ${MAIL_COLORS.border}`,
  verticalAlign: 'top',
} as const;

export function DigestMailHtml({ name, siteUrl, sections, manageUrl, unsubscribeAllUrl }: DigestMail) {
  return (
    <MailLayout
      title="Anunțuri noi pentru căutările salvate"
      preheader={digestSubject({ sections })}
      siteUrl={siteUrl}
      footer={
        <>
          <p style={{ margin: '0 0 6px' }}>
            Primiți acest e-mail pentru că ați salvat aceste căutări pe eRădăuți.{' '}
            <a href={manageUrl} style={mailStyles.link}>
              Administrați căutările salvate
            </a>
            .
          </p>
          <p style={{ margin: 0 }}>
            <a href={unsubscribeAllUrl} style={mailStyles.link}>
              Nu mai trimiteți e-mailuri pentru căutări salvate
            </a>
          </p>
        </>
      }
    >
      <p style={mailStyles.p}>Bună ziua, {name}!</p>
      {sections.map((s) => (
        <div key={s.allUrl} style={{ margin: '0 0 22px' }}>
          <h2 style={{ margin: '0 0 4px', fontSize: '18px', lineHeight: '1.3' }}>{s.name}</h2>
          <p style={mailStyles.small}>{countOf(s)}</p>
          <table
            role="presentation"
            width="100%"
            cellPadding={0}
            cellSpacing={0}
            style={{ borderCollapse: 'collapse' }}
          >
            <tbody>
              {s.ads.map((ad) => (
                <tr key={ad.url}>
                  <td width={96} style={{ ...cell, width: '96px', paddingRight: '12px' }}>
                    <a href={ad.url}>
                      {ad.photoUrl ? (
                        <img
                          src={ad.photoUrl}
                          width={96}
                          height={72}
                          alt=""
                          style={{
                            display: 'block',
                            width: '96px',
                            height: '72px',
                            objectFit: 'cover',
                            borderRadius: '6px',
                            border: 0,
                          }}
                        />
                      ) : (
                        <span
                          style={{
                            display: 'block',
                            width: '96px',
                            height: '72px',
                            borderRadius: '6px',
                            background: MAIL_COLORS.bg,
                          }}
                        />
                      )}
                    </a>
                  </td>
                  <td style={cell}>
                    <a
                      href={ad.url}
                      style={{
                        color: MAIL_COLORS.primary,
                        fontWeight: 700,
                        textDecoration: 'none',
                        fontSize: '16px',
                        lineHeight: '1.35',
                      }}
                    >
                      {ad.title}
                    </a>
                    <div style={{ marginTop: '4px', fontSize: '15px' }}>
                      {ad.price ? <strong>{ad.price}</strong> : null}
                      {ad.price ? ' · ' : null}
                      <span style={{ color: MAIL_COLORS.muted }}>{ad.locality}</span>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p style={{ margin: '12px 0 8px' }}>
            <MailButton href={s.allUrl}>Vedeți toate rezultatele</MailButton>
          </p>
          <p style={{ ...mailStyles.small, fontSize: '13px' }}>
            <a href={s.stopUrl} style={{ color: MAIL_COLORS.muted }}>
              Opriți e-mailurile pentru această căutare
            </a>
          </p>
        </div>
      ))}
    </MailLayout>
  );
}

export function digestText({ name, sections, manageUrl, unsubscribeAllUrl }: DigestMail): string {
  const lines = [`Bună ziua, ${name}!`, '', 'Anunțuri noi pentru căutările salvate:', ''];
  for (const s of sections) {
    lines.push(`== ${s.name} (${countOf(s)}) ==`);
    for (const ad of s.ads)
      lines.push(`- ${ad.title}${ad.price ? ` — ${ad.price}` : ''}, ${ad.locality}`, `  ${ad.url}`);
    lines.push(
      `Toate rezultatele: ${s.allUrl}`,
      `Opriți e-mailurile pentru această căutare: ${s.stopUrl}`,
      '',
    );
  }
  lines.push(
    `Administrați căutările salvate: ${manageUrl}`,
    `Nu mai trimiteți e-mailuri pentru căutări salvate: ${unsubscribeAllUrl}`,
  );
  return lines.join('\n');
}

export const digestMail: MailTemplate<DigestMail> = {
  subject: digestSubject,
  text: digestText,
  Html: DigestMailHtml,
};
