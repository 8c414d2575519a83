// /moderare/statistici: the last 30 days of new ads, reports, decisions and the median wait from a
// report to its decision, as SVG bars with a table per chart, and the background-work line; operators only.
import { describe, expect, it } from 'vitest';
import { finishRun, recordEvent, startRun } from '../../src/db/job-runs';
import * as schema from '../../src/db/schema';
import { barChart, lastDays, median, mediansByDay } from '../../src/lib/console-stats';
import { bucharestDay, startOfBucharestDay } from '../../src/lib/dates';
import { DAY, db, get, getAs, HOUSE, makePost, person, textOf } from '../fixtures';

const HOUR = 3_600_000;

/** Noon (Bucharest) of the day `n` days before today. */
function noonDaysAgo(n: number): number {
  const today = startOfBucharestDay(bucharestDay(Date.now()));
  return startOfBucharestDay(bucharestDay(today - n * DAY + 12 * HOUR)) + 12 * HOUR;
}

/** The rows of one chart's table: day → the value as written. */
function tableOf(html: string, chart: string): Map<string, string> {
  const start = html.indexOf(`data-chart="${chart}"`);
  const end = html.indexOf('</table>', start);
  const rows = [
    ...html.slice(start, end).matchAll(/<time dateTime="([\d-]+)">[^<]*<\/time><\/th><td>([^<]*)<\/td>/g),
  ];
  return new Map(rows.map((m) => [m[1], m[2]]));
}

describe('the statistics helpers', () => {
  it('cuts 30 Bucharest days that follow each other, today last, across a clock change', () => {
    // 25 Oct 2026 the clock goes back: that day lasts 25 hours.
    const days = lastDays(Date.parse('2026-11-10T10:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[29].day).toBe('2026-11-10');
    expect(days[0].day).toBe('2026-10-12');
    for (let i = 1; i < days.length; i++) expect(days[i].start).toBe(days[i - 1].end);
    const change = days.find((d) => d.day === '2026-10-25');
    expect(change && change.end - change.start).toBe(25 * HOUR);
  });

  it('takes medians per day and scales bars to a round top', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const days = [
      { day: 'a', start: 0, end: 10 },
      { day: 'b', start: 10, end: 20 },
    ];
    expect(
      mediansByDay(days, [
        { resolvedAt: 1, waitMs: 100 },
        { resolvedAt: 2, waitMs: 300 },
      ]),
    ).toEqual([200, null]);
    const chart = barChart([0, 7, null, 14], 400, 100);
    expect(chart.max).toBe(20);
    expect(chart.bars[2]).toBeNull();
    expect(chart.bars[3]?.height).toBe(70);
    expect(chart.bars[0]?.height).toBe(1);
  });
});

describe('/moderare/statistici', () => {
  it('is for operators only', async () => {
    const someone = await person();
    expect((await getAs('/moderare/statistici', someone.cookie)).status).toBe(403);
    const anonymous = await get('/moderare/statistici', { redirect: 'manual' });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
  });

  it('counts new ads, reports and decisions per day and the median wait, with a table per chart', async () => {
    const op = await person({ role: 'operator' });
    const { user } = await person();
    const day3 = noonDaysAgo(3);
    const day10 = noonDaysAgo(10);
    // Three ads 3 days ago (and a draft, which is not an ad yet), one 10 days ago, one 40 days ago.
    for (let i = 0; i < 3; i++) await makePost(user.id, { createdAt: day3 }, HOUSE);
    await makePost(user.id, { createdAt: day3, status: 'draft' }, HOUSE);
    const old = await makePost(user.id, { createdAt: day10 }, HOUSE);
    await makePost(user.id, { createdAt: noonDaysAgo(40) }, HOUSE);
    // Reports 10 days ago, decided 1 h, 3 h and 8 h later (median 3 h); one 3 days ago, still open.
    const waits = [1, 3, 8];
    for (const [i, h] of waits.entries()) {
      await db.insert(schema.reports).values({
        postId: old.id,
        reason: 'Spam',
        reporterKey: `stats-${i}`,
        createdAt: day10 - h * HOUR,
        resolvedAt: day10,
      });
    }
    await db
      .insert(schema.reports)
      .values({ postId: old.id, reason: 'Spam', reporterKey: 'stats-open', createdAt: day3 });
    // Decisions: two 10 days ago (a hide and a ban); an edit is no decision.
    for (const action of ['hide', 'ban', 'edit']) {
      await db.insert(schema.moderationLog).values({
        operatorUserId: op.user.id,
        action,
        targetType: 'post',
        targetId: old.id,
        createdAt: day10,
      });
    }
    // Background work: a daily and an hourly run, two mails sent and one refused, a job waiting.
    const now = Date.now();
    await finishRun(db, await startRun(db, 'daily', now - 2 * HOUR), true, now - 2 * HOUR);
    await finishRun(db, await startRun(db, 'hourly', now - HOUR), false, now - HOUR);
    await recordEvent(db, 'mail', 'ok', now);
    await recordEvent(db, 'mail', 'ok', now);
    await recordEvent(db, 'mail', 'failed', now);
    await recordEvent(db, 'job:send-mail', 'retrying', now, 'send-mail: timeout');

    const res = await getAs('/moderare/statistici', op.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('private');
    const html = await res.text();
    const d3 = bucharestDay(day3);
    const d10 = bucharestDay(day10);
    const ads = tableOf(html, 'anunturi');
    expect(ads.size).toBe(30);
    expect(ads.get(d3)).toBe('3');
    expect(ads.get(d10)).toBe('1');
    expect(tableOf(html, 'rapoarte').get(d10)).toBe('3');
    expect(tableOf(html, 'rapoarte').get(d3)).toBe('1');
    expect(tableOf(html, 'decizii').get(d10)).toBe('2');
    expect(tableOf(html, 'decizii').get(d3)).toBe('0');
    expect(tableOf(html, 'asteptare').get(d10)).toBe('3 h');
    expect(tableOf(html, 'asteptare').get(d3)).toBe('nicio decizie');
    // Four charts drawn on the server, no chart script.
    expect(html.match(/<svg[^>]*class="stats-chart__svg"/g)?.length).toBe(4);
    expect(html.match(/class="stats-chart__bar"/g)?.length).toBe(30 * 3 + 1);
    expect(html).not.toMatch(/<script[^>]*chart/i);
    const text = textOf(html);
    expect(text).toContain('Pe toată perioada: 3 h.');
    expect(text).toContain('lucrarea zilnică reușită');
    expect(text).toContain('lucrarea orară eșuată');
    expect(text).toContain('2 e-mailuri trimise, 1 e-mail eșuat');
    expect(text).toContain('1 lucrare așteaptă reîncercarea');
    expect(html).toContain('href="/moderare/stare"');
  });

  it('is linked from the queue', async () => {
    const op = await person({ role: 'operator' });
    expect(await (await getAs('/moderare', op.cookie)).text()).toContain('href="/moderare/statistici"');
  });
});
