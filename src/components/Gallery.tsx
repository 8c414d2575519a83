import type { PhotoRef } from '../db/posts';
import { photoSrcSet, photoUrl, responsiveUrl } from '../photos/urls';

/**
 * The ad's photos as a horizontal, scroll-snapping strip (works without JavaScript); each photo
 * links to its full-size WebP. Explicit width/height keep the layout still while images load.
 */
export function Gallery({ photos, title }: { photos: PhotoRef[]; title: string }) {
  if (photos.length === 0) return null;
  return (
    <section className="gallery" aria-label="Fotografii">
      <ul className="gallery__strip">
        {photos.map((photo, i) => (
          <li key={photo.id} className="gallery__item" id={`foto-${i + 1}`}>
            <a href={photoUrl(photo)} className="gallery__link">
              <img
                src={responsiveUrl(photo, 960)}
                srcSet={photoSrcSet(photo)}
                sizes="(min-width: 1000px) 680px, 100vw"
                width={photo.width}
                height={photo.height}
                alt={photos.length > 1 ? `${title} — fotografia ${i + 1} din ${photos.length}` : title}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding={i === 0 ? 'sync' : 'async'}
              />
            </a>
          </li>
        ))}
      </ul>
      {photos.length > 1 ? (
        <ol className="gallery__dots" aria-label="Alegeți fotografia">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={`#foto-${i + 1}`} aria-label={`Fotografia ${i + 1}`}>
                {i + 1}
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
