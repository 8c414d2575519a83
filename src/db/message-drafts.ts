// First messages typed by someone not signed in, kept while they sign in (docs/messages.md#drafts).
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../env';
import { messageDrafts } from './schema';

/** How long a kept message waits for its author to sign in. */
export const DRAFT_TTL_MS = 60 * 60 * 1000;

/** Keeps `body` about `postId` under `id`, replacing what the same browser kept before under `previousId`. */
export async function keepDraft(
  db: Db,
  draft: { id: string; postId: number; body: string; now: number; previousId?: string | null },
): Promise<void> {
  const insert = db
    .insert(messageDrafts)
    .values({ id: draft.id, postId: draft.postId, body: draft.body, createdAt: draft.now });
  if (draft.previousId)
    await db.batch([db.delete(messageDrafts).where(eq(messageDrafts.id, draft.previousId)), insert]);
  else await insert;
}

/**
 * The text kept under `id` for `postId` (null when there is none, it is about another ad, or it is
 * older than DRAFT_TTL_MS), removed as it is handed out: it is shown once, in the box.
 */
export async function takeDraft(db: Db, id: string, postId: number, now: number): Promise<string | null> {
  const rows = await db
    .delete(messageDrafts)
    .where(
      and(
        eq(messageDrafts.id, id),
        eq(messageDrafts.postId, postId),
        gt(messageDrafts.createdAt, now - DRAFT_TTL_MS),
      ),
    )
    .returning({ body: messageDrafts.body });
  return rows[0]?.body ?? null;
}

/** Deletes the kept messages older than DRAFT_TTL_MS (the hourly job); how many. */
export async function deleteStaleDrafts(db: Db, now: number): Promise<number> {
  const rows = await db
    .delete(messageDrafts)
    .where(lte(messageDrafts.createdAt, now - DRAFT_TTL_MS))
    .returning({ id: messageDrafts.id });
  return rows.length;
}
