import { route } from '../lib/links';
import { ErrorIcon, InfoIcon } from './Icons';

export interface ErrorViewProps {
  status: number;
  message: string;
  /** Where to come back to after signing in (401 only). */
  returnTo?: string;
  /** Offer signing in (with `returnTo`): a refusal that a signed-in person would not meet. */
  signIn?: boolean;
}

/** The error catalogue (docs/product.md#errors), in a box. */
export function ErrorView({ status, message, returnTo, signIn }: ErrorViewProps) {
  if (status === 401) {
    return (
      <section className="error-box error-box--info" role="alert" aria-labelledby="error-title">
        <InfoIcon size={40} />
        <h1 id="error-title">Trebuie să vă conectați</h1>
        <p>Pentru a continua, conectați-vă la contul dumneavoastră sau creați unul nou.</p>
        <a className="btn btn--primary" href={route('login', {}, { redirect_url: returnTo })}>
          Conectare
        </a>
      </section>
    );
  }
  if (status === 403) {
    return (
      <section className="error-box error-box--error" role="alert" aria-labelledby="error-title">
        <ErrorIcon size={40} />
        <h1 id="error-title">Acces refuzat</h1>
        {message && message !== 'Acces refuzat' ? <p>{message}</p> : null}
        <a className="btn" href={route('home')}>
          Înapoi la prima pagină
        </a>
      </section>
    );
  }
  return (
    <section className="error-box error-box--error" role="alert" aria-labelledby="error-title">
      <ErrorIcon size={40} />
      <h1 id="error-title">{message}</h1>
      {signIn ? (
        <a className="btn btn--primary" href={route('login', {}, { redirect_url: returnTo })}>
          Conectare
        </a>
      ) : null}
      <a className="btn" href={route('home')}>
        Înapoi la prima pagină
      </a>
    </section>
  );
}
