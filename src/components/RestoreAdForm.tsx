// The operators' undo of an ad's deletion (docs/privacy.md#deleted-ads): on the ad's page and on its
// author's page in the console, while the 30 days last. A plain POST form; the undo is logged.
export interface RestoreAdFormProps {
  /** `route('moderationRestore', { postId })`. */
  action: string;
  /** The last moment it can be restored, in words ("12 decembrie 2026 14:05"). */
  until: string;
  /** False once the 30 days are over (the daily job removes it for good). */
  open: boolean;
  /** Where to come back after the undo. */
  returnTo?: string;
}

export function RestoreAdForm({ action, until, open, returnTo }: RestoreAdFormProps) {
  if (!open) return <span className="muted">{`Nu mai poate fi restaurat (termenul a fost ${until}).`}</span>;
  return (
    <form method="post" action={action} className="restore-ad">
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <span className="muted">{`Se poate restaura până pe ${until}. `}</span>
      <button type="submit" className="btn btn--small">
        Restaurează anunțul
      </button>
    </form>
  );
}
