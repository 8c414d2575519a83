// `/moderare/statistici` (operators): the last 30 days at a glance (new ads, reports, decisions, the
// median time from a report to its decision) as bar charts drawn on the server, each with its table
// for screen readers, and the line on background work. No script.
import { BackgroundWork, type BackgroundWorkProps } from '../components/BackgroundWork';
import { barChart, formatWait } from '../lib/console-stats';
import { formatDate, startOfBucharestDay } from '../lib/dates';
import { DAYS, formatNumber, type PluralForms, plural } from '../lib/plural';

export interface StatsDay {
  /** `YYYY-MM-DD` (Bucharest). */
  day: string;
  ads: number;
  reports: number;
  decisions: number;
  /** Median wait from report to decision of the reports decided that day (ms); null: none decided. */
  medianWaitMs: number | null;
}

export interface StatsPageProps {
  days: StatsDay[];
  /** The median wait over every report decided in the window (ms). */
  medianWaitMs: number | null;
  background: BackgroundWorkProps;
  queueHref: string;
}

const ADS: PluralForms = { none: 'niciun anunț nou', one: '1 anunț nou', many: 'anunțuri noi' };
const REPORTS: PluralForms = { none: 'niciun raport', one: '1 raport', many: 'rapoarte' };
const DECISIONS: PluralForms = { none: 'nicio decizie', one: '1 decizie', many: 'decizii' };

interface ChartProps {
  id: string;
  title: string;
  summary: string;
  days: StatsDay[];
  values: (number | null)[];
  /** A value as the table and the bar's tooltip write it. */
  format: (v: number | null) => string;
  /** The top of the scale in words. */
  scaleLabel: (max: number) => string;
}

/** `2026-11-26` → `26 nov.` */
function shortDay(day: string): string {
  return formatDate(startOfBucharestDay(day) + 12 * 3_600_000, 'short');
}

function Chart({ id, title, summary, days, values, format, scaleLabel }: ChartProps) {
  const chart = barChart(values);
  const first = days[0]?.day;
  const last = days[days.length - 1]?.day;
  return (
    <section className="stats-chart" aria-labelledby={`${id}-title`} data-chart={id}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="stats-chart__summary">{summary}</p>
      <div className="stats-chart__body">
        <figure className="stats-chart__figure" aria-hidden="true">
          <svg
            viewBox={`0 0 ${chart.width} ${chart.height}`}
            width="100%"
            preserveAspectRatio="none"
            className="stats-chart__svg"
            focusable="false"
          >
            <line x1="0" y1={chart.height} x2={chart.width} y2={chart.height} className="stats-chart__axis" />
            <line x1="0" y1="0.5" x2={chart.width} y2="0.5" className="stats-chart__grid" />
            {chart.bars.map((bar, i) =>
              bar ? (
                <rect
                  key={days[i].day}
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                  className="stats-chart__bar"
                >
                  <title>{`${shortDay(days[i].day)}: ${format(values[i])}`}</title>
                </rect>
              ) : null,
            )}
          </svg>
          <figcaption className="stats-chart__scale">
            <span>{first ? shortDay(first) : ''}</span>
            <span>{`maxim pe scală: ${scaleLabel(chart.max)}`}</span>
            <span>{last ? shortDay(last) : ''}</span>
          </figcaption>
        </figure>
        {/* Hidden from sight in a wrapper: a table ignores the 1 px width and would widen the page. */}
        <div className="visually-hidden">
          <table className="stats-chart__table">
            <caption>{`${title}, pe zile`}</caption>
            <thead>
              <tr>
                <th scope="col">Ziua</th>
                <th scope="col">{title}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d.day}>
                  <th scope="row">
                    <time dateTime={d.day}>{shortDay(d.day)}</time>
                  </th>
                  <td>{format(values[i])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

export function StatsPage({ days, medianWaitMs, background, queueHref }: StatsPageProps) {
  const sum = (k: 'ads' | 'reports' | 'decisions') => days.reduce((s, d) => s + d[k], 0);
  const count = (v: number | null) => formatNumber(v ?? 0);
  const wait = (v: number | null) => (v === null ? 'nicio decizie' : formatWait(v));
  return (
    <section className="stats-page">
      <p>
        <a href={queueHref}>← Înapoi la coadă</a>
      </p>
      <h1>Statistici de moderare</h1>
      <BackgroundWork {...background} />
      <p>{`Ultimele ${plural(days.length, DAYS)}, pe zile (ora României).`}</p>
      <div className="stats-page__charts">
        <Chart
          id="anunturi"
          title="Anunțuri noi"
          summary={`În total ${plural(sum('ads'), ADS)}.`}
          days={days}
          values={days.map((d) => d.ads)}
          format={count}
          scaleLabel={formatNumber}
        />
        <Chart
          id="rapoarte"
          title="Rapoarte"
          summary={`În total ${plural(sum('reports'), REPORTS)}.`}
          days={days}
          values={days.map((d) => d.reports)}
          format={count}
          scaleLabel={formatNumber}
        />
        <Chart
          id="decizii"
          title="Decizii"
          summary={`În total ${plural(sum('decisions'), DECISIONS)} ale operatorilor.`}
          days={days}
          values={days.map((d) => d.decisions)}
          format={count}
          scaleLabel={formatNumber}
        />
        <Chart
          id="asteptare"
          title="Timpul median de la raport la decizie"
          summary={
            medianWaitMs === null
              ? 'Niciun raport nu a primit o decizie în această perioadă.'
              : `Pe toată perioada: ${formatWait(medianWaitMs)}.`
          }
          days={days}
          values={days.map((d) => d.medianWaitMs)}
          format={wait}
          scaleLabel={formatWait}
        />
      </div>
    </section>
  );
}
