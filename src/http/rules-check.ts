// Operators' rules on publish and on every edit (docs/moderation.md#rules): which rule an ad meets,
// and what follows from a hold or a flag (the queue mark naming the rule, the log, the author's
// statement of reasons). A block is answered by the editor route itself (the form back, 400).
import { logDecision } from '../db/moderation';
import { markForQueue } from '../db/queue';
import { activeRules } from '../db/rules';
import type { ModerationRule } from '../db/schema-console';
import type { Bindings, CurrentUser, Db } from '../env';
import { alertHeld } from '../jobs/held-alert';
import { ruleGround } from '../lib/decisions';
import type { PostInput } from '../lib/post-form';
import { matchingRules, ruleLabel } from '../lib/rules';
import { announce, statementLog } from './decisions';

/** What the publisher is told when a rule refuses the ad: nothing about which rule, or what in it. */
export const BLOCKED_MESSAGE =
  'Anunțul nu poate fi publicat în această formă, deoarece nu respectă regulile site-ului. Tot ce ați scris și fotografiile sunt păstrate mai jos. Dacă credeți că este o greșeală, scrieți-ne la contact@eradauti.ro.';

/** The strongest rule the ad meets (block, then hold, then flag), or null. Operators are exempt. */
export async function ruleVerdict(
  db: Db,
  user: CurrentUser,
  input: Pick<PostInput, 'title' | 'description' | 'phone'>,
): Promise<ModerationRule | null> {
  if (user.isOperator || user.role === 'operator') return null;
  const rules = await activeRules(db);
  if (rules.length === 0) return null;
  const [first] = matchingRules(rules, {
    title: input.title,
    description: input.description,
    phone: input.phone || null,
    authorEmail: user.email,
  });
  return first ?? null;
}

/**
 * After an ad was saved under a hold or a flag: the queue mark naming the rule and, for a hold, the
 * author's statement of reasons (the rule's number, never its value).
 */
export async function afterRule(
  env: Bindings,
  db: Db,
  rule: ModerationRule,
  post: { id: number; title: string; userId: number; status: string },
  now: number,
): Promise<void> {
  if (rule.action === 'block') return;
  await markForQueue(db, post.id, rule.action === 'hold' ? 'rule-hold' : 'rule-flag', ruleLabel(rule), now);
  // A hold tells the author only when it took the ad from the public (not a draft's edit).
  if (rule.action !== 'hold' || post.status !== 'held') return;
  const reason = 'Anunțul a fost reținut automat pentru verificare înainte de a deveni vizibil.';
  const ground = ruleGround(rule.id);
  // The site decided by itself (operator 0); the log keeps the rule itself, the author hears its number.
  await logDecision(
    db,
    statementLog(
      {
        operatorUserId: 0,
        action: 'rule-hold',
        targetType: 'post',
        targetId: post.id,
        details: `${post.title.slice(0, 80)} — ${ruleLabel(rule)}`,
      },
      post.userId,
      reason,
      ground,
    ),
    now,
  );
  await announce(env, { userId: post.userId, decision: 'hold', post, reason, ground });
  // The operators' instant alert (through the queue, a few an hour): docs/moderation.md#alerts.
  await alertHeld(env, db, post.id, ruleLabel(rule), now);
}
