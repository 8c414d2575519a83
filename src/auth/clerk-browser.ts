import type { Context } from 'hono';
import type { AppEnv, ExternalScript } from '../env';
import { sessionConfig } from './config';

/** Clerk's UI bundle, then ClerkJS (which reads the publishable key from its own script tag). */
export function clerkScripts(frontendApi: string, publishableKey: string): ExternalScript[] {
  return [
    { src: `https://${frontendApi}/npm/@clerk/ui@1/dist/ui.browser.js` },
    {
      src: `https://${frontendApi}/npm/@clerk/clerk-js@6/dist/clerk.browser.js`,
      attrs: { 'data-clerk-publishable-key': publishableKey },
    },
  ];
}

/**
 * With a real Clerk instance, adds Clerk's browser script to this page and returns the islands to
 * pass to `c.render` (`['signin']`), else `[]`. Forms for signed-in users (profile, ad editor)
 * need it: Clerk's session tokens last a minute and ClerkJS keeps renewing the cookie while the
 * page is open, so a form filled in slowly still posts with a valid session.
 */
export function withClerkBrowser(c: Context<AppEnv>): string[] {
  const config = sessionConfig(c.env);
  if (config.mode !== 'clerk') return [];
  c.set('externalScripts', clerkScripts(config.frontendApi, config.publishableKey));
  return ['signin'];
}
