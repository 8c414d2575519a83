import { formatPhone, internationalPhone } from '../lib/phone';
import { PhoneIcon } from './Icons';
import { PrivacyNote } from './PrivacyNote';

export type ContactState =
  /** Not asked yet: only the control, the number is not in the page. */
  | { state: 'hidden'; revealHref: string }
  | { state: 'shown'; phone: string }
  | { state: 'none' }
  /** "Doar mesaje": the author wants to be written to on the site only. */
  | { state: 'messages' };

/** WhatsApp's click-to-chat link for a national number (`07…`). */
export function whatsappUrl(national: string): string {
  return `https://wa.me/${internationalPhone(national).slice(1)}`;
}

/**
 * `Informații de contact`: a plain link to `?contact` (works without JavaScript); the contact
 * island fetches that page and swaps this box in place. The number only exists in that response.
 */
export function ContactReveal({ contact }: { contact: ContactState }) {
  return (
    <div className="contact" id="contact" data-island="contact">
      {contact.state === 'hidden' ? (
        <a className="btn btn--primary contact__reveal" href={contact.revealHref} rel="nofollow">
          <PhoneIcon size={18} />
          <span>Informații de contact</span>
        </a>
      ) : contact.state === 'shown' ? (
        <div className="contact__shown">
          <p className="contact__label">Informații de contact</p>
          <a className="btn btn--primary contact__tel" href={`tel:${internationalPhone(contact.phone)}`}>
            <PhoneIcon size={18} />
            <span>{formatPhone(contact.phone)}</span>
          </a>
          <a
            className="btn contact__wa"
            href={whatsappUrl(contact.phone)}
            rel="nofollow noopener"
            target="_blank"
          >
            WhatsApp
          </a>
          <p className="contact__tip muted">
            Spuneți că ați văzut anunțul pe eRădăuți. Nu trimiteți bani în avans.
          </p>
          <PrivacyNote lead="Numărul este afișat doar la cerere, ca să nu fie cules de roboți." />
        </div>
      ) : contact.state === 'messages' ? (
        <p className="contact__none muted">
          Autorul preferă să fie contactat doar prin mesaje pe eRădăuți.{' '}
          <a href="#mesaj">Trimiteți un mesaj</a>.
        </p>
      ) : (
        <p className="contact__none muted">Autorul nu a lăsat un număr de telefon.</p>
      )}
      {contact.state === 'hidden' ? (
        <PrivacyNote lead="Numărul este afișat doar la cerere, ca să nu fie cules de roboți." />
      ) : null}
    </div>
  );
}
