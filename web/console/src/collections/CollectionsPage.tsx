import { useState } from 'react';
import { formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { t, type MessageKey } from '../i18n/i18n';
import {
  DPD_BUCKETS,
  fetchCollections,
  QUEUE_SORTS,
  useCollections,
  type BucketFilter,
  type CollectionRow,
  type Me,
  type QueueSort,
} from '../api';
import { contactLabel } from '../labels';
import { ExportButton } from '../export';
import { PageHead, Pager, RefreshButton, SelectFilter, RoleNote } from '../parts';
import { maskedPhone } from '../phone';
import { PERMISSION } from '../sections';
import { DataTable, RowButton } from '../table';
import { ContactPanel } from './ContactPanel';

const SORT_LABELS: Record<QueueSort, MessageKey> = {
  days_past_due_desc: 'console.collections.sort.days_past_due_desc',
  days_past_due_asc: 'console.collections.sort.days_past_due_asc',
  amount_owed_desc: 'console.collections.sort.amount_owed_desc',
  amount_owed_asc: 'console.collections.sort.amount_owed_asc',
};

const BUCKETS: readonly BucketFilter[] = ['all', ...DPD_BUCKETS];

/**
 * Collections: overdue loans by days past due, filtered, sorted and paged
 * by the server, with a CSV export of every page of the filtered queue. The chosen loan shows its
 * contact log and, for those who may, the form to log a contact with its
 * borrower.
 */
export function CollectionsPage({ me }: { me: Me }) {
  const [bucket, setBucket] = useState<BucketFilter>('all');
  const [sort, setSort] = useState<QueueSort>('days_past_due_desc');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<CollectionRow | null>(null);
  const queue = useCollections({ bucket, sort }, page);
  const canLog = me.permissions.includes(PERMISSION.logCollectionContacts);

  function filterBy(next: () => void) {
    next();
    setPage(1);
  }

  return (
    <section className="c-page" aria-labelledby="c-collections-title">
      <PageHead id="c-collections-title" title={t('console.section.collections')}>
        <SelectFilter
          label={t('console.collections.bucket')}
          value={bucket}
          choices={BUCKETS.map((value) => ({
            value,
            label: value === 'all' ? t('console.collections.allBuckets') : value,
          }))}
          onChange={(value) => filterBy(() => setBucket(value))}
        />
        <SelectFilter
          label={t('console.collections.sort')}
          value={sort}
          choices={QUEUE_SORTS.map((value) => ({ value, label: t(SORT_LABELS[value]) }))}
          onChange={(value) => filterBy(() => setSort(value))}
        />
        <RefreshButton onClick={() => void queue.refetch()} loading={queue.isFetching} />
        <ExportButton
          name="collections"
          header={[
            t('console.col.order'),
            t('console.col.borrower'),
            t('console.col.phone'),
            t('console.col.daysPastDue'),
            t('console.col.owed'),
            t('console.col.lastContact'),
            t('console.collections.outcome'),
          ]}
          fetchPage={(number, size) => fetchCollections({ bucket, sort }, number, size)}
          toRow={(row) => [
            row.orderNo,
            row.borrowerName,
            maskedPhone(row.borrowerPhone),
            row.daysPastDue,
            (row.amountOwed / 100).toFixed(2),
            row.lastContactAt ?? '',
            row.lastContactOutcome ? contactLabel(row.lastContactOutcome) : '',
          ]}
        />
      </PageHead>
      <RoleNote me={me} permission="log_collection_contacts" />
      <div className="c-split">
        <div>
          <DataTable
            labelledBy="c-collections-title"
            className="c-table--rows"
            rows={queue.data?.rows ?? []}
            rowKey={(row) => row.orderId}
            loading={queue.isFetching}
            rowProps={(row) => ({ className: row.orderId === chosen?.orderId ? 'is-chosen' : undefined, onClick: () => setChosen(row) })}
            columns={[
              {
                header: t('console.col.order'),
                cell: (row) => (
                  <RowButton label={t('console.collections.open', { no: row.orderNo })} pressed={row.orderId === chosen?.orderId} onClick={() => setChosen(row)}>
                    {row.orderNo}
                  </RowButton>
                ),
              },
              {
                header: t('console.col.borrower'),
                cell: (row) => (
                  <>
                    <div>{row.borrowerName}</div>
                    <div className="c-small c-muted c-nowrap">{maskedPhone(row.borrowerPhone)}</div>
                  </>
                ),
              },
              {
                header: t('console.col.daysPastDue'),
                num: true,
                className: 'c-nowrap',
                cell: (row) => (
                  <>
                    {t('console.collections.days', { n: row.daysPastDue })}
                    <span className="c-badge">{row.bucket}</span>
                  </>
                ),
              },
              { header: t('console.col.owed'), num: true, className: 'c-nowrap', cell: (row) => formatMoney(row.amountOwed, '₱') },
              {
                header: t('console.col.lastContact'),
                className: 'c-small',
                cell: (row) =>
                  row.lastContactAt ? (
                    <>
                      <div className="c-nowrap">{formatDateTime(row.lastContactAt)}</div>
                      <div className="c-muted">{contactLabel(row.lastContactOutcome ?? '')}</div>
                    </>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
          {queue.data && (
            <Pager page={queue.data.page} pageSize={queue.data.pageSize} total={queue.data.total} onPage={setPage} />
          )}
        </div>
        <ContactPanel key={chosen?.orderId ?? 0} row={chosen} canLog={canLog} />
      </div>
    </section>
  );
}
