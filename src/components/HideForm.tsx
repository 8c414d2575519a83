// The operator's "Ascunde" form: a reason from a short list plus their own words (the author sees
// both). A plain POST form, so it works without JavaScript.

export interface HideFormProps {
  action: string;
  reasons: readonly string[];
  /** Unique per page (several forms on /moderare). */
  idPrefix: string;
  returnTo?: string;
  /** After hiding, the operator's next queue item opens. */
  next?: boolean;
}

export function HideForm({ action, reasons, idPrefix, returnTo, next }: HideFormProps) {
  return (
    <form method="post" action={action} className="hide-form">
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      {next ? <input type="hidden" name="next" value="1" /> : null}
      <label htmlFor={`${idPrefix}-reason`}>Motivul (îl vede autorul)</label>
      <select id={`${idPrefix}-reason`} name="hideReason" required defaultValue="">
        <option value="" disabled>
          Alegeți motivul
        </option>
        {reasons.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <label htmlFor={`${idPrefix}-details`}>Detalii pentru autor (opțional)</label>
      <textarea id={`${idPrefix}-details`} name="hideDetails" rows={2} maxLength={400} />
      <button type="submit" className="btn btn--small btn--danger">
        Ascunde anunțul
      </button>
    </form>
  );
}
