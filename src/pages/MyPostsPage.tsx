// `/posts/mine` ("Anunțurile mele"): the signed-in person's ads in every state, with the actions each
// state allows; and the confirmation step of deleting an ad.
import { AdFigures, type AdFiguresProps } from '../components/AdFigures';
import { PostActions, type PostActionsProps } from '../components/PostActions';
import { PHOTOS, plural } from '../lib/plural';

export interface MyPostRow {
  id: number;
  title: string;
  href: string;
  thumbUrl: string | null;
  statusLabel: string;
  statusClass: string;
  /** e.g. "Expiră pe 12 iunie 2026". */
  detail: string;
  /** What the author should know or do in this state. */
  advice?: string;
  /** The operator's reason, for a hidden ad. */
  hiddenReason?: string | null;
  price: string | null;
  actions: PostActionsProps;
  /** What the ad does (none for drafts, which nobody sees). */
  figures?: AdFiguresProps;
}

/** A status tab of "Anunțurile mele": its label, address, how many ads it holds, whether shown. */
export interface MyPostsTab {
  label: string;
  href: string;
  count: number;
  current: boolean;
}

export interface MyPostsPageProps {
  rows: MyPostRow[];
  /** The person's account is suspended: none of their ads is shown to anyone. */
  banned?: boolean;
  newPostHref: string;
  tabs: MyPostsTab[];
  /** What to say when the chosen tab is empty. */
  emptyText: string;
}

export function MyPostsPage({ rows, banned, newPostHref, tabs, emptyText }: MyPostsPageProps) {
  return (
    <section className="my-posts">
      <div className="my-posts__head">
        <h1>Anunțurile mele</h1>
        {banned ? null : (
          <a className="btn btn--accent" href={newPostHref}>
            Publică un anunț
          </a>
        )}
      </div>
      {banned ? (
        <p className="notice notice--error">
          Contul dumneavoastră a fost suspendat de un operator: anunțurile de mai jos nu mai sunt vizibile
          pentru nimeni și nu le puteți modifica. Dacă credeți că este o greșeală, scrieți-ne.
        </p>
      ) : null}
      {tabs.length > 0 ? (
        <nav className="my-posts__tabs" aria-label="Anunțurile după stare">
          <ul>
            {tabs.map((tab) => (
              <li key={tab.href}>
                <a href={tab.href} aria-current={tab.current ? 'page' : undefined}>
                  {tab.label} <span className="my-posts__count">{tab.count}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">{emptyText}</p>
      ) : (
        <ul className="my-posts__list">
          {rows.map((row) => (
            <li key={row.id} className="my-post box" id={`anunt-${row.id}`}>
              <div className="my-post__thumb">
                {row.thumbUrl ? (
                  <img src={row.thumbUrl} alt="" width={96} height={72} loading="lazy" />
                ) : null}
              </div>
              <div className="my-post__body">
                <h2 className="my-post__title">
                  <a href={row.href}>{row.title}</a>
                </h2>
                <p className="my-post__meta">
                  {banned ? (
                    <span className="status status--hidden">Nevizibil (cont suspendat)</span>
                  ) : (
                    <span className={`status ${row.statusClass}`}>{row.statusLabel}</span>
                  )}{' '}
                  <span className="muted">{row.detail}</span>
                  {row.price ? <span className="my-post__price"> · {row.price}</span> : null}
                </p>
                {row.hiddenReason && !banned ? (
                  <p className="my-post__reason">
                    <strong>Motivul operatorului:</strong> {row.hiddenReason}
                  </p>
                ) : null}
                {row.advice && !banned ? <p className="muted my-post__advice">{row.advice}</p> : null}
                {row.figures ? <AdFigures {...row.figures} /> : null}
                <PostActions {...row.actions} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface ConfirmDeletePageProps {
  title: string;
  postHref: string;
  action: string;
  photoCount: number;
  cancelHref: string;
  error?: string;
}

/** Deleting an ad: one more explicit step, saying what happens and that an operator can still undo it. */
export function ConfirmDeletePage(props: ConfirmDeletePageProps) {
  const photos =
    props.photoCount === 0
      ? ''
      : props.photoCount === 1
        ? ' și fotografia sa'
        : ` și cele ${plural(props.photoCount, PHOTOS)} ale sale`;
  return (
    <section className="confirm-delete box">
      <h1>Ștergeți anunțul?</h1>
      <p>
        Anunțul <a href={props.postHref}>{props.title}</a>
        {`${photos} ${props.photoCount > 0 ? 'dispar' : 'dispare'} de pe site imediat: nimeni nu îl mai poate vedea, căuta sau salva.`}
      </p>
      <p>
        Dacă l-ați șters din greșeală, scrieți-ne în cel mult 30 de zile și un operator îl poate restaura.
        După 30 de zile este șters definitiv, cu tot cu fotografii.
      </p>
      <form method="post" action={props.action} className="form">
        <label className="checkbox">
          <input
            type="checkbox"
            name="confirm"
            value="da"
            required
            id="f-confirm"
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? 'confirm-error' : undefined}
          />{' '}
          Da, vreau să șterg acest anunț
        </label>
        {props.error ? (
          <p className="field__error" id="confirm-error">
            {props.error}
          </p>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="btn btn--danger">
            Șterge anunțul
          </button>
          <a className="btn" href={props.cancelHref}>
            Renunță
          </a>
        </div>
      </form>
    </section>
  );
}
