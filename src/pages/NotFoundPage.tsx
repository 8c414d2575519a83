// `/404` and every unknown address: what happened, and ways on.
import { SearchBox } from '../components/SearchBox';
import { route } from '../lib/links';

/** The /404 page: says what happened and offers a way on (search, home, categories). */
export function NotFoundPage() {
  return (
    <section className="error-box" aria-labelledby="nf-title">
      <p className="error-box__code">404</p>
      <h1 id="nf-title">Pagina nu a fost găsită</h1>
      <p>Anunțul sau pagina căutată nu mai există ori adresa este greșită. Poate găsiți ce căutați aici:</p>
      <SearchBox
        className="search-inline"
        ariaLabel="Caută un anunț"
        inputId="nf-q"
        inputLabel="Caută în anunțuri"
        placeholder="Ce căutați?"
      />
      <p>
        <a href={route('home')}>Prima pagină</a> · <a href={route('posts')}>Toate categoriile</a>
      </p>
    </section>
  );
}
