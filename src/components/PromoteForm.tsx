// The operator's "promote until" form (a date, then POST), on the ad page and in /moderare.
import { dayForInput } from '../lib/dates';

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
      {/* A text field: the browser's date control speaks the browser's language (lib/dates dayFromInput). */}
      <input
        id={props.id}
        type="text"
        name="promotedUntil"
        inputMode="numeric"
        autoComplete="off"
        placeholder="zz.ll.aaaa"
        size={10}
        defaultValue={dayForInput(props.defaultDate)}
        aria-describedby={`${props.id}-hint`}
      />
      <span className="muted" id={`${props.id}-hint`}>
        {' '}
        (zz.ll.aaaa, cel puțin {dayForInput(props.minDate)})
      </span>
      <button type="submit" className="btn btn--small">
        Promovează
      </button>
    </form>
  );
}
