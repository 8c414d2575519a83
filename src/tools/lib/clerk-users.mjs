// @ts-check
// `--clerk`: creates a Clerk user for each verified old account (USER and SUPERADMIN, not
// USER_UNVERIFIED) through @clerk/backend, with `external_id` = the old (kept) id, the e-mail address
// as verified, and the old argon2 digest where one exists (otherwise no password: they sign in by
// e-mail code or reset). Idempotent: users already there with that external id are skipped. Needs
// CLERK_SECRET_KEY; CLERK_API_URL points it elsewhere (the tests' local stand-in of Clerk's API).
import { createClerkClient } from '@clerk/backend';
import { argon2Digest } from './import-plan.mjs';
import { ToolError } from './site-client.mjs';

const LOOKUP_BATCH = 100;

function splitName(fullName) {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  return { firstName: words[0].slice(0, 100), lastName: words.slice(1).join(' ').slice(0, 100) || undefined };
}

/** The newest real argon2 digest among a merged person's old rows, or null. */
function digestOf(user) {
  for (const p of user.passwords ?? []) {
    const d = argon2Digest(p);
    if (d) return d;
  }
  return null;
}

/**
 * @param {any[]} users the plan's people (survivors of the merge by letter case)
 * @param {{ dryRun?: boolean, env?: Record<string, string | undefined> }} [opts]
 */
export async function createClerkUsers(users, opts = {}) {
  const env = opts.env ?? process.env;
  const eligible = users.filter((u) => u.role !== 'USER_UNVERIFIED');
  const result = {
    eligible: eligible.length,
    created: 0,
    existing: 0,
    withPassword: 0,
    failed: /** @type {string[]} */ ([]),
  };
  if (opts.dryRun) {
    result.withPassword = eligible.filter((u) => digestOf(u)).length;
    return result;
  }
  if (!env.CLERK_SECRET_KEY)
    throw new ToolError('--clerk needs CLERK_SECRET_KEY (the Clerk instance secret key)');
  const clerk = createClerkClient({
    secretKey: env.CLERK_SECRET_KEY,
    apiUrl: env.CLERK_API_URL || undefined,
  });
  const existing = new Set();
  for (let i = 0; i < eligible.length; i += LOOKUP_BATCH) {
    const ids = eligible.slice(i, i + LOOKUP_BATCH).map((u) => String(u.id));
    const list = await clerk.users.getUserList({ externalId: ids, limit: LOOKUP_BATCH });
    for (const u of list.data) if (u.externalId) existing.add(u.externalId);
  }
  for (const u of eligible) {
    if (existing.has(String(u.id))) {
      result.existing++;
      continue;
    }
    const digest = digestOf(u);
    try {
      await clerk.users.createUser({
        externalId: String(u.id),
        emailAddress: [u.email.trim().toLowerCase()],
        ...splitName(u.fullName),
        ...(digest
          ? {
              passwordDigest: digest,
              passwordHasher: digest.startsWith('$argon2id$') ? 'argon2id' : 'argon2i',
            }
          : { skipPasswordRequirement: true }),
        skipLegalChecks: true,
      });
      result.created++;
      if (digest) result.withPassword++;
    } catch (err) {
      const e = /** @type {any} */ (err);
      const code = e?.errors?.[0]?.code;
      if (code === 'form_identifier_exists') result.existing++;
      else result.failed.push(`${u.id}: ${code ?? e?.message ?? 'error'}`);
    }
  }
  return result;
}
