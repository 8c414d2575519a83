// The expiry reminder: every ad of one owner that expires soon (or has just expired), each with its
// one-click renewal link. HTML component and plain-text renderer of the same props.
import { formatDate } from '../lib/dates';
import { maskPhones } from '../lib/phone';
import { ADS, plural } from '../lib/plural';
import { formatPrice } from '../lib/price';
import type { MailTemplate } from './compose';
import { footerText, MailFooter, type MailFooterProps } from './footer';
import { MAIL_COLORS, MailButton, MailLayout, mailStyles } from './layout';

export interface ExpiryMailAd {
  title: string;
  url: string;
  price: number;
  currency: 'RON' | 'EUR';
  expiresAt: number;
  renewUrl: string;
}

export interface ExpiryMailProps {
  stage: 'soon' | 'expired';
  name: string;
  ads: ExpiryMailAd[];
  siteUrl: string;
  myPostsUrl: string;
  footer: MailFooterProps;
}

export function expirySubject({ stage, ads }: Pick<ExpiryMailProps, 'stage' | 'ads'>): string {
  if (ads.length === 1)
    return stage === 'soon'
      ? `Anunțul „${maskPhones(ads[0].title)}” expiră în curând`
      : `Anunțul „${maskPhones(ads[0].title)}” a expirat`;
  return stage === 'soon'
    ? `${plural(ads.length, ADS)} expiră în curând`
    : `${plural(ads.length, ADS)} au expirat`;
}

function intro({ stage, ads }: Pick<ExpiryMailProps, 'stage' | 'ads'>): string {
  const one = ads.length === 1;
  if (stage === 'soon')
    return one
      ? 'Anunțul dumneavoastră expiră în următoarele 3 zile. Îl puteți reînnoi pentru încă 30 de zile cu un singur clic, fără să vă conectați.'
      : `${plural(ads.length, ADS)} ale dumneavoastră expiră în următoarele 3 zile. Le puteți reînnoi pentru încă 30 de zile cu un singur clic, fără să vă conectați.`;
  return one
    ? 'Anunțul dumneavoastră a expirat și nu mai apare în listări. Îl puteți reînnoi pentru încă 30 de zile cu un singur clic.'
    : `${plural(ads.length, ADS)} ale dumneavoastră au expirat și nu mai apar în listări. Le puteți reînnoi pentru încă 30 de zile cu un singur clic.`;
}

function when(stage: 'soon' | 'expired', expiresAt: number): string {
  return stage === 'soon'
    ? `Expiră pe ${formatDate(expiresAt, 'longTime')}`
    : `A expirat pe ${formatDate(expiresAt, 'longTime')}`;
}

export function ExpiryMail(props: ExpiryMailProps) {
  const { stage, name, ads, siteUrl, myPostsUrl, footer } = props;
  return (
    <MailLayout
      title={
        ads.length === 1
          ? stage === 'soon'
            ? 'Anunț care expiră în curând'
            : 'Anunț expirat'
          : stage === 'soon'
            ? 'Anunțuri care expiră în curând'
            : 'Anunțuri expirate'
      }
      preheader={intro(props)}
      siteUrl={siteUrl}
      footer={<MailFooter {...footer} />}
    >
      <p style={mailStyles.p}>Bună ziua, {name}!</p>
      <p style={mailStyles.p}>{intro(props)}</p>
      {ads.map((ad) => {
        const price = formatPrice(ad.price, ad.currency);
        return (
          <div key={ad.url} style={mailStyles.box}>
            <p style={{ margin: '0 0 4px', fontSize: '17px', fontWeight: 700, lineHeight: '1.35' }}>
              <a href={ad.url} style={{ color: MAIL_COLORS.text, textDecoration: 'none' }}>
                {maskPhones(ad.title)}
              </a>
            </p>
            <p style={mailStyles.small}>
              {price ? `${price} · ` : ''}
              {when(stage, ad.expiresAt)}
            </p>
            <MailButton href={ad.renewUrl}>Reînnoiește</MailButton>
          </div>
        );
      })}
      <p style={mailStyles.small}>
        Linkurile „Reînnoiește” sunt valabile 7 zile și se pot folosi o singură dată. Toate anunțurile
        dumneavoastră:{' '}
        <a href={myPostsUrl} style={mailStyles.link}>
          Anunțurile mele
        </a>
        .
      </p>
    </MailLayout>
  );
}

export function expiryText(props: ExpiryMailProps): string {
  const { stage, name, ads, myPostsUrl, footer } = props;
  const lines = [`Bună ziua, ${name}!`, '', intro(props), ''];
  for (const ad of ads) {
    const price = formatPrice(ad.price, ad.currency);
    lines.push(`* ${maskPhones(ad.title)}`);
    lines.push(`  ${price ? `${price} · ` : ''}${when(stage, ad.expiresAt)}`);
    lines.push(`  Anunțul: ${ad.url}`);
    lines.push(`  Reînnoiește: ${ad.renewUrl}`);
    lines.push('');
  }
  lines.push('Linkurile „Reînnoiește” sunt valabile 7 zile și se pot folosi o singură dată.');
  lines.push(`Anunțurile mele: ${myPostsUrl}`, '', footerText(footer));
  return lines.join('\n');
}

export const expiryMail: MailTemplate<ExpiryMailProps> = {
  subject: expirySubject,
  text: expiryText,
  Html: ExpiryMail,
};
