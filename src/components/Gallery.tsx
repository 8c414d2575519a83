import type { PhotoRef } from '../db/posts';
import { FULL_MAX_WIDTH, photoSrcSet, photoUrl, responsiveUrl } from '../photos/urls';

/** The main photo's rendered width: the ad's main column (see the ad layout in browse.css). */
export const MAIN_SIZES = '(min-width: 1120px) 780px, (min-width: 900px) calc(100vw - 380px), 100vw';
/** Thumbnails are 88 × 66 CSS px (72 × 54 on phones). */
export const THUMB_SIZES = '(min-width: 640px) 88px, 72px';

/** The frame's shape: the first photo's, kept between square and 16:9 so no photo is tiny. */
export function frameRatio(photos: PhotoRef[]): string {
  const first = photos[0];
  const ratio = Math.min(16 / 9, Math.max(1, first.width / first.height));
  // Stored dimensions when they already fit, so the frame is exactly the photo.
  return ratio === first.width / first.height ? `${first.width} / ${first.height}` : ratio.toFixed(4);
}

/** The full-size WebP's width (the original, capped at FULL_MAX_WIDTH). */
export function fullWidth(photo: PhotoRef): number {
  return Math.min(photo.width, FULL_MAX_WIDTH);
}

/**
 * The ad's photos. Without JavaScript: a scroll-snapping strip (swipe on a phone) inside a frame of
 * fixed shape, each slide showing "2 / 5", and thumbnails that are plain links to `#foto-N`, which
 * scroll the strip to that slide; the ad's URL does not change, so there is no duplicate page.
 * The `gallery` island adds the arrows, arrow keys, the current thumbnail and the full-screen
 * viewer (the `<dialog>` below, whose image is lazy and so loads nothing until it is opened).
 * Explicit width/height and the frame's aspect-ratio keep the layout still.
 */
export function Gallery({ photos, title }: { photos: PhotoRef[]; title: string }) {
  if (photos.length === 0) return null;
  const n = photos.length;
  const first = photos[0];
  const label = (i: number) => `Fotografia ${i + 1} din ${n}`;
  return (
    <section className="gallery" aria-label="Fotografii" data-island="gallery">
      <div className="gallery__frame" style={{ aspectRatio: frameRatio(photos) }}>
        <ul className="gallery__strip">
          {photos.map((photo, i) => (
            <li
              key={photo.id}
              className="gallery__item"
              id={`foto-${i + 1}`}
              data-full={photoUrl(photo)}
              data-fw={fullWidth(photo)}
            >
              <button type="button" className="gallery__open" aria-haspopup="dialog">
                <img
                  src={responsiveUrl(photo, 960)}
                  srcSet={photoSrcSet(photo)}
                  sizes={MAIN_SIZES}
                  width={photo.width}
                  height={photo.height}
                  alt={n > 1 ? `${title} — fotografia ${i + 1} din ${n}` : title}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding={i === 0 ? 'sync' : 'async'}
                />
              </button>
              {n > 1 ? (
                <span className="gallery__count" aria-hidden="true">
                  {i + 1} / {n}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {n > 1 ? (
          <>
            <button
              type="button"
              className="gallery__nav gallery__nav--prev"
              aria-label="Fotografia anterioară"
              hidden
            >
              <Chevron left />
            </button>
            <button
              type="button"
              className="gallery__nav gallery__nav--next"
              aria-label="Fotografia următoare"
              hidden
            >
              <Chevron />
            </button>
          </>
        ) : null}
      </div>
      {n > 1 ? (
        <ol className="gallery__thumbs" aria-label="Alegeți fotografia">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={`#foto-${i + 1}`} aria-label={label(i)} aria-current={i === 0 ? 'true' : undefined}>
                <img
                  src={responsiveUrl(photo, 320)}
                  srcSet={photoSrcSet(photo)}
                  sizes={THUMB_SIZES}
                  width={photo.width}
                  height={photo.height}
                  alt=""
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority="low"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ol>
      ) : null}
      <dialog className="viewer" aria-label={`Fotografii: ${title}`}>
        <div className="viewer__stage">
          <img
            className="viewer__img"
            src={photoUrl(first)}
            width={first.width}
            height={first.height}
            alt={label(0)}
            loading="lazy"
            decoding="async"
          />
        </div>
        <p className="viewer__count" aria-live="polite">
          1 / {n}
        </p>
        <button type="button" className="viewer__close" aria-label="Închide">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
        {n > 1 ? (
          <>
            <button
              type="button"
              className="viewer__nav viewer__nav--prev"
              aria-label="Fotografia anterioară"
            >
              <Chevron left />
            </button>
            <button type="button" className="viewer__nav viewer__nav--next" aria-label="Fotografia următoare">
              <Chevron />
            </button>
          </>
        ) : null}
      </dialog>
    </section>
  );
}

function Chevron({ left }: { left?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <path
        d={left ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        stroke="currentColor"
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
