// The page of an ad's old address when the ad is not there any more (404) or was removed for good
// (410): what happened, a few ads of the same category (the category named by the address itself,
// never by the missing ad's row, so a hidden ad answers exactly like a deleted one), and ways on.
import { PostGrid } from '../components/PostCard';
import { SearchBox } from '../components/SearchBox';
import type { CategoryTree } from '../db/categories';
import type { PostCardData } from '../db/posts';
import { listingPath, route } from '../lib/links';

export interface MissingAdPageProps {
  status: 404 | 410;
  message: string;
  category: { name: string; slug: string } | null;
  similar: PostCardData[];
  tree: CategoryTree;
}

export function MissingAdPage({ status, message, category, similar, tree }: MissingAdPageProps) {
  return (
    <>
      <section className="error-box" aria-labelledby="missing-title">
        <p className="error-box__code">{status}</p>
        <h1 id="missing-title">Anunțul nu mai este disponibil</h1>
        <p>{message}</p>
        <SearchBox
          className="search-inline"
          ariaLabel="Caută un anunț"
          inputId="missing-q"
          inputLabel="Caută în anunțuri"
          placeholder="Ce căutați?"
        />
        <p>
          {category ? (
            <>
              <a href={listingPath(category.slug)}>Toate anunțurile din {category.name}</a> ·{' '}
            </>
          ) : null}
          <a href={route('home')}>Prima pagină</a>
        </p>
      </section>
      {category && similar.length > 0 ? (
        <section className="missing-ad__similar" aria-labelledby="similar-title">
          <h2 id="similar-title">Anunțuri asemănătoare din {category.name}</h2>
          <PostGrid posts={similar} tree={tree} headingLevel="h3" />
        </section>
      ) : null}
    </>
  );
}
