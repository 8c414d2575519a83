// `/moderare/statistici` (operators only, 403 for everyone else signed in, never cached): the last 30
// days at a glance and the state of background work (docs/moderation.md#statistics).
import { Hono } from 'hono';
import { requireOperator } from '../auth/guards';
import { backgroundWorkProps } from '../backup/status';
import { dailyCounts, reportWaits } from '../db/console-stats';
import type { AppEnv } from '../env';
import { privateAnswers } from '../http/helpers';
import { lastDays, median, mediansByDay } from '../lib/console-stats';
import { route, routePath } from '../lib/links';
import { StatsPage } from '../pages/StatsPage';

export const consoleStatsRoutes = new Hono<AppEnv>();

consoleStatsRoutes.use(routePath('moderationStats'), privateAnswers);

consoleStatsRoutes.get(routePath('moderationStats'), async (c) => {
  requireOperator(c);
  const db = c.get('db');
  const now = Date.now();
  const days = lastDays(now);
  const from = days[0].start;
  const to = days[days.length - 1].end;
  const [counts, waits, background] = await Promise.all([
    dailyCounts(db, days),
    reportWaits(db, from, to),
    backgroundWorkProps(db, now),
  ]);
  const medians = mediansByDay(days, waits);
  return c.render(
    <StatsPage
      days={counts.map((d, i) => ({ ...d, medianWaitMs: medians[i] }))}
      medianWaitMs={median(waits.map((w) => w.waitMs))}
      background={background}
      queueHref={route('moderation')}
    />,
    { title: 'Statistici de moderare', noindex: true },
  );
});
