// `/cautare`: the search form, its results and pages (docs/search.md).

import { FilterGrid } from '../components/FilterGrid';
import { Pagination } from '../components/Pagination';
import { SaveSearchForm } from '../components/SaveHeart';
import { SearchBox } from '../components/SearchBox';
import { SearchResult } from '../components/SearchResult';
import type { CategoryTree } from '../db/categories';
import type { SearchHit } from '../db/search';
import { listingPath, route } from '../lib/links';
import { plural, RESULTS } from '../lib/plural';
import type { FieldFilterDef, SearchFormState } from '../lib/search-params';

export interface SearchPageProps {
  form: SearchFormState;
  tree: CategoryTree;
  /** The chosen category's own fields, offered as filters. */
  fieldDefs: FieldFilterDef[];
  localities: readonly string[];
  /** Words or filters were given (otherwise the newest ads are shown). */
  searched: boolean;
  filtered: boolean;
  total: number;
  /** The count stopped at the search's limit: there are at least `total` results. */
  capped?: boolean;
  hits: SearchHit[];
  page: number;
  pageSize: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** The same words without any filter, when filters are on. */
  clearFiltersHref: string | null;
  feedHref: string;
  /** This search's canonical query string, for "Anunță-mă când apar anunțuri noi". */
  saveSearchQuery?: string;
  /** The corrected words the results are for, when the words as typed found nothing. */
  corrected?: string | null;
  /** The same search with the words exactly as typed (never corrected). */
  exactHref?: string | null;
  /** A close query that finds more ads, when this one found few. */
  suggestion?: string | null;
  suggestionHref?: string | null;
}

function SearchForm({ form, tree, fieldDefs, localities, filtered }: SearchPageProps) {
  return (
    <SearchBox
      className="search-form"
      ariaLabel="Căutare cu filtre"
      inputId="search-q"
      inputLabel="Cuvinte căutate"
      placeholder="De exemplu: apartament 2 camere, golf, ospătar"
      value={form.q}
      maxLength={200}
      autoComplete="off"
      enterKeyHint="search"
      fieldClassName="search-form__main"
    >
      <details className="search-form__filters" open={filtered}>
        <summary>Filtre și ordonare</summary>
        <FilterGrid form={form} tree={tree} fieldDefs={fieldDefs} localities={localities} />
        {form.category ? null : (
          <p className="search-form__hint muted">
            Alegeți o categorie și apăsați „Caută” pentru filtre ca numărul de camere sau anul fabricației.
          </p>
        )}
        <button className="btn btn--primary" type="submit">
          Aplică filtrele
        </button>
      </details>
    </SearchBox>
  );
}

function EmptyState({ form, tree, clearFiltersHref }: SearchPageProps) {
  return (
    <div className="search-empty box">
      <p className="search-empty__lead">
        {form.q ? (
          <>
            Nu am găsit anunțuri pentru <strong>{`„${form.q}”`}</strong>
            {clearFiltersHref ? ' cu filtrele alese.' : '.'}
          </>
        ) : (
          'Nu am găsit anunțuri cu filtrele alese.'
        )}
      </p>
      <ul className="search-empty__tips">
        {clearFiltersHref ? (
          <li>
            <a href={clearFiltersHref}>Căutați fără filtre</a>
          </li>
        ) : null}
        {form.q ? <li>Verificați ortografia sau folosiți mai puține cuvinte.</li> : null}
        {form.q ? (
          <li>Încercați un cuvânt mai general: „apartament” în loc de „apartament decomandat”.</li>
        ) : null}
        <li>
          <a href={route('newPost')}>Publicați un anunț</a> cu ce căutați: vă poate găsi cine are.
        </li>
      </ul>
      <nav aria-labelledby="empty-categories">
        <h2 id="empty-categories">Răsfoiți categoriile</h2>
        <ul className="search-empty__cats">
          {tree.roots.map((cat) => (
            <li key={cat.id}>
              <a href={listingPath(cat.slug)}>{cat.name}</a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** `/cautare`: the form (works without JavaScript), the result count, results, pages, feed link. */
export function SearchPage(props: SearchPageProps) {
  const { form, tree, searched, total, capped, hits, page, pageSize, totalPages, hrefFor, feedHref } = props;
  const count = capped ? `peste ${plural(total, RESULTS)}` : plural(total, RESULTS);
  const heading = form.q ? (
    <>
      Rezultate pentru <span className="search-head__q">{`„${form.q}”`}</span>
    </>
  ) : searched ? (
    'Anunțuri filtrate'
  ) : (
    'Căutare în anunțuri'
  );
  return (
    <div className="search">
      <header className="search-head">
        <h1>
          {heading}
          {page > 1 ? <span className="muted"> — pagina {page}</span> : null}
        </h1>
      </header>
      <SearchForm {...props} />
      {props.corrected && props.exactHref ? (
        <p className="search-respell box">
          Am afișat rezultatele pentru <strong>{`„${props.corrected}”`}</strong>. Căutați exact{' '}
          <a href={props.exactHref} rel="nofollow">{`„${form.q}”`}</a>?
        </p>
      ) : null}
      {props.suggestion && props.suggestionHref ? (
        <p className="search-respell box">
          Ați vrut să căutați <a href={props.suggestionHref}>{`„${props.suggestion}”`}</a>?
        </p>
      ) : null}
      <div className="search-summary">
        <p className="search-summary__count" role="status">
          {searched ? count : `Cele mai noi anunțuri: ${count}`}
        </p>
        <a className="search-summary__feed" href={feedHref} type="application/atom+xml">
          Flux Atom
        </a>
      </div>
      {props.saveSearchQuery !== undefined ? <SaveSearchForm query={props.saveSearchQuery} /> : null}
      {hits.length > 0 ? (
        <ol className="search-results" start={(page - 1) * pageSize + 1}>
          {hits.map((hit, i) => (
            <SearchResult key={hit.id} hit={hit} tree={tree} eager={i === 0} />
          ))}
        </ol>
      ) : (
        <EmptyState {...props} />
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} />
    </div>
  );
}
