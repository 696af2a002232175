import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { t, type MessageKey } from '../i18n/i18n';
import { fetchOrders, useOrders, type Me, type OrderFilter, type OrderSort } from '../api';
import { ExportButton } from '../export';
import { ORDER_STATUSES, orderStatusLabel } from '../labels';
import { PageHead, Pager, RefreshButton, SelectFilter } from '../parts';
import { maskedPhone } from '../phone';
import { DataTable, RowButton } from '../table';
import { OrderPanel } from './OrderPanel';

const SORT_LABELS: Record<OrderSort, MessageKey> = {
  newest: 'console.orders.sort.newest',
  oldest: 'console.orders.sort.oldest',
  largest: 'console.orders.sort.largest',
  due: 'console.orders.sort.due',
};
const SORTS = Object.keys(SORT_LABELS) as OrderSort[];
const PAGE_SIZE = 25;

/** The order an address asks to open (`/console/orders?id=12`). */
function linkedOrder(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Orders by status: the applications queue is the orders under review (21),
 * under its own section's title.
 * A row opens the order's record beside the table; while it is open the
 * table leaves out Applied and Product, which the record shows, so Status
 * and Due date stay in view at 1280 px.
 */
export function OrdersPage({
  me,
  initialStatus = '',
  title = 'console.section.orders',
}: {
  me: Me;
  initialStatus?: string;
  title?: MessageKey;
}) {
  const [filter, setFilter] = useState<OrderFilter>({ status: initialStatus, orderNo: '', sort: 'newest' });
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(() => linkedOrder(params));
  const list = useOrders(filter, page, PAGE_SIZE);

  function change(next: Partial<OrderFilter>) {
    setFilter((current) => ({ ...current, ...next }));
    setPage(1);
  }

  function search(event: FormEvent) {
    event.preventDefault();
    change({ orderNo: typed });
  }

  return (
    <section className="c-page" aria-labelledby="c-orders-title">
      <PageHead id="c-orders-title" title={t(title)}>
        <SelectFilter
          label={t('console.status')}
          value={filter.status}
          choices={[{ value: '', label: t('console.status.all') }, ...ORDER_STATUSES.map((code) => ({ value: String(code), label: orderStatusLabel(code) }))]}
          onChange={(status) => change({ status })}
        />
        <SelectFilter
          label={t('console.sort')}
          value={filter.sort}
          choices={SORTS.map((value) => ({ value, label: t(SORT_LABELS[value]) }))}
          onChange={(sort) => change({ sort })}
        />
        <form className="c-inline-form" role="search" onSubmit={search}>
          <label htmlFor="c-order-no">{t('console.orders.number')}</label>
          <input id="c-order-no" className="c-input" value={typed} maxLength={24} onChange={(e) => setTyped(e.target.value)} />
          <button type="submit" className="h-btn h-btn--ghost c-btn">
            {t('console.search')}
          </button>
        </form>
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
        <ExportButton
          name="orders"
          header={[t('console.orders.number'), t('console.col.status'), t('console.col.applied'), t('console.col.borrower'), t('console.col.phone'), t('console.col.product'), t('console.col.principal'), t('console.col.dueDate')]}
          fetchPage={(number, size) => fetchOrders(filter, number, size)}
          toRow={(row) => [row.orderNo, row.status, row.appliedAt, row.borrowerName, maskedPhone(row.phone), row.productName, (row.principal / 100).toFixed(2), row.dueDate ?? '']}
        />
      </PageHead>
      <div className={chosen ? 'c-split c-split--record' : undefined}>
        <div>
          <DataTable
            labelledBy="c-orders-title"
            className={chosen ? 'c-table--rows c-table--compact' : 'c-table--rows'}
            rows={list.data?.rows ?? []}
            rowKey={(row) => row.id}
            loading={list.isFetching}
            rowProps={(row) => ({ className: row.id === chosen ? 'is-chosen' : undefined, onClick: () => setChosen(row.id) })}
            columns={[
              {
                header: t('console.orders.number'),
                cell: (row) => (
                  <RowButton label={t('console.orders.open', { no: row.orderNo })} onClick={() => setChosen(row.id)}>
                    {row.orderNo}
                  </RowButton>
                ),
              },
              !chosen && { header: t('console.col.applied'), className: 'c-nowrap', cell: (row) => formatDateTime(row.appliedAt) },
              {
                header: t('console.col.borrower'),
                cell: (row) => (
                  <>
                    {row.borrowerName || `#${row.borrowerId}`}
                    <div className="c-muted c-small c-nowrap">{maskedPhone(row.phone)}</div>
                  </>
                ),
              },
              !chosen && { header: t('console.col.product'), cell: (row) => row.productName },
              { header: t('console.col.principal'), num: true, className: 'c-nowrap', cell: (row) => formatMoney(row.principal, '₱') },
              { header: t('console.col.status'), className: chosen ? undefined : 'c-nowrap', cell: (row) => orderStatusLabel(row.status) },
              { header: t('console.col.dueDate'), className: 'c-nowrap', cell: (row) => (row.dueDate ? formatDate(row.dueDate) : '—') },
            ]}
          />
          {list.data && <Pager page={list.data.page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} />}
        </div>
        {chosen && <OrderPanel key={chosen} id={chosen} me={me} />}
      </div>
    </section>
  );
}
