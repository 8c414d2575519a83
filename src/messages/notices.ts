// The e-mail notice of a message left unread: the conversation's alarm enqueues a job, the job
// consumer sends the mail (once the mail module is merged in).
import type { Bindings } from '../env';
import type { RoomMessage } from './room';

export interface UnreadNotice {
  conversationId: number;
  recipientId: number;
  message: RoomMessage;
}

export async function notifyUnread(_env: Bindings, _notice: UnreadNotice): Promise<void> {
  // Replaced by the queue job when the mail foundation is merged.
}
