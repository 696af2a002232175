// Waivers and reversals are the same maker-checker queue: one member
// proposes a change to what an order owes, another approves or rejects it,
// and no one decides their own (the server refuses it; the console says so).
// A lender's journals are decided the same way (general-ledger/).
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '@hiram/shared/format/format';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { AdjustmentRow, Me } from './api';
import { t } from './i18n/i18n';
import { statusLabel } from './labels';
import { PERMISSION } from './sections';
import { DataTable, type Column } from './table';

/** What every proposal shows, whatever it changes. */
type Proposal = Pick<AdjustmentRow, 'id' | 'proposedAt' | 'proposedBy' | 'orderId' | 'amount' | 'reason' | 'status'>;

/** A proposal's status, or a filter's: one no one has decided yet is waiting. */
export const proposalStatus = (status: string) => (status === 'proposed' ? t('console.adjustments.waiting') : statusLabel(status));

export interface Decide<Row> {
  approveLabel: (row: Row) => string;
  rejectLabel: (row: Row) => string;
  onApprove: (row: Row) => void;
  onReject: (row: Row) => void;
}

/** What a decision needs of a proposal, whatever it proposes (a waiver, a reversal, a journal). */
type Decidable = Pick<Proposal, 'id' | 'proposedBy' | 'status'>;

/** A proposal's decision: approve or reject someone else's; one's own is left to another. */
export function Decision<Row extends Decidable>({ row, me, approveLabel, rejectLabel, onApprove, onReject }: Decide<Row> & { row: Row; me: Me }) {
  if (row.status !== 'proposed') return null;
  if (row.proposedBy === me.id) return <span className="c-muted c-small">{t('console.adjustments.ownProposal')}</span>;
  return (
    <>
      <button type="button" className="h-btn c-btn" aria-label={approveLabel(row)} onClick={() => onApprove(row)}>
        {t('console.orders.approve')}
      </button>{' '}
      <button type="button" className="h-btn h-btn--ghost c-btn" aria-label={rejectLabel(row)} onClick={() => onReject(row)}>
        {t('console.orders.reject')}
      </button>
    </>
  );
}

/**
 * The queue of proposals, with the decision for those who may approve;
 * `subject` names what each one changes (a charge, a payment).
 */
export function ProposalsTable<Row extends Proposal>({
  labelledBy,
  me,
  rows,
  loading,
  subject,
  ...decide
}: Decide<Row> & { labelledBy: string; me: Me; rows: readonly Row[]; loading: boolean; subject: Column<Row> }) {
  const canDecide = me.permissions.includes(PERMISSION.approveAdjustments);
  return (
    <DataTable
      labelledBy={labelledBy}
      rows={rows}
      rowKey={(row) => row.id}
      loading={loading}
      columns={[
        { header: t('console.col.id'), cell: (row) => `#${row.id}` },
        { header: t('console.col.when'), className: 'c-nowrap', cell: (row) => formatDateTime(row.proposedAt) },
        { header: t('console.col.order'), cell: (row) => <Link to={`/orders?id=${row.orderId}`}>{row.orderId}</Link> },
        subject,
        { header: t('console.col.amount'), num: true, className: 'c-nowrap', cell: (row) => formatMoney(row.amount, '₱') },
        { header: t('console.orders.reason'), className: 'c-small', cell: (row) => row.reason },
        { header: t('console.col.status'), cell: (row) => proposalStatus(row.status) },
        canDecide && { header: t('console.col.actions'), className: 'c-nowrap', cell: (row) => <Decision row={row} me={me} {...decide} /> },
      ]}
    />
  );
}

/**
 * What a block of proposals needs (a journal, a matrix, a write-off, a
 * refund, an account): whether this member may propose and decide, the
 * propose dialog's state, and a decision that toasts and refreshes `queryKey`.
 */
export function useProposals(
  me: Me,
  {
    propose,
    approve,
    queryKey,
    send,
    decided,
  }: {
    propose: string;
    approve: string;
    queryKey: readonly unknown[];
    send: (id: number, approve: boolean) => Promise<{ success: boolean }>;
    decided: (approved: boolean) => string;
  },
) {
  const [proposing, setProposing] = useState(false);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  return {
    canPropose: me.permissions.includes(propose),
    canDecide: me.permissions.includes(approve),
    proposing,
    open: () => setProposing(true),
    close: () => setProposing(false),
    /** The dialog proposed: it closes and the block shows the proposal. */
    proposed: () => {
      setProposing(false);
      refresh();
    },
    refresh,
    decide: async (id: number, approved: boolean) => {
      const result = await send(id, approved);
      if (!result.success) return;
      showToast(decided(approved));
      refresh();
    },
  };
}

/** A block's heading, with its tools (`children`) and its propose button for members who may propose. */
export function ProposalsHead({ id, title, proposeLabel, canPropose, onPropose, children }: { id: string; title: string; proposeLabel: string; canPropose: boolean; onPropose: () => void; children?: ReactNode }) {
  return (
    <div className="c-head">
      <h2 id={id}>{title}</h2>
      <div className="c-tools">
        {children}
        {canPropose && (
          <button type="button" className="h-btn c-btn" onClick={onPropose}>
            {proposeLabel}
          </button>
        )}
      </div>
    </div>
  );
}

/** The decision column of a table of proposals, for members who may decide. */
export function decisionColumn<Row extends Decidable>(
  me: Me,
  canDecide: boolean,
  labels: { approve: (row: Row) => string; reject: (row: Row) => string },
  decide: (id: number, approve: boolean) => Promise<void>,
): Column<Row> | false {
  return (
    canDecide && {
      header: t('console.col.actions'),
      className: 'c-nowrap',
      cell: (row: Row) => (
        <Decision row={row} me={me} approveLabel={labels.approve} rejectLabel={labels.reject} onApprove={(chosen) => void decide(chosen.id, true)} onReject={(chosen) => void decide(chosen.id, false)} />
      ),
    }
  );
}
