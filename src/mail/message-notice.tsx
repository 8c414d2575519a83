// The notice of private messages left unread for ten minutes: one mail (at most one an hour per
// person) listing each conversation with unread messages: who wrote, about which ad, how many, the
// start of the last one (phone numbers masked), and the link to it.
import { plural } from '../lib/plural';
import { oneLineText } from '../lib/text';
import type { MailTemplate } from './compose';
import { MailButton, MailLayout, mailStyles } from './layout';

export interface NoticeConversation {
  senderName: string;
  postTitle: string;
  unread: number;
  /** The start of the last message when the other person wrote it, phone numbers masked. */
  excerpt: string | null;
  url: string;
}

export interface MessageNoticeProps {
  siteUrl: string;
  recipientName: string;
  conversations: NoticeConversation[];
  inboxUrl: string;
  unsubscribeUrl: string;
}

export const UNREAD_FORMS = { none: 'niciun mesaj necitit', one: '1 mesaj necitit', many: 'mesaje necitite' };
const CONVERSATION_FORMS = { none: 'nicio conversație', one: 'o conversație', many: 'conversații' };

/** One line, whatever a name or a title carries (nothing typed can reach a mail header). */
const line = (text: string) => oneLineText(text);

export function messageNoticeSubject(p: Pick<MessageNoticeProps, 'conversations'>): string {
  const [first] = p.conversations;
  if (p.conversations.length === 1 && first)
    return line(`Mesaj nou de la ${first.senderName}: ${first.postTitle}`);
  return `Aveți mesaje necitite în ${plural(p.conversations.length, CONVERSATION_FORMS)}`;
}

export function MessageNoticeMail(p: MessageNoticeProps) {
  const many = p.conversations.length > 1;
  return (
    <MailLayout
      title="Aveți mesaje necitite"
      preheader={
        many
          ? `Mesaje necitite în ${plural(p.conversations.length, CONVERSATION_FORMS)}.`
          : `${line(p.conversations[0]?.senderName ?? '')} v-a scris despre „${line(p.conversations[0]?.postTitle ?? '')}”.`
      }
      siteUrl={p.siteUrl}
      footer={
        <>
          Primiți acest e-mail pentru că aveți mesaje necitite de cel puțin 10 minute (cel mult un e-mail pe
          oră, pentru toate conversațiile).{' '}
          <a href={p.unsubscribeUrl} style={mailStyles.link}>
            Nu mai vreau e-mailuri despre mesaje
          </a>
          .
        </>
      }
    >
      <p style={mailStyles.p}>Bună ziua, {line(p.recipientName)}!</p>
      {p.conversations.map((conv) => (
        <div key={conv.url} style={mailStyles.box}>
          <p style={mailStyles.p}>
            <strong>{line(conv.senderName)}</strong> despre anunțul „{line(conv.postTitle)}”:{' '}
            {plural(conv.unread, UNREAD_FORMS)}
          </p>
          {conv.excerpt ? <p style={mailStyles.small}>{conv.excerpt}</p> : null}
          <p style={{ ...mailStyles.small, margin: 0 }}>
            <a href={conv.url} style={mailStyles.link}>
              Citiți și răspundeți
            </a>
          </p>
        </div>
      ))}
      <p style={mailStyles.p}>
        <MailButton href={p.inboxUrl}>Toate mesajele</MailButton>
      </p>
      <p style={mailStyles.small}>
        eRădăuți nu vă cere niciodată datele cardului și nu trimite linkuri de plată sau de livrare.
      </p>
    </MailLayout>
  );
}

export function messageNoticeText(p: MessageNoticeProps): string {
  return [
    `Bună ziua, ${line(p.recipientName)}!`,
    '',
    ...p.conversations.flatMap((conv) => [
      `${line(conv.senderName)} despre anunțul „${line(conv.postTitle)}”: ${plural(conv.unread, UNREAD_FORMS)}`,
      ...(conv.excerpt ? [conv.excerpt] : []),
      `Citiți și răspundeți: ${conv.url}`,
      '',
    ]),
    `Toate mesajele: ${p.inboxUrl}`,
    '',
    'eRădăuți nu vă cere niciodată datele cardului și nu trimite linkuri de plată sau de livrare.',
    '',
    `Nu mai vreau e-mailuri despre mesaje: ${p.unsubscribeUrl}`,
  ].join('\n');
}

export const messageNoticeMail: MailTemplate<MessageNoticeProps> = {
  subject: messageNoticeSubject,
  text: messageNoticeText,
  Html: MessageNoticeMail,
};
