// The daily removal of conversations about deleted ads: the day an ad is found gone starts its
// conversations' 30 days; after them each conversation's object storage and its D1 row go. The
// daily message counts of past days go too.
import { deleteConversationRows, expiredConversationIds, markDeletedAds } from '../db/conversations';
import { deleteOldDayCounts } from '../db/message-limits';
import type { Bindings, Db } from '../env';

export interface ConversationCleanup {
  /** Conversations whose ad was found deleted today. */
  orphaned: number;
  removed: number;
}

export async function cleanupConversations(env: Bindings, db: Db, now: number): Promise<ConversationCleanup> {
  const orphaned = await markDeletedAds(db, now);
  const ids = await expiredConversationIds(db, now);
  const removed: number[] = [];
  for (const id of ids) {
    try {
      await env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(String(id))).destroy();
      removed.push(id);
    } catch (err) {
      // Kept for tomorrow's run: the row must outlive its messages, never the reverse.
      console.error('Removing conversation failed', id, err);
    }
  }
  await deleteConversationRows(db, removed);
  await deleteOldDayCounts(db, now);
  return { orphaned, removed: removed.length };
}
