// What the ad page adds for the people who act on the ad: its author (the status in words and the
// lifecycle buttons) and operators (hide or show again, promote, ban the author, the open reports).
// Rendered only on signed-in requests, which are never cached: the anonymous page stays the same for all.
import { AdFigures, type AdFiguresProps } from './AdFigures';
import { BanForm } from './BanForm';
import { HideForm } from './HideForm';
import { PostActions, type PostActionsProps } from './PostActions';
import { PromoteForm } from './PromoteForm';

export interface OwnerPanelProps {
  /** "Publicat", "Ascuns de un operator", … */
  statusName: string;
  /** "expiră pe 24 decembrie 2026", "motivul: …". */
  statusDetail: string | null;
  statusClass: string;
  advice: string | null;
  actions: PostActionsProps;
  /** The author's account is suspended. */
  banned: boolean;
  /** What the ad does: views, phone reveals, saves, conversations. */
  figures: AdFiguresProps;
}

export function OwnerPanel(props: OwnerPanelProps) {
  return (
    <section className="box post-panel post-panel--owner" aria-labelledby="owner-panel-title">
      <h2 id="owner-panel-title" className="post-panel__title">
        Anunțul dumneavoastră
      </h2>
      <p className="post-panel__status">
        <span className={`status ${props.statusClass}`}>{props.statusName}</span>
        {props.statusDetail ? <span> {props.statusDetail}</span> : null}
      </p>
      {props.banned ? (
        <p className="notice notice--error">
          Contul dumneavoastră a fost suspendat de un operator: anunțul nu este vizibil și nu poate fi
          modificat.
        </p>
      ) : props.advice ? (
        <p className="muted post-panel__advice">{props.advice}</p>
      ) : null}
      <AdFigures {...props.figures} />
      <PostActions {...props.actions} />
    </section>
  );
}

export interface OperatorPanelProps {
  hidden: boolean;
  hiddenReason: string | null;
  openReports: number;
  openReportsLabel: string;
  reportsHref: string;
  hideAction: string;
  unhideAction: string;
  hideReasons: readonly string[];
  promoteAction: string;
  stopPromotionAction?: string;
  promotedUntilLabel?: string;
  minPromotionDate: string;
  defaultPromotionDate: string;
  /** Absent when the author cannot be banned (an operator). */
  banAction?: string;
  unbanAction?: string;
  authorName: string;
  returnTo: string;
}

function PostButton({
  action,
  label,
  returnTo,
  danger,
}: {
  action: string;
  label: string;
  returnTo: string;
  danger?: boolean;
}) {
  return (
    <form method="post" action={action} className="post-actions__form">
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={danger ? 'btn btn--small btn--danger' : 'btn btn--small'}>
        {label}
      </button>
    </form>
  );
}

export function OperatorPanel(props: OperatorPanelProps) {
  return (
    <section className="box post-panel post-panel--operator" aria-labelledby="operator-panel-title">
      <h2 id="operator-panel-title" className="post-panel__title">
        Moderare
      </h2>
      <p>
        {props.openReports > 0 ? (
          <a href={props.reportsHref}>
            <strong>{props.openReportsLabel}</strong>
          </a>
        ) : (
          <span className="muted">{props.openReportsLabel}</span>
        )}
      </p>
      {props.hidden ? (
        <>
          <p>
            <strong>Ascuns</strong>
            {props.hiddenReason ? `: ${props.hiddenReason}` : ''}
          </p>
          <PostButton action={props.unhideAction} label="Arată din nou" returnTo={props.returnTo} />
        </>
      ) : (
        <details className="post-panel__details">
          <summary>Ascunde…</summary>
          <HideForm
            action={props.hideAction}
            reasons={props.hideReasons}
            idPrefix="op-hide"
            returnTo={props.returnTo}
          />
        </details>
      )}
      <details className="post-panel__details">
        <summary>Promovează până la…</summary>
        <PromoteForm
          action={props.promoteAction}
          id="op-promote"
          label="Ultima zi de promovare"
          className="post-panel__promote"
          minDate={props.minPromotionDate}
          defaultDate={props.defaultPromotionDate}
          returnTo={props.returnTo}
        />
      </details>
      {props.promotedUntilLabel ? (
        <p className="muted">
          Promovat până pe {props.promotedUntilLabel}.{' '}
          {props.stopPromotionAction ? (
            <PostButton
              action={props.stopPromotionAction}
              label="Oprește promovarea"
              returnTo={props.returnTo}
            />
          ) : null}
        </p>
      ) : null}
      {props.banAction ? (
        // Never one click: a reason the author is mailed and a ticked confirmation (checked by the server too).
        <details className="post-panel__details">
          <summary>Blochează autorul…</summary>
          <p className="muted">
            {props.authorName} nu va mai putea publica, iar toate anunțurile sale dispar din site.
          </p>
          <BanForm
            action={props.banAction}
            banned={false}
            reasons={props.hideReasons}
            idPrefix="op-ban"
            returnTo={props.returnTo}
          />
        </details>
      ) : props.unbanAction ? (
        <details className="post-panel__details">
          <summary>Deblochează autorul…</summary>
          <BanForm
            action={props.unbanAction}
            banned
            reasons={props.hideReasons}
            idPrefix="op-unban"
            returnTo={props.returnTo}
          />
        </details>
      ) : null}
    </section>
  );
}
