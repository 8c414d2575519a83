// Who a mail goes to: every sender asks here first. Nobody banned, nobody without an address, and
// nobody who turned that kind of mail off ever gets one.
import { isMailKindOn } from '../db/mail-prefs';
import { findUserById } from '../db/users';
import type { Db } from '../env';
import type { MailKind } from '../lib/mail-kinds';

export interface MailRecipient {
  userId: number;
  email: string;
  name: string;
}

/** A plausible single address (no spaces, no header breaks, one @). */
export function isMailAddress(value: string | null | undefined): value is string {
  return !!value && value.length <= 254 && /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value);
}

export async function mailRecipient(db: Db, userId: number, kind: MailKind): Promise<MailRecipient | null> {
  const user = await findUserById(db, userId);
  if (!user || user.banned) return null;
  const email = user.email?.trim();
  if (!isMailAddress(email)) return null;
  if (!(await isMailKindOn(db, userId, kind))) return null;
  return { userId: user.id, email, name: user.name };
}
