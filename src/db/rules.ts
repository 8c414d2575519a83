// Operators' rules (docs/moderation.md#rules): the list with who added each, adding one (once per
// kind and pattern), removing one, and the rules an ad is checked against. Each change is logged.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { type LogEntry, logStatement } from './moderation';
import { users } from './schema';
import { type ModerationRule, moderationRules, type RuleAction, type RuleKind } from './schema-console';

export interface RuleRow extends ModerationRule {
  createdByName: string | null;
}

/** Every rule, newest first, with the name of the operator who added it. */
export async function listRules(db: Db): Promise<RuleRow[]> {
  return db
    .select({
      id: moderationRules.id,
      kind: moderationRules.kind,
      value: moderationRules.value,
      pattern: moderationRules.pattern,
      action: moderationRules.action,
      createdBy: moderationRules.createdBy,
      createdAt: moderationRules.createdAt,
      createdByName: sql<string | null>`${users.name}`,
    })
    .from(moderationRules)
    .leftJoin(users, eq(users.id, moderationRules.createdBy))
    .orderBy(desc(moderationRules.createdAt), desc(moderationRules.id))
    .limit(1000);
}

/** The rules ads are checked against (all of them: there are at most a few hundred). */
export async function activeRules(db: Db): Promise<ModerationRule[]> {
  return db.select().from(moderationRules).limit(5000);
}

/**
 * Adds a rule; false when one of that kind with that pattern exists already (its action is then
 * left as it is). The log entry goes in the same batch.
 */
export async function addRule(
  db: Db,
  rule: { kind: RuleKind; value: string; pattern: string; action: RuleAction; createdBy: number },
  log: Omit<LogEntry, 'targetId' | 'targetType'>,
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insert(moderationRules)
    .values({ ...rule, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: moderationRules.id });
  if (inserted.length === 0) return false;
  await db.batch([logStatement(db, { ...log, targetType: 'user', targetId: rule.createdBy }, now)]);
  return true;
}

/** Removes a rule; false when it was not there. */
export async function removeRule(
  db: Db,
  ruleId: number,
  log: Omit<LogEntry, 'targetId' | 'targetType' | 'details'>,
  now: number,
): Promise<boolean> {
  const removed = await db
    .delete(moderationRules)
    .where(eq(moderationRules.id, ruleId))
    .returning({ kind: moderationRules.kind, value: moderationRules.value, action: moderationRules.action });
  if (removed.length === 0) return false;
  const r = removed[0];
  await db.batch([
    logStatement(
      db,
      {
        ...log,
        targetType: 'user',
        targetId: log.operatorUserId,
        details: `regula #${ruleId}: ${r.kind} ${r.value} (${r.action})`,
      },
      now,
    ),
  ]);
  return true;
}
