// The e-mail notice of messages left unread: the conversation's alarm enqueues a `message-unread`
// job for the recipient; src/jobs/message-unread.ts groups their conversations into one mail.
import type { Bindings } from '../env';
import { enqueue } from '../jobs/queue';

export interface UnreadNotice {
  conversationId: number;
  recipientId: number;
}

export async function notifyUnread(env: Bindings, notice: UnreadNotice): Promise<void> {
  await enqueue(env, {
    kind: 'message-unread',
    recipientId: notice.recipientId,
    conversationId: notice.conversationId,
  });
}
