// The operator's form to ban or unban a person: always a reason (the person gets it by mail) and a
// ticked confirmation, both enforced by the server too (a refusal gives this form back, 400).
export interface BanFormProps {
  action: string;
  /** True for the unban form. */
  banned: boolean;
  reasons: readonly string[];
  /** Unique per page. */
  idPrefix: string;
  returnTo?: string;
  picked?: string;
  details?: string;
  error?: string;
}

export function BanForm(props: BanFormProps) {
  const id = props.idPrefix;
  return (
    <form method="post" action={props.action} className="box ban-form">
      {props.returnTo ? <input type="hidden" name="returnTo" value={props.returnTo} /> : null}
      {props.error ? (
        <p className="notice notice--error" role="alert" id={`${id}-error`}>
          {props.error}
        </p>
      ) : null}
      {props.banned ? null : (
        <>
          <label htmlFor={`${id}-reason`}>Motivul (persoana îl primește pe e-mail)</label>
          <select id={`${id}-reason`} name="hideReason" required defaultValue={props.picked ?? ''}>
            <option value="" disabled>
              Alegeți motivul
            </option>
            {props.reasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={`${id}-details`}>
        {props.banned ? 'Motivul deblocării (persoana îl primește pe e-mail)' : 'Detalii'}
      </label>
      <textarea
        id={`${id}-details`}
        name="hideDetails"
        rows={2}
        maxLength={400}
        required={props.banned}
        defaultValue={props.details ?? ''}
      />
      <label className="checkbox">
        <input type="checkbox" name="confirm" value="da" />{' '}
        {props.banned ? 'Confirm deblocarea' : 'Confirm blocarea contului'}
      </label>
      <button type="submit" className={props.banned ? 'btn btn--small' : 'btn btn--small btn--danger'}>
        {props.banned ? 'Deblochează' : 'Blochează'}
      </button>
    </form>
  );
}
