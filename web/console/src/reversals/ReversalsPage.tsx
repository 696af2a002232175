import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTime, formatMoney, parseHundredths } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import {
  approveReversal,
  ORDERS_KEY,
  proposeReversal,
  rejectReversal,
  REVERSALS_KEY,
  useOrder,
  useReversals,
  type Me,
  type OrderRecord,
  type ReversalRow,
  type ReversalStatusFilter,
} from '../api';
import { t } from '../i18n/i18n';
import { PageHead, RefreshButton, SelectFilter, RoleNote } from '../parts';
import { ProposalsTable, proposalStatus } from '../proposals';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';

const FILTERS: readonly ReversalStatusFilter[] = ['proposed', 'approved', 'rejected', 'all'];
const peso = (centavos: number) => formatMoney(centavos, '₱');

type LedgerEntry = OrderRecord['ledger'][number];

/** What a ledger entry moved: the sum of its debits. */
const moved = (entry: LedgerEntry) => entry.lines.filter((line) => line.side === 'debit').reduce((sum, line) => sum + line.amount, 0);

/** The order's payments received, to pick the one the channel took back. */
function PaymentChoice({ orderId, chosen, onChoose }: { orderId: number; chosen: number | null; onChoose: (entryId: number) => void }) {
  const order = useOrder(orderId);
  const payments = (order.data?.ledger ?? []).filter((entry) => entry.kind === 'repayment');
  if (!order.data) return null;
  return (
    <fieldset className="c-fieldset">
      <legend className="c-label">{t('console.reversals.payments', { id: orderId })}</legend>
      {payments.length === 0 && <p className="c-muted c-small">{t('console.reversals.noPayments')}</p>}
      {payments.map((entry) => (
        <label key={entry.id} className="c-choice">
          <input type="radio" name="reversal-payment" checked={chosen === entry.id} onChange={() => onChoose(entry.id)} />{' '}
          {t('console.reversals.payment', { id: entry.id })} · {peso(moved(entry))} · {formatDateTime(entry.at)}
        </label>
      ))}
    </fieldset>
  );
}

/** One officer proposes; the server posts the reversal only when another approves. */
function ProposeForm() {
  const queryClient = useQueryClient();
  const [orderId, setOrderId] = useState('');
  const [shown, setShown] = useState<number | null>(null);
  const [entryId, setEntryId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  function showPayments() {
    if (!/^\d+$/.test(orderId)) return;
    setShown(Number(orderId));
    setEntryId(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const centavos = amount.trim() === '' ? undefined : parseHundredths(amount);
    if (shown === null || entryId === null || centavos === null || (centavos !== undefined && centavos <= 0) || reason.trim().length < 5) {
      setError(t('console.reversals.incomplete'));
      return;
    }
    setBusy(true);
    setRefusal(null);
    const result = await proposeReversal(shown, entryId, centavos, reason.trim());
    setBusy(false);
    if (!result.success) {
      // What was entered stays; a refused field shows the server's words beside it.
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.reversals.proposed'));
    setAmount('');
    setReason('');
    setError('');
    void queryClient.invalidateQueries({ queryKey: [REVERSALS_KEY] });
  }

  return (
    <form className="c-panel c-editor" aria-label={t('console.reversals.propose')} noValidate onSubmit={(e) => void submit(e)}>
      <h2 className="c-sub">{t('console.reversals.propose')}</h2>
      <p className="c-muted c-small">{t('console.reversals.explain')}</p>
      <Field label={t('console.payments.orderId')} inputMode="numeric" value={orderId} onChange={(e) => setOrderId(e.target.value.replace(/\D/g, ''))} />
      <button type="button" className="h-btn h-btn--ghost c-btn" onClick={showPayments}>
        {t('console.reversals.showPayments')}
      </button>
      {shown !== null && <PaymentChoice orderId={shown} chosen={entryId} onChoose={setEntryId} />}
      <Field label={t('console.reversals.amount')} inputMode="decimal" value={amount} error={besideField(refusal, 'amount')} onChange={(e) => setAmount(e.target.value)} />
      <Field label={t('console.orders.reason')} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} error={error || besideField(refusal, 'reason')} />
      <button type="submit" className="h-btn c-btn" disabled={busy}>
        {t('console.reversals.propose')}
      </button>
    </form>
  );
}

/**
 * Reversals of payments a channel took back, under maker-checker: proposed
 * from an order's payments by one finance officer, approved (posted: the
 * loan reopens, the borrower is told) or rejected by another.
 */
export function ReversalsPage({ me }: { me: Me }) {
  const [status, setStatus] = useState<ReversalStatusFilter>('proposed');
  const queryClient = useQueryClient();
  const list = useReversals(status);
  const canPropose = me.permissions.includes(PERMISSION.proposeAdjustments);

  async function approve(row: ReversalRow) {
    const result = await approveReversal(row.id);
    if (!result.success) return;
    showToast(t('console.reversals.approved', { owed: peso(result.data?.owed ?? 0) }));
    // The order owes again and has moved back to 174 or 180.
    void queryClient.invalidateQueries({ queryKey: [REVERSALS_KEY] });
    void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
  }

  async function reject(row: ReversalRow) {
    const result = await rejectReversal(row.id);
    if (!result.success) return;
    showToast(t('console.reversals.rejected'));
    void queryClient.invalidateQueries({ queryKey: [REVERSALS_KEY] });
  }

  return (
    <section className="c-page" aria-labelledby="c-reversals-title">
      <PageHead id="c-reversals-title" title={t('console.section.reversals')}>
        <SelectFilter label={t('console.status')} value={status} choices={FILTERS.map((value) => ({ value, label: proposalStatus(value) }))} onChange={setStatus} />
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
      </PageHead>
      <RoleNote me={me} permission="approve_adjustments" />
      <RoleNote me={me} permission="propose_adjustments" />
      <div className={canPropose ? 'c-split' : undefined}>
        <ProposalsTable
          labelledBy="c-reversals-title"
          me={me}
          rows={list.data ?? []}
          loading={list.isFetching}
          subject={{ header: t('console.reversals.col.payment'), cell: (row) => `#${row.entryId}` }}
          approveLabel={(row) => t('console.reversals.approveTitle', { id: row.id })}
          rejectLabel={(row) => t('console.reversals.rejectTitle', { id: row.id })}
          onApprove={(row) => void approve(row)}
          onReject={(row) => void reject(row)}
        />
        {canPropose && <ProposeForm />}
      </div>
    </section>
  );
}
