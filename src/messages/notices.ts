// The e-mail notice of a message left unread: the conversation's alarm enqueues a `message-unread`
// job; src/jobs/message-unread.ts runs it.
import type { Bindings } from '../env';
import { NOTICE_EXCERPT } from '../jobs/message-unread';
import { enqueue } from '../jobs/queue';
import type { RoomMessage } from './room';

export interface UnreadNotice {
  conversationId: number;
  recipientId: number;
  message: RoomMessage;
}

export async function notifyUnread(env: Bindings, notice: UnreadNotice): Promise<void> {
  await enqueue(env, {
    kind: 'message-unread',
    conversationId: notice.conversationId,
    recipientId: notice.recipientId,
    senderId: notice.message.senderId,
    messageId: notice.message.id,
    excerpt: [...notice.message.body].slice(0, NOTICE_EXCERPT).join(''),
  });
}
