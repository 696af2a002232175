import { formatDate, formatMoney, formatPercent } from '@hiram/shared/format/format';
import { BarChart } from '../bars';
import { t } from '../i18n/i18n';
import { money, ReportExport } from '../report';
import { DataTable } from '../table';
import { useAging, type Share } from './api';

const peso = (centavos: number) => formatMoney(centavos, '₱');
/** A share's percentage to two places, from its exact hundredths of a percent; a dash of nothing. */
const percent = (share: Share) => (share.basisPoints === null || share.basisPoints === undefined ? '—' : formatPercent(share.basisPoints));
const bucketName = (bucket: string) => (bucket === 'current' ? t('console.books.current') : bucket);

/** A lender's open loans by days past due at the end of the day asked, as the daily run kept them: portfolio at risk and the roll rates from a month before. */
export function AgingBlock({ lenderId, date }: { lenderId: number; date: string }) {
  const aging = useAging(lenderId, date);
  const data = aging.data;
  return (
    <section aria-labelledby="c-aging-title" className="c-block">
      <div className="c-head">
        <h2 id="c-aging-title">{t('console.books.aging')}</h2>
        <div className="c-tools">
          <ReportExport
            report={
              // A day the daily run kept nothing exports nothing, not zeros.
              data?.kept
                ? {
                    name: `portfolio-aging-${data.lenderId}-${data.date}`,
                    header: [t('console.books.daysPastDue'), t('console.books.loans'), t('console.books.principal')],
                    rows: data.lines.map((line) => [bucketName(line.bucket), line.loans, money(line.principal)]),
                  }
                : null
            }
          />
        </div>
      </div>
      {data && !data.kept && <p className="c-note">{t('console.books.agingNotKept', { date: formatDate(data.date) })}</p>}
      {data?.kept && (
        <BarChart
          label={t('console.books.agingChart', { date: formatDate(data.date) })}
          bars={data.lines.map((line) => ({ key: line.bucket, label: bucketName(line.bucket), value: line.principal, text: peso(line.principal) }))}
        />
      )}
      {/* Without the day's figures, zeros in every bucket would read as a clean book. */}
      {data?.kept !== false && (
        <DataTable
          labelledBy="c-aging-title"
          rows={data?.lines ?? []}
          rowKey={(line) => line.bucket}
          loading={aging.isFetching}
          columns={[
            { header: t('console.books.daysPastDue'), className: 'c-nowrap', cell: (line) => bucketName(line.bucket) },
            { header: t('console.books.loans'), num: true, cell: (line) => String(line.loans) },
            { header: t('console.books.principal'), num: true, cell: (line) => peso(line.principal) },
          ]}
        />
      )}
      {data?.kept && (
        <p className="c-strong" data-testid="portfolio-at-risk">
          {t('console.books.par', { par30: percent(data.par30), par90: percent(data.par90), principal: peso(data.totalPrincipal) })}
        </p>
      )}
      {data?.kept && (
        <>
          <h3 id="c-roll-title">{t('console.books.rollRates', { from: formatDate(data.monthBefore), to: formatDate(data.date) })}</h3>
          <DataTable
            labelledBy="c-roll-title"
            rows={data.rollRates}
            rowKey={(rate) => rate.from}
            loading={aging.isFetching}
            columns={[
              { header: t('console.books.rollFrom'), className: 'c-nowrap', cell: (rate) => (rate.from === 'current' ? t('console.books.current') : rate.from) },
              { header: t('console.books.rollTo'), className: 'c-nowrap', cell: (rate) => rate.to },
              { header: t('console.books.rollRate'), num: true, cell: (rate) => percent(rate.share) },
            ]}
          />
        </>
      )}
    </section>
  );
}
