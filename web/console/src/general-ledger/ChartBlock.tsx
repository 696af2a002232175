import { useState, type FormEvent } from 'react';
import { Field } from '@hiram/shared/ui/Field';
import { showToast } from '@hiram/shared/ui/toastStore';
import type { Me } from '../api';
import { t } from '../i18n/i18n';
import { FormDialog, RoleNote } from '../parts';
import { decisionColumn, proposalStatus, ProposalsHead, useProposals } from '../proposals';
import { besideField, refusalOf, type Refusal } from '../refusal';
import { PERMISSION } from '../sections';
import { DataTable } from '../table';
import { BOOKS_KEY, decideAccount, proposeAccount, useChart, useChartProposals, type AccountForm } from './api';

const KINDS = ['asset', 'contra_asset', 'liability', 'equity', 'income', 'expense'] as const;
const kindLabel = (kind: string) => t(`console.chart.kind.${(KINDS as readonly string[]).includes(kind) ? kind : 'asset'}` as `console.chart.kind.${(typeof KINDS)[number]}`);

function ProposeDialog({ onClose, onProposed }: { onClose: () => void; onProposed: () => void }) {
  const [form, setForm] = useState<AccountForm>({ code: '', name: '', kind: 'expense' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof AccountForm, value: string) => setForm({ ...form, [field]: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await proposeAccount(form);
    setBusy(false);
    if (!result.success) {
      setRefusal(refusalOf(result));
      return;
    }
    showToast(t('console.chart.proposed'));
    onProposed();
  }

  return (
    <FormDialog title={t('console.chart.propose')} submitLabel={t('console.chart.propose')} busy={busy} onClose={onClose} onSubmit={(e) => void submit(e)}>
      <div className="h-field">
        <label htmlFor="c-account-kind">{t('console.chart.kind')}</label>
        <select id="c-account-kind" className="h-input" value={form.kind} onChange={(e) => set('kind', e.target.value)}>
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel(kind)}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('console.books.code')} hint={t('console.chart.codeHint')} inputMode="numeric" maxLength={4} value={form.code} error={besideField(refusal, 'code')} onChange={(e) => set('code', e.target.value)} />
      <Field label={t('console.chart.name')} maxLength={100} value={form.name} error={besideField(refusal, 'name')} onChange={(e) => set('name', e.target.value)} />
      {refusal && refusal.field !== 'code' && refusal.field !== 'name' && (
        <p className="h-error" role="alert">
          {refusal.text}
        </p>
      )}
    </FormDialog>
  );
}

/** The chart of accounts every lender's books are kept in, and the accounts finance proposed for it (decision 077). */
export function ChartBlock({ me }: { me: Me }) {
  const chart = useChart();
  const proposals = useChartProposals();
  const block = useProposals(me, {
    propose: PERMISSION.proposeJournals,
    approve: PERMISSION.approveJournals,
    queryKey: [BOOKS_KEY],
    send: decideAccount,
    decided: (approved) => t(approved ? 'console.chart.added' : 'console.chart.rejected'),
  });
  const waiting = (proposals.data ?? []).filter((proposal) => proposal.status === 'proposed');

  return (
    <section aria-labelledby="c-chart-title" className="c-block">
      <ProposalsHead id="c-chart-title" title={t('console.chart.title')} proposeLabel={t('console.chart.propose')} canPropose={block.canPropose} onPropose={block.open} />
      <DataTable
        labelledBy="c-chart-title"
        rows={chart.data ?? []}
        rowKey={(account) => account.code}
        loading={chart.isFetching}
        columns={[
          { header: t('console.books.code'), className: 'c-nowrap', cell: (account) => account.code },
          { header: t('console.chart.name'), cell: (account) => account.name },
          { header: t('console.chart.kind'), cell: (account) => kindLabel(account.kind) },
          { header: t('console.chart.movedBy'), className: 'c-small', cell: (account) => t(account.control ? 'console.chart.byLoans' : 'console.chart.byJournals') },
        ]}
      />
      {waiting.length > 0 && (
        <>
          <h3 id="c-chart-proposals-title" className="c-sub">
            {t('console.chart.proposals')}
          </h3>
          <RoleNote me={me} permission="approve_journals" />
          <DataTable
            labelledBy="c-chart-proposals-title"
            rows={waiting}
            rowKey={(proposal) => proposal.id}
            loading={proposals.isFetching}
            columns={[
              { header: t('console.books.code'), className: 'c-nowrap', cell: (proposal) => proposal.code },
              { header: t('console.chart.name'), cell: (proposal) => proposal.name },
              { header: t('console.chart.kind'), cell: (proposal) => kindLabel(proposal.kind) },
              { header: t('console.col.status'), cell: (proposal) => proposalStatus(proposal.status) },
              decisionColumn<(typeof waiting)[number]>(me, block.canDecide, { approve: (row) => t('console.chart.approveTitle', { code: row.code }), reject: (row) => t('console.chart.rejectTitle', { code: row.code }) }, block.decide),
            ]}
          />
        </>
      )}
      {block.proposing && <ProposeDialog onClose={block.close} onProposed={block.proposed} />}
    </section>
  );
}
