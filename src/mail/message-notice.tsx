// The notice of a private message left unread for ten minutes: who wrote, about which ad, the start
// of the message (phone numbers masked) and the link to the conversation.

import { plural } from '../lib/plural';
import { MailButton, MailLayout, mailStyles } from './layout';

export interface MessageNoticeProps {
  siteUrl: string;
  recipientName: string;
  senderName: string;
  postTitle: string;
  /** The start of the message, phone numbers masked. */
  excerpt: string;
  conversationUrl: string;
  unsubscribeUrl: string;
  /** How many messages of this conversation wait unread for the recipient (at least 1). */
  unreadCount: number;
}

const UNREAD = { none: 'niciun mesaj necitit', one: 'un mesaj necitit', many: 'mesaje necitite' };

/** "Aveți un mesaj necitit", "Aveți 3 mesaje necitite" (through the plural helper). */
export function unreadLine(count: number): string {
  return `Aveți ${plural(Math.max(1, count), UNREAD)}`;
}

export function messageNoticeSubject(
  p: Pick<MessageNoticeProps, 'senderName' | 'postTitle' | 'unreadCount'>,
): string {
  if (p.unreadCount > 1) return `${plural(p.unreadCount, UNREAD)} de la ${p.senderName}: ${p.postTitle}`;
  return `Mesaj nou de la ${p.senderName}: ${p.postTitle}`;
}

export function MessageNoticeMail(p: MessageNoticeProps) {
  return (
    <MailLayout
      title={unreadLine(p.unreadCount)}
      preheader={`${p.senderName} v-a scris despre „${p.postTitle}”.`}
      siteUrl={p.siteUrl}
      footer={
        <>
          Primiți acest e-mail pentru că un mesaj pentru dumneavoastră a rămas necitit 10 minute (cel mult un
          e-mail pe oră pentru fiecare conversație).{' '}
          <a href={p.unsubscribeUrl} style={mailStyles.link}>
            Nu mai vreau e-mailuri despre mesaje
          </a>
          .
        </>
      }
    >
      <p style={mailStyles.p}>Bună ziua, {p.recipientName}!</p>
      <p style={mailStyles.p}>
        {unreadLine(p.unreadCount)} de la <strong>{p.senderName}</strong> despre anunțul „{p.postTitle}”.
        {p.unreadCount > 1 ? ' Ultimul:' : ''}
      </p>
      <p style={mailStyles.box}>{p.excerpt}</p>
      <p style={mailStyles.p}>
        <MailButton href={p.conversationUrl}>Citiți și răspundeți</MailButton>
      </p>
      <p style={mailStyles.small}>
        eRădăuți nu vă cere niciodată datele cardului și nu trimite linkuri de plată sau de livrare.
      </p>
    </MailLayout>
  );
}

export function messageNoticeText(p: MessageNoticeProps): string {
  return [
    `Bună ziua, ${p.recipientName}!`,
    '',
    `${unreadLine(p.unreadCount)} de la ${p.senderName} despre anunțul „${p.postTitle}”.${p.unreadCount > 1 ? ' Ultimul:' : ''}`,
    '',
    p.excerpt,
    '',
    `Citiți și răspundeți: ${p.conversationUrl}`,
    '',
    'eRădăuți nu vă cere niciodată datele cardului și nu trimite linkuri de plată sau de livrare.',
    '',
    `Nu mai vreau e-mailuri despre mesaje: ${p.unsubscribeUrl}`,
  ].join('\n');
}
