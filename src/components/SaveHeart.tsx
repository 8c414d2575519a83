// The heart that saves an ad ("Salvate"): a plain POST form, the same for everyone (public pages are
// cached), so it never says whether this person saved the ad. Without JavaScript it toggles on the
// server for signed-in people; the `favourites` island marks saved hearts and saves in the browser
// for anonymous visitors.
import { route } from '../lib/links';

export function HeartIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      className="icon heart"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
    </svg>
  );
}

export function SaveHeart({
  postId,
  title,
  wide = false,
}: {
  postId: number;
  title: string;
  wide?: boolean;
}) {
  return (
    <form
      method="post"
      action={route('favourite', { postId })}
      className={wide ? 'save save--wide' : 'save'}
      data-save={postId}
    >
      <button type="submit" className="save__btn" aria-pressed="false" title="Salvează anunțul">
        <HeartIcon size={wide ? 18 : 20} />
        {wide ? (
          <span className="save__label">Salvează</span>
        ) : (
          <span className="visually-hidden">{`Salvează: ${title}`}</span>
        )}
      </button>
    </form>
  );
}

/**
 * "Anunță-mă când apar anunțuri noi": saves the search with these (canonical) parameters. A plain
 * form for everyone; an anonymous visitor is sent to sign in and back.
 */
export function SaveSearchForm({ query }: { query: string }) {
  return (
    <form method="post" action={route('savedSearches')} className="save-search">
      <input type="hidden" name="query" value={query} />
      <button type="submit" className="btn save-search__btn">
        Anunță-mă când apar anunțuri noi
      </button>
    </form>
  );
}
