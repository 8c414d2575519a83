// Small form pieces shared by the editor, the profile, the moderation tools and any other form: a
// labelled field with its hint and message tied to the control (aria-describedby), and the summary of
// every message at the top of a form.
import type { ReactNode } from 'react';

/** The id of a field's error message: what `aria-describedby` points at. */
export function errorId(name: string): string {
  return `${name}-error`;
}

/** The id of a field's input: what the summary links to. */
export function fieldId(name: string): string {
  return `f-${name}`;
}

/** Attributes that tie an input to its message and mark it invalid (the message's space is always reserved). */
export function describedBy(name: string, error: string | undefined, hintId?: string) {
  return {
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': [hintId, error ? errorId(name) : undefined].filter(Boolean).join(' ') || undefined,
  };
}

export function FieldError({ name, message }: { name: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field__error" id={errorId(name)}>
      {message}
    </p>
  );
}

/** What a field's control needs: its id and name, and the attributes tying it to its hint and message. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * One labelled field: the label, an optional hint (`<name>-hint`), the control that `children` builds
 * from the props it needs, and the field's message.
 */
export function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={fieldId(name)}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({ id: fieldId(name), name, ...describedBy(name, error, hintId) })}
      <FieldError name={name} message={error} />
    </div>
  );
}

/** The summary at the top of a form: every message, each a link to its field. */
export function ErrorSummary({
  title,
  errors,
  children,
}: {
  title: string;
  errors: [string, string][];
  children?: ReactNode;
}) {
  if (errors.length === 0 && !children) return null;
  return (
    <div className="form-summary" role="alert" tabIndex={-1} id="form-summary">
      <h2 className="form-summary__title">{title}</h2>
      {children}
      {errors.length > 0 ? (
        <ul>
          {errors.map(([name, message]) => (
            <li key={name}>
              <a href={`#${fieldId(name)}`}>{message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
