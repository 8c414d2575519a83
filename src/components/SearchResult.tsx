import type { CategoryTree } from '../db/categories';
import type { SearchHit } from '../db/search';
import { formatDate, isoDate } from '../lib/dates';
import { postHref } from '../lib/links';
import { maskPhones, PHONE_MASK } from '../lib/phone';
import { formatPrice } from '../lib/price';
import { splitHighlight } from '../lib/search-query';
import { responsiveUrl } from '../photos/urls';
import { CameraIcon, PinIcon } from './Icons';
import { SaveHeart } from './SaveHeart';

/** Width and height the thumbnail box reserves (CSS crops the photo into it: no layout shift). */
const THUMB = { width: 160, height: 120 };

/**
 * Text with FTS5 match markers as React nodes: the text stays text (escaped by React) and only
 * our own <mark> elements are markup.
 */
export function Marked({ text }: { text: string }) {
  // Titles and snippets arrive masked (db/search.ts); masking again here costs nothing (docs/masking.md).
  const parts = splitHighlight(maskPhones(text));
  return (
    <>
      {parts.map((part, i) =>
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, no identity
          <mark key={i}>{part.text}</mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** One search result: thumbnail, highlighted title, highlighted snippet, price, place and date. */
export function SearchResult({
  hit,
  tree,
  eager = false,
}: {
  hit: SearchHit;
  tree: CategoryTree;
  eager?: boolean;
}) {
  const category = tree.byId.get(hit.categoryId);
  const sub = hit.subcategoryId ? tree.byId.get(hit.subcategoryId) : undefined;
  const href = postHref(tree, hit);
  const price = formatPrice(hit.price, hit.currency);
  // A snippet that is only a masked phone says nothing: leave it out.
  const snippet = hit.snippet.replaceAll(PHONE_MASK, '').replace(/[\s…]+/g, '') ? hit.snippet : '';
  return (
    <li className="sr">
      <div className="sr__media">
        {hit.photo ? (
          <img
            src={responsiveUrl(hit.photo, 320)}
            width={THUMB.width}
            height={THUMB.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="sr__noimg">
            <CameraIcon size={28} />
          </span>
        )}
      </div>
      <div className="sr__body">
        <h2 className="sr__title">
          <a href={href}>
            <Marked text={hit.titleMarked} />
          </a>
        </h2>
        {snippet ? (
          <p className="sr__snippet">
            <Marked text={snippet} />
          </p>
        ) : null}
        <p className="sr__meta">
          {price ? (
            <strong className="sr__price">
              {price}
              {hit.negotiable ? <span className="muted"> negociabil</span> : null}
            </strong>
          ) : null}
          <span className="sr__place">
            <PinIcon size={14} />
            {hit.locality}
          </span>
          {category ? <span>{sub ? sub.name : category.name}</span> : null}
          {hit.bumpedAt ? (
            <time dateTime={isoDate(hit.bumpedAt)}>{formatDate(hit.bumpedAt, 'short')}</time>
          ) : null}
        </p>
      </div>
      <SaveHeart postId={hit.id} title={hit.title} />
    </li>
  );
}
