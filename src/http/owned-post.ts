// The ad a signed-in person may change (its author or an operator), for the editor and the lifecycle
// routes, and the moderation-log trace an operator's change leaves.
import type { Context } from 'hono';
import { requireOwner, requireWriter } from '../auth/guards';
import type { LogEntry } from '../db/moderation';
import { getPost } from '../db/posts';
import type { Post } from '../db/schema';
import type { AppEnv, CurrentUser } from '../env';
import { NotFound } from '../lib/errors';
import { idParam } from './helpers';

const POST_NOT_FOUND = 'Anunțul nu a fost găsit';

/** The ad of the `:postId` parameter, if the signed-in person may change it (banned 403, others 403). */
export async function editablePost(c: Context<AppEnv>): Promise<{ post: Post; user: CurrentUser }> {
  requireWriter(c);
  const post = await getPost(c.get('db'), idParam(c.req.param('postId'), POST_NOT_FOUND));
  // A deleted ad is changed by no one (an operator may only undo the deletion, from the console).
  if (!post || post.status === 'deleted') throw new NotFound(POST_NOT_FOUND);
  const user = requireOwner(c, post.userId);
  return { post, user };
}

/** An operator acting on someone else's ad leaves a trace in the moderation log. */
export function operatorLog(user: CurrentUser, post: Post, action: string): LogEntry | undefined {
  if (!user.isOperator || user.id === post.userId) return undefined;
  return { operatorUserId: user.id, action, targetType: 'post', targetId: post.id };
}
