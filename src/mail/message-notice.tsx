// The notice of a private message left unread for ten minutes: who wrote, about which ad, the start
// of the message (phone numbers masked) and the link to the conversation.
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
}

export function messageNoticeSubject(p: Pick<MessageNoticeProps, 'senderName' | 'postTitle'>): string {
  return `Mesaj nou de la ${p.senderName}: ${p.postTitle}`;
}

export function MessageNoticeMail(p: MessageNoticeProps) {
  return (
    <MailLayout
      title="Aveți un mesaj necitit"
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
        <strong>{p.senderName}</strong> v-a scris despre anunțul „{p.postTitle}”:
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
    `${p.senderName} v-a scris despre anunțul „${p.postTitle}”:`,
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
