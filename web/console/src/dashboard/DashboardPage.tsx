import { useState } from 'react';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { useDashboard, type Dashboard } from '../api';
import { PageHead, RefreshButton, SelectFilter } from '../parts';

const WIDTH = 640;
const HEIGHT = 160;
/** Room for the value axis's labels on the left, and the days' under the bars. */
const LEFT = 56;
const TOP = 14;
const BOTTOM = 20;
/** Above this many bars a figure on each would overlap its neighbours. */
const MAX_LABELLED_BARS = 16;
/** At most this many day labels under the bars. */
const MAX_DAY_LABELS = 8;

/**
 * The top of the value axis: the smallest 1, 2 or 5 times a power of ten
 * that holds the largest value, so its ticks are round numbers.
 */
export function axisTop(largest: number): number {
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= largest) ?? 10;
  return step * power;
}

/** The days to label: every day while they fit, else MAX_DAY_LABELS spread evenly from the first to the last. */
export function labelledDays(count: number): number[] {
  if (count <= MAX_DAY_LABELS) return Array.from({ length: count }, (_, index) => index);
  return Array.from({ length: MAX_DAY_LABELS }, (_, index) => Math.round((index * (count - 1)) / (MAX_DAY_LABELS - 1)));
}

/** `2026-11-22` as the axis shows it: `11-22`. */
const shortDay = (day: string) => day.slice(5);

/**
 * A bar chart as plain SVG (no chart library in the bundle): a value axis
 * with round ticks, the days under the bars, each bar's figure above it
 * while they fit, and the same figures as a table for screen readers and
 * for the exact numbers.
 */
function BarChart({
  title,
  days,
  values,
  format,
  formatAxis,
}: {
  title: string;
  days: readonly string[];
  values: readonly number[];
  format: (value: number) => string;
  /** Shorter figures for the axis. */
  formatAxis: (value: number) => string;
}) {
  const top = axisTop(Math.max(0, ...values));
  const slot = (WIDTH - LEFT) / Math.max(1, days.length);
  const total = values.reduce((sum, value) => sum + value, 0);
  const y = (value: number) => TOP + HEIGHT - (value / top) * HEIGHT;
  const ticks = [0, top / 2, top];
  return (
    <figure className="c-chart">
      <figcaption>
        {title} <span className="c-muted">· {format(total)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${TOP + HEIGHT + BOTTOM}`} role="img" aria-label={`${title}: ${format(total)}`}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} className={tick === 0 ? 'c-axis-line' : 'c-grid-line'} />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" className="c-axis">
              {formatAxis(tick)}
            </text>
          </g>
        ))}
        {values.map((value, index) => {
          const x = LEFT + index * slot;
          return (
            <g key={days[index]}>
              <rect x={x + slot * 0.15} y={y(value)} width={slot * 0.7} height={TOP + HEIGHT - y(value)} className="c-bar">
                <title>{`${days[index]}: ${format(value)}`}</title>
              </rect>
              {days.length <= MAX_LABELLED_BARS && value > 0 && (
                <text x={x + slot / 2} y={y(value) - 3} textAnchor="middle" className="c-bar-value">
                  {formatAxis(value)}
                </text>
              )}
            </g>
          );
        })}
        {labelledDays(days.length).map((index) => (
          <text key={days[index]} x={LEFT + index * slot + slot / 2} y={TOP + HEIGHT + 14} textAnchor="middle" className="c-axis">
            {shortDay(days[index]!)}
          </text>
        ))}
      </svg>
      <details className="c-chart-figures">
        <summary>{t('console.chart.showTable', { title })}</summary>
        <table className="c-table c-table--narrow">
          <caption className="c-visually-hidden">{t('console.chart.table', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('console.chart.day')}</th>
              <th scope="col" className="c-num">{title}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                <td className="c-num">{format(values[index]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const count = (value: number) => String(value);
const peso = (value: number) => formatMoney(value, '₱');
/** Centavos as whole pesos, thousands as k and millions as M: `₱15k`. */
export function pesoShort(centavos: number): string {
  const pesos = centavos / 100;
  const short = (value: number) => String(Math.round(value * 10) / 10);
  if (Math.abs(pesos) >= 1_000_000) return `₱${short(pesos / 1_000_000)}M`;
  if (Math.abs(pesos) >= 1_000) return `₱${short(pesos / 1_000)}k`;
  // Centavos (a day of test payments): rounding to a tenth of a peso would
  // label every tick ₱0.
  if (pesos !== 0 && Math.abs(pesos) < 1) return `₱${pesos.toFixed(2)}`;
  return `₱${short(pesos)}`;
}

function Charts({ data }: { data: Dashboard }) {
  const days = data.days.map((day) => day.day);
  return (
    <>
      <div className="c-tiles">
        <div className="c-tile">
          <span className="c-tile-figure">{data.loansOut}</span>
          {t('console.dashboard.loansOut')}
        </div>
        <div className="c-tile">
          <span className="c-tile-figure">{data.complaintsOpen}</span>
          {t('console.dashboard.complaintsOpen')}
        </div>
        <div className={data.complaintsLate > 0 ? 'c-tile c-tile--alert' : 'c-tile'}>
          <span className="c-tile-figure">{data.complaintsLate}</span>
          {t('console.dashboard.complaintsLate')}
        </div>
      </div>
      <div className="c-charts">
        <BarChart title={t('console.dashboard.applications')} days={days} values={data.days.map((day) => day.applications)} format={count} formatAxis={count} />
        <BarChart title={t('console.dashboard.approvals')} days={days} values={data.days.map((day) => day.approvals)} format={count} formatAxis={count} />
        <BarChart title={t('console.dashboard.disbursed')} days={days} values={data.days.map((day) => day.disbursed)} format={peso} formatAxis={pesoShort} />
        <BarChart title={t('console.dashboard.collected')} days={days} values={data.days.map((day) => day.collected)} format={peso} formatAxis={pesoShort} />
      </div>
      <h2 className="c-sub">{t('console.dashboard.pastDue')}</h2>
      <table className="c-table c-table--narrow" aria-label={t('console.dashboard.pastDue')}>
        <thead>
          <tr>
            <th scope="col">{t('console.dashboard.bucket')}</th>
            <th scope="col" className="c-num">{t('console.dashboard.orders')}</th>
            <th scope="col" className="c-num">{t('console.col.principal')}</th>
            <th scope="col">{t('console.dashboard.share')}</th>
          </tr>
        </thead>
        <tbody>
          {data.pastDue.map((bucket) => (
            <tr key={bucket.bucket}>
              <th scope="row">{bucket.bucket === 'current' ? t('console.dashboard.current') : t('console.dashboard.days', { range: bucket.bucket })}</th>
              <td className="c-num">{bucket.orders}</td>
              <td className="c-num">{peso(bucket.principal)}</td>
              <td>
                <span className="c-share" style={{ width: `${bucket.shareBp / 100}%` }} />
                <span className="c-small">{(bucket.shareBp / 100).toFixed(1)}%</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const PERIODS = ['7', '14', '30', '90'] as const;

/** Applications, decisions, money out and in, arrears and complaints at a glance. */
export function DashboardPage() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>('14');
  const figures = useDashboard(Number(days));
  return (
    <section className="c-page" aria-labelledby="c-dashboard-title">
      <PageHead id="c-dashboard-title" title={t('console.section.dashboard')}>
        <SelectFilter
          label={t('console.dashboard.period')}
          value={days}
          choices={PERIODS.map((value) => ({ value, label: t('console.dashboard.lastDays', { n: value }) }))}
          onChange={setDays}
        />
        <RefreshButton onClick={() => void figures.refetch()} loading={figures.isFetching} />
      </PageHead>
      {figures.data ? <Charts data={figures.data} /> : <p className="c-muted">{t('common.loading')}</p>}
    </section>
  );
}
