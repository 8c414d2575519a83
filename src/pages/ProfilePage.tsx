// `/profile/edit`: display name, default contact phone and avatar. A plain multipart form: works
// without JavaScript; errors come back beside their fields with what was typed.

import { NAME_MAX } from '../auth/messages';
import { FilePicker } from '../components/FilePicker';
import { describedBy, ErrorSummary, Field, FieldError, fieldId } from '../components/FormFields';
import { CircleUserIcon } from '../components/Icons';
import {
  EDITOR_MAX_PIXELS,
  MAX_PIXELS_BY_FORMAT,
  MAX_UPLOAD_BYTES,
  ORIGINAL_MAX_SIDE,
} from '../photos/limits';

export interface ProfileValues {
  name: string;
  phone: string;
  /** "Doar mesaje": the phone is never shown on the person's ads. */
  messagesOnly?: boolean;
}

export interface ProfilePageProps {
  action: string;
  values: ProfileValues;
  errors: Record<string, string>;
  email: string | null;
  avatarUrl: string | null;
  /** Where "Anunțurile mele" lives. */
  myPostsHref: string;
  /** Sign-out (POST), also reachable here without JavaScript. */
  signOutAction: string;
  /** A message for the whole form (e.g. the save failed and can be tried again). */
  formMessage?: string;
}

const ORDER = ['name', 'phone', 'avatar'];

export function ProfilePage({
  action,
  values,
  errors,
  email,
  avatarUrl,
  myPostsHref,
  signOutAction,
  formMessage,
}: ProfilePageProps) {
  const summary = ORDER.filter((k) => errors[k]).map((k) => [k, errors[k]] as [string, string]);
  return (
    <section className="profile-page">
      <h1>Profilul meu</h1>
      <ErrorSummary
        title={
          formMessage
            ? 'Profilul nu a fost salvat.'
            : 'Profilul nu a fost salvat. Verificați câmpurile de mai jos.'
        }
        errors={summary}
      >
        {formMessage ? <p>{formMessage}</p> : null}
      </ErrorSummary>
      <form
        className="form profile-form"
        method="post"
        action={action}
        encType="multipart/form-data"
        noValidate
        data-photo-max-side={ORIGINAL_MAX_SIDE}
        data-photo-max-bytes={MAX_UPLOAD_BYTES}
        data-photo-max-pixels={EDITOR_MAX_PIXELS}
        data-photo-max-pixels-png={MAX_PIXELS_BY_FORMAT.png}
      >
        <Field
          name="name"
          label="Nume afișat"
          hint={<>Apare lângă anunțurile dumneavoastră. Cel mult {NAME_MAX} de caractere.</>}
          error={errors.name}
        >
          {(control) => (
            <input {...control} type="text" autoComplete="name" required defaultValue={values.name} />
          )}
        </Field>
        <Field
          name="phone"
          label={
            <>
              Telefon de contact <span className="muted">(opțional)</span>
            </>
          }
          hint="Propus la fiecare anunț nou. Număr românesc, de exemplu 0722 123 456."
          error={errors.phone}
        >
          {(control) => (
            <input {...control} type="tel" autoComplete="tel" inputMode="tel" defaultValue={values.phone} />
          )}
        </Field>
        <label className="profile-form__check">
          <input type="checkbox" name="messagesOnly" value="1" defaultChecked={values.messagesOnly} />{' '}
          <span>
            <strong>Doar mesaje</strong>: nu afișa telefonul la niciun anunț; cumpărătorii îmi scriu pe
            eRădăuți.
          </span>
        </label>
        <fieldset className="field profile-form__avatar">
          <legend className="field__label">Fotografie de profil</legend>
          <div className="profile-form__avatar-row">
            {avatarUrl ? (
              <img
                className="profile-avatar"
                src={avatarUrl}
                alt="Fotografia de profil actuală"
                width={96}
                height={96}
              />
            ) : (
              <span
                className="profile-avatar profile-avatar--none"
                role="img"
                aria-label="Fără fotografie de profil"
              >
                <CircleUserIcon size={64} />
              </span>
            )}
            <div>
              <label className="field__label" htmlFor={fieldId('avatar')}>
                Alegeți o imagine nouă <span className="muted">(opțional)</span>
              </label>
              <p className="field__hint" id="avatar-hint">
                JPG, PNG, GIF sau WEBP, sub 10 MB. O fotografie mare, direct din telefon, este micșorată
                automat.
              </p>
              <FieldError name="avatar" message={errors.avatar} />
              <FilePicker
                id={fieldId('avatar')}
                name="avatar"
                buttonText="Alegeți imaginea"
                accept="image/jpeg,image/png,image/gif,image/webp"
                described={describedBy('avatar', errors.avatar, 'avatar-hint')}
              />
              <p className="field__hint" id="avatar-status" aria-live="polite" />
              {avatarUrl ? (
                <label className="checkbox">
                  <input type="checkbox" name="remove_avatar" value="1" /> Șterge fotografia de profil
                </label>
              ) : null}
            </div>
          </div>
        </fieldset>
        {email ? (
          <p className="muted">
            Adresa de e-mail a contului: <strong>{email}</strong>
          </p>
        ) : null}
        <div className="form__actions">
          <button className="btn btn--primary" type="submit">
            Salvează
          </button>
          <a className="btn btn--link" href={myPostsHref}>
            Anunțurile mele
          </a>
        </div>
      </form>
      <form className="profile-page__sign-out" method="post" action={signOutAction}>
        <button className="btn" type="submit">
          Ieșire din cont
        </button>
      </form>
    </section>
  );
}
