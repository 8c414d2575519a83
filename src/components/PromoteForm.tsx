// The operator's "promote until" form (a date, then POST), on the ad page and in /moderare.

export interface PromoteFormProps {
  action: string;
  /** The date input's id (unique on the page). */
  id: string;
  label: string;
  className: string;
  minDate: string;
  defaultDate: string;
  /** Where the action returns (the page the form is on), when not its default. */
  returnTo?: string;
}

export function PromoteForm(props: PromoteFormProps) {
  return (
    <form method="post" action={props.action} className={props.className}>
      {props.returnTo ? <input type="hidden" name="returnTo" value={props.returnTo} /> : null}
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        name="promotedUntil"
        min={props.minDate}
        defaultValue={props.defaultDate}
        required
      />
      <button type="submit" className="btn btn--small">
        Promovează
      </button>
    </form>
  );
}
