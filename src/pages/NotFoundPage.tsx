// `/404` and every unknown address: what happened, and ways on.
import { route } from '../lib/links';

/** The /404 page: says what happened and offers a way on (search, home, categories). */
export function NotFoundPage() {
  return (
    <section className="error-box" aria-labelledby="nf-title">
      <p className="error-box__code">404</p>
      <h1 id="nf-title">Pagina nu a fost găsită</h1>
      <p>Anunțul sau pagina căutată nu mai există ori adresa este greșită. Poate găsiți ce căutați aici:</p>
      <form
        className="search-inline"
        action={route('search')}
        method="get"
        role="search"
        aria-label="Caută un anunț"
      >
        <label className="visually-hidden" htmlFor="nf-q">
          Caută în anunțuri
        </label>
        <input id="nf-q" type="search" name="q" placeholder="Ce căutați?" />
        <button className="btn btn--primary" type="submit">
          Caută
        </button>
      </form>
      <p>
        <a href={route('home')}>Prima pagină</a> · <a href={route('posts')}>Toate categoriile</a>
      </p>
    </section>
  );
}
