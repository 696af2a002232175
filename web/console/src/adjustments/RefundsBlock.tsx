import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDateTime, formatMoney, parseHundredths } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { components } from '@hiram/shared/api/schema.gen';
import { dataOf, get, post, type Me } from '../api';
import { t } from '../i18n/i18n';
import { FormDialog, RoleNote } from '../parts';
import { decisionColumn, ProposalsHead, useProposals } from '../proposals';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';

type Refund = components['schemas']['RefundView'];

const REFUNDS_KEY = 'refunds';
const useRefunds = () => useQuery({ queryKey: [REFUNDS_KEY], queryFn: () => dataOf(get('/refunds', {})) });
const peso = (centavos: number) => formatMoney(centavos, '₱');

function ProposeDialog({ onClose, onProposed }: { onClose: () => void; onProposed: () => void }) {
  const [orderId, setOrderId] = useState('');
  const [pesos, setPesos] = useState('');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const amount = parseHundredths(pesos) ?? 0;
    const result = await post('/refunds/propose', { orderId: orderId.trim(), amount, reason }, { idempotent: true, silent: true });
    setBusy(false);
    if (!result.success) {
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.refunds.proposed'));
    onProposed();
  }

  return (
    <FormDialog title={t('console.refunds.propose')} submitLabel={t('console.refunds.propose')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Field label={t('console.payments.orderId')} inputMode="numeric" value={orderId} error={besideField(refusal, 'orderId')} onChange={(e) => setOrderId(e.target.value)} />
      <Field label={t('console.refunds.amount')} inputMode="decimal" value={pesos} error={besideField(refusal, 'amount')} onChange={(e) => setPesos(e.target.value)} />
      <Field label={t('console.writeOffs.reason')} maxLength={500} value={reason} error={besideField(refusal, 'reason')} onChange={(e) => setReason(e.target.value)} />
      {refusal && !['orderId', 'amount', 'reason'].includes(refusal.field ?? '') && (
        <p className="h-error" role="alert">
          {refusal.text}
        </p>
      )}
    </FormDialog>
  );
}

/**
 * Refunds of credit a repaid loan holds for its borrower (decision 075): one
 * member proposes, another approves, and the payout gateway sends it; the
 * status says whether the money left.
 */
export function RefundsBlock({ me }: { me: Me }) {
  const refunds = useRefunds();
  const block = useProposals(me, {
    propose: PERMISSION.proposeRefunds,
    approve: PERMISSION.approveRefunds,
    queryKey: [REFUNDS_KEY],
    send: (id, approve) => post(approve ? '/refunds/approve' : '/refunds/reject', { id }),
    decided: (approved) => t(approved ? 'console.refunds.approved' : 'console.refunds.rejected'),
  });

  return (
    <section aria-labelledby="c-refunds-title" className="c-block">
      <ProposalsHead id="c-refunds-title" title={t('console.refunds.title')} proposeLabel={t('console.refunds.propose')} canPropose={block.canPropose} onPropose={block.open} />
      <RoleNote me={me} permission="approve_refunds" />
      <DataTable
        labelledBy="c-refunds-title"
        rows={refunds.data ?? []}
        rowKey={(refund: Refund) => refund.id}
        loading={refunds.isFetching}
        columns={[
          { header: t('console.col.id'), cell: (refund) => `#${refund.id}` },
          { header: t('console.col.when'), className: 'c-nowrap', cell: (refund) => formatDateTime(refund.proposedAt) },
          { header: t('console.col.order'), cell: (refund) => String(refund.orderId) },
          { header: t('console.col.amount'), num: true, className: 'c-nowrap', cell: (refund) => peso(refund.amount) },
          { header: t('console.writeOffs.reason'), className: 'c-text', cell: (refund) => refund.reason },
          { header: t('console.col.status'), cell: (refund) => `${t(`console.refunds.status.${refund.status === 'approved' || refund.status === 'sent' || refund.status === 'failed' || refund.status === 'rejected' ? refund.status : 'proposed'}`)}${refund.detail && refund.status !== 'sent' ? ` · ${refund.detail}` : ''}` },
          decisionColumn(me, block.canDecide, { approve: (row) => t('console.refunds.approveTitle', { id: row.id }), reject: (row) => t('console.refunds.rejectTitle', { id: row.id }) }, block.decide),
        ]}
      />
      {block.proposing && <ProposeDialog onClose={block.close} onProposed={block.proposed} />}
    </section>
  );
}
