import { useState } from 'react';
import { formatMoney } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { useDashboard, type Dashboard } from '../api';
import { PageHead, RefreshButton, SelectFilter } from '../parts';

const WIDTH = 640;
const HEIGHT = 160;

/**
 * A bar chart as plain SVG (no chart library in the bundle): one bar a day,
 * the day and figure in each bar's title for pointer and screen readers,
 * and the table beside it for the exact numbers.
 */
function BarChart({ title, days, values, format }: { title: string; days: readonly string[]; values: readonly number[]; format: (value: number) => string }) {
  const top = Math.max(1, ...values);
  const slot = WIDTH / Math.max(1, days.length);
  const total = values.reduce((sum, value) => sum + value, 0);
  return (
    <figure className="c-chart">
      <figcaption>
        {title} <span className="c-muted">· {format(total)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`} role="img" aria-label={`${title}: ${format(total)}`}>
        {values.map((value, index) => {
          const height = Math.round((value / top) * HEIGHT);
          return (
            <rect key={days[index]} x={index * slot + slot * 0.15} y={HEIGHT - height} width={slot * 0.7} height={height} className="c-bar">
              <title>{`${days[index]}: ${format(value)}`}</title>
            </rect>
          );
        })}
        <text x={0} y={HEIGHT + 14} className="c-axis">
          {days[0]}
        </text>
        <text x={WIDTH} y={HEIGHT + 14} textAnchor="end" className="c-axis">
          {days[days.length - 1]}
        </text>
      </svg>
    </figure>
  );
}

const count = (value: number) => String(value);
const peso = (value: number) => formatMoney(value, '₱');

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
        <BarChart title={t('console.dashboard.applications')} days={days} values={data.days.map((day) => day.applications)} format={count} />
        <BarChart title={t('console.dashboard.approvals')} days={days} values={data.days.map((day) => day.approvals)} format={count} />
        <BarChart title={t('console.dashboard.disbursed')} days={days} values={data.days.map((day) => day.disbursed)} format={peso} />
        <BarChart title={t('console.dashboard.collected')} days={days} values={data.days.map((day) => day.collected)} format={peso} />
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
