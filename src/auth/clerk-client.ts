// The Clerk Backend API client (names, avatars, ending sessions), made in one place from this
// environment's keys.
import { type ClerkClient, createClerkClient } from '@clerk/backend';
import type { Bindings } from '../env';
import { sessionConfig } from './config';

/** The Backend API client of the configured Clerk instance, or null without one (local sign-in). */
export function clerkClient(env: Bindings): ClerkClient | null {
  const config = sessionConfig(env);
  if (config.mode !== 'clerk') return null;
  return createClerkClient({
    secretKey: config.secretKey,
    publishableKey: config.publishableKey,
    ...(env.CLERK_API_URL ? { apiUrl: env.CLERK_API_URL } : {}),
  });
}

/** Ids of accounts made by the local sign-in or the demo seed: they never existed at Clerk. */
const LOCAL_ID = /^user_(local|demo)_/;

/**
 * Deletes the person's user at Clerk (their sign-in methods, sessions and profile there). Nothing to
 * do without a Clerk instance or for a local account; a user Clerk no longer knows counts as deleted.
 * Throws on any other failure (the deletion is then resumed by the daily job).
 */
export async function deleteClerkUser(
  env: Bindings,
  clerkId: string,
): Promise<'deleted' | 'absent' | 'skipped'> {
  const clerk = clerkClient(env);
  if (!clerk || LOCAL_ID.test(clerkId)) return 'skipped';
  try {
    await clerk.users.deleteUser(clerkId);
    return 'deleted';
  } catch (err) {
    if ((err as { status?: number }).status === 404) return 'absent';
    throw err;
  }
}
