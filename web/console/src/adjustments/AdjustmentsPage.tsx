import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { parseHundredths } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import {
  ADJUSTMENTS_KEY,
  decideAdjustment,
  ORDERS_KEY,
  proposeAdjustment,
  useAdjustments,
  type AdjustmentRow,
  type AdjustmentStatusFilter,
  type Me,
  type WaivableCharge,
} from '../api';
import { t, type MessageKey } from '../i18n/i18n';
import { PageHead, RefreshButton, SelectFilter, RoleNote } from '../parts';
import { ProposalsTable, proposalStatus } from '../proposals';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { RefundsBlock } from './RefundsBlock';

const FILTERS: readonly AdjustmentStatusFilter[] = ['proposed', 'approved', 'rejected', 'all'];
const CHARGES: Record<WaivableCharge, MessageKey> = {
  penalties: 'console.orders.owed.penalties',
  fees: 'console.orders.owed.fees',
  interest: 'console.orders.owed.interest',
};

/** One person proposes a waiver; the server posts it only when another approves. */
function ProposeForm() {
  const queryClient = useQueryClient();
  const chargeId = useId();
  const [orderId, setOrderId] = useState('');
  const [charge, setCharge] = useState<WaivableCharge>('penalties');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const centavos = parseHundredths(amount);
    if (!/^\d+$/.test(orderId) || centavos === null || centavos <= 0 || reason.trim().length < 5) {
      setError(t('console.adjustments.incomplete'));
      return;
    }
    setBusy(true);
    const result = await proposeAdjustment(Number(orderId), charge, centavos, reason.trim());
    setBusy(false);
    if (!result.success) {
      // What was entered stays; a refused field shows the server's words beside it.
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.adjustments.proposed'));
    setOrderId('');
    setAmount('');
    setReason('');
    setError('');
    void queryClient.invalidateQueries({ queryKey: [ADJUSTMENTS_KEY] });
  }

  return (
    <form className="c-panel c-editor" aria-label={t('console.adjustments.propose')} noValidate onSubmit={(e) => void submit(e)}>
      <h2 className="c-sub">{t('console.adjustments.propose')}</h2>
      <p className="c-muted c-small">{t('console.adjustments.explain')}</p>
      <Field label={t('console.payments.orderId')} inputMode="numeric" value={orderId} error={besideField(refusal, 'orderId')} onChange={(e) => setOrderId(e.target.value.replace(/\D/g, ''))} />
      <label className="c-label" htmlFor={chargeId}>
        {t('console.adjustments.charge')}
      </label>
      <select id={chargeId} className="c-select" value={charge} onChange={(e) => setCharge(e.target.value as WaivableCharge)}>
        {(Object.keys(CHARGES) as WaivableCharge[]).map((key) => (
          <option key={key} value={key}>
            {t(CHARGES[key])}
          </option>
        ))}
      </select>
      <Field label={t('console.adjustments.amount')} inputMode="decimal" value={amount} error={besideField(refusal, 'amount')} onChange={(e) => setAmount(e.target.value)} />
      <Field label={t('console.orders.reason')} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} error={error || besideField(refusal, 'reason')} />
      <button type="submit" className="h-btn c-btn" disabled={busy}>
        {t('console.adjustments.propose')}
      </button>
    </form>
  );
}

/** Waivers of penalties, fees or interest under maker-checker: proposed by one, approved or rejected by another. */
export function AdjustmentsPage({ me }: { me: Me }) {
  const [status, setStatus] = useState<AdjustmentStatusFilter>('proposed');
  const queryClient = useQueryClient();
  const list = useAdjustments(status);
  const canPropose = me.permissions.includes(PERMISSION.proposeAdjustments);

  async function decide(row: AdjustmentRow, approve: boolean) {
    const result = await decideAdjustment(row.id, approve);
    if (!result.success) return;
    showToast(t(approve ? 'console.adjustments.approved' : 'console.adjustments.rejected'));
    // An approved waiver lowers what the order owes.
    void queryClient.invalidateQueries({ queryKey: [ADJUSTMENTS_KEY] });
    if (approve) void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
  }

  return (
    <section className="c-page" aria-labelledby="c-adjustments-title">
      <PageHead id="c-adjustments-title" title={t('console.section.adjustments')}>
        <SelectFilter label={t('console.status')} value={status} choices={FILTERS.map((value) => ({ value, label: proposalStatus(value) }))} onChange={setStatus} />
        <RefreshButton onClick={() => void list.refetch()} loading={list.isFetching} />
      </PageHead>
      <RoleNote me={me} permission="propose_adjustments" />
      <RoleNote me={me} permission="approve_adjustments" />
      <div className={canPropose ? 'c-split' : undefined}>
        <ProposalsTable
          labelledBy="c-adjustments-title"
          me={me}
          rows={list.data ?? []}
          loading={list.isFetching}
          subject={{ header: t('console.adjustments.charge'), cell: (row) => (row.bucket in CHARGES ? t(CHARGES[row.bucket as WaivableCharge]) : row.bucket) }}
          approveLabel={(row) => t('console.adjustments.approveTitle', { id: row.id })}
          rejectLabel={(row) => t('console.adjustments.rejectTitle', { id: row.id })}
          onApprove={(row) => void decide(row, true)}
          onReject={(row) => void decide(row, false)}
        />
        {canPropose && <ProposeForm />}
      </div>
      <RefundsBlock me={me} />
    </section>
  );
}
