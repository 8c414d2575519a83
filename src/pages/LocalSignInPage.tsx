// `/clerk/sign-in` and `/clerk/sign-up` when no Clerk instance is configured (local development
// and tests): an e-mail address signs the person in, through a real session token. Never on the
// public site (the route refuses; `refusal` says why).
import { describedBy, ErrorSummary, FieldError, fieldId } from '../components/FormFields';
import { PrivacyNote } from '../components/PrivacyNote';

export interface DemoAccount {
  name: string;
  email: string;
  isOperator: boolean;
}

export interface LocalSignInPageProps {
  mode: 'sign-in' | 'sign-up';
  action: string;
  /** Checked same-site path to return to after signing in. */
  redirectUrl?: string;
  values: { email: string; name: string };
  errors: Record<string, string>;
  demoAccounts: DemoAccount[];
  /** Why the local sign-in is refused here (production, https, not configured). */
  refusal?: string;
  /** The other page (sign-up from sign-in and back). */
  otherHref: string;
}

export function LocalSignInPage(props: LocalSignInPageProps) {
  const { mode, action, redirectUrl, values, errors, demoAccounts, refusal, otherHref } = props;
  const title = mode === 'sign-up' ? 'Cont nou' : 'Conectare';
  if (refusal) {
    return (
      <section className="auth-page">
        <h1>{title}</h1>
        <div className="notice notice--error" role="alert">
          <p>{refusal}</p>
        </div>
      </section>
    );
  }
  const summary = Object.entries(errors);
  return (
    <section className="auth-page">
      <h1>{title}</h1>
      <p className="notice notice--warn">
        Conectare locală, pentru dezvoltare: nu există parole. Scrieți o adresă de e-mail; dacă nu are încă un
        cont, se creează unul nou.
      </p>
      <ErrorSummary title="Verificați datele de mai jos" errors={summary} />
      <form className="form auth-form" method="post" action={action} noValidate>
        {redirectUrl ? <input type="hidden" name="redirect_url" value={redirectUrl} /> : null}
        <div className="field">
          <label className="field__label" htmlFor={fieldId('email')}>
            Adresa de e-mail
          </label>
          <input
            id={fieldId('email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={values.email}
            {...describedBy('email', errors.email)}
          />
          <FieldError name="email" message={errors.email} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={fieldId('name')}>
            Nume afișat <span className="muted">(doar pentru un cont nou)</span>
          </label>
          <input
            id={fieldId('name')}
            name="name"
            type="text"
            autoComplete="name"
            defaultValue={values.name}
            {...describedBy('name', errors.name)}
          />
          <FieldError name="name" message={errors.name} />
        </div>
        <button className="btn btn--primary" type="submit">
          Conectare
        </button>
      </form>
      <p>
        {mode === 'sign-up' ? 'Aveți deja cont? ' : 'Nu aveți cont? '}
        <a href={otherHref}>{mode === 'sign-up' ? 'Conectați-vă' : 'Creați un cont nou'}</a>
      </p>
      <PrivacyNote lead="Folosim adresa de e-mail doar pentru cont și pentru e-mailurile pe care le alegeți." />
      {demoAccounts.length > 0 ? (
        <section className="demo-accounts" aria-labelledby="demo-accounts-title">
          <h2 id="demo-accounts-title">Conturi demonstrative</h2>
          <ul>
            {demoAccounts.map((account) => (
              <li key={account.email}>
                <form method="post" action={action}>
                  <input type="hidden" name="email" value={account.email} />
                  {redirectUrl ? <input type="hidden" name="redirect_url" value={redirectUrl} /> : null}
                  <button className="btn demo-accounts__button" type="submit">
                    <span>{account.name}</span>{' '}
                    <span className="muted">
                      {account.email}
                      {account.isOperator ? ' · operator' : ''}
                    </span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
