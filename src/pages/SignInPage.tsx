// `/clerk/sign-in` and `/clerk/sign-up` with a real Clerk instance: Clerk's own components, mounted
// in the browser by the `signin` island from the script Clerk's Frontend API serves.
import { PrivacyNote } from '../components/PrivacyNote';

export interface SignInPageProps {
  mode: 'sign-in' | 'sign-up';
  signInUrl: string;
  signUpUrl: string;
  /** Checked same-site path (or `/`) to go to after signing in or up. */
  redirectUrl: string;
  /** Where the provider sends people back to (user sync), then on to `redirectUrl`. */
  afterAuthUrl: string;
  /** The path routing base of the component (`/clerk/sign-in`). */
  path: string;
}

export function SignInPage(props: SignInPageProps) {
  const title = props.mode === 'sign-up' ? 'Cont nou' : 'Conectare';
  return (
    <section className="auth-page auth-page--clerk">
      <h1 className="visually-hidden">{title}</h1>
      <div
        id="clerk-auth"
        className="clerk-auth"
        data-mode={props.mode}
        data-path={props.path}
        data-sign-in-url={props.signInUrl}
        data-sign-up-url={props.signUpUrl}
        data-redirect-url={props.redirectUrl}
        data-after-auth-url={props.afterAuthUrl}
      >
        <p className="clerk-auth__loading" role="status">
          Se încarcă formularul de conectare…
        </p>
        <noscript>
          <p className="notice notice--warn">
            Conectarea și crearea contului au nevoie de JavaScript. Activați JavaScript în browser și
            reîncărcați pagina.
          </p>
        </noscript>
      </div>
      <PrivacyNote lead="Contul este ținut de Clerk, serviciul nostru de conectare." />
    </section>
  );
}
