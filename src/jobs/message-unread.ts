// The `message-unread` job: the conversation's alarm (src/messages/notices.ts) enqueues it ten
// minutes after a message arrives; it checks the message is still unread, asks mailRecipient whether
// the person wants it, and sends the mail.
import { getConversation } from '../db/conversations';
import { openDb } from '../db/session';
import { findUserById } from '../db/users';
import type { Bindings } from '../env';
import { absoluteUrl, route } from '../lib/links';
import { maskPhones } from '../lib/phone';
import { renderMailHtml } from '../mail/layout';
import {
  MessageNoticeMail,
  type MessageNoticeProps,
  messageNoticeSubject,
  messageNoticeText,
} from '../mail/message-notice';
import { mailRecipient } from '../mail/recipient';
import { sendMail } from '../mail/send';
import { listUnsubscribeHeaders, unsubscribeUrl } from '../mail/unsubscribe';
import type { MessageUnreadJob } from './types';

/** Characters of the message the mail quotes. */
export const NOTICE_EXCERPT = 300;

function excerptOf(text: string): string {
  const line = maskPhones(text).replace(/\s+/g, ' ').trim();
  return [...line].length >= NOTICE_EXCERPT ? `${line}…` : line;
}

/** The `message-unread` job: one mail, unless it was read meanwhile or the person does not want it. */
export async function runMessageUnread(job: MessageUnreadJob, env: Bindings): Promise<void> {
  const db = openDb(env.DB);
  const conversation = await getConversation(db, job.conversationId);
  if (!conversation) return;
  const unread =
    job.recipientId === conversation.buyerId ? conversation.unreadBuyer : conversation.unreadSeller;
  if (unread === 0) return;
  const [to, sender] = await Promise.all([
    mailRecipient(db, job.recipientId, 'messages'),
    findUserById(db, job.senderId),
  ]);
  if (!to) return;
  const unsubscribe = await unsubscribeUrl(env, to.userId, 'messages');
  const props: MessageNoticeProps = {
    siteUrl: env.SITE_URL,
    recipientName: to.name,
    senderName: sender?.name ?? 'Un utilizator',
    postTitle: conversation.postTitle,
    excerpt: excerptOf(job.excerpt),
    conversationUrl: absoluteUrl(env.SITE_URL, route('conversation', { id: conversation.id })),
    unsubscribeUrl: unsubscribe,
    unreadCount: unread,
  };
  await sendMail(env, {
    to: to.email,
    subject: messageNoticeSubject(props),
    text: messageNoticeText(props),
    html: renderMailHtml(MessageNoticeMail(props)),
    headers: listUnsubscribeHeaders(unsubscribe),
  });
}
