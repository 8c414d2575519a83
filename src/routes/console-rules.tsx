// `/moderare/reguli` (docs/moderation.md#rules): operators list, add and remove the rules applied on
// publish and on every edit. Operators only (403 for everyone else signed in), never cached. Each
// change is kept in the moderation log.
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { requireOperator } from '../auth/guards';
import { addRule, listRules, removeRule } from '../db/rules';
import { RULE_ACTIONS, RULE_KINDS, type RuleAction, type RuleKind } from '../db/schema-console';
import type { AppEnv } from '../env';
import { setFlash } from '../flash';
import { idParam, optionalForm, privateAnswers } from '../http/helpers';
import { NotFound } from '../lib/errors';
import { route, routePath } from '../lib/links';
import { rulePattern } from '../lib/rules';
import { RulesPage } from '../pages/RulesPage';

export const consoleRulesRoutes = new Hono<AppEnv>();

const operatorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireOperator(c);
  await next();
};
for (const name of ['moderationRules', 'moderationRule'] as const) {
  consoleRulesRoutes.use(routePath(name), privateAnswers, operatorsOnly);
}

async function page(
  c: Context<AppEnv>,
  extra: { values?: { kind: string; value: string; action: string }; error?: string } = {},
) {
  const rules = await listRules(c.get('db'));
  return c.render(
    <RulesPage
      rules={rules.map((r) => ({
        ...r,
        removeAction: route('moderationRule', { ruleId: r.id, action: 'sterge' }),
      }))}
      addAction={route('moderationRules')}
      queueHref={route('moderation')}
      {...extra}
    />,
    { title: 'Reguli de moderare', noindex: true },
  );
}

consoleRulesRoutes.get(routePath('moderationRules'), (c) => page(c));

consoleRulesRoutes.post(routePath('moderationRules'), async (c) => {
  const operator = requireOperator(c);
  const form = await optionalForm(c);
  const text = (name: string, max: number) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.slice(0, max) : '';
  };
  const values = { kind: text('kind', 20), value: text('value', 400), action: text('action', 20) };
  const refuse = (error: string) => {
    c.status(400);
    return page(c, { values, error });
  };
  if (!(RULE_KINDS as readonly string[]).includes(values.kind))
    return refuse('Alegeți ce urmărește regula: telefon, e-mail sau cuvânt.');
  if (!(RULE_ACTIONS as readonly string[]).includes(values.action))
    return refuse('Alegeți ce face regula: refuză, reține sau semnalează.');
  const kind = values.kind as RuleKind;
  const action = values.action as RuleAction;
  const parsed = rulePattern(kind, values.value);
  if ('error' in parsed) return refuse(parsed.error);
  const value = values.value.trim();
  const added = await addRule(
    c.get('db'),
    { kind, value, pattern: parsed.pattern, action, createdBy: operator.id },
    { operatorUserId: operator.id, action: 'rule-add', details: `regula: ${kind} ${value} (${action})` },
    Date.now(),
  );
  setFlash(c, added ? 'regula-adaugata' : 'regula-exista');
  return c.redirect(route('moderationRules'), 303);
});

consoleRulesRoutes.post(routePath('moderationRule'), async (c) => {
  const operator = requireOperator(c);
  if (c.req.param('action') !== 'sterge') throw new NotFound();
  const ruleId = idParam(c.req.param('ruleId'), 'Regula nu a fost găsită');
  const removed = await removeRule(
    c.get('db'),
    ruleId,
    { operatorUserId: operator.id, action: 'rule-remove' },
    Date.now(),
  );
  if (!removed) throw new NotFound('Regula nu a fost găsită');
  setFlash(c, 'regula-stearsa');
  return c.redirect(route('moderationRules'), 303);
});
