import { formatMoney } from '@hiram/shared/format/format';
import { t } from './texts';
import type { MonthBarView } from './api/dataStatistics';
import { monthShort, monthTitle } from './rules';

const WIDTH = 320;
const HEIGHT = 180;
/** Room under the bars for the month names. */
const LABELS = 20;
const BAR = 14;

/**
 * Income and expenses of each month as pairs of bars, drawn as plain SVG.
 * Heights are pixels only, scaled to the largest figure (the one place a
 * division of money is fine: nothing is counted with it); each month's
 * amounts are in its title, which screen readers and long presses show.
 */
export function BarChart({ months }: { months: readonly MonthBarView[] }) {
  const first = months[0]?.month ?? '';
  const last = months[months.length - 1]?.month ?? '';
  const largest = Math.max(1, ...months.flatMap((bar) => [bar.income, bar.expense]));
  const plot = HEIGHT - LABELS;
  const slot = WIDTH / Math.max(1, months.length);
  const height = (amount: number) => (amount > 0 ? Math.max(2, Math.round((amount / largest) * (plot - 8))) : 0);

  return (
    <figure className="bk-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('book.chartLabel', { from: monthTitle(first), to: monthTitle(last) })}
      >
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} className="bk-axis" />
        {months.map((bar, i) => {
          const centre = slot * i + slot / 2;
          const income = height(bar.income);
          const expense = height(bar.expense);
          return (
            <g key={bar.month} data-month={bar.month}>
              <title>
                {t('book.chartBar', {
                  month: monthTitle(bar.month),
                  income: formatMoney(bar.income),
                  expense: formatMoney(bar.expense),
                })}
              </title>
              <rect className="bk-bar-in" x={centre - BAR - 1} y={plot - income} width={BAR} height={income} rx={2} />
              <rect className="bk-bar-out" x={centre + 1} y={plot - expense} width={BAR} height={expense} rx={2} />
              <text x={centre} y={HEIGHT - 5} textAnchor="middle">
                {monthShort(bar.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="bk-legend">
        <span className="bk-swatch bk-swatch--in" aria-hidden="true" /> {t('book.income')}
        <span className="bk-swatch bk-swatch--out" aria-hidden="true" /> {t('book.expense')}
      </figcaption>
    </figure>
  );
}
