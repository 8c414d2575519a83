// `/cont/cautari`: a person's saved searches, each renamed, paused or resumed, and deleted with a
// plain form; and, after signing in from a search page, the search waiting to be saved.
import { SaveSearchForm } from '../components/SaveHeart';
import { formatDate } from '../lib/dates';
import { route } from '../lib/links';
import { plural } from '../lib/plural';

export interface SavedSearchView {
  id: number;
  name: string;
  href: string;
  paused: boolean;
  lastSentAt: number | null;
}

export interface SavedSearchesPageProps {
  searches: SavedSearchView[];
  max: number;
  /** A search to confirm (came back from signing in), as its canonical query and its name. */
  pending?: { query: string; name: string } | null;
  nameMax: number;
  /** A refused rename: the search, what was typed and why. */
  renameError?: { id: number; value: string; message: string } | null;
}

const SEARCHES = { none: 'nicio căutare salvată', one: '1 căutare salvată', many: 'căutări salvate' };

function Row({
  s,
  nameMax,
  error,
}: {
  s: SavedSearchView;
  nameMax: number;
  error?: { value: string; message: string } | null;
}) {
  const action = (name: 'redenumeste' | 'opreste' | 'reia' | 'sterge') =>
    route('savedSearchAction', { id: s.id, action: name });
  return (
    <li className={s.paused ? 'saved-search saved-search--paused' : 'saved-search'}>
      <p className="saved-search__head">
        <a href={s.href} className="saved-search__name">
          {s.name}
        </a>
        {s.paused ? <span className="badge badge--state">Oprită</span> : null}
      </p>
      <p className="muted saved-search__when">
        {s.lastSentAt ? `Ultimul e-mail: ${formatDate(s.lastSentAt, 'long')}` : 'Niciun e-mail trimis încă'}
      </p>
      <form method="post" action={action('redenumeste')} className="saved-search__rename">
        <label className="visually-hidden" htmlFor={`name-${s.id}`}>
          Numele căutării
        </label>
        <input
          id={`name-${s.id}`}
          name="name"
          defaultValue={error ? error.value : s.name}
          maxLength={nameMax}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `name-${s.id}-error` : undefined}
        />
        <button type="submit" className="btn btn--small">
          Redenumește
        </button>
      </form>
      {error ? (
        <p className="field__error" id={`name-${s.id}-error`} role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="saved-search__actions">
        <form method="post" action={action(s.paused ? 'reia' : 'opreste')}>
          <button type="submit" className="btn btn--small">
            {s.paused ? 'Reia e-mailurile' : 'Oprește e-mailurile'}
          </button>
        </form>
        <form method="post" action={action('sterge')}>
          <button type="submit" className="btn btn--small btn--danger">
            Șterge
          </button>
        </form>
      </div>
    </li>
  );
}

export function SavedSearchesPage({ searches, max, pending, nameMax, renameError }: SavedSearchesPageProps) {
  return (
    <section className="saved-searches">
      <h1>Căutări salvate</h1>
      <p className="muted">
        {searches.length > 0
          ? `Aveți ${plural(searches.length, SEARCHES)} (cel mult ${max}). `
          : `Nu aveți nicio căutare salvată (puteți salva cel mult ${max}). `}
        O dată pe zi primiți un e-mail cu anunțurile noi găsite de fiecare căutare.
      </p>
      {pending ? (
        <div className="box saved-searches__pending">
          <p>
            Salvați căutarea <strong>{pending.name}</strong>?
          </p>
          <SaveSearchForm query={pending.query} />
        </div>
      ) : null}
      {searches.length > 0 ? (
        <ul className="saved-searches__list">
          {searches.map((s) => (
            <Row key={s.id} s={s} nameMax={nameMax} error={renameError?.id === s.id ? renameError : null} />
          ))}
        </ul>
      ) : (
        <p>Pe pagina unei căutări sau a unei categorii, apăsați „Anunță-mă când apar anunțuri noi”.</p>
      )}
    </section>
  );
}
