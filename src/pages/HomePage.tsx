// `/`: categories with counts, promoted ads and the newest ads.
import { CategoryList } from '../components/CategoryList';
import { PostGrid } from '../components/PostCard';
import type { HomeData } from '../db/posts';
import { listingPath, route } from '../lib/links';
import { ADS, plural } from '../lib/plural';

/** `/`: categories with counts, promoted ads, the newest ads. */
export function HomePage({ tree, counts, promoted, newest }: HomeData) {
  return (
    <div className="home">
      <section className="hero">
        <h1>Anunțuri din Rădăuți și județul Suceava</h1>
        <p className="hero__lead">
          {plural(counts.total, ADS)} de la oameni din zonă: imobiliare, mașini, locuri de muncă, servicii și
          multe altele.
        </p>
        <a className="btn btn--accent" href={route('newPost')}>
          Publică un anunț gratuit
        </a>
      </section>

      <section aria-labelledby="home-categories">
        <h2 id="home-categories">Categorii</h2>
        <CategoryList tree={tree} counts={counts} withChildren={false} />
      </section>

      {promoted.length > 0 ? (
        <section aria-labelledby="home-promoted">
          <div className="section-head">
            <h2 id="home-promoted">Anunțuri promovate</h2>
            <a href={route('staticPage', { params: 'despre-anunturile-promovate' })}>Ce înseamnă?</a>
          </div>
          <PostGrid posts={promoted} tree={tree} eagerFirst />
        </section>
      ) : null}

      <section aria-labelledby="home-newest">
        <div className="section-head">
          <h2 id="home-newest">Cele mai noi anunțuri</h2>
          <a href={listingPath()}>Toate anunțurile</a>
        </div>
        {newest.length > 0 ? (
          <PostGrid posts={newest} tree={tree} eagerFirst={promoted.length === 0} />
        ) : (
          <p className="muted">Nu există încă anunțuri. Fiți primul care publică!</p>
        )}
      </section>
    </div>
  );
}
