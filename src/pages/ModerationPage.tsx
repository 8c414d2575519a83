// `/moderare` (operators): reported ads with their reasons, the newest ads, the actions on each
// (hide/show, delete, promote until a date, resolve reports, ban/unban the author), and the log.

import { HideForm } from '../components/HideForm';
import { PromoteForm } from '../components/PromoteForm';
import { ReportedConversations } from '../components/ReportedConversations';
import type { ReportedConversation } from '../db/conversations';
import type { LogRow, ModerationPost } from '../db/moderation';
import { formatDate } from '../lib/dates';
import { PHOTOS, plural } from '../lib/plural';
import { STATUS_NAMES } from '../lib/post-status';

export interface ModerationRow extends ModerationPost {
  href: string;
  authorHref: string;
  promotedNow: boolean;
  action: (name: string) => string;
  userAction: (name: string) => string;
}

export interface ModerationPageProps {
  reported: ModerationRow[];
  /** Hidden ads changed by their authors since. */
  changed: ModerationRow[];
  hideReasons: readonly string[];
  newest: ModerationRow[];
  log: LogRow[];
  /** Private conversations a participant reported (operators may read them). */
  reportedConversations?: ReportedConversation[];
  minPromotionDate: string;
  defaultPromotionDate: string;
}

const STATUS: Record<string, string> = STATUS_NAMES;

const OPEN_REPORTS = { none: 'niciun raport deschis', one: '1 raport deschis', many: 'rapoarte deschise' };

const ACTION_LABELS: Record<string, string> = {
  hide: 'a ascuns anunțul',
  unhide: 'a reafișat anunțul',
  delete: 'a șters anunțul',
  promote: 'a promovat anunțul',
  unpromote: 'a oprit promovarea anunțului',
  resolve: 'a rezolvat rapoartele anunțului',
  ban: 'a blocat utilizatorul',
  unban: 'a deblocat utilizatorul',
  edit: 'a modificat anunțul',
  publica: 'a publicat din nou anunțul',
  reinnoieste: 'a reînnoit anunțul',
  vandut: 'a marcat ca vândut anunțul',
  retrage: 'a retras anunțul',
};

function Button({ action, label, danger }: { action: string; label: string; danger?: boolean }) {
  return (
    <form method="post" action={action} className="post-actions__form">
      <button type="submit" className={danger ? 'btn btn--small btn--danger' : 'btn btn--small'}>
        {label}
      </button>
    </form>
  );
}

function PostRow({ row, prefix, props }: { row: ModerationRow; prefix: string; props: ModerationPageProps }) {
  const dateId = `${prefix}-promo-${row.id}`;
  return (
    <article
      className="mod-post box"
      id={`${prefix === 'r' ? 'anunt' : prefix === 'm' ? 'modificat' : 'nou'}-${row.id}`}
    >
      <h3 className="mod-post__title">
        <a href={row.href}>{row.title}</a>
      </h3>
      <p className="mod-post__meta">
        <span className={`status status--${row.status}`}>{STATUS[row.status] ?? row.status}</span>
        {` · #${row.id} · adăugat pe ${formatDate(row.createdAt)} · ${plural(row.photoCount, PHOTOS)} · de `}
        <a href={row.authorHref}>{row.authorName}</a>
        {row.authorBanned ? <strong className="mod-post__banned"> (blocat)</strong> : null}
        {row.promotedNow && row.promotedUntil ? (
          <span className="mod-post__promo"> · promovat până pe {formatDate(row.promotedUntil)}</span>
        ) : null}
      </p>
      {row.status === 'hidden' && row.hiddenReason ? (
        <p className="mod-post__reason">
          <strong>Ascuns:</strong> {row.hiddenReason}
          {row.hiddenEditedAt ? (
            <strong className="mod-post__changed">
              {' '}
              · modificat de autor pe {formatDate(row.hiddenEditedAt, 'longTime')}
            </strong>
          ) : null}
        </p>
      ) : null}
      {row.openReports.length > 0 ? (
        <div className="mod-post__reports">
          <p>
            <strong>{plural(row.openReports.length, OPEN_REPORTS)}</strong>
          </p>
          <ul>
            {row.openReports.slice(0, 10).map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reports have no stable key here
              <li key={i}>
                {`${r.reason}${r.details ? `: ${r.details}` : ''} `}
                <span className="muted">{`(${formatDate(r.createdAt, 'short')})`}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="post-actions">
        {row.status === 'hidden' || row.status === 'held' ? (
          <Button action={row.action('arata')} label="Arată din nou" />
        ) : null}
        {row.openReports.length > 0 ? (
          <Button action={row.action('rezolva')} label="Rezolvă rapoartele" />
        ) : null}
        {row.promotedNow ? (
          <Button action={row.action('opreste-promovarea')} label="Oprește promovarea" />
        ) : null}
        {row.authorIsOperator ? null : row.authorBanned ? (
          <Button action={row.userAction('deblocheaza')} label="Deblochează autorul" />
        ) : (
          <Button action={row.userAction('blocheaza')} label="Blochează autorul" danger />
        )}
      </div>
      {row.status === 'hidden' ? null : (
        <details className="mod-post__hide">
          <summary>Ascunde anunțul…</summary>
          <HideForm
            action={row.action('ascunde')}
            reasons={props.hideReasons}
            idPrefix={`${prefix}-hide-${row.id}`}
          />
        </details>
      )}
      <PromoteForm
        action={row.action('promoveaza')}
        id={dateId}
        label="Promovează până pe"
        className="mod-post__promote"
        minDate={props.minPromotionDate}
        defaultDate={props.defaultPromotionDate}
      />
      <details className="mod-post__delete">
        <summary>Șterge anunțul…</summary>
        <form method="post" action={row.action('sterge')}>
          <label className="checkbox">
            <input type="checkbox" name="confirm" value="da" required /> Confirm ștergerea definitivă
          </label>
          <button type="submit" className="btn btn--small btn--danger">
            Șterge definitiv
          </button>
        </form>
      </details>
    </article>
  );
}

export function ModerationPage(props: ModerationPageProps) {
  return (
    <section className="moderation" id="moderare">
      <h1>Moderare</h1>
      {props.changed.length > 0 ? (
        <section aria-labelledby="changed-title" className="moderation__section" id="modificate">
          <h2 id="changed-title">Anunțuri ascunse, modificate de autor</h2>
          {props.changed.map((row) => (
            <PostRow key={row.id} row={row} prefix="m" props={props} />
          ))}
        </section>
      ) : null}
      <section aria-labelledby="reported-title" className="moderation__section">
        <h2 id="reported-title">Anunțuri raportate</h2>
        {props.reported.length === 0 ? (
          <p className="muted">Niciun raport deschis.</p>
        ) : (
          props.reported.map((row) => <PostRow key={row.id} row={row} prefix="r" props={props} />)
        )}
      </section>
      {props.reportedConversations ? <ReportedConversations items={props.reportedConversations} /> : null}
      <section aria-labelledby="newest-title" className="moderation__section" id="anunturi-noi">
        <h2 id="newest-title">Anunțuri noi</h2>
        {props.newest.length === 0 ? (
          <p className="muted">Niciun anunț.</p>
        ) : (
          props.newest.map((row) => <PostRow key={row.id} row={row} prefix="n" props={props} />)
        )}
      </section>
      <section aria-labelledby="log-title" className="moderation__section">
        <h2 id="log-title">Jurnalul moderării</h2>
        {props.log.length === 0 ? (
          <p className="muted">Nicio acțiune încă.</p>
        ) : (
          <ol className="mod-log">
            {props.log.map((entry) => (
              <li key={entry.id}>
                <time dateTime={new Date(entry.createdAt).toISOString()}>
                  {formatDate(entry.createdAt, 'longTime')}
                </time>
                {' · '}
                <strong>{entry.operatorName ?? 'Un operator'}</strong>{' '}
                {ACTION_LABELS[entry.action] ?? entry.action}{' '}
                {`#${entry.targetId}${entry.details ? ` — ${entry.details}` : ''}`}
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}
