import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { fetchFailedPayouts, useFailedPayouts, useReconciliation, type ReconciliationLine } from '../api';
import { ExportButton } from '../export';
import { downloadCsv, csvName, toCsv } from '../csv';
import { orderStatusLabel } from '../labels';
import { PageHead, Pager, PeriodForm, RefreshButton, type Period } from '../parts';
import { DataTable, type Column } from '../table';

const peso = (centavos: number) => formatMoney(centavos, '₱');
const PAGE_SIZE = 25;

/** Per Manila day and channel: the statement against the ledger, differences first to the eye. */
function Reconciliation() {
  const [period, setPeriod] = useState<Period>({ from: '', to: '' });
  const report = useReconciliation(period.from, period.to);
  const rows = report.data ?? [];
  // The export heads its columns as the table does.
  const columns: (Column<ReconciliationLine> & { header: string })[] = [
    { header: t('console.money.day'), className: 'c-nowrap', cell: (row) => formatDate(row.day) },
    { header: t('console.col.channel'), cell: (row) => row.channel },
    { header: t('console.money.statement'), num: true, cell: (row) => (row.statementKept ? row.statementCount : '—') },
    { header: t('console.money.statementAmount'), num: true, cell: (row) => (row.statementKept ? peso(row.statementAmount) : '—') },
    { header: t('console.money.posted'), num: true, cell: (row) => row.postedCount },
    { header: t('console.money.postedAmount'), num: true, cell: (row) => peso(row.postedAmount) },
    { header: t('console.money.difference'), num: true, className: 'c-strong', cell: (row) => (row.statementKept ? peso(row.difference) : '—') },
  ];

  return (
    <section aria-labelledby="c-reconciliation-title" className="c-block">
      <div className="c-head">
        <h2 id="c-reconciliation-title">{t('console.money.reconciliation')}</h2>
        <PeriodForm idPrefix="c-rec" onApply={setPeriod}>
          <button
            type="button"
            className="h-btn h-btn--ghost c-btn"
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(
                csvName('reconciliation'),
                toCsv(columns.map((column) => column.header), rows.map((row) => [row.day, row.channel, row.statementCount, (row.statementAmount / 100).toFixed(2), row.postedCount, (row.postedAmount / 100).toFixed(2), (row.difference / 100).toFixed(2)])),
              )
            }
          >
            {t('console.exportCsv')}
          </button>
        </PeriodForm>
      </div>
      <p className="c-muted c-small">{t('console.money.reconciliationHint')}</p>
      <DataTable
        labelledBy="c-reconciliation-title"
        rows={rows}
        rowKey={(row) => `${row.day}:${row.channel}`}
        loading={report.isFetching}
        rowProps={(row) => ({ className: row.balanced || !row.statementKept ? undefined : 'is-flagged' })}
        columns={columns}
      />
    </section>
  );
}

/** Payouts the gateway refused or could not be reached for. */
function FailedPayouts() {
  const [page, setPage] = useState(1);
  const list = useFailedPayouts(page, PAGE_SIZE);
  return (
    <section aria-labelledby="c-failed-title" className="c-block">
      <div className="c-head">
        <h2 id="c-failed-title">{t('console.money.failedPayouts')}</h2>
        <div className="c-tools">
          <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
          <ExportButton
            name="failed-payouts"
            header={[t('console.money.when'), t('console.orders.number'), t('console.col.status'), t('console.col.principal'), t('console.money.outcome'), t('console.money.detail')]}
            fetchPage={fetchFailedPayouts}
            toRow={(row) => [row.attempt.at, row.orderNo, row.status, (row.principal / 100).toFixed(2), row.attempt.outcome, row.attempt.detail]}
          />
        </div>
      </div>
      <DataTable
        labelledBy="c-failed-title"
        rows={list.data?.rows ?? []}
        rowKey={(row, index) => `${row.orderId}:${index}`}
        loading={list.isFetching}
        columns={[
          { header: t('console.money.when'), className: 'c-nowrap', cell: (row) => formatDateTime(row.attempt.at) },
          { header: t('console.orders.number'), cell: (row) => <Link to={`/orders?id=${row.orderId}`}>{row.orderNo}</Link> },
          { header: t('console.col.status'), className: 'c-nowrap', cell: (row) => orderStatusLabel(row.status) },
          { header: t('console.col.principal'), num: true, cell: (row) => peso(row.principal) },
          {
            header: t('console.money.outcome'),
            cell: (row) => (
              <>
                {row.attempt.outcome} · {row.attempt.gateway}
                {row.attempt.detail && <div className="c-muted c-small">{row.attempt.detail}</div>}
              </>
            ),
          },
        ]}
      />
      {list.data && <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />}
    </section>
  );
}

/** Finance's reports: the daily reconciliation and the payouts that did not go out. */
export function MoneyPage() {
  return (
    <section className="c-page" aria-labelledby="c-money-title">
      <PageHead id="c-money-title" title={t('console.section.money')} />
      <Reconciliation />
      <FailedPayouts />
    </section>
  );
}
