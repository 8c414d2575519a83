// The operators' "Șterge contul" form for a person's page in the console: on the person's request,
// with the reason (written to the moderation log) and a ticked confirmation. A plain POST form.
import { route } from '../lib/links';

export interface OperatorDeleteAccountFormProps {
  userId: number;
  /** The person's name, to say whose account goes. */
  name: string;
  /** Where to come back after a refusal (the person's page); after the deletion: /moderare. */
  returnTo?: string;
  /** The reason typed, given back with `error`. */
  reason?: string;
  error?: string;
}

export function OperatorDeleteAccountForm({
  userId,
  name,
  returnTo,
  reason,
  error,
}: OperatorDeleteAccountFormProps) {
  const id = `sterge-cont-${userId}`;
  return (
    <form
      method="post"
      action={route('moderateUser', { userId, action: 'sterge-contul' })}
      className="operator-delete"
    >
      <h2 id={`${id}-title`}>Ștergerea contului la cerere</h2>
      <p>
        Șterge definitiv contul lui <strong>{name}</strong>, cu toate anunțurile, fotografiile, mesajele și
        preferințele, ca atunci când persoana o face singură pe /cont/sterge. Nu se poate anula.
      </p>
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <label htmlFor={`${id}-reason`}>Motivul și cererea persoanei (data, canalul)</label>
      <textarea
        id={`${id}-reason`}
        name="reason"
        rows={3}
        maxLength={400}
        required
        defaultValue={reason ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <label className="operator-delete__confirm">
        <input type="checkbox" name="confirm" value="da" /> Confirm că persoana a cerut ștergerea
      </label>
      <button type="submit" className="btn btn--small btn--danger">
        Șterge contul definitiv
      </button>
    </form>
  );
}
