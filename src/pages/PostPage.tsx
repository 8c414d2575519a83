// `/anunt/<categorie>/<slug>-<id>`: one ad, its gallery, contact, and the author's or operator's panel.
import { Breadcrumbs, type Crumb } from '../components/Breadcrumbs';
import { ContactReveal, type ContactState } from '../components/ContactReveal';
import { Gallery } from '../components/Gallery';
import { CircleUserIcon, InfoIcon, PinIcon } from '../components/Icons';
import { MessageSeller, MessagesOnlyToggle, type MessagesOnlyToggleProps } from '../components/MessageForm';
import { PostGrid } from '../components/PostCard';
import {
  OperatorPanel,
  type OperatorPanelProps,
  OwnerPanel,
  type OwnerPanelProps,
} from '../components/PostControls';
import { ReasonChoices } from '../components/ReasonChoices';
import { RestoreAdForm, type RestoreAdFormProps } from '../components/RestoreAdForm';
import { SaveHeart } from '../components/SaveHeart';
import { ShareLinks } from '../components/ShareLinks';
import type { CategoryTree } from '../db/categories';
import type { NeighbourPost, PhotoRef, PostAuthor, PostCardData } from '../db/posts';
import type { Post } from '../db/schema';
import { formatDate, isoDate } from '../lib/dates';
import { postHref } from '../lib/links';
import { maskPhones } from '../lib/phone';
import { formatPrice } from '../lib/price';
import { toParagraphs } from '../lib/text';

/** Why the ad is not an ordinary, active one. */
export type PostNotice = 'expired' | 'sold' | 'hidden' | 'held' | 'draft' | 'deleted' | null;

export interface PostPageProps {
  post: Post;
  author: PostAuthor;
  authorHref: string;
  photos: PhotoRef[];
  tree: CategoryTree;
  crumbs: Crumb[];
  notice: PostNotice;
  /** Null when the ad is not active (no contact for sold or expired ads). */
  contact: ContactState | null;
  fields: { label: string; value: string }[];
  newer: NeighbourPost | null;
  older: NeighbourPost | null;
  similar: PostCardData[];
  /** The listing of the ad's (sub)category, for "more like this". */
  listingHref: string;
  reportAction: string;
  reportReasons: readonly string[];
  /** Owner or operator viewing an ad the public cannot see. */
  editHref?: string;
  /** The author's status and actions (signed-in author only). */
  ownerPanel?: OwnerPanelProps;
  /** The operator's tools (signed-in operators only). */
  operatorPanel?: OperatorPanelProps;
  /** False for the ad's own author: nobody reports their own ad. */
  canReport?: boolean;
  /** Where "Trimite un mesaj" posts (active ads, not the viewer's own). */
  messageAction?: string;
  /** The author's "Doar mesaje" switch for this ad. */
  messagesOnlyToggle?: MessagesOnlyToggleProps;
  /** The ad's absolute canonical address, for sharing (public ads only). */
  shareUrl?: string;
  /** The view beacon's address (public, active ads only; docs/stats.md). */
  viewBeacon?: string;
  /** A deleted ad seen by an operator: the undo, while its 30 days last. */
  restore?: RestoreAdFormProps;
}

const NOTICES: Record<Exclude<PostNotice, null>, { className: string; text: string }> = {
  expired: {
    className: 'notice notice--warn',
    text: 'Acest anunț a expirat și nu mai este activ. Vedeți mai jos anunțuri asemănătoare.',
  },
  sold: {
    className: 'notice notice--warn',
    text: 'Acest anunț a fost marcat ca vândut și nu mai este activ. Vedeți mai jos anunțuri asemănătoare.',
  },
  hidden: {
    className: 'notice notice--error',
    text: 'Anunț ascuns: doar autorul și operatorii îl pot vedea.',
  },
  held: {
    className: 'notice notice--warn',
    text: 'Anunț în verificare: a fost raportat de mai multe persoane și doar autorul și operatorii îl pot vedea până când un operator îl verifică.',
  },
  draft: {
    className: 'notice notice--error',
    text: 'Ciornă nepublicată: doar autorul și operatorii o pot vedea.',
  },
  deleted: {
    className: 'notice notice--error',
    text: 'Anunț șters: doar operatorii îl mai pot vedea, până când este șters definitiv.',
  },
};

function neighbourHref(tree: CategoryTree, n: NeighbourPost): string {
  return postHref(tree, n);
}

/** `/anunt/<categorie>/<slug>-<id>`: one ad. */
export function PostPage(props: PostPageProps) {
  const { post, author, photos, tree, notice, fields } = props;
  const price = formatPrice(post.price, post.currency);
  const paragraphs = toParagraphs(maskPhones(post.description));
  const published = post.bumpedAt ?? post.publishedAt ?? post.createdAt;
  return (
    <article className="ad">
      <Breadcrumbs items={props.crumbs} />
      {notice ? (
        <p className={NOTICES[notice].className} role="status">
          <InfoIcon size={18} /> {NOTICES[notice].text}
          {props.editHref && !props.ownerPanel ? (
            <>
              {' '}
              <a href={props.editHref}>Editează anunțul</a>
            </>
          ) : null}
        </p>
      ) : null}
      {props.restore ? (
        <div className="notice">
          <RestoreAdForm {...props.restore} />
        </div>
      ) : null}
      {props.ownerPanel || props.operatorPanel ? (
        <div className="post-panels">
          {props.ownerPanel ? <OwnerPanel {...props.ownerPanel} /> : null}
          {props.operatorPanel ? <OperatorPanel {...props.operatorPanel} /> : null}
        </div>
      ) : null}
      <div className="ad__layout">
        <div className="ad__main">
          <header className="ad__head">
            <h1 className="ad__title">{post.title}</h1>
            <p className="ad__meta muted">
              <PinIcon size={16} />
              <span>{post.locality}</span>
              <span aria-hidden="true">·</span>
              <span>
                Publicat <time dateTime={isoDate(published)}>{formatDate(published, 'long')}</time>
              </span>
            </p>
          </header>
          <Gallery photos={photos} title={post.title} />
          {fields.length > 0 ? (
            <dl className="ad__fields">
              {fields.map((f) => (
                <div key={f.label} className="ad__field">
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <section className="ad__description" aria-labelledby="ad-desc">
            <h2 id="ad-desc">Descriere</h2>
            {paragraphs.map((lines, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity
              <p key={i}>
                {lines.map((line, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity
                  <span key={j}>
                    {j > 0 ? <br /> : null}
                    {line}
                  </span>
                ))}
              </p>
            ))}
          </section>
          <p className="ad__dates muted">
            Anunț nr. {post.id}
            {/* A sold, hidden or held ad does not "expire": its date would only confuse. */}
            {post.expiresAt && (notice === null || notice === 'expired') ? (
              <>
                {' · '}
                {notice === 'expired' ? 'A expirat' : 'Expiră'}{' '}
                <time dateTime={isoDate(post.expiresAt)}>{formatDate(post.expiresAt, 'long')}</time>
              </>
            ) : null}
          </p>
        </div>

        <aside className="ad__side">
          <div className="box ad__pricebox">
            <p className="ad__price">{price ?? 'Preț nespecificat'}</p>
            {price && post.negotiable ? <p className="ad__nego muted">Preț negociabil</p> : null}
            {post.status === 'published' ? <SaveHeart postId={post.id} title={post.title} wide /> : null}
            {props.contact ? <ContactReveal contact={props.contact} /> : null}
            {props.messagesOnlyToggle ? <MessagesOnlyToggle {...props.messagesOnlyToggle} /> : null}
          </div>
          {props.messageAction ? <MessageSeller action={props.messageAction} /> : null}
          <div className="box author-card">
            <CircleUserIcon size={40} />
            <div>
              <p className="author-card__name">{author.name}</p>
              <p className="muted author-card__since">
                Pe eRădăuți din {formatDate(author.createdAt, 'long')}
              </p>
              <a href={props.authorHref}>Toate anunțurile autorului</a>
            </div>
          </div>
          {props.shareUrl ? <ShareLinks url={props.shareUrl} title={post.title} /> : null}
          {props.canReport === false ? null : (
            <details className="report">
              <summary>Raportează anunțul</summary>
              <form method="post" action={props.reportAction} className="report__form">
                <ReasonChoices reasons={props.reportReasons} />
                <label className="report__details">
                  Explicație (opțional): ce nu este în regulă
                  <textarea name="details" rows={3} maxLength={1000} />
                </label>
                <label className="report__details">
                  E-mailul dumneavoastră (opțional): primiți confirmarea și decizia
                  <input type="email" name="email" maxLength={254} autoComplete="email" />
                </label>
                <button type="submit" className="btn">
                  Trimite raportul
                </button>
              </form>
            </details>
          )}
        </aside>
      </div>

      {props.newer || props.older ? (
        <nav className="ad__neighbours" aria-label="Anunțuri vecine în aceeași categorie">
          {props.newer ? (
            <a
              className="ad__neighbour ad__neighbour--prev"
              href={neighbourHref(tree, props.newer)}
              rel="prev"
            >
              <span className="muted">‹ Anunțul anterior</span>
              <span>{props.newer.title}</span>
            </a>
          ) : (
            <span />
          )}
          {props.older ? (
            <a
              className="ad__neighbour ad__neighbour--next"
              href={neighbourHref(tree, props.older)}
              rel="next"
            >
              <span className="muted">Anunțul următor ›</span>
              <span>{props.older.title}</span>
            </a>
          ) : null}
        </nav>
      ) : null}

      {props.similar.length > 0 ? (
        <section className="ad__similar" aria-labelledby="similar">
          <div className="section-head">
            <h2 id="similar">Anunțuri asemănătoare</h2>
            <a href={props.listingHref}>Vezi toate</a>
          </div>
          <PostGrid posts={props.similar} tree={tree} />
        </section>
      ) : null}
      {props.viewBeacon ? (
        <img
          className="ad__beacon"
          src={props.viewBeacon}
          alt=""
          width={1}
          height={1}
          decoding="async"
          fetchPriority="low"
        />
      ) : null}
    </article>
  );
}
