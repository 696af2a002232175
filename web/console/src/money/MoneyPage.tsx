import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { fetchFailedPayouts, useFailedPayouts, useReconciliation } from '../api';
import { ExportButton } from '../export';
import { downloadCsv, csvName, toCsv } from '../csv';
import { orderStatusLabel } from '../labels';
import { EmptyRow, PageHead, Pager, RefreshButton } from '../parts';

const peso = (centavos: number) => formatMoney(centavos, '₱');
const PAGE_SIZE = 25;

/** Per Manila day and channel: the statement against the ledger, differences first to the eye. */
function Reconciliation() {
  const [period, setPeriod] = useState({ from: '', to: '' });
  const [typed, setTyped] = useState(period);
  const report = useReconciliation(period.from, period.to);
  const rows = report.data ?? [];
  const header = [
    t('console.money.day'),
    t('console.col.channel'),
    t('console.money.statement'),
    t('console.money.statementAmount'),
    t('console.money.posted'),
    t('console.money.postedAmount'),
    t('console.money.difference'),
  ];

  function apply(event: FormEvent) {
    event.preventDefault();
    setPeriod(typed);
  }

  return (
    <section aria-labelledby="c-reconciliation-title" className="c-block">
      <div className="c-head">
        <h2 id="c-reconciliation-title">{t('console.money.reconciliation')}</h2>
        <form className="c-tools" onSubmit={apply}>
          <span className="c-filter">
            <label htmlFor="c-rec-from">{t('console.money.from')}</label>
            <input id="c-rec-from" type="date" className="c-input" value={typed.from} onChange={(e) => setTyped({ ...typed, from: e.target.value })} />
          </span>
          <span className="c-filter">
            <label htmlFor="c-rec-to">{t('console.money.to')}</label>
            <input id="c-rec-to" type="date" className="c-input" value={typed.to} onChange={(e) => setTyped({ ...typed, to: e.target.value })} />
          </span>
          <button type="submit" className="h-btn h-btn--ghost c-btn">
            {t('console.sms.show')}
          </button>
          <button
            type="button"
            className="h-btn h-btn--ghost c-btn"
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(
                csvName('reconciliation'),
                toCsv(header, rows.map((row) => [row.day, row.channel, row.statementCount, (row.statementAmount / 100).toFixed(2), row.postedCount, (row.postedAmount / 100).toFixed(2), (row.difference / 100).toFixed(2)])),
              )
            }
          >
            {t('console.exportCsv')}
          </button>
        </form>
      </div>
      <p className="c-muted c-small">{t('console.money.reconciliationHint')}</p>
      <div className="c-table-wrap">
        <table className="c-table" aria-labelledby="c-reconciliation-title">
          <thead>
            <tr>
              {header.map((label, index) => (
                <th key={label} scope="col" className={index >= 2 ? 'c-num' : undefined}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={7} loading={report.isFetching} />}
            {rows.map((row) => (
              <tr key={`${row.day}:${row.channel}`} className={row.balanced || !row.statementKept ? undefined : 'is-flagged'}>
                <td className="c-nowrap">{formatDate(row.day)}</td>
                <td>{row.channel}</td>
                <td className="c-num">{row.statementKept ? row.statementCount : '—'}</td>
                <td className="c-num">{row.statementKept ? peso(row.statementAmount) : '—'}</td>
                <td className="c-num">{row.postedCount}</td>
                <td className="c-num">{peso(row.postedAmount)}</td>
                <td className="c-num c-strong">{row.statementKept ? peso(row.difference) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Payouts the gateway refused or could not be reached for. */
function FailedPayouts() {
  const [page, setPage] = useState(1);
  const list = useFailedPayouts(page, PAGE_SIZE);
  const rows = list.data?.rows ?? [];
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
      <div className="c-table-wrap">
        <table className="c-table" aria-labelledby="c-failed-title">
          <thead>
            <tr>
              <th scope="col">{t('console.money.when')}</th>
              <th scope="col">{t('console.orders.number')}</th>
              <th scope="col">{t('console.col.status')}</th>
              <th scope="col" className="c-num">{t('console.col.principal')}</th>
              <th scope="col">{t('console.money.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={5} loading={list.isFetching} />}
            {rows.map((row, index) => (
              <tr key={`${row.orderId}:${index}`}>
                <td className="c-nowrap">{formatDateTime(row.attempt.at)}</td>
                <td>
                  <Link to={`/orders?id=${row.orderId}`}>{row.orderNo}</Link>
                </td>
                <td className="c-nowrap">{orderStatusLabel(row.status)}</td>
                <td className="c-num">{peso(row.principal)}</td>
                <td>
                  {row.attempt.outcome} · {row.attempt.gateway}
                  {row.attempt.detail && <div className="c-muted c-small">{row.attempt.detail}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
