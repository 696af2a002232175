import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { Me } from '../api';
import { t } from '../i18n/i18n';
import { money, ReportExport } from '../report';
import { FormDialog, RoleNote } from '../parts';
import { decisionColumn, proposalStatus, ProposalsHead, useProposals } from '../proposals';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';
import { BOOKS_KEY, decideWriteOff, proposeWriteOff, useWriteOffs } from './api';

const peso = (centavos: number) => formatMoney(centavos, '₱');

function ProposeDialog({ onClose, onProposed }: { onClose: () => void; onProposed: () => void }) {
  const [orderId, setOrderId] = useState('');
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await proposeWriteOff({ orderId: orderId.trim(), reason });
    setBusy(false);
    if (!result.success) {
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.writeOffs.proposed'));
    onProposed();
  }

  return (
    <FormDialog title={t('console.writeOffs.propose')} submitLabel={t('console.writeOffs.propose')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <Field label={t('console.writeOffs.order')} inputMode="numeric" value={orderId} error={besideField(refusal, 'orderId')} onChange={(e) => setOrderId(e.target.value)} />
      <Field label={t('console.writeOffs.reason')} maxLength={500} value={reason} error={besideField(refusal, 'reason')} onChange={(e) => setReason(e.target.value)} />
      {refusal && refusal.field !== 'orderId' && refusal.field !== 'reason' && (
        <p className="h-error" role="alert">
          {refusal.text}
        </p>
      )}
    </FormDialog>
  );
}

/**
 * The lender's write-offs: one member proposes writing a loan off with a
 * reason, another approves (what the loan owes that day leaves the books for
 * the allowance) or rejects; the borrower still owes it, and what they pay is
 * a recovery in the income statement.
 */
export function WriteOffsBlock({ me, lenderId }: { me: Me; lenderId: number }) {
  const writeOffs = useWriteOffs(lenderId);
  const block = useProposals(me, {
    propose: PERMISSION.proposeWriteOffs,
    approve: PERMISSION.approveWriteOffs,
    queryKey: [BOOKS_KEY],
    send: decideWriteOff,
    decided: (approved) => t(approved ? 'console.writeOffs.approved' : 'console.writeOffs.rejected'),
  });

  return (
    <section aria-labelledby="c-write-offs-title" className="c-block">
      <ProposalsHead id="c-write-offs-title" title={t('console.writeOffs.title')} proposeLabel={t('console.writeOffs.propose')} canPropose={block.canPropose} onPropose={block.open}>
        <ReportExport
          report={
            writeOffs.data && {
              name: `write-offs-${lenderId}`,
              header: [t('console.col.id'), t('console.col.when'), t('console.writeOffs.order'), t('console.writeOffs.reason'), t('console.writeOffs.amount'), t('console.col.status')],
              rows: writeOffs.data.map((writeOff) => [writeOff.id, writeOff.proposedAt, writeOff.orderId, writeOff.reason, writeOff.amount == null ? null : money(writeOff.amount), proposalStatus(writeOff.status)]),
            }
          }
        />
      </ProposalsHead>
      <RoleNote me={me} permission="approve_write_offs" />
      <DataTable
        labelledBy="c-write-offs-title"
        rows={writeOffs.data ?? []}
        rowKey={(writeOff) => writeOff.id}
        loading={writeOffs.isFetching}
        columns={[
          { header: t('console.col.id'), cell: (writeOff) => `#${writeOff.id}` },
          { header: t('console.col.when'), className: 'c-nowrap', cell: (writeOff) => formatDateTime(writeOff.proposedAt) },
          { header: t('console.writeOffs.order'), cell: (writeOff) => <Link to={`/orders?id=${writeOff.orderId}`}>{writeOff.orderId}</Link> },
          { header: t('console.writeOffs.reason'), className: 'c-text', cell: (writeOff) => writeOff.reason },
          { header: t('console.writeOffs.amount'), num: true, className: 'c-nowrap', cell: (writeOff) => (writeOff.amount === null || writeOff.amount === undefined ? '' : peso(writeOff.amount)) },
          { header: t('console.col.status'), cell: (writeOff) => proposalStatus(writeOff.status) },
          decisionColumn(me, block.canDecide, { approve: (row) => t('console.writeOffs.approveTitle', { id: row.id }), reject: (row) => t('console.writeOffs.rejectTitle', { id: row.id }) }, block.decide),
        ]}
      />
      {block.proposing && <ProposeDialog onClose={block.close} onProposed={block.proposed} />}
    </section>
  );
}
