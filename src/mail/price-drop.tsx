// The price-drop mail: a saved ad is cheaper now than when it was saved.

import type { MailTemplate } from './compose';
import { MAIL_COLORS, MailButton, MailLayout, mailStyles } from './layout';

export interface PriceDropMail {
  name: string;
  siteUrl: string;
  title: string;
  url: string;
  oldPrice: string;
  newPrice: string;
  locality: string;
  photoUrl: string | null;
  manageUrl: string;
  unsubscribeUrl: string;
}

export function priceDropSubject(m: Pick<PriceDropMail, 'title' | 'newPrice'>): string {
  return `Preț mai mic: ${m.title} — acum ${m.newPrice}`;
}

export function PriceDropMailHtml(m: PriceDropMail) {
  return (
    <MailLayout
      title="A scăzut prețul unui anunț salvat"
      preheader={priceDropSubject(m)}
      siteUrl={m.siteUrl}
      footer={
        <>
          <p style={{ margin: '0 0 6px' }}>
            Primiți acest e-mail pentru că ați cerut să aflați când scade prețul acestui anunț.{' '}
            <a href={m.manageUrl} style={mailStyles.link}>
              Anunțurile salvate
            </a>
            .
          </p>
          <p style={{ margin: 0 }}>
            <a href={m.unsubscribeUrl} style={mailStyles.link}>
              Nu mai trimiteți e-mailuri despre scăderi de preț
            </a>
          </p>
        </>
      }
    >
      <p style={mailStyles.p}>Bună ziua, {m.name}!</p>
      <div style={mailStyles.box}>
        {m.photoUrl ? (
          <a href={m.url}>
            <img
              src={m.photoUrl}
              width={320}
              alt=""
              style={{
                display: 'block',
                width: '100%',
                maxWidth: '320px',
                height: 'auto',
                borderRadius: '8px',
                border: 0,
                margin: '0 0 10px',
              }}
            />
          </a>
        ) : null}
        <a
          href={m.url}
          style={{ color: MAIL_COLORS.primary, fontWeight: 700, fontSize: '17px', textDecoration: 'none' }}
        >
          {m.title}
        </a>
        <p style={{ margin: '8px 0 0', fontSize: '17px' }}>
          <s style={{ color: MAIL_COLORS.muted }}>{m.oldPrice}</s>{' '}
          <strong style={{ color: '#146c2e' }}>{m.newPrice}</strong>
        </p>
        <p style={{ ...mailStyles.small, margin: '4px 0 0' }}>{m.locality}</p>
      </div>
      <p style={{ margin: '0 0 8px' }}>
        <MailButton href={m.url}>Vedeți anunțul</MailButton>
      </p>
    </MailLayout>
  );
}

export function priceDropText(m: PriceDropMail): string {
  return [
    `Bună ziua, ${m.name}!`,
    '',
    'A scăzut prețul unui anunț pe care l-ați salvat:',
    `${m.title}, ${m.locality}`,
    `Preț: ${m.newPrice} (era ${m.oldPrice})`,
    m.url,
    '',
    `Anunțurile salvate: ${m.manageUrl}`,
    `Nu mai trimiteți e-mailuri despre scăderi de preț: ${m.unsubscribeUrl}`,
  ].join('\n');
}

export const priceDropMail: MailTemplate<PriceDropMail> = {
  subject: priceDropSubject,
  text: priceDropText,
  Html: PriceDropMailHtml,
};
