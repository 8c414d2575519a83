// Mounts Clerk's SignIn or SignUp component on /clerk/sign-in and /clerk/sign-up when a
// Clerk instance is configured. The page loads Clerk's UI bundle and ClerkJS from the instance's
// Frontend API (allowed by the CSP); this island waits for them, then mounts the component in
// Romanian with our own messages (src/auth/messages.ts).
import { roRO } from '@clerk/localizations/ro-RO';
import { MESSAGES } from '../auth/messages';

interface ClerkBrowser {
  load(options?: Record<string, unknown>): Promise<void>;
  mountSignIn(node: HTMLElement, props?: Record<string, unknown>): void;
  mountSignUp(node: HTMLElement, props?: Record<string, unknown>): void;
}

declare global {
  interface Window {
    Clerk?: ClerkBrowser;
    __internal_ClerkUICtor?: unknown;
  }
}

/** roRO with our own messages (src/auth/messages.ts) where they differ. */
export function localization() {
  const base = roRO as Record<string, unknown> & { unstable__errors?: Record<string, unknown> };
  const errors = base.unstable__errors ?? {};
  const zxcvbn = (errors.zxcvbn ?? {}) as Record<string, unknown>;
  return {
    ...base,
    unstable__errors: {
      ...errors,
      form_password_not_strong_enough: MESSAGES.passwordTooWeak,
      form_password_pwned: MESSAGES.passwordPwned,
      form_password_pwned__sign_in: MESSAGES.passwordPwnedSignIn,
      form_param_max_length_exceeded__name: MESSAGES.nameTooLong,
      form_param_max_length_exceeded__first_name: MESSAGES.firstNameTooLong,
      form_param_max_length_exceeded__last_name: MESSAGES.lastNameTooLong,
      avatar_file_type_invalid: MESSAGES.avatarInvalid,
      avatar_file_size_exceeded: MESSAGES.avatarInvalid,
      zxcvbn: { ...zxcvbn, notEnough: MESSAGES.passwordTooWeak },
    },
  };
}

function whenLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function showFailure(root: HTMLElement) {
  const p = document.createElement('p');
  p.className = 'notice notice--error';
  p.setAttribute('role', 'alert');
  p.textContent =
    'Formularul de conectare nu a putut fi încărcat. Verificați conexiunea la internet și reîncărcați pagina.';
  root.replaceChildren(p);
}

export async function mountClerk(root: HTMLElement): Promise<void> {
  await whenLoaded();
  const clerk = window.Clerk;
  if (!clerk || !window.__internal_ClerkUICtor) {
    showFailure(root);
    return;
  }
  const data = root.dataset;
  const mode = data.mode;
  const path = data.path;
  const signInUrl = data.signInUrl;
  const signUpUrl = data.signUpUrl;
  const afterAuthUrl = data.afterAuthUrl;
  try {
    await clerk.load({
      ui: { ClerkUI: window.__internal_ClerkUICtor },
      localization: localization(),
      signInUrl,
      signUpUrl,
      // Always through after-auth (user sync, checked return address); never Clerk's redirect_url.
      signInForceRedirectUrl: afterAuthUrl,
      signUpForceRedirectUrl: afterAuthUrl,
      afterSignOutUrl: '/',
    });
    root.replaceChildren();
    const props = {
      routing: 'path',
      path,
      forceRedirectUrl: afterAuthUrl,
      fallbackRedirectUrl: afterAuthUrl,
    };
    if (mode === 'sign-up') clerk.mountSignUp(root, { ...props, signInUrl });
    else clerk.mountSignIn(root, { ...props, signUpUrl });
  } catch {
    showFailure(root);
  }
}

/** Pages with a form for signed-in users: ClerkJS only keeps the session cookie fresh. */
export async function keepSessionFresh(): Promise<void> {
  await whenLoaded();
  try {
    await window.Clerk?.load({
      ui: { ClerkUI: window.__internal_ClerkUICtor },
      localization: localization(),
    });
  } catch {
    // the form still posts; an expired session asks to sign in again
  }
}

const root = document.getElementById('clerk-auth');
if (root) void mountClerk(root);
else void keepSessionFresh();
