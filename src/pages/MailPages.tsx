// Pages reached from mails: the mail preferences (`/cont/notificari`), the one-click unsubscribe
// (`/dezabonare/<token>`) and the one-click renewal (`/reinnoire/<token>`). Pure components of their props.

export interface MailPreferenceRow {
  kind: string;
  label: string;
  description: string;
  on: boolean;
}

export function MailPreferencesPage({
  rows,
  always = [],
  action,
  email,
}: {
  rows: MailPreferenceRow[];
  /** Kinds always sent (the operators' decisions): listed without a switch. */
  always?: MailPreferenceRow[];
  action: string;
  email: string | null;
}) {
  return (
    <section className="box mail-prefs">
      <h1>Notificări prin e-mail</h1>
      <p>
        {email ? (
          <>
            Mesajele pleacă la <strong>{email}</strong>, adresa contului dumneavoastră.
          </>
        ) : (
          'Contul dumneavoastră nu are o adresă de e-mail: nu primiți niciun mesaj.'
        )}{' '}
        Alegeți ce mesaje primiți.
      </p>
      <form method="post" action={action} className="form">
        <fieldset className="field-group">
          <legend>Vreau să primesc</legend>
          {rows.map((row) => (
            <label key={row.kind} className="checkbox mail-prefs__kind">
              <input type="checkbox" name="on" value={row.kind} defaultChecked={row.on} />{' '}
              <strong>{row.label}</strong>
              <br />
              <span className="muted">{row.description}</span>
            </label>
          ))}
        </fieldset>
        {always.length > 0 && (
          <div className="mail-prefs__always">
            <h2>Primiți întotdeauna</h2>
            {always.map((row) => (
              <p key={row.kind} className="mail-prefs__kind">
                <strong>{row.label}</strong>
                <br />
                <span className="muted">{row.description}</span>
              </p>
            ))}
          </div>
        )}
        <p>
          <button type="submit" className="btn btn--primary">
            Salvează preferințele
          </button>
        </p>
      </form>
    </section>
  );
}

export interface UnsubscribePageProps {
  label: string;
  /** GET: the question with its button; after the POST: what was turned off. */
  done: null | { scope: 'kind' | 'ref' | 'gone'; what: string | null };
  /** The one thing the link stops (e.g. `căutarea salvată „Case”`); null: the whole kind. */
  what?: string | null;
  action: string;
  preferencesHref: string;
  /** Where saved searches are started again (a per-search link). */
  savedSearchesHref?: string;
}

export function UnsubscribePage({
  label,
  done,
  what,
  action,
  preferencesHref,
  savedSearchesHref,
}: UnsubscribePageProps) {
  const one = what ?? null;
  return (
    <section className="box">
      <h1>Dezabonare</h1>
      {done === null ? (
        <>
          {one ? (
            <p>
              Nu mai doriți mesajele pentru <strong>{one}</strong>? Doar aceasta se oprește; celelalte căutări
              salvate vă sunt trimise în continuare.
            </p>
          ) : (
            <p>
              Nu mai doriți mesajele „<strong>{label}</strong>”?
            </p>
          )}
          <form method="post" action={action}>
            <button type="submit" className="btn btn--primary">
              {one ? 'Oprește mesajele pentru această căutare' : 'Nu mai trimiteți aceste mesaje'}
            </button>
          </form>
        </>
      ) : done.scope === 'gone' ? (
        <p role="status">Nu mai există nimic de oprit: mesajele acestea nu vă mai sunt trimise.</p>
      ) : done.scope === 'ref' ? (
        <p role="status">
          {`Gata: nu mai primiți mesaje pentru ${done.what}. Celelalte căutări salvate nu se schimbă.`}
        </p>
      ) : (
        <p role="status">
          Gata: nu mai primiți mesajele „<strong>{label}</strong>”.
        </p>
      )}
      {one && savedSearchesHref ? (
        <p className="muted">
          O puteți porni din nou oricând din <a href={savedSearchesHref}>Căutările salvate</a> (după
          conectare).
        </p>
      ) : (
        <p className="muted">
          Le puteți porni din nou oricând din <a href={preferencesHref}>Notificări prin e-mail</a> (după
          conectare).
        </p>
      )}
    </section>
  );
}

export interface RenewPageProps {
  title: string;
  postHref: string;
  /** e.g. "Publicat · expiră pe 12 decembrie 2026". */
  status: string;
  action: string;
}

export function RenewPage({ title, postHref, status, action }: RenewPageProps) {
  return (
    <section className="box">
      <h1>Reînnoiți anunțul?</h1>
      <p>
        <a href={postHref}>
          <strong>{title}</strong>
        </a>
        <br />
        <span className="muted">{status}</span>
      </p>
      <p>Anunțul va fi vizibil încă 30 de zile de acum și va apărea din nou printre primele.</p>
      <form method="post" action={action}>
        <button type="submit" className="btn btn--primary">
          Reînnoiește anunțul
        </button>
      </form>
    </section>
  );
}
