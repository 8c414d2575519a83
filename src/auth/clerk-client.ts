// The Clerk Backend API client (names, avatars, ending sessions), made in one place from this
// environment's keys.
import { type ClerkClient, createClerkClient } from '@clerk/backend';
import type { Bindings } from '../env';
import { sessionConfig } from './config';

/** The Backend API client of the configured Clerk instance, or null without one (local sign-in). */
export function clerkClient(env: Bindings): ClerkClient | null {
  const config = sessionConfig(env);
  if (config.mode !== 'clerk') return null;
  return createClerkClient({ secretKey: config.secretKey, publishableKey: config.publishableKey });
}
