// `/moderare/utilizator/<id>` (operators): one person's account, ads in every state, reports, the
// decisions about them, accounts sharing their phone, and ban/unban with a reason and a confirmation.
import type { ReactNode } from 'react';
import type { PersonForOperators } from '../db/console-person';
import { formatDate } from '../lib/dates';
import { ADS, plural } from '../lib/plural';
import { STATUS_NAMES } from '../lib/post-status';

export interface PersonPageProps {
  person: PersonForOperators;
  adHref: (ad: { id: number; slug: string; categoryId: number }) => string;
  personHref: (id: number) => string;
  authorHref: string;
  banAction: string;
  unbanAction: string;
  hideReasons: readonly string[];
  queueHref: string;
  /** Room for other helpers' actions on the account (e.g. deleting it): rendered below the ban form. */
  extraActions?: ReactNode;
  now: number;
}

const REPORTS = { none: 'niciun raport', one: '1 raport', many: 'rapoarte' };
const DAYS_OLD = { none: 'azi', one: 'o zi', many: 'zile' };

export function PersonPage(props: PersonPageProps) {
  const { user, ads, log, samePhone } = props.person;
  const ageDays = Math.floor((props.now - user.createdAt) / 86_400_000);
  return (
    <section className="moderation" id="persoana">
      <p>
        <a href={props.queueHref}>‹ Înapoi la coadă</a>
      </p>
      <h1>{user.name}</h1>
      <ul className="mod-person">
        <li>{`#${user.id} · ${user.email ?? 'fără e-mail'}`}</li>
        <li>{`Cont creat pe ${formatDate(user.createdAt)} (${plural(ageDays, DAYS_OLD)})`}</li>
        <li>{user.banned ? <strong>Blocat</strong> : 'Activ'}</li>
        <li>
          <a href={props.authorHref}>Pagina publică a autorului</a>
        </li>
        <li>{`Rapoarte primite: ${plural(props.person.reportsReceived, REPORTS)} (deschise: ${props.person.openReportsReceived}) · rapoarte făcute: ${plural(props.person.reportsMade, REPORTS)}`}</li>
      </ul>
      <section className="moderation__section" aria-labelledby="ban-title">
        <h2 id="ban-title">{user.banned ? 'Deblocare' : 'Blocare'}</h2>
        <form method="post" action={user.banned ? props.unbanAction : props.banAction} className="box">
          <label htmlFor="ban-reason">Motivul (persoana îl primește pe e-mail)</label>
          <select id="ban-reason" name="hideReason" required defaultValue="">
            <option value="" disabled>
              Alegeți motivul
            </option>
            {props.hideReasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <label htmlFor="ban-details">Detalii</label>
          <textarea id="ban-details" name="hideDetails" rows={2} maxLength={400} />
          <label className="checkbox">
            <input type="checkbox" name="confirm" value="da" />{' '}
            {user.banned ? 'Confirm deblocarea' : 'Confirm blocarea contului'}
          </label>
          <button type="submit" className={user.banned ? 'btn btn--small' : 'btn btn--small btn--danger'}>
            {user.banned ? 'Deblochează' : 'Blochează'}
          </button>
        </form>
        {props.extraActions}
      </section>
      <section className="moderation__section" aria-labelledby="ads-title">
        <h2 id="ads-title">{plural(ads.length, ADS)}</h2>
        <ul>
          {ads.map((a) => (
            <li key={a.id}>
              <a href={props.adHref(a)}>{a.title}</a>
              {` · #${a.id} · `}
              <span className={`status status--${a.status}`}>{STATUS_NAMES[a.status]}</span>
              {` · ${formatDate(a.createdAt)}`}
            </li>
          ))}
        </ul>
      </section>
      <section className="moderation__section" aria-labelledby="same-phone-title">
        <h2 id="same-phone-title">Alte conturi cu același telefon</h2>
        {samePhone.length === 0 ? (
          <p className="muted">Niciunul.</p>
        ) : (
          <ul>
            {samePhone.map((p) => (
              <li key={p.id}>
                <a href={props.personHref(p.id)}>{p.name}</a>
                {p.banned ? <strong> (blocat)</strong> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="moderation__section" aria-labelledby="decisions-title">
        <h2 id="decisions-title">Decizii</h2>
        {log.length === 0 ? (
          <p className="muted">Nicio decizie.</p>
        ) : (
          <ol className="mod-log">
            {log.map((l) => (
              <li key={l.id}>
                {`${formatDate(l.createdAt, 'longTime')} · ${l.action} ${l.targetType === 'user' ? 'cont' : `anunț #${l.targetId}`}${l.reason ? ` — ${l.reason}` : l.details ? ` — ${l.details}` : ''}`}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
