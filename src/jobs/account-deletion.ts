// Deleting an account for good (docs/privacy.md), asked by the person on /cont/sterge or by an
// operator on their request: every step is idempotent and recorded, so a deletion interrupted
// anywhere (a crash, a timeout, Clerk unreachable) is run again from its step by the daily job, and
// never leaves a photo, an ad or a row behind. The steps, in order:
//   log            the moderation log keeps its decisions without the person's name or ad titles
//   photos         every photo of theirs: R2 objects first, then rows
//   ads            every ad (any state) with its reports and reminders; their URLs answer 410
//   own-rows       favourites, saved searches, mail preferences, reminders; reports kept anonymous
//   conversations  their messages leave each conversation; the other side sees "Cont șters"
//   clerk          the user at Clerk (Clerk mode)
//   user           their row; a session issued before can never bring the account back

import { deleteClerkUser } from '../auth/clerk-client';
import { forgetMenuCopy } from '../auth/menu-copy';
import {
  anonymiseModerationLog,
  conversationsOfAccount,
  DELETE_ACCOUNT_ACTION,
  deleteAccountRow,
  deleteAdsOfAccount,
  deleteOwnRows,
  detachFromConversation,
  getDeletion,
  openDeletions,
  photosOfAccount,
  recordDeletionFailure,
  setDeletionStep,
  startDeletion,
} from '../db/account-deletion';
import { type AccountDeletion, DELETION_STEPS, type DeletionStep } from '../db/schema';
import type { Bindings, Db } from '../env';
import { identityHash } from '../lib/identity-hash';
import { deletePhotos } from '../photos/cleanup';

export interface DeletionOptions {
  /** Stop once this step is done, as a crash right after it would (tests of the resumption). */
  stopAfter?: DeletionStep;
}

/**
 * Starts the deletion of an account (once: asking again finds the deletion already started) and
 * runs it to the end. `requestedBy` is the operator who acted on the person's request, with the
 * reason; null when the person asked. Answers the deletion as it stands.
 */
export async function deleteAccount(
  env: Bindings,
  db: Db,
  user: { id: number; clerkId: string },
  request: { requestedBy: number | null; reason: string },
  now: number,
  opts: DeletionOptions = {},
): Promise<AccountDeletion> {
  // Only the request that records the deletion runs it: a second one at once (or a retry) leaves it
  // to that run, and a run that stopped halfway is resumed by the daily job.
  const existing = await getDeletion(db, user.id);
  if (existing) return existing;
  const { deletion, created } = await startDeletion(db, {
    user,
    clerkHash: await identityHash(user.clerkId),
    requestedBy: request.requestedBy,
    reason: request.reason,
    now,
    log:
      request.requestedBy === null
        ? undefined
        : {
            operatorUserId: request.requestedBy,
            action: DELETE_ACCOUNT_ACTION,
            targetType: 'user',
            targetId: user.id,
            details: request.reason.slice(0, 400),
          },
  });
  if (!created) return deletion;
  forgetMenuCopy(user.clerkId);
  console.log(JSON.stringify({ event: 'account-deletion-started', deletion: deletion.id, user: user.id }));
  return runDeletion(env, db, deletion, now, opts);
}

/** Runs a deletion from its recorded step to the end; a failure is recorded and thrown. */
export async function runDeletion(
  env: Bindings,
  db: Db,
  deletion: AccountDeletion,
  now: number,
  opts: DeletionOptions = {},
): Promise<AccountDeletion> {
  let step = deletion.step;
  const userId = deletion.userId;
  try {
    while (step !== 'done') {
      await runStep(env, db, deletion, step, now);
      const next = DELETION_STEPS[DELETION_STEPS.indexOf(step) + 1];
      if (next === 'done') await deleteAccountRow(db, deletion.id, userId, now);
      // Another run of this deletion moved on first (two requests at once, or the daily job): it
      // finishes the work, this one stops.
      else if (!(await setDeletionStep(db, deletion.id, step, next, now))) break;
      if (opts.stopAfter === step) break;
      step = next;
    }
  } catch (err) {
    await recordDeletionFailure(db, deletion.id, err instanceof Error ? err.message : String(err), now);
    console.error(JSON.stringify({ event: 'account-deletion-failed', deletion: deletion.id, step }), err);
    throw err;
  }
  if (step === 'done')
    console.log(JSON.stringify({ event: 'account-deletion-finished', deletion: deletion.id }));
  return (await getDeletion(db, userId)) ?? deletion;
}

async function runStep(
  env: Bindings,
  db: Db,
  deletion: AccountDeletion,
  step: DeletionStep,
  now: number,
): Promise<void> {
  const userId = deletion.userId;
  switch (step) {
    case 'log':
      await anonymiseModerationLog(db, userId);
      return;
    case 'photos':
      for (;;) {
        const batch = await photosOfAccount(db, userId);
        if (batch.length === 0) return;
        await deletePhotos(env, db, batch);
      }
    case 'ads':
      while ((await deleteAdsOfAccount(db, userId, now)) > 0) {
        // until none is left
      }
      return;
    case 'own-rows':
      await deleteOwnRows(db, userId);
      return;
    case 'conversations':
      for (const conversation of await conversationsOfAccount(db, userId, 10_000)) {
        const room = env.CONVERSATIONS.get(env.CONVERSATIONS.idFromName(String(conversation.id)));
        await room.eraseSender(userId);
        await detachFromConversation(db, conversation.id, userId, now);
      }
      return;
    case 'clerk':
      if (deletion.clerkId) {
        const outcome = await deleteClerkUser(env, deletion.clerkId);
        console.log(JSON.stringify({ event: 'account-deletion-clerk', deletion: deletion.id, outcome }));
      }
      return;
    case 'user':
    case 'done':
      return;
  }
}

/**
 * The daily job's part: deletions a failure interrupted are run again from their step, each logged.
 * Answers how many finished now.
 */
export async function resumeAccountDeletions(env: Bindings, db: Db, now: number): Promise<number> {
  let finished = 0;
  for (const deletion of await openDeletions(db)) {
    console.log(
      JSON.stringify({ event: 'account-deletion-resumed', deletion: deletion.id, step: deletion.step }),
    );
    try {
      const after = await runDeletion(env, db, deletion, now);
      if (after.finishedAt !== null) finished++;
    } catch {
      // recorded on the deletion; tried again tomorrow
    }
  }
  return finished;
}
