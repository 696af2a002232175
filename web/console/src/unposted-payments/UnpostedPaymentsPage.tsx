import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { t } from '../i18n/i18n';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import { matchPayment, ORDERS_KEY, rejectPayment, UNPOSTED_KEY, useUnposted, type Me, type PaymentStatusFilter, type QueuedPayment } from '../api';
import { statusLabel } from '../labels';
import { FormDialog, PageHead, Pager, RefreshButton, SelectFilter, RoleNote } from '../parts';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';

const FILTERS: readonly PaymentStatusFilter[] = ['pending', 'matched', 'rejected', 'all'];
const MAX_NOTE = 500;

type Action = { kind: 'match' | 'reject'; payment: QueuedPayment };

/** Matching (to the reported order, or another) or rejecting one queued payment. */
function ResolveDialog({ action, onClose, onDone }: { action: Action; onClose: () => void; onDone: () => void }) {
  const { kind, payment } = action;
  const [orderId, setOrderId] = useState(String(payment.orderId));
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    if (kind === 'reject' && !note.trim()) {
      setError(t('console.payments.noteNeeded'));
      return;
    }
    setBusy(true);
    const result =
      kind === 'match' ? await matchPayment(payment.id, orderId, note.trim()) : await rejectPayment(payment.id, note.trim());
    setBusy(false);
    if (!result.success) {
      // What was entered stays; a refused field shows the server's words beside it.
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t(kind === 'match' ? 'console.payments.matched' : 'console.payments.rejected'));
    onDone();
  }

  return (
    <FormDialog title={t(kind === 'match' ? 'console.payments.matchTitle' : 'console.payments.rejectTitle', { id: payment.id })} submitLabel={t(kind === 'match' ? 'console.payments.match' : 'console.payments.reject')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <p>
        {formatMoney(payment.amount, '₱')} · {payment.channel} · {payment.reference}
      </p>
      {kind === 'match' && (
        <Field
          label={t('console.payments.orderId')}
          hint={t('console.payments.orderHint')}
          inputMode="numeric"
          value={orderId}
          error={besideField(refusal, 'orderId')}
          onChange={(e) => setOrderId(e.target.value.replace(/\D/g, ''))}
        />
      )}
      <Field
        label={t('console.payments.note')}
        hint={t('console.payments.noteHint')}
        maxLength={MAX_NOTE}
        value={note}
        error={error || besideField(refusal, 'note')}
        onChange={(e) => setNote(e.target.value)}
      />
    </FormDialog>
  );
}

/** Payments borrowers reported with a receipt reference, waiting for finance to find them. */
export function UnpostedPaymentsPage({ me }: { me: Me }) {
  const [status, setStatus] = useState<PaymentStatusFilter>('pending');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action | null>(null);
  const queryClient = useQueryClient();
  const queue = useUnposted(status, page);
  const canMatch = me.permissions.includes(PERMISSION.matchPayments);

  return (
    <section className="c-page" aria-labelledby="c-payments-title">
      <PageHead id="c-payments-title" title={t('console.section.payments')}>
        <SelectFilter
          label={t('console.status')}
          value={status}
          choices={FILTERS.map((value) => ({ value, label: statusLabel(value) }))}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        <RefreshButton onClick={() => void queue.refetch()} loading={queue.isFetching} />
      </PageHead>
      <RoleNote me={me} permission="match_payments" />
      <DataTable
        labelledBy="c-payments-title"
        rows={queue.data?.rows ?? []}
        rowKey={(row) => row.id}
        loading={queue.isFetching}
        columns={[
          { header: t('console.col.id'), cell: (row) => `#${row.id}` },
          { header: t('console.col.reported'), className: 'c-nowrap', cell: (row) => formatDateTime(row.createdAt) },
          { header: t('console.col.borrower'), cell: (row) => row.borrowerId },
          { header: t('console.col.order'), cell: (row) => row.orderId },
          { header: t('console.col.channel'), cell: (row) => row.channel },
          { header: t('console.col.reference'), cell: (row) => <code>{row.reference}</code> },
          { header: t('console.col.amount'), num: true, className: 'c-nowrap', cell: (row) => formatMoney(row.amount, '₱') },
          {
            header: t('console.col.status'),
            cell: (row) => (
              <>
                {statusLabel(row.status)}
                {row.note && <div className="c-muted c-small">{row.note}</div>}
              </>
            ),
          },
          canMatch && {
            header: t('console.col.actions'),
            className: 'c-nowrap',
            cell: (row) =>
              row.status === 'pending' && (
                <>
                  <button type="button" className="h-btn c-btn" aria-label={t('console.payments.matchTitle', { id: row.id })} onClick={() => setAction({ kind: 'match', payment: row })}>
                    {t('console.payments.match')}
                  </button>{' '}
                  <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={t('console.payments.rejectTitle', { id: row.id })} onClick={() => setAction({ kind: 'reject', payment: row })}>
                    {t('console.payments.reject')}
                  </button>
                </>
              ),
          },
        ]}
      />
      {queue.data && <Pager page={queue.data.page} pageSize={queue.data.pageSize} total={queue.data.total} onPage={setPage} />}
      {action && (
        <ResolveDialog
          key={`${action.kind}:${action.payment.id}`}
          action={action}
          onClose={() => setAction(null)}
          onDone={() => {
            setAction(null);
            // A matched payment is posted to its order: the order owes less.
            void queryClient.invalidateQueries({ queryKey: [UNPOSTED_KEY] });
            if (action.kind === 'match') void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
          }}
        />
      )}
    </section>
  );
}
