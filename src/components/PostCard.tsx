import type { CategoryTree } from '../db/categories';
import type { PostCardData } from '../db/posts';
import { formatDate, isoDate } from '../lib/dates';
import { postHref } from '../lib/links';
import { formatPrice } from '../lib/price';
import { photoSrcSet, responsiveUrl } from '../photos/urls';
import { CameraIcon, PinIcon } from './Icons';
import { SaveHeart } from './SaveHeart';

export interface PostCardProps {
  post: PostCardData;
  tree: CategoryTree;
  /** The first card's image is fetched at once (it is likely the largest paint); the rest lazily. */
  eager?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** One ad in a listing: photo, title, price, locality and date; promoted ads are marked. */
export function PostCard({ post, tree, eager = false, headingLevel: Heading = 'h3' }: PostCardProps) {
  const price = formatPrice(post.price, post.currency);
  const date = post.bumpedAt;
  return (
    <li className={post.promoted ? 'card card--promoted' : 'card'}>
      <a className="card__link" href={postHref(tree, post)}>
        <div className="card__media">
          {post.photo ? (
            <img
              src={responsiveUrl(post.photo, 320)}
              srcSet={photoSrcSet(post.photo)}
              sizes="(min-width: 1000px) 260px, (min-width: 640px) 30vw, 38vw"
              width={post.photo.width}
              height={post.photo.height}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
              decoding="async"
            />
          ) : (
            <span className="card__noimg" aria-hidden="true">
              <CameraIcon size={32} />
            </span>
          )}
        </div>
        <div className="card__body">
          {post.promoted ? <span className="badge badge--promo">Promovat</span> : null}
          <Heading className="card__title">{post.title}</Heading>
          {price ? (
            <p className="card__price">
              {price}
              {post.negotiable ? <span className="card__nego"> negociabil</span> : null}
            </p>
          ) : null}
          <p className="card__meta">
            <PinIcon size={14} />
            <span>{post.locality}</span>
            {date ? (
              <>
                <span aria-hidden="true">·</span>
                <time dateTime={isoDate(date)}>{formatDate(date, 'short')}</time>
              </>
            ) : null}
          </p>
        </div>
      </a>
      <SaveHeart postId={post.id} title={post.title} />
    </li>
  );
}

/** A grid of cards; the first image eager when `eagerFirst`. */
export function PostGrid({
  posts,
  tree,
  eagerFirst = false,
  headingLevel,
  label,
}: {
  posts: PostCardData[];
  tree: CategoryTree;
  eagerFirst?: boolean;
  headingLevel?: 'h2' | 'h3';
  label?: string;
}) {
  return (
    <ul className="cards" aria-label={label}>
      {posts.map((p, i) => (
        <PostCard key={p.id} post={p} tree={tree} eager={eagerFirst && i === 0} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
