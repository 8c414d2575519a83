// The `message-unread` job: a conversation's alarm (src/messages/notices.ts) enqueues it for the
// recipient ten minutes after a message arrives. It groups every conversation of the recipient with
// unread messages into one mail, and sends at most one such mail an hour per person: the hour's slot
// is taken in D1 by one conditional statement (simultaneous jobs send one mail); a job that finds
// the slot taken marks the mail as waiting, and the hourly cron enqueues it once the hour is over.
import {
  claimNoticeSlot,
  markNoticePending,
  NOTICE_MAIL_GAP_MS,
  pendingNoticeRecipients,
  unreadConversationsOf,
} from '../db/message-limits';
import { openDb } from '../db/session';
import type { Bindings, Db } from '../env';
import { absoluteUrl, route } from '../lib/links';
import { maskPhones } from '../lib/phone';
import { sendKindMail } from '../mail/compose';
import { messageNoticeMail } from '../mail/message-notice';
import { mailRecipient } from '../mail/recipient';
import { enqueue } from './queue';
import type { MessageUnreadJob } from './types';

/** Characters of the last message the mail quotes. */
export const NOTICE_EXCERPT = 300;

function excerptOf(text: string): string {
  const line = maskPhones(text).replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > NOTICE_EXCERPT ? `${chars.slice(0, NOTICE_EXCERPT).join('')}…` : line;
}

/** The `message-unread` job: one mail listing the unread conversations, at most one an hour. */
export async function runMessageUnread(job: MessageUnreadJob, env: Bindings): Promise<void> {
  const db = openDb(env.DB);
  const now = Date.now();
  const unread = await unreadConversationsOf(db, job.recipientId);
  if (unread.length === 0) return;
  const to = await mailRecipient(db, job.recipientId, 'messages');
  if (!to) return;
  if (!(await claimNoticeSlot(db, job.recipientId, now))) {
    await markNoticePending(db, job.recipientId, now);
    return;
  }
  await sendKindMail(env, to, 'messages', messageNoticeMail, (footer) => ({
    siteUrl: env.SITE_URL,
    recipientName: to.name,
    conversations: unread.map((conv) => ({
      senderName: conv.otherName,
      postTitle: conv.postTitle,
      unread: conv.unread,
      excerpt: conv.lastFromOther && conv.lastPreview ? excerptOf(conv.lastPreview) : null,
      url: absoluteUrl(env.SITE_URL, route('conversation', { id: conv.id })),
    })),
    inboxUrl: absoluteUrl(env.SITE_URL, route('messages')),
    unsubscribeUrl: footer.unsubscribeUrl,
  }));
}

/** The hourly cron: the mails that waited for their person's hour to pass are enqueued. */
export async function enqueueWaitingNotices(env: Bindings, db: Db, now: number): Promise<number> {
  const ids = await pendingNoticeRecipients(db, now - NOTICE_MAIL_GAP_MS);
  await enqueue(
    env,
    ids.map((recipientId) => ({ kind: 'message-unread' as const, recipientId })),
  );
  return ids.length;
}
