// `/anunturi/…`: a category, subcategory or all-ads listing, 20 cards a page.
import { Breadcrumbs, type Crumb } from '../components/Breadcrumbs';
import { CategoryList } from '../components/CategoryList';
import { FilterGrid } from '../components/FilterGrid';
import { Pagination } from '../components/Pagination';
import { PostGrid } from '../components/PostCard';
import { SaveSearchForm } from '../components/SaveHeart';
import type { CategoryNode, CategoryTree } from '../db/categories';
import type { CategoryCounts, PostCardData } from '../db/posts';
import type { Category } from '../db/schema';
import { listingPath, route } from '../lib/links';
import { ADS, plural } from '../lib/plural';
import type { FieldFilterDef, SearchFormState } from '../lib/search-params';

export interface ListingPageProps {
  heading: string;
  intro?: string;
  crumbs: Crumb[];
  tree: CategoryTree;
  counts: CategoryCounts;
  /** The top category shown (its subcategories become filters), if any. */
  category?: CategoryNode;
  subcategory?: Category;
  posts: PostCardData[];
  total: number;
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** `/anunturi` page 1 also shows every category. */
  showCategories?: boolean;
  /** The filters shown at the top of a category listing (they submit to /cautare). */
  filters?: {
    form: SearchFormState;
    fieldDefs: FieldFilterDef[];
    localities: readonly string[];
    categorySlug: string;
  };
  /** The /cautare query string of this listing, for "Anunță-mă când apar anunțuri noi". */
  saveSearchQuery?: string;
}

/** A category, subcategory or all-ads listing: heading, subcategory chips, 20 cards, page links. */
export function ListingPage(props: ListingPageProps) {
  const { heading, intro, crumbs, tree, counts, category, subcategory, posts, total, page, totalPages } =
    props;
  return (
    <div className="listing">
      <Breadcrumbs items={crumbs} />
      <header className="listing__head">
        <h1>
          {heading}
          {page > 1 ? <span className="listing__page"> — pagina {page}</span> : null}
        </h1>
        <p className="listing__count muted">{plural(total, ADS)}</p>
        {intro && page === 1 ? <p className="listing__intro">{intro}</p> : null}
        {props.saveSearchQuery !== undefined ? <SaveSearchForm query={props.saveSearchQuery} /> : null}
      </header>

      {props.filters ? <ListingFilters {...props.filters} tree={tree} /> : null}

      {category && category.children.length > 0 ? (
        <nav className="chips" aria-label={`Subcategorii ${category.name}`}>
          <a
            className="chip"
            href={listingPath(category.slug)}
            aria-current={subcategory ? undefined : 'page'}
          >
            Toate <span className="chip__n">{counts.byCategory.get(category.id) ?? 0}</span>
          </a>
          {category.children.map((sub) => (
            <a
              key={sub.id}
              className="chip"
              href={listingPath(category.slug, sub.slug)}
              aria-current={subcategory?.id === sub.id ? 'page' : undefined}
            >
              {sub.name} <span className="chip__n">{counts.byCategory.get(sub.id) ?? 0}</span>
            </a>
          ))}
        </nav>
      ) : null}

      {props.showCategories ? (
        <section aria-labelledby="all-categories" className="listing__categories">
          <h2 id="all-categories">Toate categoriile</h2>
          <CategoryList tree={tree} counts={counts} />
        </section>
      ) : null}

      {props.showCategories ? <h2>Cele mai noi anunțuri</h2> : null}
      {posts.length > 0 ? (
        <PostGrid posts={posts} tree={tree} eagerFirst headingLevel={props.showCategories ? 'h3' : 'h2'} />
      ) : (
        <div className="empty box">
          <p>Nu sunt anunțuri în această categorie deocamdată.</p>
          <a className="btn btn--accent" href={route('newPost')}>
            Publică primul anunț
          </a>
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={props.hrefFor} />
    </div>
  );
}

/**
 * The category's filters, first on the page: a form to /cautare with the category fixed. A
 * <details>: one tap away on a phone, always open from tablet width up (search.css), without JS.
 */
function ListingFilters(props: NonNullable<ListingPageProps['filters']> & { tree: CategoryTree }) {
  return (
    <form className="search-form listing-filters" method="get" action={route('search')} role="search">
      <input type="hidden" name="categorie" value={props.categorySlug} />
      <details className="search-form__filters listing-filters__details">
        <summary>Filtre: preț, localitate și distanță, ordonare</summary>
        <div className="listing-filters__words">
          <label className="field">
            <span>Cuvinte (opțional)</span>
            <input type="search" name="q" maxLength={200} enterKeyHint="search" autoComplete="off" />
          </label>
        </div>
        <FilterGrid
          form={props.form}
          tree={props.tree}
          fieldDefs={props.fieldDefs}
          localities={props.localities}
          hideCategory
        />
        <button className="btn btn--primary" type="submit">
          Arată anunțurile
        </button>
      </details>
    </form>
  );
}
