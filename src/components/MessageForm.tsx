// The message forms: "Trimite un mesaj" on an ad page (and on its own page when a send failed),
// and the reply form of a conversation. Plain forms: they work without JavaScript.
import { MESSAGE_MAX } from '../lib/message-text';
import { errorId } from './FormFields';
import { PrivacyNote } from './PrivacyNote';

export interface MessageFormProps {
  action: string;
  /** What the person typed (kept when a send is refused). */
  text?: string;
  error?: string;
  label: string;
  submitLabel: string;
  /** The textarea's id (unique on its page). */
  id: string;
  placeholder?: string;
  disabled?: boolean;
}

export function MessageForm(props: MessageFormProps) {
  const errId = errorId(props.id);
  return (
    <form method="post" action={props.action} className="form message-form" data-message-form="">
      <div className="field">
        <label className="field__label" htmlFor={props.id}>
          {props.label}
        </label>
        {props.error ? (
          <p className="field__error" id={errId} role="alert">
            {props.error}
          </p>
        ) : null}
        <textarea
          id={props.id}
          name="text"
          rows={4}
          maxLength={MESSAGE_MAX}
          required
          placeholder={props.placeholder}
          defaultValue={props.text ?? ''}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errId : undefined}
          disabled={props.disabled}
        />
      </div>
      <button type="submit" className="btn btn--primary" disabled={props.disabled}>
        {props.submitLabel}
      </button>
      <PrivacyNote lead="Mesajele sunt private: le văd doar cele două persoane din conversație." />
    </form>
  );
}

/** The ad page's box: the form for anyone who may write about this ad (the same HTML for everyone). */
export function MessageSeller({ action }: { action: string }) {
  return (
    <details className="box message-seller" id="mesaj">
      <summary className="btn btn--primary message-seller__open">Trimite un mesaj</summary>
      <MessageForm
        action={action}
        id="message-text"
        label="Mesajul dumneavoastră către vânzător"
        placeholder="Bună ziua, mai este disponibil?"
        submitLabel="Trimite mesajul"
      />
      <p className="muted message-seller__tip">
        Vânzătorul vă răspunde aici, pe eRădăuți. Nu trimiteți bani în avans și nu dați datele cardului.
      </p>
    </details>
  );
}

export interface MessagesOnlyToggleProps {
  action: string;
  /** On for this ad. */
  on: boolean;
  /** On for every ad of the author (profile): this ad's switch changes nothing. */
  byProfile: boolean;
}

/** The author's switch on their ad's page: hide the phone, be written to only by messages. */
export function MessagesOnlyToggle({ action, on, byProfile }: MessagesOnlyToggleProps) {
  if (byProfile)
    return (
      <p className="muted messages-only">„Doar mesaje” este activ din profil pentru toate anunțurile.</p>
    );
  return (
    <form method="post" action={action} className="messages-only">
      <input type="hidden" name="on" value={on ? '0' : '1'} />
      <button type="submit" className="btn btn--small">
        {on ? 'Afișează din nou telefonul' : 'Doar mesaje: ascunde telefonul'}
      </button>
    </form>
  );
}
