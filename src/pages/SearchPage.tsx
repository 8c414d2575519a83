// `/cautare`: the search form, its results and pages (docs/search.md).

import { Pagination } from '../components/Pagination';
import { SaveSearchForm } from '../components/SaveHeart';
import { SearchBox } from '../components/SearchBox';
import { SearchResult } from '../components/SearchResult';
import type { CategoryTree } from '../db/categories';
import type { SearchHit } from '../db/search';
import { listingPath, route } from '../lib/links';
import { plural, RESULTS } from '../lib/plural';
import type { FieldFilterDef, SearchFormState, SearchSort } from '../lib/search-params';

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

const SORT_LABELS: Record<SearchSort, string> = {
  relevanta: 'Relevanță',
  noi: 'Cele mai noi',
  pret_asc: 'Preț crescător',
  pret_desc: 'Preț descrescător',
};

function SearchForm({ form, tree, fieldDefs, localities, filtered }: SearchPageProps) {
  return (
    <SearchBox
      className="search-form"
      ariaLabel="Căutare cu filtre"
      inputId="search-q"
      inputLabel="Cuvinte căutate"
      placeholder="ex. apartament 2 camere, golf, ospătar"
      value={form.q}
      maxLength={200}
      autoComplete="off"
      enterKeyHint="search"
      fieldClassName="search-form__main"
    >
      <details className="search-form__filters" open={filtered}>
        <summary>Filtre și ordonare</summary>
        <div className="search-form__grid">
          <label className="field">
            <span>Categorie</span>
            <select name="categorie" defaultValue={form.category}>
              <option value="">Toate categoriile</option>
              {tree.roots.map((root) => (
                <optgroup key={root.id} label={root.name}>
                  <option value={root.slug}>{`${root.name} (toate)`}</option>
                  {root.children.map((sub) => (
                    <option key={sub.id} value={sub.slug}>
                      {sub.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <fieldset className="field field--price">
            <legend>Preț</legend>
            <PriceBound label="Preț minim" name="pret_min" placeholder="de la" value={form.priceMin} />
            <PriceBound label="Preț maxim" name="pret_max" placeholder="până la" value={form.priceMax} />
            <label>
              <span className="visually-hidden">Moneda</span>
              <select name="moneda" defaultValue={form.currency}>
                <option value="RON">lei</option>
                <option value="EUR">€</option>
              </select>
            </label>
          </fieldset>
          <label className="field">
            <span>Localitate</span>
            <select name="localitate" defaultValue={form.locality}>
              <option value="">Oriunde</option>
              {localities.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          {fieldDefs.map(({ field, param }) =>
            field.type === 'choice' ? (
              <label key={param} className="field">
                <span>{field.label}</span>
                <select name={param} defaultValue={form.fields[param] ?? ''}>
                  <option value="">Oricare</option>
                  {(field.choices ?? []).map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <fieldset key={param} className="field field--range">
                <legend>
                  {field.label}
                  {field.unit ? ` (${field.unit})` : ''}
                </legend>
                <label>
                  <span className="visually-hidden">{`${field.label} minim`}</span>
                  <input
                    type="text"
                    inputMode="numeric"
                    name={`${param}_min`}
                    placeholder="de la"
                    defaultValue={form.fields[`${param}_min`] ?? ''}
                    size={6}
                  />
                </label>
                <label>
                  <span className="visually-hidden">{`${field.label} maxim`}</span>
                  <input
                    type="text"
                    inputMode="numeric"
                    name={`${param}_max`}
                    placeholder="până la"
                    defaultValue={form.fields[`${param}_max`] ?? ''}
                    size={6}
                  />
                </label>
              </fieldset>
            ),
          )}
          <label className="field field--check">
            <input type="checkbox" name="cu_poze" value="1" defaultChecked={form.withPhotos} />
            <span>Doar cu poze</span>
          </label>
          <label className="field">
            <span>Ordonare</span>
            <select name="ordine" defaultValue={form.sort}>
              {(Object.keys(SORT_LABELS) as SearchSort[]).map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
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
          Am afișat rezultatele pentru <strong>{`«${props.corrected}»`}</strong>. Căutați exact{' '}
          <a href={props.exactHref} rel="nofollow">{`«${form.q}»`}</a>?
        </p>
      ) : null}
      {props.suggestion && props.suggestionHref ? (
        <p className="search-respell box">
          Ați vrut să căutați <a href={props.suggestionHref}>{`«${props.suggestion}»`}</a>?
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

/** One end of the price range: a numeric text box with its hidden label. */
function PriceBound(props: { label: string; name: string; placeholder: string; value?: number }) {
  return (
    <label>
      <span className="visually-hidden">{props.label}</span>
      <input
        type="text"
        inputMode="numeric"
        name={props.name}
        placeholder={props.placeholder}
        defaultValue={props.value ?? ''}
        size={8}
      />
    </label>
  );
}
