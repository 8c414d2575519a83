// `/moderare` (operators): reported ads with their reasons, the newest ads, the actions on each
// (hide/show, delete, promote until a date, resolve reports, ban/unban the author), and the log.

import { ActionForm } from '../components/ActionForm';
import { BanForm } from '../components/BanForm';
import { HideForm } from '../components/HideForm';
import { Pagination } from '../components/Pagination';
import { PromoteForm } from '../components/PromoteForm';
import { ReportedConversations } from '../components/ReportedConversations';
import type { ReportedConversation } from '../db/conversations';
import type { LogRow, ModerationPost } from '../db/moderation';
import type { QueueCounts, QueueItem } from '../db/queue';
import { formatDate } from '../lib/dates';
import { PHOTOS, plural } from '../lib/plural';
import { STATUS_NAMES } from '../lib/post-status';

export interface ModerationRow extends ModerationPost {
  href: string;
  authorHref: string;
  /** The operator's page of this ad's author. */
  personHref?: string;
  /** The item's page in the queue (it claims the item for the operator who opens it). */
  itemHref?: string;
  /** What the queue knows of it: tier, reporters, marks, who is looking at it. */
  queue?: QueueItem & { otherHrefs: Record<number, string> };
  promotedNow: boolean;
  action: (name: string) => string;
  userAction: (name: string) => string;
}

/** The queue's counts and page. */
export interface QueueView {
  counts: QueueCounts;
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  /** The bulk form's address. */
  bulkAction: string;
  searchAction: string;
  rulesHref: string;
  statsHref: string;
  /** The signed-in operator (their own claims are not a warning). */
  operatorUserId: number;
}

export interface ModerationPageProps {
  /** The queue page's ads, in priority order. */
  reported: ModerationRow[];
  queue?: QueueView;
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
  'rule-hold': 'a reținut în verificare (regulă) anunțul',
  'report-hold': 'a reținut în verificare (rapoarte) anunțul',
  'rule-add': 'a adăugat',
  'rule-remove': 'a șters',
};

const MARKS: Record<string, string> = {
  'rule-hold': 'Reținut de o regulă',
  'rule-flag': 'Semnalat de o regulă',
  duplicate: 'Posibil duplicat',
  'new-account': 'Cont nou',
};

const REPORTERS = { none: 'niciun raportor', one: '1 raportor', many: 'raportori' };

/** When a decision is taken from an item's page, the next item opens. */
function NextField({ next }: { next?: boolean }) {
  return next ? <input type="hidden" name="next" value="1" /> : null;
}

/** The same as NextField, as an ActionForm's hidden fields. */
function nextField(next?: boolean) {
  return next ? { next: '1' } : undefined;
}

function QueueInfo({ row, operatorUserId }: { row: ModerationRow; operatorUserId?: number }) {
  const q = row.queue;
  if (!q) return null;
  return (
    <div className="mod-post__queue">
      <p>
        {q.reporters > 0 ? <strong>{plural(q.reporters, REPORTERS)}</strong> : null}
        {q.reporters > 0 ? ' · ' : ''}
        {`așteaptă din ${formatDate(q.since, 'longTime')}`}
        {row.personHref ? (
          <>
            {' · '}
            <a href={row.personHref}>pagina autorului</a>
          </>
        ) : null}
      </p>
      {q.marks.length > 0 ? (
        <ul className="mod-post__marks">
          {q.marks.map((m) => (
            <li key={m.kind}>
              <strong>{MARKS[m.kind] ?? m.kind}</strong>
              {m.detail ? `: ${m.detail}` : ''}
              {m.otherPostId && q.otherHrefs[m.otherPostId] ? (
                <>
                  {' — '}
                  <a href={q.otherHrefs[m.otherPostId]}>{`celălalt anunț (#${m.otherPostId})`}</a>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {q.claim ? (
        <p className={q.claim.operatorUserId === operatorUserId ? 'muted' : 'mod-post__claimed'}>
          {q.claim.operatorUserId === operatorUserId
            ? `Îl verificați dumneavoastră (până la ${formatDate(q.claim.expiresAt, 'time')}).`
            : `Îl verifică ${q.claim.operatorName} (până la ${formatDate(q.claim.expiresAt, 'time')}).`}
        </p>
      ) : null}
    </div>
  );
}

export function PostRow({
  row,
  prefix,
  props,
  next,
  compact,
}: {
  row: ModerationRow;
  prefix: string;
  props: Pick<ModerationPageProps, 'hideReasons' | 'minPromotionDate' | 'defaultPromotionDate' | 'queue'> & {
    operatorUserId?: number;
  };
  /** Decisions open the next queue item. */
  next?: boolean;
  /**
   * A row of a list (the queue, the newest ads): its decisions and the hide form; banning, promoting
   * and deleting are one click away on the item's page (or the ad's operator panel), which keeps the
   * queue page small and quick at 20,000 ads (docs/moderation.md#figures).
   */
  compact?: boolean;
}) {
  const dateId = `${prefix}-promo-${row.id}`;
  return (
    <article
      className="mod-post box"
      id={`${prefix === 'r' ? 'anunt' : prefix === 'm' ? 'modificat' : 'nou'}-${row.id}`}
    >
      <h3 className="mod-post__title">
        {prefix === 'r' && props.queue ? (
          <input
            type="checkbox"
            name="ids"
            value={row.id}
            form="bulk"
            aria-label={`Selectează anunțul #${row.id}`}
            className="mod-post__pick"
          />
        ) : null}{' '}
        <a href={row.href}>{row.title}</a>
        {row.itemHref && !next ? (
          <>
            {' '}
            <a href={row.itemHref} className="btn btn--small">
              Deschide
            </a>
          </>
        ) : null}
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
      <QueueInfo row={row} operatorUserId={props.queue?.operatorUserId ?? props.operatorUserId} />
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
        {row.status === 'held' ? (
          // One decision: shown again and its reports resolved; the author and the reporters hear of it.
          <ActionForm
            action={row.action('arata')}
            label="Arată din nou și rezolvă rapoartele"
            fields={nextField(next)}
          />
        ) : row.status === 'hidden' ? (
          <ActionForm action={row.action('arata')} label="Arată din nou" fields={nextField(next)} />
        ) : null}
        {row.openReports.length > 0 && row.status !== 'held' ? (
          <ActionForm action={row.action('rezolva')} label="Rezolvă rapoartele" fields={nextField(next)} />
        ) : null}
        {row.promotedNow ? (
          <ActionForm action={row.action('opreste-promovarea')} label="Oprește promovarea" />
        ) : null}
      </div>
      {row.authorIsOperator || compact ? null : (
        <details className="mod-post__ban">
          <summary>{row.authorBanned ? 'Deblochează autorul…' : 'Blochează autorul…'}</summary>
          <BanForm
            action={row.userAction(row.authorBanned ? 'deblocheaza' : 'blocheaza')}
            banned={row.authorBanned}
            reasons={props.hideReasons}
            idPrefix={`${prefix}-ban-${row.id}`}
          />
        </details>
      )}
      {row.status === 'hidden' ? null : (
        <details className="mod-post__hide">
          <summary>Ascunde anunțul…</summary>
          <HideForm
            action={row.action('ascunde')}
            reasons={props.hideReasons}
            idPrefix={`${prefix}-hide-${row.id}`}
            next={next}
          />
        </details>
      )}
      {compact ? (
        <p className="mod-post__more">
          <a href={row.itemHref ?? row.href}>
            {row.itemHref
              ? 'Celelalte acțiuni (blocarea autorului, promovare, ștergere)'
              : 'Celelalte acțiuni (blocarea autorului, promovare, ștergere) pe pagina anunțului'}
          </a>
        </p>
      ) : (
        <>
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
              <NextField next={next} />
              <label className="checkbox">
                <input type="checkbox" name="confirm" value="da" /> Confirm ștergerea (un operator o poate
                anula în 30 de zile)
              </label>
              <button type="submit" className="btn btn--small btn--danger">
                Șterge
              </button>
            </form>
          </details>
        </>
      )}
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
      {props.queue ? <QueueHeader queue={props.queue} /> : null}
      <section aria-labelledby="reported-title" className="moderation__section" id="coada">
        <h2 id="reported-title">Anunțuri raportate și semnalate</h2>
        {/* Above the items: ticked boxes point at it (form="bulk"), no scrolling past a page of them. */}
        {props.queue && props.reported.length > 0 ? (
          <BulkForm queue={props.queue} reasons={props.hideReasons} />
        ) : null}
        {props.reported.length === 0 ? (
          <p className="muted">Niciun raport deschis.</p>
        ) : (
          props.reported.map((row) => <PostRow key={row.id} row={row} prefix="r" props={props} compact />)
        )}
        {props.queue ? (
          <Pagination
            page={props.queue.page}
            totalPages={props.queue.totalPages}
            hrefFor={props.queue.hrefFor}
          />
        ) : null}
      </section>
      {props.reportedConversations ? <ReportedConversations items={props.reportedConversations} /> : null}
      <section aria-labelledby="newest-title" className="moderation__section" id="anunturi-noi">
        <h2 id="newest-title">Anunțuri noi</h2>
        {props.newest.length === 0 ? (
          <p className="muted">Niciun anunț.</p>
        ) : (
          props.newest.map((row) => <PostRow key={row.id} row={row} prefix="n" props={props} compact />)
        )}
        {props.queue ? (
          <p className="mod-post__more">
            <a href={props.queue.searchAction}>Toate anunțurile, cele mai noi primele</a>
          </p>
        ) : null}
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
                <strong>
                  {entry.operatorName ?? (entry.operatorUserId === 0 ? 'Automat' : 'Un operator')}
                </strong>{' '}
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

const ITEMS = { none: 'niciun anunț', one: '1 anunț', many: 'anunțuri' };

function QueueHeader({ queue }: { queue: QueueView }) {
  return (
    <div className="moderation__head">
      <nav className="moderation__nav" aria-label="Instrumente de moderare">
        <form method="get" action={queue.searchAction} className="moderation__search" role="search">
          <label htmlFor="mod-q">Caută anunțuri și persoane</label>
          <input id="mod-q" name="q" type="search" placeholder="nr. anunț, cuvinte, telefon, e-mail" />
          <button type="submit" className="btn btn--small">
            Caută
          </button>
        </form>
        <a href={queue.rulesHref}>Reguli</a> · <a href={queue.statsHref}>Statistici</a>
      </nav>
      <ul className="moderation__counts" aria-label="În coadă">
        <li>
          <strong>{plural(queue.counts.total, ITEMS)}</strong> în coadă
        </li>
        <li>{`În verificare: ${queue.counts.held}`}</li>
        <li>{`Raportate: ${queue.counts.reported}`}</li>
        <li>{`Semnalate: ${queue.counts.marked}`}</li>
      </ul>
    </div>
  );
}

/** The bulk actions on the ticked ads (checkboxes `ids` point at this form with `form="bulk"`). */
export function BulkForm({
  queue,
  reasons,
}: {
  queue: Pick<QueueView, 'bulkAction'>;
  reasons: readonly string[];
}) {
  return (
    <form method="post" action={queue.bulkAction} id="bulk" className="mod-bulk box">
      <fieldset>
        <legend>Pentru anunțurile bifate mai jos</legend>
        <label htmlFor="bulk-action">Acțiunea</label>
        <select id="bulk-action" name="action" required>
          <option value="ascunde">Ascunde</option>
          <option value="rezolva">Rezolvă rapoartele</option>
          <option value="sterge">Șterge (se poate anula 30 de zile)</option>
          <option value="blocheaza">Blochează autorii</option>
        </select>
        <label htmlFor="bulk-reason">Motivul (autorii îl vor vedea)</label>
        <select id="bulk-reason" name="hideReason">
          <option value="">—</option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <label htmlFor="bulk-details">Detalii</label>
        <input id="bulk-details" name="hideDetails" maxLength={400} />
        <label className="checkbox">
          <input type="checkbox" name="confirm" value="da" /> Confirm acțiunea pentru toate anunțurile bifate
        </label>
        <button type="submit" className="btn btn--small btn--danger">
          Aplică
        </button>
      </fieldset>
    </form>
  );
}
