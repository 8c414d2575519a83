// The owner's lifecycle buttons for one ad (the ad page, the editor and "Anunțurile mele"): each a small
// POST form, so they work without JavaScript. Deleting goes through a confirmation page.
import type { Post } from '../db/schema';
import { route } from '../lib/links';
import { ownerChoices } from '../lib/post-status';
import { ActionForm } from './ActionForm';

export interface PostActionsProps {
  /** `/posts/edit/<id>/<action>` for each offered action; absent when not offered. */
  publish?: string;
  renew?: string;
  sold?: string;
  unpublish?: string;
  /** The confirmation page of deleting. */
  remove?: string;
  edit?: string;
  /** Where to come back to after the action (same-site path). */
  returnTo?: string;
  /** Why renewing is not offered now (renewed today). */
  renewNote?: string;
}

/** The lifecycle buttons an ad in this state offers the person (each a POST form), or why not. */
export function actionsFor(
  post: Pick<Post, 'id' | 'status' | 'bumpedAt' | 'expiresAt'> & { renewedAt?: number | null },
  viewer: { banned: boolean },
  now: number,
  returnTo?: string,
): PostActionsProps {
  const href = (action: string) => route('postAction', { postId: post.id, action });
  const choices = ownerChoices(post, viewer, now);
  return {
    edit: choices.edit.allowed ? route('editPost', { postId: post.id }) : undefined,
    publish: choices.republish.allowed ? href('publica') : undefined,
    renew: choices.renew.allowed ? href('reinnoieste') : undefined,
    sold: choices.sold.allowed ? href('vandut') : undefined,
    unpublish: choices.unpublish.allowed ? href('retrage') : undefined,
    remove: choices.remove.allowed ? href('sterge') : undefined,
    returnTo,
    renewNote: choices.renew.why,
  };
}

export function PostActions(props: PostActionsProps) {
  return (
    <div className="post-actions">
      {props.edit ? (
        <a className="btn btn--small" href={props.edit}>
          Editează
        </a>
      ) : null}
      {props.publish ? (
        <ActionForm action={props.publish} label="Republică" fields={{ returnTo: props.returnTo }} primary />
      ) : null}
      {props.renew ? (
        <ActionForm
          action={props.renew}
          label="Reînnoiește (30 de zile)"
          fields={{ returnTo: props.returnTo }}
          primary
        />
      ) : null}
      {props.sold ? (
        <ActionForm action={props.sold} label="Marchează ca vândut" fields={{ returnTo: props.returnTo }} />
      ) : null}
      {props.unpublish ? (
        <ActionForm action={props.unpublish} label="Retrage anunțul" fields={{ returnTo: props.returnTo }} />
      ) : null}
      {props.remove ? (
        <a className="btn btn--small btn--danger" href={props.remove}>
          Șterge
        </a>
      ) : null}
      {props.renewNote ? <p className="muted post-actions__note">{props.renewNote}</p> : null}
    </div>
  );
}
