// `/moderare/utilizator/<id>` (operators): one person's account, ads in every state, reports, the
// decisions about them, accounts sharing their phone, and ban/unban with a reason and a confirmation.
import type { ReactNode } from 'react';
import { BanForm } from '../components/BanForm';
import { RestoreAdForm } from '../components/RestoreAdForm';
import type { PersonForOperators } from '../db/console-person';
import { formatDate } from '../lib/dates';
import { ADS, plural } from '../lib/plural';
import { STATUS_NAMES } from '../lib/post-status';

export interface PersonPageProps {
  person: PersonForOperators;
  adHref: (ad: { id: number; slug: string; categoryId: number }) => string;
  personHref: (id: number) => string;
  authorHref: string;
  /** This page (where the forms come back to). */
  selfHref: string;
  banAction: string;
  unbanAction: string;
  /** "Ascunde toate anunțurile": hides each visible ad with one reason. */
  hideAllAction: string;
  conversationHref: (id: number) => string;
  hideReasons: readonly string[];
  queueHref: string;
  /** The undo of a deleted ad's deletion (while its 30 days last): the form's address for an ad. */
  restoreAction: (adId: number) => string;
  /** The last moment an ad deleted at this time can be restored. */
  restorableUntil: (deletedAt: number) => number;
  /** Room for other helpers' actions on the account (e.g. deleting it): rendered below the ban form. */
  extraActions?: ReactNode;
  /** This page's own address (where an undo comes back to). */
  returnTo: string;
  now: number;
}

const RESTRICTION_NAMES: Record<string, string> = {
  ban: 'blocat',
  unban: 'deblocat',
  hide: 'ascuns',
  delete: 'șters',
  'rule-hold': 'reținut de o regulă',
  'report-hold': 'reținut după rapoarte',
};

const REPORTS = { none: 'niciun raport', one: '1 raport', many: 'rapoarte' };
const DAYS_OLD = { none: 'azi', one: 'o zi', many: 'zile' };

export function PersonPage(props: PersonPageProps) {
  const { user, ads, log, samePhone, reportedConversations } = props.person;
  const visible = ads.filter((a) => ['published', 'expired', 'sold', 'held'].includes(a.status)).length;
  const restrictions = log.filter((l) =>
    ['ban', 'unban', 'hide', 'delete', 'rule-hold', 'report-hold', 'hide-all'].includes(l.action),
  );
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
        <BanForm
          action={user.banned ? props.unbanAction : props.banAction}
          banned={user.banned}
          reasons={props.hideReasons}
          idPrefix="ban"
          returnTo={props.selfHref}
        />
        {props.extraActions}
      </section>
      {visible > 0 && user.role !== 'operator' ? (
        <section className="moderation__section" aria-labelledby="hide-all-title">
          <h2 id="hide-all-title">{`Ascunde toate anunțurile (${plural(visible, ADS)})`}</h2>
          <form method="post" action={props.hideAllAction} className="box">
            <input type="hidden" name="returnTo" value={props.selfHref} />
            <label htmlFor="hide-all-reason">
              Motivul (autorul îl primește pe e-mail pentru fiecare anunț)
            </label>
            <select id="hide-all-reason" name="hideReason" required defaultValue="">
              <option value="" disabled>
                Alegeți motivul
              </option>
              {props.hideReasons.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <label htmlFor="hide-all-details">Detalii</label>
            <textarea id="hide-all-details" name="hideDetails" rows={2} maxLength={400} />
            <label className="checkbox">
              <input type="checkbox" name="confirm" value="da" /> Confirm ascunderea tuturor anunțurilor
            </label>
            <button type="submit" className="btn btn--small btn--danger">
              Ascunde toate anunțurile
            </button>
          </form>
        </section>
      ) : null}
      <section className="moderation__section" aria-labelledby="ads-title">
        <h2 id="ads-title">{plural(ads.length, ADS)}</h2>
        <ul>
          {ads.map((a) => (
            <li key={a.id}>
              <a href={props.adHref(a)}>{a.title}</a>
              {` · #${a.id} · `}
              <span className={`status status--${a.status}`}>{STATUS_NAMES[a.status]}</span>
              {` · ${formatDate(a.createdAt)}`}
              {a.status === 'hidden' && a.hiddenReason ? ` · motiv: ${a.hiddenReason}` : ''}
              {a.status === 'deleted' && a.deletedAt !== null ? (
                <>
                  {` · șters pe ${formatDate(a.deletedAt, 'longTime')} `}
                  <RestoreAdForm
                    action={props.restoreAction(a.id)}
                    until={formatDate(props.restorableUntil(a.deletedAt), 'longTime')}
                    open={props.restorableUntil(a.deletedAt) > props.now}
                    returnTo={props.returnTo}
                  />
                </>
              ) : null}
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
      <section className="moderation__section" aria-labelledby="conversations-title">
        <h2 id="conversations-title">Conversații raportate</h2>
        {reportedConversations.length === 0 ? (
          <p className="muted">Niciuna.</p>
        ) : (
          <ul>
            {reportedConversations.map((cv) => (
              <li key={cv.id}>
                <a href={props.conversationHref(cv.id)}>{cv.postTitle || `Conversația #${cv.id}`}</a>
                {cv.reportedAt ? ` · raportată pe ${formatDate(cv.reportedAt, 'longTime')}` : ''}
                {cv.reportReason ? ` · ${cv.reportReason}` : ''}
                {' · între '}
                <a href={props.personHref(cv.buyerId)}>{cv.buyerName ?? `#${cv.buyerId}`}</a>
                {' (cumpărător) și '}
                <a href={props.personHref(cv.sellerId)}>{cv.sellerName ?? `#${cv.sellerId}`}</a>
                {' (vânzător)'}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="moderation__section" aria-labelledby="restrictions-title">
        <h2 id="restrictions-title">Blocări și ascunderi</h2>
        {restrictions.length === 0 ? (
          <p className="muted">Niciuna.</p>
        ) : (
          <ul>
            {restrictions.map((l) => (
              <li key={l.id}>
                {`${formatDate(l.createdAt, 'longTime')} · ${RESTRICTION_NAMES[l.action] ?? l.action}${l.targetType === 'post' ? ` anunțul #${l.targetId}` : ''}`}
                {l.reason ? ` · motiv: ${l.reason}` : ''}
                {l.ground ? ` · temei: ${l.ground}` : ''}
                {l.notifiedUserId ? ' · persoana a primit motivarea pe e-mail' : ''}
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
