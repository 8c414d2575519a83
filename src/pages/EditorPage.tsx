// `/posts/new` and `/posts/edit/:postId`: the ad form. Works without JavaScript (every kind's own
// fields shown in labelled fieldsets, photos chosen in a plain file input and kept as hidden
// `photoIds` once uploaded); the `editor` island uploads photos at once with progress, previews,
// reordering and the main-photo choice, and shows only the chosen category's own fields.
import type { ReactNode } from 'react';
import { FilePicker } from '../components/FilePicker';
import { describedBy, ErrorSummary, Field, FieldError, fieldId } from '../components/FormFields';
import { PostActions, type PostActionsProps } from '../components/PostActions';
import { PrivacyNote } from '../components/PrivacyNote';
import { type CategoryKind, FIELDS_BY_KIND } from '../lib/post-fields';
import { DESCRIPTION_MAX, MAX_PHOTOS, orderedErrors, type PostFormValues, TITLE_MAX } from '../lib/post-form';
import { CURRENCIES } from '../lib/price';
import {
  EDITOR_MAX_PIXELS,
  MAX_PIXELS_BY_FORMAT,
  MAX_UPLOAD_BYTES,
  ORIGINAL_MAX_SIDE,
} from '../photos/limits';

export interface EditorPhoto {
  id: number;
  thumbUrl: string;
}

export interface EditorCategory {
  id: number;
  name: string;
  kind: CategoryKind;
  children: { id: number; name: string; kind: CategoryKind }[];
}

export interface EditorPageProps {
  mode: 'new' | 'edit';
  action: string;
  values: PostFormValues;
  errors: Record<string, string>;
  /** A message for the whole form (e.g. the daily limit), shown in the summary. */
  formMessage?: string;
  categories: EditorCategory[];
  localities: readonly string[];
  photos: EditorPhoto[];
  uploadUrl: string;
  /** Edit mode: the ad's state and its lifecycle actions. */
  post?: { href: string; statusLabel: string; actions: PostActionsProps };
  /** Hidden inputs the form carries back (the version it was opened at, its photos, a one-time token). */
  hiddenFields?: { name: string; value: string }[];
  /** Shown above the form (e.g. what changed elsewhere since the form was opened). */
  notice?: ReactNode;
  /** The submit button's text, when not the usual one. */
  submitLabel?: string;
}

const KIND_LEGENDS: Record<Exclude<CategoryKind, 'general'>, string> = {
  home: 'Detalii pentru locuințe (imobiliare)',
  car: 'Detalii pentru vehicule (auto-moto)',
  job: 'Detalii pentru locuri de muncă',
};

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

function kindOfChoice(categories: EditorCategory[], value: string): CategoryKind | null {
  for (const c of categories) {
    if (String(c.id) === value) return c.kind;
    for (const s of c.children) if (String(s.id) === value) return s.kind;
  }
  return null;
}

export function EditorPage(props: EditorPageProps) {
  const { values, errors, categories } = props;
  const summary = orderedErrors(errors);
  const chosenKind = kindOfChoice(categories, values.category);
  const submitLabel =
    props.submitLabel ?? (props.mode === 'new' ? 'Publică anunțul' : 'Salvează modificările');
  const heading = props.mode === 'new' ? 'Publică un anunț' : 'Modifică anunțul';
  return (
    <section className="editor">
      <h1>{heading}</h1>
      {props.post ? (
        <div className="box editor__state">
          <p>
            Stare: <strong>{props.post.statusLabel}</strong> · <a href={props.post.href}>Vezi anunțul</a>
          </p>
          <PostActions {...props.post.actions} />
        </div>
      ) : null}
      <ErrorSummary
        title={summary.length > 0 ? 'Anunțul nu a fost salvat. Corectați:' : 'Anunțul nu a fost salvat.'}
        errors={summary}
      >
        {props.formMessage ? <p>{props.formMessage}</p> : null}
      </ErrorSummary>
      {props.notice}
      <form
        method="post"
        action={props.action}
        encType="multipart/form-data"
        noValidate
        className="form editor__form"
        id="editor-form"
        data-upload-url={props.uploadUrl}
        data-max-photos={MAX_PHOTOS}
        data-photo-max-side={ORIGINAL_MAX_SIDE}
        data-photo-max-bytes={MAX_UPLOAD_BYTES}
        data-photo-max-pixels={EDITOR_MAX_PIXELS}
        data-photo-max-pixels-png={MAX_PIXELS_BY_FORMAT.png}
      >
        {(props.hiddenFields ?? []).map((f) => (
          <input key={`${f.name}=${f.value}`} type="hidden" name={f.name} value={f.value} />
        ))}
        <Field name="category" label="Categoria" error={errors.category}>
          {(control) => (
            <select {...control} required defaultValue={values.category}>
              <option value="">Alegeți categoria…</option>
              {categories.map((c) =>
                c.children.length > 0 ? (
                  <optgroup key={c.id} label={c.name}>
                    {c.children.map((s) => (
                      <option key={s.id} value={s.id} data-kind={s.kind}>
                        {s.name}
                      </option>
                    ))}
                  </optgroup>
                ) : (
                  <option key={c.id} value={c.id} data-kind={c.kind}>
                    {c.name}
                  </option>
                ),
              )}
            </select>
          )}
        </Field>

        <Field
          name="title"
          label="Titlul"
          hint={
            <>
              Între 10 și {TITLE_MAX} de caractere, fără majuscule peste tot. De ex.: „Apartament 2 camere,
              zona centrală”.
            </>
          }
          error={errors.title}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              required
              maxLength={TITLE_MAX}
              defaultValue={values.title}
              autoComplete="off"
            />
          )}
        </Field>

        <Field
          name="description"
          label="Descrierea"
          hint="Cel puțin 20 de caractere. Numerele de telefon scrise aici sunt ascunse vizitatorilor: folosiți câmpul „Telefon”."
          error={errors.description}
        >
          {(control) => (
            <textarea
              {...control}
              rows={8}
              required
              maxLength={DESCRIPTION_MAX + 500}
              defaultValue={values.description}
            />
          )}
        </Field>

        <fieldset className="field-group">
          <legend>Prețul</legend>
          <div className="field-row">
            <div className="field field--grow">
              <label className="field__label" htmlFor={fieldId('price')}>
                Preț
              </label>
              <input
                id={fieldId('price')}
                name="price"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                defaultValue={values.price}
                {...describedBy('price', errors.price, 'price-hint')}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor={fieldId('currency')}>
                Moneda
              </label>
              <select
                id={fieldId('currency')}
                name="currency"
                defaultValue={values.currency}
                {...describedBy('currency', errors.currency)}
              >
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="field__hint" id="price-hint">
            Număr întreg; lăsați gol sau 0 ca prețul să nu fie afișat.
          </p>
          <FieldError name="price" message={errors.price} />
          <FieldError name="currency" message={errors.currency} />
          <label className="checkbox">
            <input type="checkbox" name="negotiable" value="1" defaultChecked={values.negotiable} />{' '}
            Negociabil
          </label>
        </fieldset>

        {(Object.keys(KIND_LEGENDS) as (keyof typeof KIND_LEGENDS)[]).map((kind) => (
          <fieldset
            key={kind}
            className="field-group editor__kind"
            data-kind={kind}
            data-chosen={chosenKind === kind ? 'true' : undefined}
          >
            <legend>{KIND_LEGENDS[kind]}</legend>
            <p className="field__hint editor__kind-hint">
              Completați doar dacă se potrivesc categoriei alese.
            </p>
            <div className="field-row field-row--wrap">
              {FIELDS_BY_KIND[kind].map((def) => (
                <Field
                  key={def.name}
                  name={def.name}
                  label={`${def.label}${def.unit ? ` (${def.unit})` : ''}`}
                  error={errors[def.name]}
                >
                  {(control) =>
                    def.type === 'choice' ? (
                      <select {...control} defaultValue={values.fields[def.name] ?? ''}>
                        <option value="">—</option>
                        {(def.choices ?? []).map((choice) => (
                          <option key={choice} value={choice}>
                            {choice}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input
                        {...control}
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        defaultValue={values.fields[def.name] ?? ''}
                      />
                    )
                  }
                </Field>
              ))}
            </div>
          </fieldset>
        ))}

        <Field name="locality" label="Localitatea" error={errors.locality}>
          {(control) => (
            <select {...control} defaultValue={values.locality}>
              {props.localities.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field
          name="phone"
          label="Telefon de contact"
          hint="Mobil sau fix din România. Este arătat doar celor care apasă „Informații de contact” pe pagina anunțului."
          error={errors.phone}
        >
          {(control) => (
            <input {...control} type="tel" autoComplete="tel" required defaultValue={values.phone} />
          )}
        </Field>

        <fieldset className="field-group photos" id="photos">
          <legend>Fotografii (cel mult {MAX_PHOTOS})</legend>
          <p className="field__hint" id="photos-hint">
            Prima fotografie este fotografia principală. JPG, PNG, WEBP sau GIF, fiecare sub 10 MB.
          </p>
          <ol className="photo-list" id="photo-list" aria-label="Fotografiile anunțului">
            {props.photos.map((photo, i) => (
              <li className="photo-item" key={photo.id} data-id={photo.id}>
                <img
                  className="photo-item__img"
                  src={photo.thumbUrl}
                  alt={`Fotografia ${i + 1}`}
                  width={160}
                  height={120}
                  loading="lazy"
                />
                <input type="hidden" name="photoIds" value={photo.id} />
                <div className="photo-item__controls">
                  <label className="photo-item__main">
                    <input type="radio" name="mainPhoto" value={photo.id} defaultChecked={i === 0} />{' '}
                    Fotografie principală
                  </label>
                  <label className="photo-item__remove">
                    <input type="checkbox" name="removePhotoIds" value={photo.id} /> Elimină
                  </label>
                </div>
              </li>
            ))}
          </ol>
          <div className="field">
            <label className="field__label" htmlFor={fieldId('photos')}>
              Adaugă fotografii
            </label>
            <FilePicker
              id={fieldId('photos')}
              name="photos"
              buttonText="Alegeți fotografii"
              multiple
              accept={ACCEPT}
              described={describedBy('photos', errors.photos, 'photos-hint')}
            />
            <FieldError name="photos" message={errors.photos} />
          </div>
          <p className="photo-status" id="photo-status" aria-live="polite" tabIndex={-1} />
        </fieldset>

        <div className="form__actions">
          <button type="submit" className="btn btn--primary btn--large">
            {submitLabel}
          </button>
        </div>
        <PrivacyNote lead="Anunțul, cu fotografiile și telefonul (afișat doar la cerere), este public până îl ștergeți sau expiră." />
      </form>
    </section>
  );
}
