// Which kinds of mail a person receives: every kind is on until they turn it off (a row in
// mail_optouts), on /cont/notificari or with the one-click unsubscribe link of a mail.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../env';
import type { MailKind } from '../lib/mail-kinds';
import { mailOptouts } from './schema';

export async function isMailKindOn(db: Db, userId: number, kind: MailKind): Promise<boolean> {
  const row = await db
    .select({ kind: mailOptouts.kind })
    .from(mailOptouts)
    .where(and(eq(mailOptouts.userId, userId), eq(mailOptouts.kind, kind)))
    .get();
  return !row;
}

/** The kinds this person turned off. */
export async function mailKindsOff(db: Db, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ kind: mailOptouts.kind })
    .from(mailOptouts)
    .where(eq(mailOptouts.userId, userId));
  return new Set(rows.map((r) => r.kind));
}

/** Turns one kind on or off (idempotent). */
export async function setMailKind(db: Db, userId: number, kind: MailKind, on: boolean, now = Date.now()) {
  if (on) {
    await db.delete(mailOptouts).where(and(eq(mailOptouts.userId, userId), eq(mailOptouts.kind, kind)));
  } else {
    await db.insert(mailOptouts).values({ userId, kind, createdAt: now }).onConflictDoNothing();
  }
}

/** Sets every kind at once (the preferences form), in one batch. */
export async function setMailKinds(db: Db, userId: number, on: Record<MailKind, boolean>, now = Date.now()) {
  const statements = Object.entries(on).map(([kind, value]) =>
    value
      ? db.delete(mailOptouts).where(and(eq(mailOptouts.userId, userId), eq(mailOptouts.kind, kind)))
      : db.insert(mailOptouts).values({ userId, kind, createdAt: now }).onConflictDoNothing(),
  );
  if (statements.length > 0) await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
}
