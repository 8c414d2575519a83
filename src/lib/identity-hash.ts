// What is kept of a deleted account's identity-provider id: its SHA-256, so that a session issued
// before the deletion is recognised (and refused) without the id itself being stored.

/** SHA-256 (hex) of an identity-provider id. */
export async function identityHash(clerkId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`account|${clerkId}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
